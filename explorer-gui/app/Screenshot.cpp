// Screenshot: a MainWindow driven to its full state, then QWidget::grab().
#include "Screenshot.h"

#include "MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>

namespace trex::explorer {

int renderScreenshot(const ScreenshotRequest &request) {
  if (request.input.isEmpty() || request.output.isEmpty()) {
    std::fprintf(stderr, "error: --screenshot needs FILE.png and a kernel\n");
    return 2;
  }
  // The user's settings (recent files, remembered specializations) are neither read nor
  // written: this run's settings live in a folder removed when it ends (and the process's
  // settings location is put back afterwards, for callers that go on).
  QTemporaryDir settingsFolder;
  struct RestoreSettings {
    QSettings::Format format = QSettings::defaultFormat();
    QString path;
    RestoreSettings() {
      QFileInfo file(QSettings().fileName());
      path = file.dir().absolutePath();
      path = QFileInfo(path).dir().absolutePath(); // <path>/<organization>/<application>.ext
    }
    ~RestoreSettings() {
      QSettings::setDefaultFormat(format);
      QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, path);
    }
  } restore;
  QSettings::setDefaultFormat(QSettings::IniFormat);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                     settingsFolder.isValid() ? settingsFolder.path()
                                              : QStringLiteral("/nonexistent"));
  MainWindow window;
  window.setHeadless(true);
  window.resize(request.width, request.height);
  if (!request.target.isEmpty())
    window.setTarget(request.target);
  auto save = [&]() {
    window.show();
    QApplication::processEvents();
    if (!window.grab().save(request.output, "PNG")) {
      std::fprintf(stderr, "error: cannot write %s\n", qPrintable(request.output));
      return false;
    }
    return true;
  };
  if (!window.openPath(request.input, request.kernel, request.signature)) {
    // The screenshot shows the problem in the diagnostics pane; the exit status says it too.
    save();
    std::fprintf(stderr, "error: %s\n", qPrintable(window.openProblem()));
    return 1;
  }
  if (!window.compileAndWait()) {
    std::fprintf(stderr, "error: the compile did not finish\n");
    return 1;
  }
  // A session kernel keeps its view of trex's ttgir beside Triton's; anything else shows every
  // stage.
  if (window.sessionKernelRow() < 0 && !request.defaultView)
    window.showAllStages();
  bool failed = window.diagnosticsModel()->errorCount() > 0;
  if (failed)
    window.raiseDiagnostics();
  if (!save())
    return 1;
  if (failed) {
    // The first error says what happened (a crashed compiler among others).
    QString first;
    DiagnosticsModel *diagnostics = window.diagnosticsModel();
    for (int row = 0; row < diagnostics->rowCount() && first.isEmpty(); ++row)
      if (diagnostics->index(row, 0).data(DiagnosticsModel::SeverityRole).toInt() ==
          static_cast<int>(CompileDiagnostic::Severity::Error))
        first = diagnostics->index(row, DiagnosticsModel::MessageColumn).data().toString();
    std::fprintf(stderr,
                 "error: the kernel did not compile: %s (the screenshot shows the diagnostics)\n",
                 qPrintable(first));
  }
  return failed ? 1 : 0;
}

} // namespace trex::explorer
