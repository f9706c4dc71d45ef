// CellColours: golden-angle pastel hues; the SVG spells them as CSS hsl() colours.
#include "layoutviz/CellColours.h"

namespace trex::layoutviz {

HslColour paletteColour(int64_t key) {
  int64_t hue = (key * 137) % 360;
  return {static_cast<int>(hue < 0 ? hue + 360 : hue), 70, 82};
}

HslColour swizzlePhaseColour(int64_t phase) {
  return phase == 0 ? HslColour{0, 0, 96} : paletteColour(phase);
}

std::string cssColour(const HslColour &colour) {
  return "hsl(" + std::to_string(colour.hue) + "," + std::to_string(colour.saturationPercent) +
         "%," + std::to_string(colour.lightnessPercent) + "%)";
}

} // namespace trex::layoutviz
