// trex-explorer: the Qt desktop explorer. `--screenshot FILE.png KERNEL` renders the window with
// every stage of KERNEL offscreen and exits (for tests and docs). `--compile-worker` (hidden) is
// the child process the window's compiles run in (CompileWorker.h).
#include "CompileWorker.h"
#include "MainWindow.h"
#include "Screenshot.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {

// Qt's platform chatter that says nothing about trex or the user's kernel: fonts without
// OpenType tables (once per font and script), the offscreen platform's missing features, an
// unset XDG_RUNTIME_DIR. Everything else Qt says is passed on.
QtMessageHandler defaultHandler = nullptr;

void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message) {
  static const char *const kNoise[] = {"OpenType support missing", "propagateSizeHints",
                                       "XDG_RUNTIME_DIR not set"};
  if (type == QtDebugMsg || type == QtWarningMsg || type == QtInfoMsg)
    for (const char *noise : kNoise)
      if (message.contains(QLatin1String(noise)))
        return;
  if (defaultHandler)
    defaultHandler(type, context, message);
}

} // namespace

int main(int argc, char **argv) {
  // The compile worker creates no application object and no window.
  if (trex::explorer::isCompileWorkerInvocation(argc, argv))
    return trex::explorer::runCompileWorker();
  defaultHandler = qInstallMessageHandler(quietHandler);
  QElapsedTimer startup;
  startup.start();
  // A screenshot needs no display: render offscreen unless the caller chose a platform.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--screenshot") == 0 && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
      qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("trex"));
  QApplication::setApplicationName(QStringLiteral("trex-explorer"));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Explore a Triton kernel's compilation stage by stage"));
  parser.addHelpOption();
  parser.addPositionalArgument(
      QStringLiteral("input"),
      QStringLiteral(
          "A .py kernel, .ttir/.ttgir, a Triton cache directory or a capture session folder"));
  QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Render the window to FILE.png and exit"),
                                QStringLiteral("FILE.png"));
  QCommandLineOption kernel(
      QStringLiteral("kernel"),
      QStringLiteral("The @triton.jit function (in a session: its id or name)"),
      QStringLiteral("NAME"));
  QCommandLineOption signature(QStringLiteral("signature"), QStringLiteral("Its signature in Triton's AOT form"),
                               QStringLiteral("SIGNATURE"));
  QCommandLineOption target(QStringLiteral("target"), QStringLiteral("cuda:90, cuda:80 or hip:gfx942"), QStringLiteral("TARGET"));
  QCommandLineOption startupTime(QStringLiteral("print-startup-time"),
                                 QStringLiteral("Print the milliseconds until the window is shown, and exit"));
  QCommandLineOption defaultView(
      QStringLiteral("default-view"),
      QStringLiteral("With --screenshot: the window as it first opens (three panes, "
                     "1366x768) rather than every stage"));
  parser.addOptions({screenshot, kernel, signature, target, startupTime, defaultView});
  parser.process(app);

  if (parser.isSet(screenshot)) {
    trex::explorer::ScreenshotRequest request;
    request.output = parser.value(screenshot);
    request.input = parser.positionalArguments().value(0);
    request.kernel = parser.value(kernel);
    request.signature = parser.value(signature);
    request.target = parser.value(target);
    if (parser.isSet(defaultView)) {
      request.defaultView = true;
      request.width = 1366;
      request.height = 768;
    }
    return trex::explorer::renderScreenshot(request);
  }

  trex::explorer::MainWindow window;
  if (parser.isSet(target))
    window.setTarget(parser.value(target));
  if (!parser.positionalArguments().isEmpty())
    window.openPath(parser.positionalArguments().first(), parser.value(kernel), parser.value(signature));
  window.show();
  if (parser.isSet(startupTime)) {
    QTimer::singleShot(0, &app, [&] {
      std::printf("startup: %lld ms\n", static_cast<long long>(startup.elapsed()));
      app.quit();
    });
  }
  return app.exec();
}
