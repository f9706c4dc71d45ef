// LayoutViews: the playground's drawings of a layout -- ownership grid, hardware tables, shared offsets, bank conflicts.
#pragma once

#include "PlaygroundState.h"

namespace trex::playground {

struct ViewSettings {
  float cellSize = 40.0f;
  // Instruction of the bank-conflict report whose lanes are marked on the shared grid.
  int selectedInstruction = 0;
  bool colourByBank = false;
};

// Register layouts: one cell per element, warp hue, lane shade, "thread:register" labels.
void drawOwnershipGrid(const PlaygroundState &state, const ViewSettings &settings);
// Register layouts: per warp, a register x lane table of the elements held.  Shared layouts:
// shared memory in rows of 128 bytes (one per pass over the 32 banks), each cell the element
// stored there.
void drawHardwareView(const PlaygroundState &state, const ViewSettings &settings);
// Shared layouts: the offset grid coloured by swizzle phase (or bank), with the lanes of the
// selected access instruction marked.
void drawSharedOffsetGrid(const PlaygroundState &state, const ViewSettings &settings);
// Shared layouts: wavefronts against the ideal, worst instructions, colliding lanes.
void drawBankConflictSummary(const PlaygroundState &state, ViewSettings &settings);

} // namespace trex::playground
