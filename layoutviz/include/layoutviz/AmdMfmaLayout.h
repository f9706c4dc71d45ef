// AmdMfmaLayout: the #ttg.amd_mfma family -- accumulators of AMD CDNA matrix-core (MFMA) ops.
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// One MFMA instruction computes an M x N tile (instrShape = [M, N, K]) with a 64-lane
// wavefront.  Each lane holds 4 consecutive rows (1 for 64-bit elements) of a column; with
// isTransposed it holds 4 consecutive columns of a row instead.  tilesPerWarp lets one warp
// own several instruction tiles (empty = all ones); version is the CDNA generation (0..4).
struct AmdMfmaLayout {
  unsigned version = 3;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> instrShape;
  bool isTransposed = false;
  std::vector<unsigned> tilesPerWarp;
  unsigned elementBitWidth = 32;
  CgaLayout cga;
};

LinearLayout toLinearLayout(const AmdMfmaLayout &layout, const std::vector<int64_t> &shape);

// Operand `opIdx` of an MFMA whose accumulator is `parent`: each lane holds kWidth consecutive
// K elements.
LinearLayout amdMfmaOperandToLinearLayout(const AmdMfmaLayout &parent, unsigned opIdx,
                                          unsigned kWidth, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
