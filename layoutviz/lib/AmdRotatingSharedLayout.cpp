// AmdRotatingSharedLayout: conversion of #ttg.amd_rotating_shared to an offset -> element layout.
#include "layoutviz/AmdRotatingSharedLayout.h"

#include "SwizzledTile.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

LinearLayout toLinearLayout(const AmdRotatingSharedLayout &layout,
                            const std::vector<int64_t> &shape) {
  checkSwizzleParameters(layout.vec, layout.perPhase, layout.maxPhase, layout.order,
                         shape.size(), "amd_rotating_shared");
  if (shape.size() == 1) {
    auto perCta = shapePerCta(layout.cga, shape);
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(static_cast<int32_t>(perCta[0]), kOffset, "dim0"), layout.cga,
        shape);
  }
  auto rowShift = [&](int32_t row) {
    int32_t phase = static_cast<int32_t>((row / layout.perPhase) % layout.maxPhase);
    int32_t blockOfRows =
        static_cast<int32_t>(row / layout.maxPhase / layout.perPhase % layout.maxPhase);
    return static_cast<int32_t>(layout.vec * (phase ^ blockOfRows));
  };
  // Triton sizes this tile by the whole shape rather than the per-CTA shape; kept as is so the
  // result matches it for multi-CTA layouts too.
  return combineCtaCgaWithShape(swizzledTile(layout.order, shape, rowShift), layout.cga, shape);
}

} // namespace trex::layoutviz
