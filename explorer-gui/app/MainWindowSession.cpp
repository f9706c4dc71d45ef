// MainWindow: capture sessions (the kernels trex_triton recorded of a real Triton program) and
// the comparison of trex's stages with Triton's or with another compilation (Compare menu).
#include "MainWindow.h"

#include "CodePane.h"
#include "SpecializationPanel.h"

#include "trex/StageText/CompilationFiles.h"

#include <QAction>
#include <QColor>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace trex::explorer {

namespace {

const QString kTritonSuffix = QStringLiteral(" (triton)");
const QString kComparedOrigin = QStringLiteral("compared");

// The pass lists with the rows that differ shaded (the model is Qt Core only: no colours).
class ShadedPassLists : public QIdentityProxyModel {
public:
  using QIdentityProxyModel::QIdentityProxyModel;
  QVariant data(const QModelIndex &index, int role) const override {
    if (role == Qt::BackgroundRole && index.data(PassListComparisonModel::DiffersRole).toBool())
      return QColor(0xff, 0xf0, 0xc0);
    return QIdentityProxyModel::data(index, role);
  }
};

} // namespace

void MainWindow::buildCompareMenu(QMenu *menu) {
  menu->addAction(QStringLiteral("With other num_warps/num_stages/target…"), this, [this] {
    bool ok = false;
    QString text = QInputDialog::getText(
        this, QStringLiteral("Compare"),
        QStringLiteral("num_warps num_stages [target] (e.g. \"8 4\" or \"4 3 cuda:80\")"),
        QLineEdit::Normal,
        QStringLiteral("%1 %2").arg(warpsField->value() * 2).arg(stagesField->value()), &ok);
    QStringList parts = text.split(' ', Qt::SkipEmptyParts);
    if (ok && !parts.isEmpty())
      compareWithOptions(parts[0].toInt(),
                         parts.value(1, QString::number(stagesField->value())).toInt(),
                         parts.value(2));
  });
  menu->addAction(
      QStringLiteral("With a &folder (trex output or Triton cache entry)…"), this, [this] {
        QString folder =
            QFileDialog::getExistingDirectory(this, QStringLiteral("Compare with the stages in"));
        if (!folder.isEmpty())
          compareWithFolder(folder);
      });
  menu->addAction(QStringLiteral("With &Triton (session or cache)"), this,
                  &MainWindow::compareWithTriton);
  connect(comparedController, &CompileController::compileFinished, this,
          [this](const CompileSnapshot &snapshot, quint64) {
            progress->hide();
            if (!snapshot.succeeded)
              statusLabel->setText(QStringLiteral("The compile to compare with failed"));
            // Its diagnostics are not shown; a crash is said in the status bar.
            for (const CompileDiagnostic &diagnostic : snapshot.diagnostics)
              if (diagnostic.severity == CompileDiagnostic::Severity::Error) {
                statusBar()->showMessage(
                    QStringLiteral("Compare: %1").arg(QString::fromStdString(diagnostic.message)));
                break;
              }
            PassList ran = passListOf(snapshot.passes);
            if (!snapshot.succeeded)
              ran.note = QStringLiteral("the compile failed; the passes it ran before");
            showCompared(snapshot.stages, pendingComparisonName, snapshot.metadataJson, ran);
          });
}

bool MainWindow::compareWithFolder(const QString &folder) {
  std::string problem;
  std::optional<stagetext::CompilationFiles> files =
      stagetext::readCompilationFiles(folder.toStdString(), &problem);
  if (!files || files->stages.empty()) {
    reportOpenProblem(files ? QStringLiteral("%1 holds no stages to compare with").arg(folder)
                            : QString::fromStdString(problem));
    return false;
  }
  std::vector<StageText> other;
  for (const auto &[name, text] : files->stages)
    other.push_back({name, text, kComparedOrigin.toStdString()});
  // The passes where `trex compile --dump-passes` listed them in the folder.
  PassList listed;
  QFile index(QDir(folder).filePath(QStringLiteral("passes.txt")));
  if (!index.exists()) {
    listed.note = QStringLiteral("%1 holds no passes.txt (trex compile --dump-passes writes "
                                 "one; a Triton cache entry keeps no pass list)")
                      .arg(folder);
  } else if (!index.open(QIODevice::ReadOnly)) {
    listed.note = QStringLiteral("cannot read %1: %2").arg(index.fileName(), index.errorString());
  } else if (std::optional<QStringList> names = readPassIndex(QString::fromUtf8(index.readAll()))) {
    listed = {true, *names, QStringLiteral("from %1").arg(index.fileName())};
  } else {
    listed.note = QStringLiteral("%1 is not a pass list trex compile --dump-passes wrote")
                      .arg(index.fileName());
  }
  showCompared(other, QDir(folder).dirName(), files->metadataJson, listed);
  return true;
}

