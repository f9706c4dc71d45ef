// WarpGroupMmaPlan: the wgmma instructions of a ttng.warp_group_dot, their shared-memory matrix
// descriptors and accumulator registers, worked out on the host from the linear layouts.
//
// wgmma.mma_async.sync.aligned.m64n<N>k<K> multiplies, per warp group (4 warps), a 64 x K tile
// of A by a K x N tile of B into a 64 x N accumulator held in registers: with w the warp within
// its group, g = lane / 4 and t = lane % 4, accumulator value i (0 <= i < N / 2) is
//   row 16w + g + 8 * ((i >> 1) & 1),  column 8 * (i >> 2) + 2t + (i & 1).
// B, and usually A, are read from shared memory through 64-bit matrix descriptors: a start
// address, a leading- and a stride-dimension byte offset (LBO, SBO) and a swizzle mode. The
// hardware reads the tile as "swizzle atoms" of 8 rows of s bytes (s = 32, 64 or 128), each
// 16-byte chunk of a row XOR-ed with the row's phase, on absolute address bits:
//   K-major (K contiguous) element (r, k), kb = k * bytes:
//     start + (r / 8) * SBO + (r % 8) * s + (kb / s) * LBO + kb % s
//   MN-major (M or N contiguous) element (r, k), rb = r * bytes:
//     start + (rb / s) * LBO + (k / 8) * SBO + (k % 8) * s + rb % s
//   then address bits [4, 4 + log2(s / 16)) ^= bits [7, 7 + log2(s / 16)).
// A #ttg.nvmma_shared buffer stores its tile in exactly these atoms (swizzle-width column
// chunks of all rows one after the other). The plan takes the descriptor fields from the
// attribute as Triton does (SBO = 8 s; LBO = s * rows of the chunk for MN-major operands, 0 for
// K-major ones, whose 32 bytes of K never cross a chunk), each instruction's start
// from the buffer's own linear layout (the offset of the instruction's first element), and
// then checks, for every warp group, instruction and element, that the address the hardware
// computes is where the linear layout puts that element. So a descriptor that would read the
// wrong bytes is an error at compile time, never a wrong result.
//
// Accumulator registers are looked up in the result layout as MmaV2Plan does (lane 0 of warp
// 0, after checking that lanes and the warps of a group move coordinates as the hardware
// does); warp-group bits of the warp id move the whole 64 x N tile and become byte offsets
// added to the descriptors. An A operand held in registers (#ttg.dot_op of an nvidia_mma v3
// parent) gives each warp the mma.sync m16n8k16 A fragment of its 16 rows, four 32-bit words
// per instruction.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_WARPGROUPMMAPLAN_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_WARPGROUPMMAPLAN_H

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex {

// How a shared-memory operand is stored, as its #ttg.nvmma_shared attribute says.
struct WgmmaSharedOperand {
  // offset (and block) -> tensor element, over the operand's shape ([M, K] or [K, N]).
  layoutviz::LinearLayout layout;
  int32_t swizzleBytes = 128;
  // The attribute's `transposed`: dim 0 is the contiguous one.
  bool transposed = false;
};

// The descriptor fields shared by every instruction reading one operand.
struct WgmmaDescriptor {
  int32_t swizzleBytes = 128;
  // The operand's M (or N) dim is contiguous: the instruction's imm-trans-a / imm-trans-b.
  bool mnMajor = false;
  int64_t leadingByteOffset = 0;
  int64_t strideByteOffset = 0;

  // The 64-bit descriptor with a zero start address (LBO, SBO and the swizzle mode).
  uint64_t bitsWithoutAddress() const;
};

struct WgmmaTile {
  // The N / 2 accumulator registers of the instruction, in its order (also the registers of
  // the initial accumulator).
  std::vector<int32_t> accumulator;
  // Per K step: the byte offset of the instruction's A and B tiles in their buffers, for warp
  // group 0 (aByteOffset is unused when A is in registers).
  std::vector<int64_t> aByteOffset;
  std::vector<int64_t> bByteOffset;
  // Per K step, with A in registers: the registers of its four 32-bit words, elementsPerWord
  // registers each, the element in the low bits first.
  std::vector<std::vector<int32_t>> aRegisters;
};

struct WarpGroupMmaPlan {
  int32_t instrN = 0;
  int32_t instrK = 0;
  bool aInRegisters = false;
  int32_t elementsPerWord = 2;
  WgmmaDescriptor a;
  WgmmaDescriptor b;
  // Accumulator tiles in Triton's order (M-major, then N); each chains its K steps.
  std::vector<WgmmaTile> tiles;
  // Bytes added to the A and B descriptors' start per set bit of the warp-group id (warp id
  // / 4).
  std::vector<int64_t> aWarpGroupOffset;
  std::vector<int64_t> bWarpGroupOffset;
  // Result register r holds the value of result register canonical[r].
  std::vector<int32_t> canonical;
};

// The plan for D = A * B + C with C, D in `c` (register, lane, warp, block -> [M, N]) made of
// m64n<instrN>k<instrK> instructions over `elementBytes`-byte operands. A is `aShared` or, when
// that is empty, the register layout `aRegisters`; B is always in shared memory. Empty, with
// `why` set, when the layouts do not fit wgmma.
std::optional<WarpGroupMmaPlan>
planWarpGroupMma(const layoutviz::LinearLayout &c, const std::optional<WgmmaSharedOperand> &aShared,
                 const layoutviz::LinearLayout *aRegisters, const WgmmaSharedOperand &bShared,
                 int32_t instrN, int32_t instrK, int32_t elementBytes, std::string &why);

// The byte address the hardware reads for element (row, k) of an instruction's tile (row
// along M for A, N for B) from a descriptor starting at `start` (see the header comment).
int64_t wgmmaElementAddress(const WgmmaDescriptor &descriptor, int64_t start, int32_t row,
                            int32_t k, int32_t elementBytes);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_WARPGROUPMMAPLAN_H
