// DistributedLinearLayout: the #ttg.linear family -- a register layout given directly by its bases.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// In-dims register, lane, warp, block (in that order); out-dims dim0..dim<rank-1>.
struct DistributedLinearLayout {
  LinearLayout layout;
};

// The layout as written, fitted to `shape` the way Triton fits #ttg.linear: repeated along
// registers when the shape is larger (dims in register order), cut down when smaller -- with
// registers that would become copies dropped rather than duplicated.
LinearLayout toLinearLayout(const DistributedLinearLayout &layout,
                            const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
