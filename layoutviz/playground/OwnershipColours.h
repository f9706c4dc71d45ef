// OwnershipColours: the colours the playground paints cells with (warp hue, lane shade, swizzle phase, bank).
#pragma once

#include <cstdint>

namespace trex::playground {

struct Colour {
  float r = 0, g = 0, b = 0;

  // 0xAABBGGRR, the packing Dear ImGui's draw lists take.
  uint32_t packed() const;
};

// Hue picks the warp (golden-angle steps, so neighbouring warps differ strongly); brightness
// falls from lane 0 to the last lane, so a warp reads as one colour with a gradient across it.
Colour ownerColour(int32_t warp, int32_t lane, int32_t lanesPerWarp);
// Unswizzled (phase 0) cells are light grey; each other phase gets its own hue.
Colour swizzlePhaseColour(int64_t phase);
// One of 32 hues per shared-memory bank.
Colour bankColour(int32_t bank);
// A colour for labels drawn on top of `background` (black or white, whichever reads better).
Colour labelColourOn(const Colour &background);

} // namespace trex::playground
