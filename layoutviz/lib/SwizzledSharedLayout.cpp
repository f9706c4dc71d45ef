// SwizzledSharedLayout: conversion of #ttg.swizzled_shared to an offset -> element layout.
#include "layoutviz/SwizzledSharedLayout.h"

#include "SwizzledTile.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

LinearLayout toLinearLayout(const SwizzledSharedLayout &layout,
                            const std::vector<int64_t> &shape) {
  checkSwizzleParameters(layout.vec, layout.perPhase, layout.maxPhase, layout.order,
                         shape.size(), "swizzled_shared");
  auto perCta = shapePerCta(layout.cga, shape);
  if (shape.size() == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(static_cast<int32_t>(perCta[0]), kOffset, "dim0"), layout.cga,
        shape);
  auto rowShift = [&](int32_t row) {
    return static_cast<int32_t>(layout.vec * ((row / layout.perPhase) % layout.maxPhase));
  };
  return combineCtaCgaWithShape(swizzledTile(layout.order, perCta, rowShift), layout.cga, shape);
}

} // namespace trex::layoutviz
