// SharedLinearLayout: the #ttg.shared_linear family -- a shared-memory layout given by its bases.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// In-dims offset and block (block may have no bases); out-dims dim0..dim<rank-1>.
struct SharedLinearLayout {
  LinearLayout layout;
  unsigned alignment = 16;
};

// The layout itself; shared linear layouts are never broadcast, so `shape` must equal the
// layout's out-dim sizes.
LinearLayout toLinearLayout(const SharedLinearLayout &layout, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