void MainWindow::compareWithOptions(int numWarps, int numStages, const QString &target) {
  if (inputKind == InputKind::None || numWarps < 1 || numStages < 1)
    return;
  const QString current = targetChooser->currentText();
  const QString otherTarget = target.isEmpty() ? current : target;
  CompileRequest request;
  request.fileName = compilePath.toStdString();
  request.text = inputText.toStdString();
  request.target = otherTarget.toStdString();
  request.numWarps = numWarps;
  request.numStages = numStages;
  request.capturePasses = false;
  if (inputKind == InputKind::Python) {
    request.kernelName = kernelChooser->currentText().toStdString();
    request.signature = signatureField->text().toStdString();
  }
  pendingComparisonName = QStringLiteral("num_warps=%1 num_stages=%2").arg(numWarps).arg(numStages);
  if (otherTarget != current)
    pendingComparisonName += QStringLiteral(" ") + otherTarget;
  progress->show();
  comparedController->request(request, 0);
}

void MainWindow::compareWithTriton() {
  stages->setStages({}, kComparedOrigin);
  comparedOrigin = QStringLiteral("triton");
  comparedName = QStringLiteral("Triton");
  for (CodePane *pane : codePanes)
    if (pane->stage().endsWith(QStringLiteral(" (compared)")))
      pane->setStage(pane->stage().chopped(11) + kTritonSuffix);
  refreshComparison();
  refreshPanes();
}

void MainWindow::showCompared(const std::vector<StageText> &other, const QString &name,
                              const std::string &metadataJson, const PassList &otherPasses) {
  comparedMetadataJson = metadataJson;
  comparedPasses = otherPasses;
  std::vector<StageText> compared = other;
  for (StageText &stage : compared)
    stage.origin = kComparedOrigin.toStdString();
  stages->setStages(compared, kComparedOrigin);
  comparedOrigin = kComparedOrigin;
  comparedName = name;
  // The last pane shows the compared side of the stage beside it (ttgir by default).
  if (codePanes.size() >= 2) {
    QString beside = codePanes[codePanes.size() - 2]->stage();
    if (beside.contains(' ') || stages->rowOf(beside + QStringLiteral(" (compared)")) < 0)
      beside = QStringLiteral("ttgir");
    codePanes.back()->setStage(beside + QStringLiteral(" (compared)"));
  }
  refreshComparison();
  refreshPanes();
  if (auto *dock = findChild<QDockWidget *>(QStringLiteral("comparison")))
    dock->raise();
}

void MainWindow::buildSessionDocks() {
  auto *sessionWidget = new QWidget(this);
  sessionTable = new QTableView(sessionWidget);
  sessionTable->setModel(sessionModel);
  sessionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
  sessionTable->setSelectionMode(QAbstractItemView::SingleSelection);
  sessionTable->verticalHeader()->hide();
  sessionTable->horizontalHeader()->setStretchLastSection(true);
  sessionNotesLabel = new QLabel(sessionWidget);
  sessionNotesLabel->setWordWrap(true);
  sessionNotesLabel->setStyleSheet(QStringLiteral("color: #a05000"));
  sessionNotesLabel->hide();
  auto *layout = new QVBoxLayout(sessionWidget);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(sessionTable, 1);
  layout->addWidget(sessionNotesLabel);
  connect(sessionTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex &current) {
            if (current.isValid() && current.row() != sessionRow)
              chooseSessionKernel(current.row());
          });
  auto *sessionDock = new QDockWidget(QStringLiteral("Session kernels"), this);
  sessionDock->setObjectName(QStringLiteral("session"));
  sessionDock->setWidget(sessionWidget);
  addDockWidget(Qt::BottomDockWidgetArea, sessionDock);

  auto *comparisonSplitter = new QSplitter(Qt::Vertical, this);
  comparisonTable = new QTableView(comparisonSplitter);
  comparisonTable->setModel(comparison);
  comparisonTable->verticalHeader()->hide();
  comparisonTable->horizontalHeader()->setStretchLastSection(true);
  // Below the rows, each side's passes beside the other's.
  passListTable = new QTableView(comparisonSplitter);
  auto *shaded = new ShadedPassLists(passListTable);
  shaded->setSourceModel(passLists);
  passListTable->setModel(shaded);
  passListTable->verticalHeader()->hide();
  passListTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  comparisonSplitter->addWidget(comparisonTable);
  comparisonSplitter->addWidget(passListTable);
  // A stage row shows its stage and its Triton side next to each other; the passes row, the
  // pass lists.
  connect(comparisonTable, &QTableView::activated, this, [this](const QModelIndex &index) {
    QString stage =
        comparison->index(index.row(), StageComparisonModel::StageColumn).data().toString();
    if (stage == QLatin1String("passes")) {
      passListTable->setFocus();
      return;
    }
    if (codePanes.size() < 2 || stage.isEmpty() || stages->rowOf(stage) < 0)
      return;
    codePanes[codePanes.size() - 2]->setStage(stage);
    codePanes.back()->setStage(QStringLiteral("%1 (%2)").arg(stage, comparedOrigin));
    refreshPanes();
  });
  auto *comparisonDock = new QDockWidget(QStringLiteral("Compare"), this);
  comparisonDock->setObjectName(QStringLiteral("comparison"));
  comparisonDock->setWidget(comparisonSplitter);
  addDockWidget(Qt::BottomDockWidgetArea, comparisonDock);
  if (auto *passDock = findChild<QDockWidget *>(QStringLiteral("passes"))) {
    tabifyDockWidget(passDock, sessionDock);
    tabifyDockWidget(passDock, comparisonDock);
    passDock->raise();
  }
}

