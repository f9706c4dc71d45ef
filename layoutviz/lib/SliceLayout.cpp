// SliceLayout: conversion of #ttg.slice by removing one dim from the parent's linear layout.
#include "layoutviz/SliceLayout.h"

#include "layoutviz/Layout.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>

namespace trex::layoutviz {

LinearLayout toLinearLayout(const SliceLayout &layout, const std::vector<int64_t> &shape) {
  if (!layout.parent)
    throw LayoutError("slice layout has no parent");
  if (isSharedMemoryLayout(*layout.parent))
    throw LayoutError("slice layout: the parent must be a distributed layout");
  if (layout.dim > shape.size())
    throw LayoutError("slice dim " + std::to_string(layout.dim) + " is out of range for a rank-" +
                      std::to_string(shape.size() + 1) + " parent");
  std::vector<int64_t> parentShape = shape;
  parentShape.insert(parentShape.begin() + layout.dim, 1);
  LinearLayout sliced =
      removeStandardDim(toLinearLayout(*layout.parent, parentShape), static_cast<int>(layout.dim));

  // Registers that only moved along the removed dim now all hold the same element; a thread
  // keeps one copy.
  LinearLayout::BasesList bases = sliced.getBases();
  for (auto &[inDim, inDimBases] : bases) {
    if (inDim != kRegister)
      continue;
    std::vector<LinearLayout::Basis> kept;
    for (const auto &basis : inDimBases)
      if (std::any_of(basis.begin(), basis.end(), [](int32_t v) { return v != 0; }))
        kept.push_back(basis);
    inDimBases = std::move(kept);
  }
  return LinearLayout(std::move(bases), sliced.getOutDimNames());
}

} // namespace trex::layoutviz
