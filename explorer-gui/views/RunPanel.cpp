// RunPanel: one child process at a time (LaunchProcess); every way it can end becomes a results
// row and a message, including a crash (signal) and a child that cannot be started.
#include "RunPanel.h"

#include "ProfileTimelineView.h"
#include "TimingPlot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace trex::explorer {

namespace {
// A kernel that never returns must not keep the panel busy forever.
constexpr int kChildTimeoutMilliseconds = 120000;
} // namespace

RunPanel::RunPanel(QWidget *parent)
    : QWidget(parent), model(new RunResultsModel(this)), executableField(new QLineEdit(this)),
      gridField(new QLineEdit(QStringLiteral("1"), this)), argumentsField(new QLineEdit(this)),
      benchOptionsField(new QLineEdit(this)),
      runButton(new QPushButton(QStringLiteral("Run"), this)),
      benchButton(new QPushButton(QStringLiteral("Bench"), this)), messageLabel(new QLabel(this)),
      table(new QTableView(this)), plot(new TimingPlot(model, this)),
      profileBox(new QCheckBox(QStringLiteral("Profile scopes"), this)),
      timelineProgramsField(new QLineEdit(QStringLiteral("0"), this)),
      programChooser(new QComboBox(this)), timeline(new ProfileTimelineModel(this)),
      timelineView(new ProfileTimelineView(timeline, this)), child(new LaunchProcess(this)) {
  executableField->setText(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("trex")));
  gridField->setToolTip(QStringLiteral("Programs to launch: X[,Y[,Z]]"));
  argumentsField->setPlaceholderText(QStringLiteral("x_ptr=rand:1024 y_ptr=rand:1024 out_ptr=zeros:1024 n_elements=1024"));
  argumentsField->setToolTip(QStringLiteral("One --arg per word: NAME=VALUE; pointers take rand:N, randn:N, zeros:N, ones:N, arange:N"));
  benchOptionsField->setPlaceholderText(QStringLiteral("--warmup 25 --rep 100"));
  messageLabel->setWordWrap(true);
  messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table->setModel(model);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);

  auto *form = new QFormLayout;
  form->addRow(QStringLiteral("trex"), executableField);
  form->addRow(QStringLiteral("Grid"), gridField);
  form->addRow(QStringLiteral("Arguments"), argumentsField);
  form->addRow(QStringLiteral("Bench options"), benchOptionsField);
  profileBox->setToolTip(QStringLiteral(
      "Compile the kernel's triton.profiler.language scopes instrumented (--profile-scopes) and "
      "show their cycles per warp"));
  timelineProgramsField->setToolTip(QStringLiteral("Programs whose timeline the run returns: 0,5"));
  // Kept narrow: the dock shares the window's width with the code panes.
  timelineProgramsField->setMaximumWidth(64);
  programChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  programChooser->setToolTip(QStringLiteral("The program whose timeline is drawn"));
  auto *profileRow = new QHBoxLayout;
  profileRow->addWidget(profileBox);
  profileRow->addWidget(timelineProgramsField);
  profileRow->addWidget(programChooser);
  profileRow->addStretch();
  form->addRow(QStringLiteral("Profiling"), profileRow);
  auto *buttons = new QHBoxLayout;
  buttons->addWidget(runButton);
  buttons->addWidget(benchButton);
  buttons->addStretch();
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(table);
  splitter->addWidget(plot);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(messageLabel);
  layout->addWidget(splitter, 1);
  layout->addWidget(timelineView);

  connect(profileBox, &QCheckBox::toggled, this, &RunPanel::profileScopesChanged);
  connect(programChooser, &QComboBox::currentTextChanged, this, [this](const QString &program) {
    if (!program.isEmpty())
      timeline->showProgram(program);
  });

  connect(runButton, &QPushButton::clicked, this, [this] { start(false); });
  connect(benchButton, &QPushButton::clicked, this, [this] { start(true); });
}

void RunPanel::setExecutable(const QString &path) { executableField->setText(path); }
QString RunPanel::executable() const { return executableField->text(); }
void RunPanel::setGrid(const QString &grid) { gridField->setText(grid); }
void RunPanel::setArguments(const QString &arguments) { argumentsField->setText(arguments); }
bool RunPanel::isRunning() const { return child->isRunning(); }
void RunPanel::setProfileScopes(bool on) { profileBox->setChecked(on); }
bool RunPanel::profileScopes() const { return profileBox->isChecked(); }
QString RunPanel::message() const { return messageLabel->text(); }

LaunchSettings RunPanel::settings() const {
  LaunchSettings settings;
  settings.grid = gridField->text().trimmed();
  settings.arguments = argumentsField->text();
  settings.benchOptions = benchOptionsField->text();
  settings.profileScopes = profileBox->isChecked();
  settings.timelinePrograms = timelineProgramsField->text();
  return settings;
}

QStringList RunPanel::commandArguments(bool bench) const { return launchArguments(launchTarget, settings(), bench); }

void RunPanel::start(bool bench) {
  if (isRunning()) {
    messageLabel->setText(QStringLiteral("A run is still going; wait for it."));
    return;
  }
  if (launchTarget.path.isEmpty()) {
    messageLabel->setText(QStringLiteral("Open a kernel first."));
    return;
  }
  runButton->setEnabled(false);
  benchButton->setEnabled(false);
  messageLabel->setText(QStringLiteral("%1 running…").arg(bench ? "Bench" : "Run"));
  disconnect(child, &LaunchProcess::finished, this, nullptr);
  connect(child, &LaunchProcess::finished, this, [this, bench](const RunRecord &record) { childFinished(record, bench); });
  child->start(executable(), commandArguments(bench), kChildTimeoutMilliseconds);
}

void RunPanel::childFinished(RunRecord record, bool bench) {
  record.mode = bench ? QStringLiteral("bench") : QStringLiteral("run");
  if (record.kernel.isEmpty())
    record.kernel = launchTarget.kernel;
  if (record.grid.isEmpty())
    record.grid = gridField->text();
  record.configuration = QStringLiteral("%1 w%2 s%3").arg(launchTarget.target).arg(launchTarget.numWarps).arg(launchTarget.numStages);
  model->append(record);
  if (!record.profileAnswer.isEmpty()) {
    timeline->setRunOutput(record.profileAnswer);
    QSignalBlocker blocker(programChooser);
    programChooser->clear();
    programChooser->addItems(timeline->programs());
  }
  if (record.succeeded)
    messageLabel->setText(record.medianMilliseconds > 0
                              ? QStringLiteral("%1: median %2 ms").arg(record.device).arg(record.medianMilliseconds)
                              : QStringLiteral("%1: ran").arg(record.device));
  else
    messageLabel->setText(QStringLiteral("<b>%1</b>").arg(record.error.toHtmlEscaped()));
  runButton->setEnabled(true);
  benchButton->setEnabled(true);
  Q_EMIT finished(record);
}

} // namespace trex::explorer
