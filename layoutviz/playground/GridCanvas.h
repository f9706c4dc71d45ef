// GridCanvas: draws a scrollable, zoomable grid of coloured, labelled cells with ImGui and reports the hovered cell.
#pragma once

#include "OwnershipColours.h"

#include <cstdint>
#include <functional>
#include <string>

namespace trex::playground {

struct GridCellPaint {
  Colour fill;
  std::string label;
  // Drawn instead of `label` when only it fits.
  std::string shortLabel;
  // Drawn as a thick outline when set (e.g. lanes of the selected shared-memory access).
  bool outlined = false;
  Colour outline;
};

struct GridSpec {
  int64_t rows = 0;
  int64_t cols = 0;
  float cellSize = 40.0f;
  // Headings along the top and the left edge (index numbers when empty).
  std::function<std::string(int64_t)> rowHeading;
  std::function<std::string(int64_t)> colHeading;
  std::function<GridCellPaint(int64_t row, int64_t col)> paint;
  // Called inside a tooltip for the cell under the mouse.
  std::function<void(int64_t row, int64_t col)> tooltip;
};

// Draws the grid at the cursor inside the current window (which should scroll); only cells in
// view are painted, so large tensors stay cheap.  Labels appear once a cell is wide enough for
// them.  Returns true while the mouse is over a cell.
bool drawGrid(const char *id, const GridSpec &spec);

} // namespace trex::playground
