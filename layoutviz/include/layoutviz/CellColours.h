// CellColours: the fill colours of the layout pictures, shared by every renderer (the SVG
// documents, the explorer's canvas), so a warp or a swizzle phase has one colour everywhere.
#pragma once

#include <cstdint>
#include <string>

namespace trex::layoutviz {

struct HslColour {
  int hue = 0;               // degrees, 0..359
  int saturationPercent = 0; // 0..100
  int lightnessPercent = 100;

  friend bool operator==(const HslColour &a, const HslColour &b) {
    return a.hue == b.hue && a.saturationPercent == b.saturationPercent &&
           a.lightnessPercent == b.lightnessPercent;
  }
};

// Distinct, readable pastel colours for small integers (warps, registers): golden-angle hue
// steps, so neighbouring keys differ strongly.
HslColour paletteColour(int64_t key);
// A swizzle phase: phase 0 (unswizzled) is a neutral light grey, every other phase
// paletteColour(phase).
HslColour swizzlePhaseColour(int64_t phase);
// CSS / SVG spelling: "hsl(137,70%,82%)".
std::string cssColour(const HslColour &colour);

} // namespace trex::layoutviz
