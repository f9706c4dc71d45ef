// CompileController: compiles off the UI thread and out of the window's process. Requests are
// debounced (typing does not start a compile per key) and go, one at a time, to a compile worker:
// the explorer's executable started with `--compile-worker` (CompileWorker.h), kept running
// between compiles so that an edit does not pay for a process start. A worker that crashes
// becomes an error in the diagnostics (the window lives on) and the next compile starts a new
// one. A newer request supersedes the running compile: it is stopped by ending its worker,
// unless it is about to finish (then it costs less to wait than to start a new worker) and its
// result is dropped.
#pragma once

#include "CompileSnapshot.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QTimer>

namespace trex::explorer {

class CompileController : public QObject {
  Q_OBJECT
public:
  explicit CompileController(QObject *parent = nullptr);
  ~CompileController() override;

  // Compiles `request` after `debounceMilliseconds` of quiet; a later request replaces it.
  void request(const CompileRequest &request, int debounceMilliseconds = 300);
  bool isBusy() const;
  // Runs the event loop until the latest request's result arrived (or `timeoutMilliseconds`).
  bool waitForLatest(int timeoutMilliseconds);
  quint64 latestGeneration() const { return latest; }
  // The running worker's process id (0: none), for tests.
  qint64 workerProcessId() const;
  // The program and arguments that start a worker: this executable with `--compile-worker`.
  // Every program that links the explorer's application library answers that switch in its
  // main() (the window tests and benches too).
  static QString workerProgram();
  static QStringList workerArguments();

Q_SIGNALS:
  void compileStarted(quint64 generation);
  // Only the result of the latest request is delivered; a crashed compile delivers a snapshot
  // whose diagnostics say so.
  void compileFinished(const trex::explorer::CompileSnapshot &snapshot, quint64 generation);
  // `stopped`: the compile was ended (its worker too) rather than left to finish.
  void staleResultDropped(quint64 generation, bool stopped);
  // The worker ended (crashed, exited, could not start or answered garbage) while it compiled;
  // `message` is the error the compile's snapshot carries.
  void workerFailed(const QString &message);

private:
  void launch();
  bool ensureWorker();
  // Ends the worker without reporting anything (superseded, or the controller going away).
  void stopWorker();
  void readAnswers();
  // Appends what `process` has written on stdout to `answer`.
  void receive(QProcess &process);
  // Finishes the compile in flight when `answer` holds a whole frame (or something that is not
  // one); false while it is incomplete.
  bool takeAnswer();
  void readErrors();
  void keepErrors(const QByteArray &text);
  void workerEnded(int exitCode, QProcess::ExitStatus status);
  void workerFailedToStart();
  // The compile in flight is over with `snapshot`: delivered if still the latest, else dropped.
  void finishRunning(const CompileSnapshot &snapshot);
  // finishRunning with workerFailure(what), announced by workerFailed.
  void finishWithFailure(const QString &what);
  // The error snapshot for the compile in flight when its worker ended with `what` ("the
  // compiler crashed (signal 11, Segmentation fault)").
  CompileSnapshot workerFailure(const QString &what) const;

  QTimer debounce;
  CompileRequest pending;
  bool hasPending = false;
  quint64 latest = 0;
  quint64 delivered = 0;
  // The generation the worker compiles (0: none), its request and how long it has run.
  quint64 running = 0;
  CompileRequest runningRequest;
  QElapsedTimer runningFor;
  // The previous compile's time (request sent to answer read): what the running one should
  // take.
  qint64 lastCompileMilliseconds = -1;
  QProcess *worker = nullptr;
  QByteArray answer;
  // The end of what the worker wrote on stderr since its compile started, for a crash report.
  QByteArray errorTail;
};

} // namespace trex::explorer
