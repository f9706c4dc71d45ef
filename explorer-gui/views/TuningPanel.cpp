// TuningPanel: the form turns into a TuningRequest; the table and plot watch the results.
#include "TuningPanel.h"

#include "TuningPlot.h"

#include <QCoreApplication>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace trex::explorer {

TuningPanel::TuningPanel(QWidget *parent)
    : QWidget(parent), model(new TuningResultsModel(this)), run(new TuningRun(model, this)),
      executableField(new QLineEdit(this)), sweepMode(new QRadioButton(QStringLiteral("Sweep the values below"), this)),
      autotuneMode(new QRadioButton(QStringLiteral("@triton.autotune configs"), this)),
      warpsField(new QLineEdit(QStringLiteral("2, 4, 8"), this)), stagesField(new QLineEdit(QStringLiteral("3"), this)),
      constexprField(new QLineEdit(this)), gridField(new QLineEdit(QStringLiteral("1"), this)),
      argumentsField(new QLineEdit(this)), benchOptionsField(new QLineEdit(this)), flopsField(new QLineEdit(this)),
      startButton(new QPushButton(QStringLiteral("Start sweep"), this)),
      cancelButton(new QPushButton(QStringLiteral("Cancel"), this)), messageLabel(new QLabel(this)),
      table(new QTableView(this)), plot(new TuningPlot(model, this)) {
  executableField->setText(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("trex")));
  sweepMode->setChecked(true);
  autotuneMode->setEnabled(false);
  autotuneMode->setToolTip(QStringLiteral("The kernel has no @triton.autotune configs"));
  warpsField->setToolTip(QStringLiteral("num_warps values to try"));
  stagesField->setToolTip(QStringLiteral("num_stages values to try"));
  constexprField->setPlaceholderText(QStringLiteral("BLOCK_SIZE=256,512,1024; ..."));
  constexprField->setToolTip(QStringLiteral("Constexpr parameters and the values to try; each value replaces "
                                            "the parameter's entry in the signature"));
  gridField->setToolTip(QStringLiteral("X[,Y[,Z]]; each an expression of the configuration's values, "
                                       "e.g. cdiv(1048576, BLOCK_SIZE)"));
  argumentsField->setPlaceholderText(QStringLiteral("x_ptr=rand:1048576 ... n_elements=1048576"));
  benchOptionsField->setPlaceholderText(QStringLiteral("--warmup 25 --rep 100"));
  flopsField->setPlaceholderText(QStringLiteral("FLOPs per launch, e.g. 2*M*N*K (optional)"));
  messageLabel->setWordWrap(true);
  cancelButton->setEnabled(false);
  table->setModel(model);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);

  auto *modes = new QHBoxLayout;
  modes->addWidget(sweepMode);
  modes->addWidget(autotuneMode);
  modes->addStretch();
  auto *form = new QFormLayout;
  form->addRow(QStringLiteral("trex"), executableField);
  form->addRow(QStringLiteral("Configurations"), modes);
  form->addRow(QStringLiteral("num_warps"), warpsField);
  form->addRow(QStringLiteral("num_stages"), stagesField);
  form->addRow(QStringLiteral("Constexprs"), constexprField);
  form->addRow(QStringLiteral("Grid"), gridField);
  form->addRow(QStringLiteral("Arguments"), argumentsField);
  form->addRow(QStringLiteral("Bench options"), benchOptionsField);
  form->addRow(QStringLiteral("FLOPs"), flopsField);
  auto *buttons = new QHBoxLayout;
  buttons->addWidget(startButton);
  buttons->addWidget(cancelButton);
  buttons->addStretch();
  auto *splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(table);
  splitter->addWidget(plot);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(messageLabel);
  layout->addWidget(splitter, 1);

  connect(startButton, &QPushButton::clicked, this, &TuningPanel::start);
  connect(cancelButton, &QPushButton::clicked, this, &TuningPanel::cancel);
  connect(autotuneMode, &QRadioButton::toggled, this, [this](bool autotune) {
    for (QLineEdit *field : {warpsField, stagesField, constexprField})
      field->setEnabled(!autotune);
  });
  connect(run, &TuningRun::progressed, this, [this](int done, int total) {
    messageLabel->setText(QStringLiteral("%1 of %2 configurations run").arg(done).arg(total));
  });
  connect(run, &TuningRun::finished, this, [this] {
    setBusy(false);
    int best = model->bestRow();
    bool cancelled = false;
    for (int row = 0; row < model->rowCount(); ++row)
      cancelled |= model->row(row).state == TuningResultsModel::State::Cancelled;
    QString outcome = best >= 0 ? QStringLiteral("Best: #%1 %2, %3 ms")
                                      .arg(best + 1)
                                      .arg(model->row(best).config.label)
                                      .arg(model->row(best).record.medianMilliseconds)
                                : QStringLiteral("No configuration produced a time (see each row's error).");
    messageLabel->setText(cancelled ? QStringLiteral("Cancelled. ") + outcome : outcome);
    Q_EMIT finished();
  });
}

