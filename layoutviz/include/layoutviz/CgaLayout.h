// CgaLayout: how the CTAs ("blocks") of a cooperative grid array split a tensor between them.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// One basis per bit of the block index, one coordinate per tensor dim (in *units of whole
// per-CTA tiles*, i.e. block b's tile starts at (sum of bases) * shapePerCTA).  A zero basis
// means those blocks hold copies.  No bases (the default) means a single CTA.
//
// Triton spells this `CGALayout = [[...], ...]` (3.6) or with CTAsPerCGA / CTASplitNum /
// CTAOrder (older IR); `fromSplitParameters` converts the latter.
struct CgaLayout {
  std::vector<std::vector<int32_t>> blockBases;

  bool isSingleCta() const { return blockBases.empty(); }
  int numBlocks() const { return 1 << static_cast<int>(blockBases.size()); }

  // ctasPerCga[d] CTAs along dim d, of which ctaSplitNum[d] hold different data (the rest are
  // copies); ctaOrder lists dims from most to least minor.
  static CgaLayout fromSplitParameters(const std::vector<unsigned> &ctasPerCga,
                                       const std::vector<unsigned> &ctaSplitNum,
                                       const std::vector<unsigned> &ctaOrder);

  // The layout block -> (dim0 .. dim<rank-1>); out-dim sizes are the number of distinct tiles
  // along each dim (Triton's CTASplitNum).
  LinearLayout toLinearLayout(int rank) const;
  // How many distinct tiles the blocks hold along each dim.
  std::vector<unsigned> splitNumPerDim(int rank) const;
  // Copy in which dim `dim` is no longer split (used by dot operands along K).
  CgaLayout withDimNotSplit(int dim) const;

  friend bool operator==(const CgaLayout &a, const CgaLayout &b) {
    return a.blockBases == b.blockBases;
  }
};

// The tensor dims each CTA owns: shape[d] / min(shape[d], splitNum[d]).
std::vector<int64_t> shapePerCta(const CgaLayout &cga, const std::vector<int64_t> &shape);

// Fits a per-CTA layout (in-dims register/lane/warp or offset) to `shape` and appends the
// block dimension: the CGA split is cut to the shape first, the CTA layout is then repeated or
// broadcast to cover shape / split, and the result's out-dims are dim0..dim<rank-1>.  The
// CTA layout's out-dim order decides which dims repeat first.
LinearLayout combineCtaCgaWithShape(const LinearLayout &ctaLayout, const CgaLayout &cga,
                                    const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
