// OwnershipColours: HSV palettes for warps/lanes, swizzle phases and banks.
#include "OwnershipColours.h"

#include <algorithm>
#include <cmath>

namespace trex::playground {
namespace {

constexpr double kGoldenRatioConjugate = 0.618033988749895;

Colour fromHsv(double hue, double saturation, double value) {
  hue = hue - std::floor(hue);
  double h = hue * 6.0;
  int sector = static_cast<int>(h) % 6;
  double f = h - std::floor(h);
  double p = value * (1 - saturation), q = value * (1 - saturation * f),
         t = value * (1 - saturation * (1 - f));
  double r = value, g = t, b = p;
  switch (sector) {
  case 1: r = q, g = value, b = p; break;
  case 2: r = p, g = value, b = t; break;
  case 3: r = p, g = q, b = value; break;
  case 4: r = t, g = p, b = value; break;
  case 5: r = value, g = p, b = q; break;
  default: break;
  }
  return {static_cast<float>(r), static_cast<float>(g), static_cast<float>(b)};
}

uint32_t channel(float value) {
  return static_cast<uint32_t>(std::clamp(value, 0.0f, 1.0f) * 255.0f + 0.5f);
}

} // namespace

uint32_t Colour::packed() const {
  return 0xFF000000u | (channel(b) << 16) | (channel(g) << 8) | channel(r);
}

Colour ownerColour(int32_t warp, int32_t lane, int32_t lanesPerWarp) {
  double shade = lanesPerWarp > 1 ? static_cast<double>(lane) / (lanesPerWarp - 1) : 0.0;
  return fromHsv(warp * kGoldenRatioConjugate, 0.55, 0.97 - 0.42 * shade);
}

Colour swizzlePhaseColour(int64_t phase) {
  if (phase == 0)
    return {0.90f, 0.90f, 0.90f};
  return fromHsv(static_cast<double>(phase % 97) * kGoldenRatioConjugate, 0.45, 0.95);
}

Colour bankColour(int32_t bank) { return fromHsv(bank / 32.0, 0.65, 0.95); }

Colour labelColourOn(const Colour &background) {
  double luminance = 0.299 * background.r + 0.587 * background.g + 0.114 * background.b;
  return luminance > 0.5 ? Colour{0, 0, 0} : Colour{1, 1, 1};
}

} // namespace trex::playground
