// CompileController: one QProcess per worker; requests and snapshots travel as frames
// (CompileMessages.h) on its stdin and stdout, its stderr is passed on and its end kept for a
// crash report.
#include "CompileController.h"

#include "CompileMessages.h"
#include "CompileWorker.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace trex::explorer {

namespace {

// What ending a worker costs the next compile: a new process (libraries, MLIR context). On the
// build machine a new worker's first compile of the vector-add sample takes ~35-40 ms longer
// than a warm one's (docs/performance.md). A superseded compile expected to end sooner than
// this is left to finish; any other is stopped.
constexpr qint64 kWorkerStartMilliseconds = 50;
// How much of the worker's stderr a crash report keeps, and in how many lines.
constexpr int kErrorTailBytes = 8192;
constexpr int kErrorTailLines = 12;

QString signalName(int signal) {
  if (signal <= 0 || signal >= NSIG)
    return QString();
  const char *name = ::strsignal(signal);
  return name ? QString::fromLocal8Bit(name) : QString();
}

} // namespace

CompileController::CompileController(QObject *parent) : QObject(parent) {
  debounce.setSingleShot(true);
  connect(&debounce, &QTimer::timeout, this, &CompileController::launch);
}

CompileController::~CompileController() {
  // Workers are ended here rather than by ~QProcess, which would warn about a running process.
  for (QProcess *process : findChildren<QProcess *>()) {
    process->disconnect(this);
    if (process->state() != QProcess::NotRunning) {
      process->kill();
      process->waitForFinished(5000);
    }
  }
}

QString CompileController::workerProgram() { return QCoreApplication::applicationFilePath(); }

QStringList CompileController::workerArguments() {
  return {QString::fromLatin1(kCompileWorkerSwitch)};
}

void CompileController::request(const CompileRequest &newRequest, int debounceMilliseconds) {
  pending = newRequest;
  hasPending = true;
  ++latest;
  debounce.start(debounceMilliseconds);
}

bool CompileController::isBusy() const { return running != 0 || hasPending; }

qint64 CompileController::workerProcessId() const {
  return worker && worker->state() != QProcess::NotRunning ? worker->processId() : 0;
}

void CompileController::launch() {
  if (!hasPending)
    return;
  if (running != 0) {
    // Expected from the previous compile's time; one that overran it may run on for long.
    qint64 elapsed = runningFor.elapsed();
    bool endingSoon = lastCompileMilliseconds >= 0 && elapsed <= lastCompileMilliseconds &&
                      lastCompileMilliseconds - elapsed < kWorkerStartMilliseconds;
    if (endingSoon)
      return; // finishRunning starts the pending request.
    quint64 stopped = running;
    running = 0;
    stopWorker();
    Q_EMIT staleResultDropped(stopped, true);
  }
  runningRequest = pending;
  hasPending = false;
  running = latest;
  answer.clear();
  errorTail.clear();
  runningFor.start();
  Q_EMIT compileStarted(running);
  const quint64 generation = running;
  if (!ensureWorker() || running != generation)
    return; // it could not start: finishRunning reported that
  std::string bytes = frame(encodeRequest(runningRequest));
  worker->write(bytes.data(), static_cast<qint64>(bytes.size()));
}

bool CompileController::ensureWorker() {
  if (worker)
    return true;
  worker = new QProcess(this);
  worker->setProgram(workerProgram());
  worker->setArguments(workerArguments());
  worker->setProcessChannelMode(QProcess::SeparateChannels);
  connect(worker, &QProcess::readyReadStandardOutput, this, &CompileController::readAnswers);
  connect(worker, &QProcess::readyReadStandardError, this, &CompileController::readErrors);
  connect(worker, &QProcess::finished, this, &CompileController::workerEnded);
  connect(worker, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
      workerFailedToStart();
  });
  worker->start();
  return worker != nullptr;
}

void CompileController::stopWorker() {
  if (!worker)
    return;
  QProcess *ended = worker;
  worker = nullptr;
  answer.clear();
  ended->disconnect(this);
  if (ended->state() == QProcess::NotRunning) {
    ended->deleteLater();
    return;
  }
  connect(ended, &QProcess::finished, ended, &QObject::deleteLater);
  ended->kill();
}

void CompileController::readAnswers() {
  receive(*worker);
  takeAnswer();
}

void CompileController::receive(QProcess &process) {
  qint64 available = process.bytesAvailable();
  if (available <= 0)
    return;
  qsizetype size = answer.size();
  answer.resize(size + available);
  qint64 read = process.read(answer.data() + size, available);
  answer.resize(size + std::max<qint64>(read, 0));
  // Once the header gives the frame's size, the buffer grows once (a snapshot can be 100 MB).
  FrameScan scan = scanFrame(std::string_view(answer.constData(), answer.size()));
  if (scan.state == FrameScan::State::Incomplete && scan.payloadOffset != 0)
    answer.reserve(static_cast<qsizetype>(scan.payloadOffset + scan.payloadSize));
}

