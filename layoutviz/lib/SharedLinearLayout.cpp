// SharedLinearLayout: validation of an explicitly given shared-memory layout against a shape.
#include "layoutviz/SharedLinearLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

LinearLayout toLinearLayout(const SharedLinearLayout &shared, const std::vector<int64_t> &shape) {
  const LinearLayout &layout = shared.layout;
  if (layout.getInDimNames() != std::vector<std::string>{kOffset, kBlock})
    throw LayoutError("shared_linear layout: in-dims must be offset, block");
  auto sizes = layout.getOutDimSizes();
  if (sizes.size() != shape.size())
    throw LayoutError("shared_linear layout has rank " + std::to_string(sizes.size()) +
                      " but the tensor has rank " + std::to_string(shape.size()));
  for (size_t i = 0; i < shape.size(); ++i)
    if (sizes[i] != shape[i])
      throw LayoutError("shared_linear layout covers " + std::to_string(sizes[i]) +
                        " elements along dim" + std::to_string(i) + " but the tensor has " +
                        std::to_string(shape[i]) + "; shared linear layouts are not broadcast");
  return layout;
}

} // namespace trex::layoutviz
