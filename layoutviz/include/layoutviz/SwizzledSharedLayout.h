// SwizzledSharedLayout: the #ttg.swizzled_shared family -- XOR-swizzled shared-memory tiles.
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// Rows (dim order[1]) of the tile are stored one after another; within row r the column index
// of every group of `vec` elements is XOR-ed with vec * ((r / perPhase) % maxPhase).  Rows
// that share a phase are stored alike; consecutive phases land in different banks.
struct SwizzledSharedLayout {
  unsigned vec = 1;
  unsigned perPhase = 1;
  unsigned maxPhase = 1;
  std::vector<unsigned> order;
  CgaLayout cga;
};

// Maps (offset, block) to the tensor element stored there.
LinearLayout toLinearLayout(const SwizzledSharedLayout &layout, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
