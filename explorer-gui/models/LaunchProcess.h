// LaunchProcess: one child `trex run|bench --json` (QProcess), turned into a RunRecord however
// it ends: a JSON answer, an error answer (no GPU), a crash, a timeout, a program that cannot
// start, or cancel(). A kernel that faults takes down the child, never the explorer.
#pragma once

#include "RunResultsModel.h"

#include <QObject>
#include <QPointer>
#include <QProcess>

namespace trex::explorer {

class LaunchProcess : public QObject {
  Q_OBJECT
public:
  explicit LaunchProcess(QObject *parent = nullptr);
  ~LaunchProcess() override;

  // Starts `program arguments`; finished() follows exactly once. False when one is running.
  bool start(const QString &program, const QStringList &arguments, int timeoutMilliseconds = 120000);
  bool isRunning() const;
  // Kills the child; finished() reports it as cancelled.
  void cancel();

Q_SIGNALS:
  void finished(const trex::explorer::RunRecord &record);

private:
  void childFinished(int exitCode, QProcess::ExitStatus status);

  QPointer<QProcess> process;
  QString program;
  bool cancelled = false;
  bool timedOut = false;
};

} // namespace trex::explorer
