// trex-layout-playground: interactive Dear ImGui explorer of Triton's layout families (or one offscreen frame as PNG).
#include "GlfwImGuiSession.h"
#include "OffscreenFramebuffer.h"
#include "PlaygroundExport.h"
#include "PlaygroundOptions.h"
#include "PlaygroundState.h"
#include "PlaygroundWindow.h"
#include "PngWriter.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <optional>
#include <vector>

using namespace trex::playground;

namespace {

// A few frames let ImGui settle sizes that depend on the previous frame (tab bars, children).
constexpr int kScreenshotFrames = 3;

// Renders the frame; a PNG the window asked for is cut from its pixels before they are shown.
void renderFrame(GlfwImGuiSession &session, PlaygroundWindow &window, bool present) {
  session.render();
  if (std::optional<std::string> path = window.takePngRequest()) {
    const int width = session.framebufferWidth(), height = session.framebufferHeight();
    window.reportExport(
        exportPng(*path, readFramebufferRgb(width, height), width, height, window.viewRect()));
  }
  if (present)
    session.present();
}

void drawFrame(GlfwImGuiSession &session, PlaygroundWindow &window) {
  session.beginFrame(/*waitForEvents=*/false);
  window.draw();
  renderFrame(session, window, /*present=*/false);
}

int takeScreenshot(GlfwImGuiSession &session, PlaygroundWindow &window,
                   const PlaygroundOptions &options, const std::vector<Shortcut> &shortcuts) {
  OffscreenFramebuffer framebuffer(session.framebufferWidth(), session.framebufferHeight());
  if (!framebuffer.error().empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", framebuffer.error().c_str());
    return 1;
  }
  framebuffer.bind();
  if (options.hover.size() == 2)
    session.simulateMouseAt(options.hover[0], options.hover[1]);
  for (int frame = 0; frame + 1 < kScreenshotFrames; ++frame)
    drawFrame(session, window);
  // Each shortcut in a frame of its own (pressed, then released), as typed.
  int status = 0;
  for (const Shortcut &shortcut : shortcuts) {
    session.simulateShortcut(shortcut.letter, shortcut.shift);
    drawFrame(session, window);
    drawFrame(session, window);
    if (const std::optional<ExportResult> &result = window.lastExport()) {
      std::fprintf(result->ok ? stdout : stderr, "trex-layout-playground: %s\n",
                   result->message.c_str());
      status = result->ok ? status : 1;
    }
    window.clearExport();
  }
  drawFrame(session, window);
  std::string error = writePng(options.screenshotPath, session.framebufferWidth(),
                               session.framebufferHeight(), 3, framebuffer.readRgb());
  if (!error.empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", error.c_str());
    return 1;
  }
  if (!window.state().ok())
    std::fprintf(stderr, "trex-layout-playground: note: the layout is invalid: %s\n",
                 window.state().error().c_str());
  return status;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Dear ImGui playground for Triton GPU layouts"};
  PlaygroundOptions options;
  setupPlaygroundOptions(app, options);
  CLI11_PARSE(app, argc, argv);

  PlaygroundParameters parameters;
  PlaygroundView view = PlaygroundView::Tensor;
  std::string error = resolvePlaygroundOptions(options, parameters, view);
  if (!error.empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", error.c_str());
    return 2;
  }

  std::vector<Shortcut> shortcuts;
  for (const std::string &text : options.press) {
    Shortcut shortcut;
    error = parseShortcut(text, shortcut);
    if (!error.empty()) {
      std::fprintf(stderr, "trex-layout-playground: %s\n", error.c_str());
      return 2;
    }
    shortcuts.push_back(shortcut);
  }
  if (!shortcuts.empty() && options.screenshotPath.empty()) {
    std::fprintf(stderr, "trex-layout-playground: --press needs --screenshot\n");
    return 2;
  }

  if (options.printAttribute) {
    PlaygroundState state(parameters);
    if (!state.ok()) {
      std::fprintf(stderr, "trex-layout-playground: invalid layout: %s\n", state.error().c_str());
      return 1;
    }
    std::printf("#playground = %s\n", state.attributeText().c_str());
    return 0;
  }

  const bool screenshot = !options.screenshotPath.empty();
  GlfwImGuiSession session("trex layout playground", options.width, options.height, !screenshot);
  if (!session.error().empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", session.error().c_str());
    return 1;
  }
  PlaygroundWindow window(parameters, view, options.cellSize);
  if (!options.exportName.empty())
    window.setExportName(options.exportName);
  if (!options.exportFolder.empty())
    window.setExportFolder(options.exportFolder);
  window.setReplaceWithoutAsking(options.force);
  if (screenshot)
    return takeScreenshot(session, window, options, shortcuts);
  while (!session.shouldClose()) {
    session.beginFrame(/*waitForEvents=*/true);
    window.draw();
    renderFrame(session, window, /*present=*/true);
  }
  return 0;
}
