// Screenshot: a MainWindow driven to its full state, then QWidget::grab().
#include "Screenshot.h"

#include "MainWindow.h"

#include <QApplication>
#include <QPixmap>

#include <cstdio>

namespace trex::explorer {

int renderScreenshot(const ScreenshotRequest &request) {
  if (request.input.isEmpty() || request.output.isEmpty()) {
    std::fprintf(stderr, "error: --screenshot needs FILE.png and a kernel\n");
    return 2;
  }
  MainWindow window;
  window.resize(request.width, request.height);
  if (!request.target.isEmpty())
    window.setTarget(request.target);
  if (!window.openPath(request.input, request.kernel, request.signature))
    return 1;
  if (!window.compileAndWait()) {
    std::fprintf(stderr, "error: the compile did not finish\n");
    return 1;
  }
  window.showAllStages();
  window.show();
  QApplication::processEvents();
  QPixmap pixmap = window.grab();
  if (!pixmap.save(request.output, "PNG")) {
    std::fprintf(stderr, "error: cannot write %s\n", qPrintable(request.output));
    return 1;
  }
  bool failed = window.diagnosticsModel()->errorCount() > 0;
  if (failed)
    std::fprintf(stderr, "error: the kernel did not compile (the screenshot shows the diagnostics)\n");
  return failed ? 1 : 0;
}

} // namespace trex::explorer
