// AmdWmmaLayout: the #ttg.amd_wmma family -- accumulators of AMD RDNA WMMA ops (32-lane waves).
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// version 1 (RDNA3): each lane holds every other row of one column, the two half-waves
// interleaved; versions 2/3 (RDNA4, gfx1250): each lane holds 8 consecutive rows, the second
// half-wave the next 8.  isTranspose swaps the roles of rows and columns.  instrShape is
// [M, N, K] (16x16 by default; 32x16 stacks two 16x16 tiles).
struct AmdWmmaLayout {
  unsigned version = 2;
  bool isTranspose = false;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> tilesPerWarp;
  std::vector<unsigned> instrShape{16, 16, 16};
  CgaLayout cga;
};

LinearLayout toLinearLayout(const AmdWmmaLayout &layout, const std::vector<int64_t> &shape);

// Operand `opIdx` of a WMMA whose accumulator is `parent`; kWidth consecutive K elements per
// lane.  Version 1 duplicates the operand in both half-waves, versions 2/3 split K between them.
LinearLayout amdWmmaOperandToLinearLayout(const AmdWmmaLayout &parent, unsigned opIdx,
                                          unsigned kWidth, const CgaLayout &operandCga,
                                          const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
