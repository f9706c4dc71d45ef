// PlaygroundOptions: the playground's command line (--screenshot, --family, --shape, --attribute, ...).
#pragma once

#include "PlaygroundParameters.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

enum class PlaygroundView { Tensor, Hardware };

struct PlaygroundOptions {
  // Render one frame offscreen into this PNG and exit.
  std::string screenshotPath;
  std::string family;
  std::vector<int64_t> shape;
  // Triton attribute text to start from (any family the playground edits).
  std::string attribute;
  std::string view = "tensor";
  int width = 1280;
  int height = 800;
  // Side of a grid cell in pixels.
  float cellSize = 40.0f;
  unsigned elementBits = 0;
  unsigned vectorWidth = 0;
  // Screenshots only: a mouse position (window pixels) to render the frame with, so tooltips
  // can be captured.  Empty: no mouse.
  std::vector<float> hover;
  // The CGA fields (families that have them); empty: as the attribute or the defaults say.
  std::vector<unsigned> ctasPerCga;
  std::vector<unsigned> ctaSplitNum;
  std::vector<unsigned> ctaOrder;
  // Print "#playground = <attribute>" (or the error) and exit without a window: the attribute
  // text the controls make, for other tools to read.
  bool printAttribute = false;
  // The window's "Save as" field to start with (empty: kDefaultExportName).
  std::string exportName;
  std::string exportFolder;
  bool force = false;
  // Screenshots only: shortcuts ("ctrl+s", "ctrl+shift+c") pressed in the rendered frame, so
  // the saving they trigger is exercised as a user's key press would.
  std::vector<std::string> press;
};

// A keyboard shortcut of the playground: Ctrl (+ Shift) + a letter.
struct Shortcut {
  char letter = 0; // upper case
  bool shift = false;
};
// "ctrl+s", "Ctrl+Shift+C" -> the shortcut; returns an error message (empty on success).
std::string parseShortcut(const std::string &text, Shortcut &shortcut);

void setupPlaygroundOptions(CLI::App &app, PlaygroundOptions &options);

// Applies the options on top of the default parameters.  Returns an error message (empty on
// success): an unknown family, a bad attribute, ...
std::string resolvePlaygroundOptions(const PlaygroundOptions &options,
                                     PlaygroundParameters &parameters, PlaygroundView &view);

} // namespace trex::playground
