// AmdRotatingSharedLayout: the #ttg.amd_rotating_shared family -- swizzle whose phase also rotates per block of rows.
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// Like SwizzledSharedLayout, but after every perPhase * maxPhase rows the phase sequence is
// XOR-ed with the block-of-rows number, so the same phase pattern does not repeat at a
// stride that AMD's LDS banks would map onto each other.
struct AmdRotatingSharedLayout {
  unsigned vec = 1;
  unsigned perPhase = 1;
  unsigned maxPhase = 1;
  std::vector<unsigned> order;
  CgaLayout cga;
};

LinearLayout toLinearLayout(const AmdRotatingSharedLayout &layout,
                            const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
