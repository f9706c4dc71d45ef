// MainWindow: construction of the window and the reactions that connect its parts.
#include "MainWindow.h"

#include "CodePane.h"
#include "LayoutPanel.h"
#include "LayoutReferences.h"
#include "PassTimelineView.h"
#include "RunPanel.h"
#include "SharedAccessFigures.h"
#include "SpecializationPanel.h"
#include "TritonCacheDirectory.h"
#include "TuningPanel.h"
#include "ValueHistory.h"

#include "trex/StageText/StageDiff.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextBlock>
#include <QToolBar>
#include <QVBoxLayout>

#include <set>

namespace trex::explorer {

namespace {

const QString kPython = QStringLiteral("python");
const QString kInput = QStringLiteral("input");
constexpr int kMaxRecentFiles = 10;
constexpr int kDefaultPaneCount = 3;
const QString kPaneStagesKey = QStringLiteral("panes/stages");
const QString kShowLocationsKey = QStringLiteral("view/showLocations");

QString settingsKey(const QString &path, const char *what) {
  // QSettings keys may not hold '/' runs meaningfully; hex keeps any path as one key.
  return QStringLiteral("files/") + QString::fromLatin1(path.toUtf8().toHex()) + '/' + QLatin1String(what);
}

// Kernel files are text of at most a few megabytes; anything that is not a regular file (a
// device like /dev/zero, a FIFO) or is larger is refused rather than read without end.
constexpr qint64 kMaxInputBytes = 64 << 20;

QString readText(const QString &path, bool *ok, QString *problem) {
  QFileInfo info(path);
  *ok = false;
  if (!info.exists()) {
    *problem = QStringLiteral("Cannot open %1: no such file or directory").arg(path);
    return QString();
  }
  if (!info.isFile()) {
    *problem = QStringLiteral("Cannot open %1: not a regular file").arg(path);
    return QString();
  }
  if (info.size() > kMaxInputBytes) {
    *problem = QStringLiteral("Cannot open %1: %2 bytes is larger than a kernel file (at most %3)")
                   .arg(path)
                   .arg(info.size())
                   .arg(kMaxInputBytes);
    return QString();
  }
  QFile file(path);
  *ok = file.open(QIODevice::ReadOnly);
  if (!*ok) {
    *problem = QStringLiteral("Cannot read %1: %2").arg(path, file.errorString());
    return QString();
  }
  return QString::fromUtf8(file.read(kMaxInputBytes));
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), stages(new StageModel(this)), passes(new PassTimelineModel(this)),
      diagnostics(new DiagnosticsModel(this)), hidden(new HiddenParametersModel(this)),
      controller(new CompileController(this)), paneSplitter(new QSplitter(Qt::Horizontal, this)),
      sessionModel(new SessionKernelsModel(this)), comparison(new StageComparisonModel(this)),
      passLists(new PassListComparisonModel(this)),
      comparedController(new CompileController(this)) {
  setWindowTitle(QStringLiteral("trex explorer"));
  setCentralWidget(paneSplitter);
  buildOptionsBar();
  buildDocks();
  buildSessionDocks();
  buildMenus();
  {
    QStringList remembered = QSettings().value(kPaneStagesKey).toStringList();
    setPaneCount(remembered.isEmpty() ? kDefaultPaneCount
                                      : std::clamp(static_cast<int>(remembered.size()), 1, 6));
  }

  connect(controller, &CompileController::compileStarted, this, [this] {
    progress->show();
    statusLabel->setText(QStringLiteral("Compiling…"));
  });
  connect(controller, &CompileController::compileFinished, this,
          [this](const CompileSnapshot &snapshot, quint64) { applySnapshot(snapshot); });
  // A crashed compile: its error is what matters now, not the (empty) pass timeline.
  connect(controller, &CompileController::workerFailed, this, [this](const QString &message) {
    raiseDiagnostics();
    statusBar()->showMessage(message);
  });
  connect(controller, &CompileController::staleResultDropped, this, [this](quint64, bool stopped) {
    statusLabel->setText(stopped ? QStringLiteral("Compiling… (the older compile was stopped)")
                                 : QStringLiteral("Compiling… (an older result was dropped)"));
  });
  statusBar()->showMessage(QStringLiteral("Open a kernel (Ctrl+O), IR file or Triton cache directory"));
  // The docks' forms and tables scroll or shrink; without an explicit minimum the layout,
  // activated before the widgets are polished, would demand a window taller than a laptop's
  // screen.
  setMinimumSize(640, 480);
  resize(1500, 950);
}

void MainWindow::buildOptionsBar() {
  QToolBar *bar = addToolBar(QStringLiteral("Options"));
  bar->setObjectName(QStringLiteral("options"));
  kernelChooser = new QComboBox(bar);
  kernelChooser->setMinimumWidth(140);
  // The signature string lives in the specialization dock, beside its form.
  specialization = new SpecializationPanel(this);
  signatureField = specialization->signatureEdit();
  targetChooser = new QComboBox(bar);
  targetChooser->addItems({QStringLiteral("cuda:90"), QStringLiteral("cuda:80"), QStringLiteral("hip:gfx942")});
  warpsField = new QSpinBox(bar);
  warpsField->setRange(1, 32);
  warpsField->setValue(4);
  stagesField = new QSpinBox(bar);
  stagesField->setRange(1, 8);
  stagesField->setValue(3);
  paneCountField = new QSpinBox(bar);
  paneCountField->setRange(1, 6);
  paneCountField->setValue(kDefaultPaneCount);
  progress = new QProgressBar(bar);
  progress->setRange(0, 0);
  progress->setMaximumWidth(80);
  progress->hide();
  bar->addWidget(new QLabel(QStringLiteral(" Kernel "), bar));
  bar->addWidget(kernelChooser);
  bar->addWidget(new QLabel(QStringLiteral(" Target "), bar));
  bar->addWidget(targetChooser);
  bar->addWidget(new QLabel(QStringLiteral(" num_warps "), bar));
  bar->addWidget(warpsField);
  bar->addWidget(new QLabel(QStringLiteral(" num_stages "), bar));
  bar->addWidget(stagesField);
  bar->addWidget(new QLabel(QStringLiteral(" Panes "), bar));
  bar->addWidget(paneCountField);
  bar->addWidget(progress);
  statusLabel = new QLabel(this);
  statusBar()->addPermanentWidget(statusLabel);

  connect(kernelChooser, &QComboBox::textActivated, this, &MainWindow::chooseKernel);
  // The string typed or the form changed: remembered for the file, compiled after the debounce.
  connect(specialization, &SpecializationPanel::signatureEdited, this, [this] {
    rememberKernelChoice();
    requestCompile();
  });
  connect(specialization, &SpecializationPanel::proposalRequested, this,
          &MainWindow::useProposedSpecialization);
  connect(targetChooser, &QComboBox::currentTextChanged, this, [this] { requestCompile(0); });
  connect(warpsField, &QSpinBox::valueChanged, this, [this] { requestCompile(); });
  connect(stagesField, &QSpinBox::valueChanged, this, [this] { requestCompile(); });
  connect(paneCountField, &QSpinBox::valueChanged, this, [this](int count) {
    setPaneCount(count);
    rememberPaneStages();
  });
}

void MainWindow::buildDocks() {
  auto dock = [this](const QString &title, const char *name, QWidget *content, Qt::DockWidgetArea area) {
    auto *widget = new QDockWidget(title, this);
    widget->setObjectName(QLatin1String(name));
    widget->setWidget(content);
    addDockWidget(area, widget);
    return widget;
  };
  timeline = new PassTimelineView(passes, this);
  connect(timeline, &PassTimelineView::passShown, this, &MainWindow::showPassResumeNote);
  connect(timeline, &PassTimelineView::rerunRequested, this, &MainWindow::rerunFromPass);
  // Reverting a pass edit recompiles everything: the compiled IR comes back with the rest.
  connect(timeline, &PassTimelineView::revertRequested, this, [this] {
    resumeOrigin = {};
    requestCompile(0);
  });
  QDockWidget *passDock = dock(QStringLiteral("Passes"), "passes", timeline, Qt::BottomDockWidgetArea);

  diagnosticsTable = new QTableView(this);
  diagnosticsTable->setModel(diagnostics);
  diagnosticsTable->horizontalHeader()->setStretchLastSection(true);
  diagnosticsTable->verticalHeader()->hide();
  connect(diagnosticsTable, &QTableView::activated, this, [this](const QModelIndex &index) {
    int line = index.data(DiagnosticsModel::LineRole).toInt();
    if (line > 0)
      selectLine(inputKind == InputKind::Python ? kPython : kInput, line);
  });
  QDockWidget *diagnosticsDock = dock(QStringLiteral("Diagnostics"), "diagnostics", diagnosticsTable, Qt::BottomDockWidgetArea);

  auto *hiddenWidget = new QWidget(this);
  hiddenTable = new QTableView(hiddenWidget);
  hiddenTable->setModel(hidden);
  hiddenTable->verticalHeader()->hide();
  hiddenTable->horizontalHeader()->setStretchLastSection(true);
  hiddenGridField = new QLineEdit(QStringLiteral("1"), hiddenWidget);
  hiddenProblem = new QLabel(hiddenWidget);
  auto *hiddenLayout = new QVBoxLayout(hiddenWidget);
  auto *gridRow = new QHBoxLayout;
  gridRow->addWidget(new QLabel(QStringLiteral("Grid X,Y,Z"), hiddenWidget));
  gridRow->addWidget(hiddenGridField);
  hiddenLayout->addLayout(gridRow);
  hiddenLayout->addWidget(hiddenProblem);
  hiddenLayout->addWidget(hiddenTable, 1);
  connect(hiddenGridField, &QLineEdit::textChanged, this, [this](const QString &text) {
    QStringList parts = text.split(',');
    hidden->setGrid(parts.value(0).toLongLong(), parts.size() > 1 ? parts[1].toLongLong() : 1,
                    parts.size() > 2 ? parts[2].toLongLong() : 1);
    hiddenTable->resizeColumnsToContents();
  });
  connect(hiddenTable, &QTableView::activated, this, [this](const QModelIndex &index) {
    int line = index.data(HiddenParametersModel::MachineLineRole).toInt();
    QString machine = targetChooser->currentText().startsWith(QLatin1String("hip")) ? QStringLiteral("amdgcn")
                                                                                     : QStringLiteral("ptx");
    if (CodePane *pane = paneForStage(machine); pane && line > 0)
      pane->editor()->setMappedLines({pane->shownLine(line)});
  });
  QDockWidget *hiddenDock = dock(QStringLiteral("Hidden parameters"), "hidden", hiddenWidget, Qt::RightDockWidgetArea);

  layouts = new LayoutPanel(this);
  // Scrolled, the layout's controls do not widen the dock past what leaves a laptop screen
  // three readable stage panes.
  auto *layoutScroll = new QScrollArea(this);
  layoutScroll->setWidget(layouts);
  layoutScroll->setWidgetResizable(true);
  QDockWidget *layoutDock =
      dock(QStringLiteral("Layout"), "layout", layoutScroll, Qt::RightDockWidgetArea);
  runner = new RunPanel(this);
  // Scopes instrumented or not change the compiled stages, shared memory and profile scratch.
  connect(runner, &RunPanel::profileScopesChanged, this, [this] { requestCompile(0); });
  QDockWidget *runDock = dock(QStringLiteral("Run"), "run", runner, Qt::RightDockWidgetArea);
  tuner = new TuningPanel(this);
  // The sweep form is tall; scrolled, it does not set the height of the window.
  auto *tuningScroll = new QScrollArea(this);
  tuningScroll->setWidget(tuner);
  tuningScroll->setWidgetResizable(true);
  QDockWidget *tuningDock = dock(QStringLiteral("Tuning"), "tuning", tuningScroll, Qt::RightDockWidgetArea);
  QDockWidget *specializationDock = dock(QStringLiteral("Specialization"), "specialization",
                                         specialization, Qt::RightDockWidgetArea);
  tabifyDockWidget(passDock, diagnosticsDock);
  passDock->raise();
  tabifyDockWidget(layoutDock, specializationDock);
  tabifyDockWidget(layoutDock, hiddenDock);
  tabifyDockWidget(layoutDock, runDock);
  tabifyDockWidget(layoutDock, tuningDock);
  // The specialization is what a kernel opens with; a layout click raises the layout.
  specializationDock->raise();
  // At 1366x768 the three stage panes keep ~1000 x 400 pixels between the docks.
  resizeDocks({passDock}, {220}, Qt::Vertical);
  resizeDocks({layoutDock}, {330}, Qt::Horizontal);
}

void MainWindow::buildMenus() {
  QMenu *file = menuBar()->addMenu(QStringLiteral("&File"));
  QAction *open = file->addAction(QStringLiteral("&Open kernel or IR…"), this, [this] {
    QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open"), QString(),
                                                QStringLiteral("Kernels and IR (*.py *.ttir *.ttgir *.source);;All files (*)"));
    if (!path.isEmpty())
      openPath(path);
  });
  open->setShortcut(QKeySequence::Open);
  QAction *openCache = file->addAction(
      QStringLiteral("Open Triton &cache or capture session folder…"), this, [this] {
        QString path = QFileDialog::getExistingDirectory(
            this,
            QStringLiteral("Triton cache entry (<hash> directory) or capture session folder"));
        if (!path.isEmpty())
          openPath(path);
      });
  openCache->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
  recentMenu = file->addMenu(QStringLiteral("&Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  QAction *recompile = file->addAction(QStringLiteral("&Recompile"), this, [this] { requestCompile(0); });
  recompile->setShortcut(QKeySequence(Qt::Key_F5));
  file->addAction(QStringLiteral("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

  QMenu *view = menuBar()->addMenu(QStringLiteral("&View"));
  for (QDockWidget *dockWidget : findChildren<QDockWidget *>())
    view->addAction(dockWidget->toggleViewAction());
  showLocationsAction = view->addAction(QStringLiteral("Show &locations (#loc, loc(...))"));
  showLocationsAction->setCheckable(true);
  showLocationsAction->setChecked(QSettings().value(kShowLocationsKey, false).toBool());
  showLocationsAction->setToolTip(
      QStringLiteral("Show the MLIR stages' location lines and suffixes; hidden, the "
                     "lines still map to the source"));
  connect(showLocationsAction, &QAction::toggled, this, [this](bool shown) {
    saveSettings([shown](QSettings &settings) { settings.setValue(kShowLocationsKey, shown); });
    refreshPanes();
  });
  markDifferencesAction = view->addAction(QStringLiteral("&Mark differences from Triton"));
  markDifferencesAction->setCheckable(true);
  markDifferencesAction->setChecked(true);
  markDifferencesAction->setToolTip(
      QStringLiteral("Where Triton's stages are open beside trex's, mark the lines that differ "
                     "(value renumbering ignored) and summarize each stage"));
  connect(markDifferencesAction, &QAction::toggled, this, [this] { refreshPaneComparisons(); });
  QAction *all = view->addAction(QStringLiteral("Show &all stages"), this, &MainWindow::showAllStages);
  all->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+A")));
  QAction *search = view->addAction(QStringLiteral("&Find pass"), this, [this] {
    if (auto *edit = timeline->findChild<QLineEdit *>())
      edit->setFocus();
  });
  search->setShortcut(QKeySequence::Find);

  buildCompareMenu(menuBar()->addMenu(QStringLiteral("&Compare")));

  QMenu *run = menuBar()->addMenu(QStringLiteral("&Run"));
  run->addAction(QStringLiteral("&Run on the GPU"), this, [this] { runner->start(false); })->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
  run->addAction(QStringLiteral("&Bench"), this, [this] { runner->start(true); })->setShortcut(QKeySequence(QStringLiteral("Ctrl+B")));
  run->addAction(QStringLiteral("&Tune…"), this, [this] {
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("tuning")))
      dock->raise();
  })->setShortcut(QKeySequence(QStringLiteral("Ctrl+T")));
}

void MainWindow::setPaneCount(int count) {
  if (paneCountField->value() != count) {
    QSignalBlocker blocker(paneCountField);
    paneCountField->setValue(count);
  }
  while (codePanes.size() < count) {
    auto *pane = new CodePane(paneSplitter);
    paneSplitter->addWidget(pane);
    codePanes << pane;
    connect(pane, &CodePane::stageChosen, this, [this] {
      refreshPanes();
      rememberPaneStages();
    });
    connect(pane->editor(), &CodeEditor::lineSelected, this,
            [this, pane](int line, int column) { onLineSelected(pane, line, column); });
    connect(pane->editor(), &CodeEditor::textEdited, this, [this, pane] {
      if (pane->stage() != kPython && pane->stage() != kInput)
        return;
      inputText = pane->editor()->toPlainText();
      requestCompile();
    });
    connectEditing(pane);
    // Pick a stage not shown yet, in pipeline order.
    QStringList choices = paneChoices();
    for (const QString &choice : choices) {
      bool shown = false;
      for (CodePane *other : codePanes)
        shown |= other != pane && other->stage() == choice;
      if (!shown) {
        pane->setStage(choice);
        break;
      }
    }
  }
  while (codePanes.size() > count) {
    CodePane *pane = codePanes.takeLast();
    // A dying editor clears its document; that is not the user editing the source.
    pane->editor()->disconnect(this);
    pane->disconnect(this);
    delete pane;
  }
  refreshPanes();
}

void MainWindow::showAllStages() {
  QStringList choices = paneChoices();
  QStringList trexOnly;
  for (const QString &choice : choices)
    if (!choice.contains(' '))
      trexOnly << choice;
  setPaneCount(std::max(1, static_cast<int>(trexOnly.size())));
  for (int i = 0; i < codePanes.size(); ++i)
    codePanes[i]->setStage(trexOnly.value(i));
  refreshPanes();
}

QStringList MainWindow::defaultPaneStages() const {
  QString input = inputKind == InputKind::Python ? kPython
                  : inputKind == InputKind::IR   ? kInput
                                                 : QStringLiteral("source");
  bool isHip = targetChooser->currentText().startsWith(QLatin1String("hip"));
  return {input, QStringLiteral("ttgir"), isHip ? QStringLiteral("amdgcn") : QStringLiteral("ptx")};
}

void MainWindow::restorePaneStages() {
  QStringList wanted = QSettings().value(kPaneStagesKey).toStringList();
  if (wanted.isEmpty())
    wanted = defaultPaneStages();
  setPaneCount(std::clamp(static_cast<int>(wanted.size()), 1, 6));
  QStringList choices = paneChoices();
  QStringList defaults = defaultPaneStages();
  bool isHip = targetChooser->currentText().startsWith(QLatin1String("hip"));
  for (int i = 0; i < codePanes.size(); ++i) {
    QString stage = wanted.value(i);
    // The remembered input pane follows the input; the assembly follows the target.
    if (stage == kPython || stage == kInput)
      stage = defaults.front();
    if (stage == QLatin1String("ptx") || stage == QLatin1String("amdgcn"))
      stage = isHip ? QStringLiteral("amdgcn") : QStringLiteral("ptx");
    // Stages appear once compiled: a stage of the pipeline is kept for later; a stage the
    // input cannot have (a Triton cache's "(triton)" rows elsewhere) falls back to a default.
    bool offered =
        choices.contains(stage) || (!stage.contains(' ') && stage != kPython && stage != kInput);
    codePanes[i]->setStage(offered ? stage : defaults.value(i, choices.value(i, choices.value(0))));
  }
}

void MainWindow::rememberPaneStages() {
  QStringList shown;
  for (CodePane *pane : codePanes)
    shown << pane->stage();
  saveSettings([&shown](QSettings &settings) { settings.setValue(kPaneStagesKey, shown); });
}

bool MainWindow::hidesLocations(const QString &stageKey) const {
  if (!showLocationsAction || showLocationsAction->isChecked() || stageKey == kPython ||
      stageKey == kInput)
    return false;
  return stagetext::syntaxOfStage(stageKey.toStdString()) == stagetext::StageSyntax::MLIR;
}

void MainWindow::setLocationsShown(bool shown) { showLocationsAction->setChecked(shown); }

bool MainWindow::locationsShown() const { return showLocationsAction->isChecked(); }

QStringList MainWindow::paneChoices() const {
  QStringList choices;
  if (inputKind == InputKind::Python)
    choices << kPython;
  else if (inputKind == InputKind::IR)
    choices << kInput;
  choices << stages->keys();
  return choices;
}

QString MainWindow::paneText(const QString &stageKey) const {
  if (stageKey == kPython || stageKey == kInput)
    return inputText;
  return stages->text(stageKey);
}

CodePane *MainWindow::paneForStage(const QString &stageKey) const {
  for (CodePane *pane : codePanes)
    if (pane->stage() == stageKey)
      return pane;
  return nullptr;
}

void MainWindow::refreshPanes() {
  QStringList choices = paneChoices();
  for (CodePane *pane : codePanes) {
    pane->setChoices(choices);
    if (pane->stage().isEmpty() && !choices.isEmpty())
      pane->setStage(choices.first());
    const QString key = pane->stage();
    bool isInput = key == kPython || key == kInput;
    pane->setEditAvailable(!isInput && isResumableStage(key));
    pane->editor()->setReadOnly(!isInput && !pane->isEditing());
    // The mark changes with the stage shown; an existing one keeps its note (what re-ran).
    if (edits.isEdited(key) != pane->isMarkedEdited())
      pane->setEdited(edits.isEdited(key), QStringLiteral("Ctrl+Enter re-runs the later stages from it"));
    // Never replace the text under the user's typing: it is the source of truth there. An
    // edited stage shows the edit, whatever was compiled since.
    bool typing = (isInput || pane->isEditing()) && pane->editor()->hasFocus();
    // Edited or being edited, a stage shows all its text: a re-run keeps its locations.
    if (!typing && (edits.isEdited(key) || pane->isEditing()))
      pane->setText(edits.isEdited(key) ? edits.edited(key) : paneText(key));
    else if (!typing)
      pane->setStageText(paneText(key), hidesLocations(key));
  }
  refreshPaneComparisons();
  refreshDiagnostics();
}

bool MainWindow::openPath(const QString &path, const QString &kernel, const QString &signature) {
  QFileInfo info(path);
  QSettings settings;
  stages->clear();
  passes->setPasses({});
  diagnostics->setDiagnostics({});
  mapping.clear();
  facts.reset();
  kernels.clear();
  {
    QSignalBlocker blocker(kernelChooser);
    kernelChooser->clear();
  }
  sessionRow = -1;
  sessionModel->clear();
  sessionNotesLabel->hide();
  comparedOrigin = QStringLiteral("triton");
  comparedName = QStringLiteral("Triton");
  tritonMetadataJson.clear();
  comparedMetadataJson.clear();
  comparison->clear();
  if (info.isDir() && tools::isCaptureSession(path.toStdString()))
    return openSession(path, kernel);
  if (info.isDir()) {
    TritonCacheEntry entry = readTritonCacheDirectory(path);
    if (entry.stages.empty()) {
      reportOpenProblem(entry.problem);
      return false;
    }
    inputKind = InputKind::TritonCache;
    stages->setStages(entry.stages, QStringLiteral("triton"));
    // trex compiles the same kernel from Triton's own front-end output (.source).
    auto source = std::find_if(entry.stages.begin(), entry.stages.end(),
                               [](const StageText &stage) { return stage.name == "source"; });
    inputText = source == entry.stages.end() ? QString() : QString::fromStdString(source->text);
    compilePath = QDir(path).filePath(entry.kernelName + QStringLiteral(".source"));
    if (!entry.target.isEmpty())
      setTarget(entry.target);
    {
      QSignalBlocker warpsBlocker(warpsField), stagesBlocker(stagesField);
      warpsField->setValue(entry.numWarps);
      stagesField->setValue(entry.numStages);
    }
    specialization->setParameters({});
    specialization->setSignature(QString(), SpecializationPanel::Origin::Proposed);
    signatureField->setEnabled(false);
  } else {
    bool ok = false;
    QString problem;
    inputText = readText(path, &ok, &problem);
    if (!ok) {
      reportOpenProblem(problem);
      return false;
    }
    compilePath = info.absoluteFilePath();
    if (info.suffix() == QLatin1String("py")) {
      inputKind = InputKind::Python;
      kernels = findKernels(inputText);
      signatureField->setEnabled(true);
      QSignalBlocker blocker(kernelChooser);
      for (const KernelDefinition &definition : kernels)
        kernelChooser->addItem(definition.name);
    } else {
      inputKind = InputKind::IR;
      specialization->setParameters({});
      specialization->setSignature(QString(), SpecializationPanel::Origin::Proposed);
      signatureField->setEnabled(false);
    }
  }
  inputPath = info.absoluteFilePath();
  setWindowTitle(QStringLiteral("%1 — trex explorer").arg(info.fileName()));
  // The source file name the stages' locations carry; an IR input names its .py in its locs.
  mapping.setSourceFile(inputKind == InputKind::Python ? inputPath.toStdString() : std::string());
  if (inputKind == InputKind::Python) {
    QString chosen = !kernel.isEmpty() ? kernel : settings.value(settingsKey(inputPath, "kernel")).toString();
    if (chosen.isEmpty() && !kernels.empty())
      chosen = kernels.front().name;
    {
      QSignalBlocker blocker(kernelChooser);
      kernelChooser->setCurrentText(chosen);
    }
    // The kernel's remembered specialization is used only marked as remembered, with the way
    // back to trex's proposal beside it (issue 27). An empty signature compiles with the one
    // trex proposes (shown in the form and the field's placeholder once the compile returns).
    QString remembered = settings.value(settingsKey(inputPath, "signature/") + chosen).toString();
    specialization->setProposal(QString());
    specialization->setParameters(kernelParameters(chosen));
    if (!signature.isEmpty())
      specialization->setSignature(signature, SpecializationPanel::Origin::Given);
    else
      specialization->setSignature(remembered, SpecializationPanel::Origin::Remembered);
    if (signature.isEmpty() && !remembered.isEmpty())
      statusBar()->showMessage(
          QStringLiteral("Using the specialization remembered for %1 (Specialization dock: "
                         "\"Use trex's proposal\" goes back)")
              .arg(info.fileName()));
    rememberKernelChoice();
  }
  // The panes show the remembered stages, or the input, ttgir and the assembly.
  restorePaneStages();
  refreshPanes();
  addRecentFile(inputPath);
  requestCompile(0);
  return true;
}

void MainWindow::reportOpenProblem(const QString &problem) {
  lastOpenProblem = problem;
  if (!headless) {
    QMessageBox::warning(this, QStringLiteral("Open"), problem);
    return;
  }
  CompileDiagnostic record;
  record.severity = CompileDiagnostic::Severity::Error;
  record.message = problem.toStdString();
  record.rendered = "error: " + record.message;
  diagnostics->setDiagnostics({record});
}

void MainWindow::setTarget(const QString &target) {
  int index = targetChooser->findText(target);
  if (index < 0) {
    targetChooser->addItem(target);
    index = targetChooser->count() - 1;
  }
  QSignalBlocker blocker(targetChooser);
  targetChooser->setCurrentIndex(index);
}

void MainWindow::setNumWarps(int warps) { warpsField->setValue(warps); }

void MainWindow::chooseKernel(const QString &kernel) {
  QSettings settings;
  QString remembered = settings.value(settingsKey(inputPath, "signature/") + kernel).toString();
  // Empty: trex proposes a specialization; else the remembered one, marked so.
  specialization->setProposal(QString());
  specialization->setParameters(kernelParameters(kernel));
  specialization->setSignature(remembered, SpecializationPanel::Origin::Remembered);
  rememberKernelChoice();
  requestCompile(0);
}

void MainWindow::useProposedSpecialization() {
  specialization->setSignature(QString(), SpecializationPanel::Origin::Proposed);
  rememberKernelChoice();
  statusBar()->showMessage(QStringLiteral("Compiling with the specialization trex proposes"));
  requestCompile(0);
}

std::vector<KernelParameter> MainWindow::kernelParameters(const QString &kernel) const {
  for (const KernelDefinition &definition : kernels)
    if (definition.name == kernel)
      return definition.parameters;
  return {};
}

bool MainWindow::saveSettings(const std::function<void(QSettings &)> &write) {
  QSettings settings;
  write(settings);
  settings.sync();
  if (settings.status() == QSettings::NoError)
    return true;
  statusBar()->showMessage(QStringLiteral("Could not save the settings to %1 (%2)")
                               .arg(settings.fileName(), settings.status() == QSettings::AccessError
                                                             ? QStringLiteral("no access")
                                                             : QStringLiteral("format error")));
  return false;
}

void MainWindow::rememberKernelChoice() {
  // A session kernel's specialization is the session's, not one to remember for the module.
  if (inputKind != InputKind::Python || sessionRow >= 0)
    return;
  saveSettings([this](QSettings &settings) {
    settings.setValue(settingsKey(inputPath, "kernel"), kernelChooser->currentText());
    settings.setValue(settingsKey(inputPath, "signature"), signatureField->text());
    settings.setValue(settingsKey(inputPath, "signature/") + kernelChooser->currentText(),
                      signatureField->text());
  });
}

void MainWindow::addRecentFile(const QString &path) {
  saveSettings([&path](QSettings &settings) {
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
      recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
  });
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu->clear();
  QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
  for (int i = 0; i < recent.size(); ++i) {
    QAction *action = recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(recent[i]));
    QString path = recent[i];
    connect(action, &QAction::triggered, this, [this, path] { openPath(path); });
  }
  recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::requestCompile(int debounceMilliseconds) {
  if (inputKind == InputKind::None)
    return;
  // A session kernel without a trex signature compiles once the user types one.
  if (const tools::SessionKernel *kernel = sessionModel->kernel(sessionRow);
      kernel && kernel->signature.empty() && signatureField->text().isEmpty())
    return;
  CompileRequest request;
  request.fileName = compilePath.toStdString();
  request.text = inputText.toStdString();
  request.target = targetChooser->currentText().toStdString();
  request.numWarps = warpsField->value();
  request.numStages = stagesField->value();
  request.profileScopes = runner->profileScopes();
  if (inputKind == InputKind::Python) {
    request.kernelName = kernelChooser->currentText().toStdString();
    request.signature = signatureField->text().toStdString();
  }
  if (debounceMilliseconds == kAdaptiveDebounce)
    debounceMilliseconds =
        lastCompileMilliseconds >= 0 && lastCompileMilliseconds < 250 ? 100 : 300;
  requestStartedAt = QDateTime::currentMSecsSinceEpoch() + debounceMilliseconds;
  controller->request(request, debounceMilliseconds);
}

QString MainWindow::signatureText() const { return signatureField->text(); }
QString MainWindow::signaturePlaceholder() const { return signatureField->placeholderText(); }

bool MainWindow::compileAndWait(int timeoutMilliseconds) {
  requestCompile(0);
  return controller->waitForLatest(timeoutMilliseconds);
}

void MainWindow::applySnapshot(const CompileSnapshot &snapshot) {
  progress->hide();
  if (snapshot.resumedFrom) {
    applyResumedSnapshot(snapshot);
    return;
  }
  resumeOrigin = {};
  trexMetadataJson = snapshot.metadataJson;
  // With no signature typed, the field shows the specialization trex proposed and used.
  signatureField->setPlaceholderText(
      snapshot.proposedSignature.empty()
          ? QStringLiteral(
                "signature, e.g. *fp32:16, *fp32:16, i32, 1024 (empty: trex proposes one)")
          : QStringLiteral("proposed: %1").arg(QString::fromStdString(snapshot.proposedSignature)));
  if (!snapshot.proposedSignature.empty())
    specialization->setProposal(QString::fromStdString(snapshot.proposedSignature));
  stages->setStages(snapshot.stages, QStringLiteral("trex"));
  passes->setPasses(snapshot.passes);
  // The comparison's passes row reads the timeline's passes.
  refreshComparison();
  // Reverting an edited stage now goes back to what this compile printed.
  for (const QString &key : edits.keys())
    edits.setCompiled(key, stages->text(key));
  diagnostics->setDiagnostics(snapshot.diagnostics);
  facts = snapshot.metadata;
  // Line mapping over every stage shown or choosable.
  mapping.clear();
  if (inputKind == InputKind::Python)
    mapping.setStage(kPython.toStdString(), inputText.toStdString());
  for (const QString &key : stages->keys())
    mapping.setStage(key.toStdString(), stages->text(key).toStdString());
  refreshPanes();
  refreshHiddenParameters();
  if (inputKind == InputKind::Python) {
    LaunchTarget launch;
    launch.path = inputPath;
    launch.kernel = kernelChooser->currentText();
    launch.signature = signatureField->text();
    launch.target = targetChooser->currentText();
    launch.numWarps = warpsField->value();
    launch.numStages = stagesField->value();
    runner->setLaunchTarget(launch);
    refreshTuning(snapshot.autotuneConfigs);
  }
  lastUpdate = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - requestStartedAt);
  lastCompileMilliseconds = snapshot.milliseconds;
  int errors = diagnostics->errorCount();
  statusLabel->setText(QStringLiteral("%1 in %2 ms (compile %3 ms), %4 passes%5")
                           .arg(snapshot.succeeded ? QStringLiteral("Compiled") : QStringLiteral("Failed"))
                           .arg(lastUpdate, 0, 'f', 0)
                           .arg(snapshot.milliseconds, 0, 'f', 0)
                           .arg(snapshot.passes.size())
                           .arg(errors ? QStringLiteral(", %1 error(s)").arg(errors) : QString()));
}

void MainWindow::raiseDiagnostics() {
  if (auto *dock = findChild<QDockWidget *>(QStringLiteral("diagnostics")))
    dock->raise();
}

void MainWindow::refreshDiagnostics() {
  QString inputName = inputKind == InputKind::TritonCache ? compilePath : inputPath;
  QMultiMap<int, CompileDiagnostic> byLine = diagnostics->byLine(inputName);
  std::vector<InlineDiagnostic> inline_;
  for (auto it = byLine.constBegin(); it != byLine.constEnd(); ++it)
    inline_.push_back({it.key(), it.value().severity == CompileDiagnostic::Severity::Error,
                       QString::fromStdString(it.value().message)});
  // Errors in an edited stage or pass snapshot are located in the buffer it was compiled as.
  std::vector<InlineDiagnostic> editedInline;
  if (!resumeOrigin.buffer.isEmpty()) {
    QMultiMap<int, CompileDiagnostic> editedByLine = diagnostics->byLine(resumeOrigin.buffer);
    for (auto it = editedByLine.constBegin(); it != editedByLine.constEnd(); ++it)
      editedInline.push_back({it.key(), it.value().severity == CompileDiagnostic::Severity::Error,
                              QString::fromStdString(it.value().message)});
  }
  for (CodePane *pane : codePanes) {
    if (pane->stage() == kPython || pane->stage() == kInput)
      pane->editor()->setDiagnostics(inline_);
    else if (!resumeOrigin.stage.isEmpty() && pane->stage() == resumeOrigin.stage)
      pane->editor()->setDiagnostics(editedInline);
    else
      pane->editor()->setDiagnostics({});
  }
  if (resumeOrigin.passRow >= 0 && timeline->shownPass() == resumeOrigin.passRow)
    timeline->setEditDiagnostics(editedInline);
}

void MainWindow::refreshHiddenParameters() {
  bool isHip = targetChooser->currentText().startsWith(QLatin1String("hip"));
  QString machine = stages->text(isHip ? QStringLiteral("amdgcn") : QStringLiteral("ptx"));
  QStringList names;
  auto found = std::find_if(kernels.begin(), kernels.end(), [&](const KernelDefinition &definition) {
    return definition.name == kernelChooser->currentText();
  });
  if (found != kernels.end())
    names = found->parameterNames();
  hidden->setKernel(inputKind == InputKind::Python ? signatureField->text() : QString(), names, facts, machine, !isHip);
  hiddenProblem->setText(hidden->problem());
  hiddenTable->resizeColumnsToContents();
}

void MainWindow::selectLine(const QString &stageKey, int line, int column) {
  CodePane *pane = paneForStage(stageKey);
  if (!pane)
    return;
  int shownLine = pane->shownLine(line);
  QTextBlock block = pane->editor()->document()->findBlockByNumber(shownLine - 1);
  if (shownLine < 1 || !block.isValid())
    return;
  QTextCursor cursor(block);
  cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::min(column, block.length() - 1));
  pane->editor()->setTextCursor(cursor); // emits lineSelected
}

void MainWindow::onLineSelected(CodePane *origin, int line, int column) {
  // The panes may hide location lines: the mapping speaks of the stages' own lines.
  const std::string stage = origin->stage().toStdString();
  const int stageLine = origin->stageLine(line);
  std::vector<int> sourceLines = mapping.sourceLinesFor(stage, stageLine);
  for (CodePane *pane : codePanes) {
    std::set<int> lines;
    for (int sourceLine : sourceLines)
      for (int mapped : mapping.stageLinesFor(pane->stage().toStdString(), sourceLine))
        if (int shown = pane->shownLine(mapped))
          lines.insert(shown);
    pane->editor()->setMappedLines(std::vector<int>(lines.begin(), lines.end()));
  }
  if (origin->stage().startsWith(QLatin1String("ttgir")))
    showLayoutAt(origin->stage(), stageLine, origin->editor()->toPlainText(), line, column);
  if (!sourceLines.empty())
    statusBar()->showMessage(QStringLiteral("%1:%2 ← source line %3")
                                 .arg(origin->stage())
                                 .arg(line)
                                 .arg(sourceLines.front()));
}

void MainWindow::showLayoutAt(const QString &stageKey, int line, const QString &shownText,
                              int shownLine, int column) {
  const QString ir = stages->text(stageKey);
  LayoutSelection selection = layoutAt(shownText, shownLine, column);
  if (!selection.isValid())
    return;
  // A !ttg.memdesc value: the accesses of that buffer; a shared layout: those of every buffer
  // with it.
  std::vector<SharedAccess> accesses = selection.isMemDesc && !selection.valueName.isEmpty()
                                           ? sharedAccessesOfBuffer(ir, selection.valueName)
                                           : sharedAccesses(ir, selection.name);
  QString target = moduleTarget(ir);
  layouts->showSelection(selection, accesses, target.isEmpty() ? targetChooser->currentText() : target);
  // The chosen value (or the one the clicked line defines) after each pass.
  ValueAnchor anchor = valueAnchor(ir, selection.valueName, selection.valueName.isEmpty() ? line : 0);
  layouts->showHistory(anchor, anchor.isValid() ? layoutHistory(anchor, passes->allPasses())
                                                : std::vector<LayoutHistoryEntry>());
  if (auto *dock = findChild<QDockWidget *>(QStringLiteral("layout")))
    dock->raise();
}

void MainWindow::closeEvent(QCloseEvent *event) {
  saveSettings([this](QSettings &settings) {
    settings.setValue(QStringLiteral("window/state"), saveState());
  });
  QMainWindow::closeEvent(event);
}

} // namespace trex::explorer
