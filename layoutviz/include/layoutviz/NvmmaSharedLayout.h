// NvmmaSharedLayout: the #ttg.nvmma_shared family -- the swizzled tiles TMA writes and wgmma reads.
#pragma once

#include "layoutviz/CgaLayout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// The shared-memory format of NVIDIA's TMA and wgmma: the tensor is cut into boxes whose
// contiguous dim is swizzlingByteWidth bytes (0, 32, 64 or 128), stored as 8-row "core
// matrix" groups in which each 16-byte chunk of a row is XOR-swizzled by the row.  transposed
// makes dim 0 the contiguous dim; fp4Padded stores 4-bit values with 8 bytes of padding per
// 16 (the padded half is not addressable as elements).
struct NvmmaSharedLayout {
  unsigned swizzlingByteWidth = 128;
  bool transposed = false;
  unsigned elementBitWidth = 16;
  bool fp4Padded = false;
  CgaLayout cga;

  // Elements per 16-byte chunk, rows per swizzle phase, number of phases.
  unsigned vec() const;
  unsigned perPhase() const;
  unsigned maxPhase() const;
};

LinearLayout toLinearLayout(const NvmmaSharedLayout &layout, const std::vector<int64_t> &shape);

// The TMA box one copy moves: each dim capped at 256, and the contiguous dim exactly
// swizzlingByteWidth bytes when swizzling.  With packedSize, fp4Padded boxes count packed
// elements.  Throws LayoutError when the contiguous dim is narrower than the swizzle.
std::vector<int64_t> tmaBlockShape(const NvmmaSharedLayout &layout,
                                   const std::vector<int64_t> &shapePerCta, bool packedSize);

} // namespace trex::layoutviz
