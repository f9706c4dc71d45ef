// CompileController: compiles off the UI thread. Requests are debounced (typing does not start a
// compile per key), one compile runs at a time, and a result that a newer request has overtaken
// is dropped — the compile itself cannot be interrupted, so cancelling means discarding.
#pragma once

#include "CompileSnapshot.h"

#include <QFutureWatcher>
#include <QObject>
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

Q_SIGNALS:
  void compileStarted(quint64 generation);
  // Only the result of the latest request is delivered.
  void compileFinished(const trex::explorer::CompileSnapshot &snapshot, quint64 generation);
  void staleResultDropped(quint64 generation);

private:
  void launch();
  void onFinished();

  QTimer debounce;
  CompileRequest pending;
  bool hasPending = false;
  quint64 latest = 0;
  quint64 delivered = 0;
  quint64 running = 0;
  QFutureWatcher<CompileSnapshot> watcher;
};

} // namespace trex::explorer
