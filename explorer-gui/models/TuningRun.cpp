// TuningRun: one child at a time; the next starts from the previous one's finished().
#include "TuningRun.h"

#include "LaunchExpression.h"

#include <QTimer>

namespace trex::explorer {

TuningRun::TuningRun(TuningResultsModel *results, QObject *parent)
    : QObject(parent), results(results), child(new LaunchProcess(this)) {
  connect(child, &LaunchProcess::finished, this, &TuningRun::onChildFinished);
}

bool TuningRun::start(const TuningRequest &newRequest) {
  if (running)
    return false;
  request = newRequest;
  results->setConfigs(request.configs);
  running = true;
  current = -1;
  // Later, so a caller connected after start() still sees every signal.
  QTimer::singleShot(0, this, &TuningRun::launchNext);
  return true;
}

QStringList TuningRun::commandFor(int row, QString *problem) const {
  const TuningConfig &config = request.configs[row];
  LaunchTarget target = request.target;
  target.numWarps = config.numWarps;
  target.numStages = config.numStages;
  target.autotuneConfig = config.autotuneIndex;
  // An autotune config supplies its meta-parameters itself; a sweep writes them into the
  // signature, where constexprs are given.
  if (!config.autotuneIndex && !config.constexprs.isEmpty()) {
    std::optional<QString> signature =
        signatureWith(target.signature, request.parameterNames, config.constexprs, problem);
    if (!signature)
      return {};
    target.signature = *signature;
  }
  LaunchSettings settings = request.settings;
  ExpressionValue grid = evaluateGrid(request.settings.grid, config.variables(), &settings.grid);
  if (!grid.value) {
    *problem = QStringLiteral("grid %1").arg(grid.error);
    return {};
  }
  return launchArguments(target, settings, /*bench=*/true);
}

void TuningRun::launchNext() {
  if (!running)
    return;
  ++current;
  Q_EMIT progressed(current, static_cast<int>(request.configs.size()));
  if (current >= static_cast<int>(request.configs.size())) {
    running = false;
    Q_EMIT finished();
    return;
  }
  QString problem;
  QStringList arguments = commandFor(current, &problem);
  if (arguments.isEmpty()) {
    RunRecord record;
    record.error = problem;
    results->setResult(current, record, 0);
    QTimer::singleShot(0, this, &TuningRun::launchNext);
    return;
  }
  results->setRunning(current);
  child->start(request.program, arguments, request.childTimeoutMilliseconds);
}

void TuningRun::onChildFinished(const RunRecord &record) {
  if (current < 0 || current >= static_cast<int>(request.configs.size()))
    return;
  double flops = 0;
  if (!request.flopsExpression.trimmed().isEmpty()) {
    ExpressionValue value = evaluateLaunchExpression(request.flopsExpression, request.configs[current].variables());
    flops = value.value ? static_cast<double>(*value.value) : 0;
  }
  results->setResult(current, record, flops);
  if (record.cancelled) {
    results->cancelPending();
    running = false;
    Q_EMIT finished();
    return;
  }
  launchNext();
}

void TuningRun::cancel() {
  if (!running)
    return;
  if (child->isRunning()) {
    child->cancel(); // onChildFinished marks the rest cancelled
    return;
  }
  results->cancelPending();
  running = false;
  Q_EMIT finished();
}

} // namespace trex::explorer
