// LayoutText: picks the distributed or shared text renderer for a layout descriptor.
#include "layoutviz/LayoutText.h"

namespace trex::layoutviz {

std::string renderLayoutText(const Layout &layout, const std::vector<int64_t> &shape,
                             LayoutView view) {
  LinearLayout linear = toLinearLayout(layout, shape);
  return isSharedMemoryLayout(layout) ? renderSharedLayoutText(linear, view)
                                      : renderDistributedLayoutText(linear, view);
}

} // namespace trex::layoutviz
