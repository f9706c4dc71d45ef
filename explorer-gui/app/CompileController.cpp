// CompileController: QtConcurrent runs the compile on the global pool; the watcher brings the
// result back to the UI thread.
#include "CompileController.h"

#include "CompileBridge.h"

#include <QEventLoop>
#include <QtConcurrent/QtConcurrentRun>

namespace trex::explorer {

CompileController::CompileController(QObject *parent) : QObject(parent) {
  debounce.setSingleShot(true);
  connect(&debounce, &QTimer::timeout, this, &CompileController::launch);
  connect(&watcher, &QFutureWatcher<CompileSnapshot>::finished, this, &CompileController::onFinished);
}

CompileController::~CompileController() {
  // The worker holds no reference to this object, but its result must not outlive the watcher.
  watcher.waitForFinished();
}

void CompileController::request(const CompileRequest &newRequest, int debounceMilliseconds) {
  pending = newRequest;
  hasPending = true;
  ++latest;
  debounce.start(debounceMilliseconds);
}

bool CompileController::isBusy() const { return watcher.isRunning() || hasPending; }

void CompileController::launch() {
  if (!hasPending || watcher.isRunning())
    return; // onFinished starts the pending request.
  CompileRequest request = pending;
  hasPending = false;
  running = latest;
  Q_EMIT compileStarted(running);
  watcher.setFuture(QtConcurrent::run([request] { return compileKernel(request); }));
}

void CompileController::onFinished() {
  quint64 generation = running;
  CompileSnapshot snapshot = watcher.result();
  if (generation == latest) {
    delivered = generation;
    Q_EMIT compileFinished(snapshot, generation);
  } else {
    Q_EMIT staleResultDropped(generation);
  }
  if (hasPending && !debounce.isActive())
    launch();
}

bool CompileController::waitForLatest(int timeoutMilliseconds) {
  if (delivered == latest)
    return true;
  QEventLoop loop;
  QTimer timeout;
  timeout.setSingleShot(true);
  connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
  connect(this, &CompileController::compileFinished, &loop, [this, &loop] {
    if (delivered == latest)
      loop.quit();
  });
  timeout.start(timeoutMilliseconds);
  loop.exec();
  return delivered == latest;
}

} // namespace trex::explorer
