// Screenshot: `trex-explorer --screenshot FILE.png KERNEL`: the main window with every stage of
// the kernel, rendered without a display and saved.
#pragma once

#include <QString>

namespace trex::explorer {

struct ScreenshotRequest {
  QString output;
  QString input;
  QString kernel;
  QString signature;
  QString target;
  int width = 1800;
  int height = 1000;
  // Keep the window's default view (three panes) instead of showing every stage.
  bool defaultView = false;
};

// Opens, compiles (waiting for the result), shows all stages, grabs and saves; returns the
// process exit code (0 when the PNG was written and the compile succeeded).
int renderScreenshot(const ScreenshotRequest &request);

} // namespace trex::explorer
