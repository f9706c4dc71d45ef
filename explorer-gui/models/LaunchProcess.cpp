// LaunchProcess: QProcess's finished/errorOccurred folded into one finished(RunRecord).
#include "LaunchProcess.h"

#include <QTimer>

namespace trex::explorer {

LaunchProcess::LaunchProcess(QObject *parent) : QObject(parent) {}

LaunchProcess::~LaunchProcess() {
  if (process) {
    process->disconnect(this);
    process->kill();
    process->waitForFinished(2000);
  }
}

bool LaunchProcess::isRunning() const { return process && process->state() != QProcess::NotRunning; }

bool LaunchProcess::start(const QString &newProgram, const QStringList &arguments, int timeoutMilliseconds) {
  if (process)
    return false;
  program = newProgram;
  cancelled = false;
  timedOut = false;
  process = new QProcess(this);
  QProcess *child = process;
  connect(child, &QProcess::finished, this, &LaunchProcess::childFinished);
  connect(child, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    // A child that never started sends no finished(); anything else is reported there.
    if (error == QProcess::FailedToStart)
      childFinished(-1, QProcess::CrashExit);
  });
  QTimer::singleShot(timeoutMilliseconds, child, [this, child] {
    timedOut = true;
    child->kill();
  });
  child->start(program, arguments);
  return true;
}

void LaunchProcess::cancel() {
  if (!process)
    return;
  cancelled = true;
  process->kill();
}

void LaunchProcess::childFinished(int exitCode, QProcess::ExitStatus status) {
  QProcess *child = process;
  if (!child)
    return;
  RunRecord record;
  if (child->error() == QProcess::FailedToStart) {
    record.crashed = true;
    record.error = QStringLiteral("could not start %1: %2").arg(program, child->errorString());
  } else if (cancelled) {
    record.cancelled = true;
    record.error = QStringLiteral("cancelled");
  } else if (timedOut) {
    record.crashed = true;
    record.error = QStringLiteral("the run process took too long and was stopped");
  } else {
    record = parseRunOutput(child->readAllStandardOutput(), child->readAllStandardError(), exitCode,
                            status == QProcess::CrashExit);
  }
  child->disconnect(this);
  child->deleteLater();
  process = nullptr;
  Q_EMIT finished(record);
}

} // namespace trex::explorer
