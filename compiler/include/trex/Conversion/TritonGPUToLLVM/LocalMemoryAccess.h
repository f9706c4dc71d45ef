// LocalMemoryAccess: where each register of a distributed tensor lives in a shared-memory buffer.
//
// ttg.local_store / local_alloc (with a source) write a distributed tensor into a buffer with a
// shared layout and ttg.local_load reads one back. Both layouts are linear layouts over GF(2):
// the distributed one maps (register, lane, warp) to a tensor element, the shared one maps a
// buffer offset to a tensor element. A swizzled shared layout is a bijection, so its inverse
// composed with the distributed layout maps (register, lane, warp) linearly to an offset: each
// register has a constant offset and each lane and warp bit XORs a constant into it (Triton's
// SharedMemoryObject addressing through invertAndCompose). The plan is computed on the host,
// so the lowering only emits the XORs and the accesses.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_LOCALMEMORYACCESS_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_LOCALMEMORYACCESS_H

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex {

struct LocalMemoryAccess {
  // Element offset (not bytes) in the buffer of each register, for lane 0 of warp 0.
  std::vector<int32_t> registerOffset;
  // Offset XOR-ed in per set bit of the lane and of the warp id.
  std::vector<int32_t> laneOffset;
  std::vector<int32_t> warpOffset;
  // The first register holding the same element as a register (itself unless the layout
  // broadcasts it across registers): only those are stored, the others copy their load.
  std::vector<int32_t> canonical;
  // log2 of the registers one access moves: registers r .. r + 2^vectorBits - 1 (r with the
  // low vectorBits bits clear) are consecutive and aligned in the buffer for every thread.
  int32_t vectorBits = 0;

  // The registers that start an access (canonical, low vectorBits bits clear).
  std::vector<int32_t> vectorStarts() const;
};

// The access of a tensor with `distributed` (register, lane, warp, block -> dims) to a buffer
// with `shared` (offset, block -> dims) over the same shape. At most `maxVectorBytes` move per
// access. Empty, with `why` set, when the shared layout is not a bijection of offsets onto
// elements (padded or broadcast buffers) or the tensor spans several CTAs.
//
// A view of a part of the buffer (ttg.memdesc_subslice): `shared` is the whole buffer's
// layout, `distributed` maps onto the whole buffer's shape too (its coordinates those of the
// view), and `viewOrigin` gives where the view starts in each dimension, a multiple of the
// view's size there. The element at view coordinates c sits at offset(c + origin) =
// offset(c) XOR offset(origin) (no carries), so the origin's offset is folded into every
// register's constant offset, which also holds for swizzled buffers.
std::optional<LocalMemoryAccess> planLocalMemoryAccess(const layoutviz::LinearLayout &distributed,
                                                       const layoutviz::LinearLayout &shared,
                                                       int32_t elementBytes,
                                                       int32_t maxVectorBytes, std::string &why,
                                                       const std::vector<int32_t> &viewOrigin = {},
                                                       const std::vector<int64_t> &viewShape = {});

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_LOCALMEMORYACCESS_H
