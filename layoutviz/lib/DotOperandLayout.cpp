// DotOperandLayout: dispatch of #ttg.dot_op to its parent family's operand conversion.
#include "layoutviz/DotOperandLayout.h"

#include "layoutviz/Layout.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

LinearLayout broadcastedDotOperandLayout(const std::vector<unsigned> &shape,
                                         const std::vector<unsigned> &order, unsigned kDim,
                                         const std::string &inDim) {
  auto names = standardOutDimNames(static_cast<int>(shape.size()));
  LinearLayout layout;
  for (unsigned dim : order) {
    auto size = static_cast<int32_t>(shape.at(dim));
    layout *= dim == kDim ? LinearLayout::zeros1D(size, inDim, names[dim])
                          : LinearLayout::identity1D(size, inDim, names[dim]);
  }
  return layout;
}

LinearLayout toLinearLayout(const DotOperandLayout &layout, const std::vector<int64_t> &shape) {
  if (!layout.parent)
    throw LayoutError("dot_op layout has no parent");
  if (layout.opIdx > 1)
    throw LayoutError("dot_op opIdx must be 0 or 1, got " + std::to_string(layout.opIdx));
  if (shape.size() != 2 && shape.size() != 3)
    throw LayoutError("dot_op layouts need a tensor of rank 2 or 3");
  int kDim = static_cast<int>(layout.opIdx == 0 ? shape.size() - 1 : shape.size() - 2);
  const Layout::Family &parent = layout.parent->family;
  if (const auto *blocked = std::get_if<BlockedLayout>(&parent))
    return blockedDotOperandToLinearLayout(*blocked, layout.opIdx, shape);
  if (const auto *mma = std::get_if<NvidiaMmaLayout>(&parent))
    return nvidiaMmaOperandToLinearLayout(*mma, layout.opIdx, layout.kWidth,
                                          mma->cga.withDimNotSplit(kDim), shape);
  if (const auto *mfma = std::get_if<AmdMfmaLayout>(&parent))
    return amdMfmaOperandToLinearLayout(*mfma, layout.opIdx, layout.kWidth, shape);
  if (const auto *wmma = std::get_if<AmdWmmaLayout>(&parent))
    return amdWmmaOperandToLinearLayout(*wmma, layout.opIdx, layout.kWidth,
                                        wmma->cga.withDimNotSplit(kDim), shape);
  throw LayoutError("dot_op: a " + familyName(*layout.parent) +
                    " parent is not supported (use blocked, nvidia_mma, amd_mfma or amd_wmma)");
}

} // namespace trex::layoutviz
