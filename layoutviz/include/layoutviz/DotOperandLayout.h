// DotOperandLayout: the #ttg.dot_op family -- operand A or B of a dot whose result uses `parent`.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace trex::layoutviz {

struct Layout;

// opIdx 0 is A ([*, m, k]), 1 is B ([*, k, n]).  kWidth is the number of consecutive K
// elements a thread holds per register group (0 for a blocked/FMA parent, where it is unused).
// Supported parents: blocked (FMA), nvidia_mma v2/v3, amd_mfma, amd_wmma.
struct DotOperandLayout {
  unsigned opIdx = 0;
  std::shared_ptr<const Layout> parent;
  unsigned kWidth = 0;
};

LinearLayout toLinearLayout(const DotOperandLayout &layout, const std::vector<int64_t> &shape);

// Lanes or warps of an operand tile: `inDim` spreads over the dims in `order` like an identity,
// except along `kDim` where it broadcasts.  The hardware that computes one tile of the result
// needs the whole K extent of its row of A (column of B), so units that differ only along K
// must hold the same operand data.
LinearLayout broadcastedDotOperandLayout(const std::vector<unsigned> &shape,
                                         const std::vector<unsigned> &order, unsigned kDim,
                                         const std::string &inDim);

} // namespace trex::layoutviz
