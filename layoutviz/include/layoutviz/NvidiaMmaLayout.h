// NvidiaMmaLayout: the #ttg.nvidia_mma family -- accumulators of mma.sync (v2) and wgmma (v3).
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// versionMajor 2 (Ampere mma.sync, instrShape [16, 8] per warp) or 3 (Hopper wgmma,
// instrShape [16, N, K] per warp of a 4-warp warpgroup).
struct NvidiaMmaLayout {
  unsigned versionMajor = 2;
  unsigned versionMinor = 0;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> instrShape;
  CgaLayout cga;

  bool isAmpere() const { return versionMajor == 2; }
  bool isHopper() const { return versionMajor == 3; }
};

LinearLayout toLinearLayout(const NvidiaMmaLayout &layout, const std::vector<int64_t> &shape);

// Operand `opIdx` of an mma whose accumulator is `parent`; each thread holds kWidth
// consecutive K elements per register group.  Hopper only takes A from registers.
LinearLayout nvidiaMmaOperandToLinearLayout(const NvidiaMmaLayout &parent, unsigned opIdx,
                                            unsigned kWidth, const CgaLayout &operandCga,
                                            const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
