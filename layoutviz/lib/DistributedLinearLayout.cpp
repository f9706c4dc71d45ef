// DistributedLinearLayout: fitting an explicitly given register layout to a tensor shape.
#include "layoutviz/DistributedLinearLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <numeric>

namespace trex::layoutviz {

LinearLayout toLinearLayout(const DistributedLinearLayout &linear,
                            const std::vector<int64_t> &shape) {
  const LinearLayout &layout = linear.layout;
  std::vector<std::string> expectedIns{kRegister, kLane, kWarp, kBlock};
  if (layout.getInDimNames() != expectedIns)
    throw LayoutError("linear layout: in-dims must be register, lane, warp, block");
  int rank = layout.getNumOutDims();
  if (layout.getOutDimNames() != standardOutDimNames(rank))
    throw LayoutError("linear layout: out-dims must be dim0..dim" + std::to_string(rank - 1));
  if (static_cast<int>(shape.size()) != rank)
    throw LayoutError("linear layout has rank " + std::to_string(rank) +
                      " but the tensor has rank " + std::to_string(shape.size()));

  std::vector<unsigned> defaultOrder(rank);
  std::iota(defaultOrder.rbegin(), defaultOrder.rend(), 0u);
  auto registerOrder = orderPerDim(layout, kRegister, defaultOrder);
  auto names = layout.getOutDimNames();
  std::vector<std::string> permuted;
  LinearLayout::DimSizes namedShape;
  for (unsigned dim : registerOrder) {
    permuted.push_back(names[dim]);
    namedShape.push_back({names[dim], static_cast<int32_t>(shape[dim])});
  }
  LinearLayout fitted = ensureLayoutNotSmallerThan(layout.transposeOuts(permuted), namedShape);
  fitted = ensureLayoutNotLargerThan(fitted, namedShape, /*broadcastRegisters=*/false);
  return fitted.transposeOuts(names);
}

} // namespace trex::layoutviz