bool MainWindow::openSession(const QString &folder, const QString &kernel) {
  tools::CaptureSession session;
  try {
    session = tools::readCaptureSession(folder.toStdString());
  } catch (const std::exception &error) {
    reportOpenProblem(
        QStringLiteral("Cannot open the capture session: %1").arg(QString::fromUtf8(error.what())));
    return false;
  }
  if (session.kernels.empty()) {
    reportOpenProblem(QStringLiteral("The capture session %1 holds no kernels").arg(folder));
    return false;
  }
  sessionModel->setSession(session);
  int row = sessionModel->rowOf(kernel);
  if (row < 0)
    row = sessionModel->firstCompilableRow();
  if (auto *dock = findChild<QDockWidget *>(QStringLiteral("session")))
    dock->raise();
  sessionTable->resizeColumnsToContents();
  addRecentFile(QFileInfo(folder).absoluteFilePath());
  return chooseSessionKernel(row);
}

bool MainWindow::chooseSessionKernel(int row) {
  const tools::SessionKernel *kernel = sessionModel->kernel(row);
  if (!kernel)
    return false;
  QString modulePath = QString::fromStdString(kernel->modulePath);
  QFile file(modulePath);
  if (!file.open(QIODevice::ReadOnly)) {
    reportOpenProblem(QStringLiteral("Cannot read %1: %2").arg(modulePath, file.errorString()));
    return false;
  }
  sessionRow = row;
  stages->clear();
  comparedOrigin = QStringLiteral("triton");
  comparedName = QStringLiteral("Triton");
  passes->setPasses({});
  diagnostics->setDiagnostics({});
  mapping.clear();
  facts.reset();
  inputKind = InputKind::Python;
  inputPath = compilePath = QFileInfo(modulePath).absoluteFilePath();
  inputText = QString::fromUtf8(file.readAll());
  kernels = findKernels(inputText);
  mapping.setSourceFile(inputPath.toStdString());
  {
    QSignalBlocker blocker(kernelChooser);
    kernelChooser->clear();
    for (const KernelDefinition &definition : kernels)
      kernelChooser->addItem(definition.name);
    kernelChooser->setCurrentText(QString::fromStdString(kernel->name));
  }
  if (!kernel->target.empty())
    setTarget(QString::fromStdString(kernel->target));
  {
    QSignalBlocker warpsBlocker(warpsField), stagesBlocker(stagesField);
    warpsField->setValue(kernel->numWarps);
    stagesField->setValue(kernel->numStages);
  }
  signatureField->setEnabled(true);
  specialization->setParameters(kernelParameters(QString::fromStdString(kernel->name)));
  specialization->setSignature(QString::fromStdString(kernel->signature),
                               SpecializationPanel::Origin::Given);
  {
    QSignalBlocker blocker(sessionTable->selectionModel());
    sessionTable->selectRow(row);
  }
  QString notes = describeNotes(*kernel);
  bool compiles = !kernel->signature.empty();
  if (!compiles && notes.isEmpty())
    notes = QStringLiteral("no trex signature was recorded");
  sessionNotesLabel->setText(
      notes.isEmpty() ? QString()
                      : QStringLiteral("%1: %2").arg(QString::fromStdString(kernel->name), notes));
  sessionNotesLabel->setVisible(!notes.isEmpty());
  setWindowTitle(
      QStringLiteral("%1: %2 — trex explorer")
          .arg(QDir(QString::fromStdString(sessionModel->captureSession().folder)).dirName(),
               QString::fromStdString(kernel->name)));

  // Triton's stages beside trex's: the panes show the kernel, trex's ttgir and Triton's.
  stages->setStages(tritonStagesOf(*kernel), QStringLiteral("triton"));
  tritonMetadataJson = tritonMetadataOf(*kernel);
  restorePaneStages();
  bool tritonShown = false;
  for (CodePane *pane : codePanes)
    tritonShown |= pane->stage().endsWith(kTritonSuffix);
  if (!tritonShown && codePanes.size() >= 2 &&
      stages->rowOf(QStringLiteral("ttgir") + kTritonSuffix) >= 0)
    codePanes.back()->setStage(QStringLiteral("ttgir") + kTritonSuffix);
  refreshComparison();
  refreshPanes();

  if (!compiles) {
    // Nothing to compile until a signature is typed: the notes say why, as notes (not errors).
    std::vector<CompileDiagnostic> records;
    for (const QString &note : notes.split('\n')) {
      CompileDiagnostic record;
      record.severity = CompileDiagnostic::Severity::Note;
      record.message = QStringLiteral("%1 not compiled by trex: %2")
                           .arg(QString::fromStdString(kernel->name), note)
                           .toStdString();
      record.rendered = "note: " + record.message;
      records.push_back(record);
    }
    diagnostics->setDiagnostics(records);
    statusLabel->setText(QStringLiteral("Not compiled: %1").arg(notes.section('\n', 0, 0)));
    return true;
  }
  requestCompile(0);
  return true;
}

