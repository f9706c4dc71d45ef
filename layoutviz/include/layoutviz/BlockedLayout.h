// BlockedLayout: the #ttg.blocked family -- contiguous per-thread chunks tiled over lanes and warps.
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// Each thread holds sizePerThread[d] consecutive elements along dim d; a warp tiles
// threadsPerWarp of those chunks, a CTA tiles warpsPerCTA warps.  `order` lists dims from most
// to least minor and is used for registers, lanes and warps alike.
struct BlockedLayout {
  std::vector<unsigned> sizePerThread;
  std::vector<unsigned> threadsPerWarp;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> order;
  CgaLayout cga;
};

LinearLayout toLinearLayout(const BlockedLayout &layout, const std::vector<int64_t> &shape);

// Operand `opIdx` of an FMA dot whose result uses `parent`: every thread holds the whole K
// extent, and lanes/warps that differ only along K hold copies.
LinearLayout blockedDotOperandToLinearLayout(const BlockedLayout &parent, unsigned opIdx,
                                             const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
