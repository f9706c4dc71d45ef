// trex-layout-playground: interactive Dear ImGui explorer of Triton's layout families (or one offscreen frame as PNG).
#include "GlfwImGuiSession.h"
#include "OffscreenFramebuffer.h"
#include "PlaygroundOptions.h"
#include "PlaygroundState.h"
#include "PlaygroundWindow.h"
#include "PngWriter.h"

#include <CLI/CLI.hpp>

#include <cstdio>

using namespace trex::playground;

namespace {

// A few frames let ImGui settle sizes that depend on the previous frame (tab bars, children).
constexpr int kScreenshotFrames = 3;

int takeScreenshot(GlfwImGuiSession &session, PlaygroundWindow &window,
                   const PlaygroundOptions &options) {
  OffscreenFramebuffer framebuffer(session.framebufferWidth(), session.framebufferHeight());
  if (!framebuffer.error().empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", framebuffer.error().c_str());
    return 1;
  }
  framebuffer.bind();
  if (options.hover.size() == 2)
    session.simulateMouseAt(options.hover[0], options.hover[1]);
  for (int frame = 0; frame < kScreenshotFrames; ++frame) {
    session.beginFrame(/*waitForEvents=*/false);
    window.draw();
    session.endFrame(/*present=*/false);
  }
  std::string error = writePng(options.screenshotPath, session.framebufferWidth(),
                               session.framebufferHeight(), 3, framebuffer.readRgb());
  if (!error.empty()) {
    std::fprintf(stderr, "trex-layout-playground: %s\n", error.c_str());
    return 1;
  }
  if (!window.state().ok())
    std::fprintf(stderr, "trex-layout-playground: note: the layout is invalid: %s\n",
                 window.state().error().c_str());
  return 0;
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
  if (screenshot)
    return takeScreenshot(session, window, options);
  while (!session.shouldClose()) {
    session.beginFrame(/*waitForEvents=*/true);
    window.draw();
    session.endFrame(/*present=*/true);
  }
  return 0;
}
