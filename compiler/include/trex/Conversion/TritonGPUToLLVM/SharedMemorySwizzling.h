// SharedMemorySwizzling: the shared-memory layout a layout conversion exchanges its data through.
//
// When a conversion moves elements between warps, every thread stores its source registers
// to shared memory, the program synchronizes, and every thread loads its destination
// registers. Where each element sits in shared memory decides how wide the accesses can be
// and how many bank conflicts they cause. Triton 3.6 chooses that placement with linear
// algebra over GF(2) ("generic swizzling"); trex makes the same choice, because the size of
// the buffer it implies is part of the kernel's metadata (`ttg.shared`) that must agree
// with Triton's.
//
// Everything here works on *flat* layouts: the tensor coordinates of a layout's bases packed
// into one index, dim0 in the least significant bits (Triton's flattenOuts). A shared-memory
// offset bit is then just the flat element it addresses.
//
// The chosen layout has four groups of offset bits, lowest first:
//   vector   elements one instruction moves together (no swizzle),
//   bank     the rest of one 32-bank x 32-bit row of shared memory,
//   segment  the rows, XOR-ed with bank bits where that avoids conflicts,
//   rounds   ("reps" in Triton) register bits both layouts share that need not be in shared
//            memory at the same time: the exchange is repeated once per value of these bits,
//            so the buffer holds only 2^(vector + bank + segment) elements.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYSWIZZLING_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYSWIZZLING_H

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace trex {

// The hardware in-dims of a distributed layout, each basis as a flat tensor index.
struct FlatLayout {
  std::vector<int32_t> registers;
  std::vector<int32_t> lanes;
  std::vector<int32_t> warps;
  std::vector<int32_t> blocks;
  // log2 of the number of tensor elements.
  int32_t elementBits = 0;

  static FlatLayout from(const layoutviz::LinearLayout &layout);
  // The same layout without register bases that are zero (registers that copy others), as
  // Triton's actionRemoveBroadcastedRegs.
  FlatLayout withoutBroadcastRegisters() const;
  // The flat element a (register, lane, warp) of block 0 holds.
  int32_t element(int32_t reg, int32_t lane, int32_t warp) const;
};

// Which shared-memory instructions the exchange may be planned for. Triton plans NVIDIA
// exchanges among ld/st.shared and ldmatrix/stmatrix tiles and AMD ones for plain ld/st.
struct SwizzleInstructions {
  bool plansTiles = false;
  bool hasLdMatrix = false;
  bool hasStMatrix = false;
};

// The instruction one side of an exchange is planned for: ld/st.shared (vectors of up to
// 128 bits), or NVIDIA's ldmatrix/stmatrix (.m8n8.x4 of 16-byte rows), plain or .trans.
enum class SharedAccessInstruction { LoadStore, Matrix, MatrixTransposed };

// The shared-memory layout of an exchange; each entry is the flat element its offset bit
// moves to.
struct SwizzledExchange {
  std::vector<int32_t> vector;
  std::vector<int32_t> bank;
  std::vector<int32_t> segment;
  std::vector<int32_t> rounds;
  // The instructions the layout was chosen for (Triton's idxSrc / idxDst): the lowering
  // stores and loads with them where it can.
  SharedAccessInstruction store = SharedAccessInstruction::LoadStore;
  SharedAccessInstruction load = SharedAccessInstruction::LoadStore;

  int32_t offsetBits() const {
    return static_cast<int32_t>(vector.size() + bank.size() + segment.size());
  }
  int64_t elementsPerRound() const { return int64_t(1) << offsetBits(); }
  int64_t roundCount() const { return int64_t(1) << rounds.size(); }
  // All offset bits then round bits: the flat element of each bit of (round, offset).
  std::vector<int32_t> bases() const;
};

// The exchange layout Triton 3.6 picks for moving a tensor from `source` to `destination`
// (both without broadcast registers) with elements of `bitwidth` bits (8..64).
SwizzledExchange chooseSwizzledExchange(const FlatLayout &source, const FlatLayout &destination,
                                        int32_t bitwidth, const SwizzleInstructions &instructions);

// For each hardware bit of `from` (registers, lanes, warps, blocks concatenated), the bits of
// `to` that hold the same element, as a mask over `to`'s concatenated bits. As Triton's
// from.invertAndCompose(to): an in-dim whose bases agree in both layouts maps to itself; the
// others are solved with the earliest independent bases of `to`. Empty when some element of
// `from` is nowhere in `to`.
std::optional<std::vector<uint64_t>> hardwareCorrespondence(const FlatLayout &from,
                                                            const FlatLayout &to);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYSWIZZLING_H
