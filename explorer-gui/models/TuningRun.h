// TuningRun: runs the configurations of a tuning sweep one after another, each through a child
// `trex bench --json` (LaunchProcess), and fills a TuningResultsModel in order. The grid and
// the FLOPs per launch are expressions re-evaluated per configuration; a configuration whose
// grid or signature cannot be built fails alone. Cancelling kills the running child and marks
// the rest cancelled; nothing waits on a child that never answers (it times out).
#pragma once

#include "LaunchCommand.h"
#include "LaunchProcess.h"
#include "TuningResultsModel.h"

#include <QObject>

namespace trex::explorer {

struct TuningRequest {
  QString program;
  // The kernel and its signature; each configuration sets the options and constexprs.
  LaunchTarget target;
  QStringList parameterNames;
  // `grid` may be an expression per dimension ("cdiv(4096, BLOCK_SIZE)").
  LaunchSettings settings;
  // Work per launch ("2*M*N*K"); empty: no TFLOP/s.
  QString flopsExpression;
  std::vector<TuningConfig> configs;
  int childTimeoutMilliseconds = 120000;
};

class TuningRun : public QObject {
  Q_OBJECT
public:
  explicit TuningRun(TuningResultsModel *results, QObject *parent = nullptr);

  // Starts the sweep (the results get one pending row per configuration). False when one runs.
  bool start(const TuningRequest &request);
  void cancel();
  bool isRunning() const { return running; }
  // The command line configuration `row` runs with, or the reason it cannot run.
  QStringList commandFor(int row, QString *problem) const;

Q_SIGNALS:
  void progressed(int done, int total);
  void finished();

private:
  void launchNext();
  void onChildFinished(const RunRecord &record);

  TuningResultsModel *results;
  LaunchProcess *child;
  TuningRequest request;
  int current = -1;
  bool running = false;
};

} // namespace trex::explorer