void TuningPanel::setLaunchTarget(const LaunchTarget &target, const QStringList &names) {
  launchTarget = target;
  parameterNames = names;
}

void TuningPanel::setAutotuneConfigs(const std::vector<AutotuneConfig> &choices) {
  autotuneChoices = choices;
  autotuneMode->setEnabled(!choices.empty());
  autotuneMode->setToolTip(choices.empty() ? QStringLiteral("The kernel has no @triton.autotune configs")
                                           : QStringLiteral("%1 configs").arg(choices.size()));
  if (choices.empty())
    sweepMode->setChecked(true);
}

void TuningPanel::setExecutable(const QString &path) { executableField->setText(path); }
QString TuningPanel::executable() const { return executableField->text(); }
void TuningPanel::setWarps(const QString &values) { warpsField->setText(values); }
void TuningPanel::setStages(const QString &values) { stagesField->setText(values); }
void TuningPanel::setConstexprs(const QString &sweeps) { constexprField->setText(sweeps); }
void TuningPanel::setGrid(const QString &grid) { gridField->setText(grid); }
void TuningPanel::setArguments(const QString &arguments) { argumentsField->setText(arguments); }
void TuningPanel::setBenchOptions(const QString &options) { benchOptionsField->setText(options); }
void TuningPanel::setFlops(const QString &expression) { flopsField->setText(expression); }
void TuningPanel::setUseAutotuneConfigs(bool use) { (use ? autotuneMode : sweepMode)->setChecked(true); }
QString TuningPanel::message() const { return messageLabel->text(); }

std::optional<std::vector<TuningConfig>> TuningPanel::configsFromForm(QString *problem) const {
  if (autotuneMode->isChecked()) {
    if (autotuneChoices.empty()) {
      *problem = QStringLiteral("The kernel has no @triton.autotune configs.");
      return std::nullopt;
    }
    return autotuneConfigs(autotuneChoices);
  }
  QString error;
  std::optional<std::vector<int>> warps = parseIntegerList(warpsField->text(), &error);
  if (!warps) {
    *problem = QStringLiteral("num_warps: ") + error;
    return std::nullopt;
  }
  std::optional<std::vector<int>> stages = parseIntegerList(stagesField->text(), &error);
  if (!stages) {
    *problem = QStringLiteral("num_stages: ") + error;
    return std::nullopt;
  }
  auto constexprs = parseConstexprSweeps(constexprField->text(), &error);
  if (!constexprs) {
    *problem = QStringLiteral("Constexprs: ") + error;
    return std::nullopt;
  }
  for (const auto &[name, values] : *constexprs)
    if (!parameterNames.contains(name)) {
      *problem = QStringLiteral("Constexprs: '%1' is not a parameter of %2").arg(name, launchTarget.kernel);
      return std::nullopt;
    }
  return sweepConfigs(*warps, *stages, *constexprs);
}

bool TuningPanel::start() {
  if (run->isRunning()) {
    messageLabel->setText(QStringLiteral("A sweep is running; cancel it first."));
    return false;
  }
  if (launchTarget.path.isEmpty()) {
    messageLabel->setText(QStringLiteral("Open a Python kernel and compile it first."));
    return false;
  }
  QString problem;
  std::optional<std::vector<TuningConfig>> configs = configsFromForm(&problem);
  if (!configs) {
    messageLabel->setText(problem);
    return false;
  }
  TuningRequest request;
  request.program = executable();
  request.target = launchTarget;
  request.parameterNames = parameterNames;
  request.settings.grid = gridField->text();
  request.settings.arguments = argumentsField->text();
  request.settings.benchOptions = benchOptionsField->text();
  request.flopsExpression = flopsField->text();
  request.configs = *configs;
  setBusy(true);
  messageLabel->setText(QStringLiteral("Running %1 configurations…").arg(configs->size()));
  return run->start(request);
}

void TuningPanel::cancel() { run->cancel(); }

void TuningPanel::setBusy(bool busy) {
  startButton->setEnabled(!busy);
  cancelButton->setEnabled(busy);
}

} // namespace trex::explorer