bool CompileController::takeAnswer() {
  FrameScan scan = scanFrame(std::string_view(answer.constData(), answer.size()));
  if (scan.state == FrameScan::State::Incomplete)
    return false;
  std::string problem = "it is not a frame";
  std::optional<CompileSnapshot> snapshot;
  if (scan.state == FrameScan::State::Complete && running != 0)
    snapshot = decodeSnapshot(
        std::string_view(answer.constData() + scan.payloadOffset, scan.payloadSize), &problem);
  else if (running == 0)
    problem = "no compile was asked for";
  if (!snapshot) {
    // A worker that says something else cannot be trusted with the next request either.
    stopWorker();
    if (running != 0)
      finishWithFailure(QStringLiteral("the compile worker's answer cannot be read (%1)")
                            .arg(QString::fromStdString(problem)));
    return true;
  }
  answer.remove(0, static_cast<qsizetype>(scan.payloadOffset + scan.payloadSize));
  lastCompileMilliseconds = runningFor.elapsed();
  finishRunning(*snapshot);
  return true;
}

void CompileController::readErrors() { keepErrors(worker->readAllStandardError()); }

void CompileController::keepErrors(const QByteArray &text) {
  // What the compiler prints (warnings about missing tools, LLVM's crash report) still reaches
  // the terminal the explorer was started from.
  std::fwrite(text.constData(), 1, static_cast<size_t>(text.size()), stderr);
  errorTail += text;
  if (errorTail.size() > kErrorTailBytes)
    errorTail = errorTail.right(kErrorTailBytes);
}

void CompileController::workerEnded(int exitCode, QProcess::ExitStatus status) {
  QProcess *ended = worker;
  worker = nullptr;
  ended->disconnect(this);
  ended->deleteLater();
  keepErrors(ended->readAllStandardError());
  receive(*ended);
  if (running == 0)
    return; // an idle worker ended; the next request starts another
  // An answer written just before the end still counts.
  if (takeAnswer())
    return;
  QString what;
  if (status == QProcess::CrashExit) {
    // Qt reports the signal that ended the process as its exit code.
    QString name = signalName(exitCode);
    what = name.isEmpty()
               ? QStringLiteral("the compiler crashed")
               : QStringLiteral("the compiler crashed (signal %1, %2)").arg(exitCode).arg(name);
  } else {
    what =
        QStringLiteral("the compile worker exited with status %1 without answering").arg(exitCode);
  }
  finishWithFailure(what);
}

void CompileController::workerFailedToStart() {
  QString problem = worker ? worker->errorString() : QString();
  stopWorker();
  if (running != 0)
    finishWithFailure(QStringLiteral("the compile worker (%1 %2) could not start: %3")
                          .arg(workerProgram(), workerArguments().join(' '), problem));
}

CompileSnapshot CompileController::workerFailure(const QString &what) const {
  const std::string compiled =
      runningRequest.resume ? runningRequest.resume->bufferName : runningRequest.fileName;
  CompileSnapshot snapshot;
  snapshot.resumedFrom = runningRequest.resume;
  snapshot.milliseconds = static_cast<double>(runningFor.elapsed());
  CompileDiagnostic error;
  error.severity = CompileDiagnostic::Severity::Error;
  error.message = QStringLiteral("%1 while compiling %2; the window is unaffected")
                      .arg(what, QFileInfo(QString::fromStdString(compiled)).fileName())
                      .toStdString();
  error.rendered = "error: " + error.message;
  QStringList lines = QString::fromLocal8Bit(errorTail).split('\n', Qt::SkipEmptyParts);
  if (lines.size() > kErrorTailLines)
    lines = lines.mid(lines.size() - kErrorTailLines);
  if (!lines.isEmpty())
    error.rendered += "\nthe compiler's last output:\n" + lines.join('\n').toStdString();
  snapshot.diagnostics.push_back(error);
  // The end of its stderr, one note per line, so the table shows it.
  for (const QString &line : lines) {
    CompileDiagnostic note;
    note.severity = CompileDiagnostic::Severity::Note;
    note.message = QStringLiteral("compiler output: %1").arg(line).toStdString();
    note.rendered = "note: " + note.message;
    snapshot.diagnostics.push_back(note);
  }
  return snapshot;
}

void CompileController::finishWithFailure(const QString &what) {
  CompileSnapshot snapshot = workerFailure(what);
  Q_EMIT workerFailed(QString::fromStdString(snapshot.diagnostics.front().message));
  finishRunning(snapshot);
}

void CompileController::finishRunning(const CompileSnapshot &snapshot) {
  quint64 generation = running;
  running = 0;
  if (generation == latest) {
    delivered = generation;
    Q_EMIT compileFinished(snapshot, generation);
  } else {
    Q_EMIT staleResultDropped(generation, false);
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