QString MainWindow::sessionNote() const {
  return sessionNotesLabel->isHidden() ? QString() : sessionNotesLabel->text();
}

void MainWindow::setDifferencesMarked(bool marked) { markDifferencesAction->setChecked(marked); }

PassList MainWindow::tritonPasses() const {
  QStringList kept;
  for (const StageText &stage : stages->stagesOf(QStringLiteral("triton")))
    kept << QString::fromStdString(stage.name);
  PassList unknown;
  unknown.note = QStringLiteral("%1 keeps Triton's stages (%2), not its pass list")
                     .arg(sessionRow >= 0 ? QStringLiteral("the capture session")
                                          : QStringLiteral("Triton's cache entry"),
                          kept.join(QStringLiteral(", ")));
  return unknown;
}

void MainWindow::refreshComparison() {
  std::vector<StageText> other = stages->stagesOf(comparedOrigin);
  if (other.empty()) {
    comparison->clear();
    passLists->clear();
    return;
  }
  comparison->compare(
      stages->stagesOf(QStringLiteral("trex")), other, comparedName, trexMetadataJson,
      comparedOrigin == QStringLiteral("triton") ? tritonMetadataJson : comparedMetadataJson);
  // The passes: trex's with Triton's names, the other side's where they are known.
  PassList trexPasses = passListOf(passes->allPasses());
  PassList otherPasses =
      comparedOrigin == QStringLiteral("triton") ? tritonPasses() : comparedPasses;
  if (!trexPasses.passes.isEmpty() || !otherPasses.passes.isEmpty())
    comparison->setRow(comparePassLists(trexPasses, otherPasses, comparedName));
  passLists->setLists(trexPasses, otherPasses, comparedName);
  comparisonTable->resizeColumnToContents(StageComparisonModel::StageColumn);
}

void MainWindow::refreshPaneComparisons() {
  bool marking = markDifferencesAction && markDifferencesAction->isChecked();
  for (CodePane *pane : codePanes) {
    QString key = pane->stage();
    const QString otherSuffix = QStringLiteral(" (%1)").arg(comparedOrigin);
    bool isOther = key.endsWith(otherSuffix);
    QString stage = isOther ? key.chopped(otherSuffix.size()) : key;
    // Only trex's stage and the compared one: not Triton's while another compilation is compared.
    const StageDifference *difference =
        marking && (isOther || !key.contains(' ')) ? comparison->difference(stage) : nullptr;
    // An edited text is not what was compared.
    if (!difference || edits.isEdited(key) || pane->isEditing()) {
      pane->setComparison(QString(), {});
      continue;
    }
    pane->setComparison(comparison->summary(stage),
                        isOther ? difference->otherLines : difference->trexLines);
  }
}

} // namespace trex::explorer
