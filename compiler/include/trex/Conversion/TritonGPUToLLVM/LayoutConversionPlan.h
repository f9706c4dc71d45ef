// LayoutConversionPlan: how a ttg.convert_layout moves each element, worked out on the host
// from the source and destination linear layouts.
//
// A conversion is one of three kinds, decided as Triton 3.6 decides it (the decision fixes
// whether the kernel needs shared memory for it, which must agree with Triton's ttg.shared):
//  - Registers: every thread already holds the elements it needs; registers are renamed.
//  - WarpShuffle: elements move between the lanes of a warp only, and the exchange needs at
//    most one swap of a register bit with a lane bit (Triton's limit; beyond it shared memory
//    is cheaper).
//  - SharedMemory: everything else within a CTA; stored with the source layout, read with
//    the destination layout through the swizzled buffer of SharedMemorySwizzling.h, in as
//    many rounds as that layout has round bits.
// Each plan is plain data the lowering translates to IR one to one, so tests can run a plan
// on the host and check that every destination register receives the element it should.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_LAYOUTCONVERSIONPLAN_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_LAYOUTCONVERSIONPLAN_H

#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemorySwizzling.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trex {

enum class ConversionKind { Registers, WarpShuffle, SharedMemory, AcrossBlocks };

// The kind of the conversion from `source` to `destination` (the same tensor).
ConversionKind classifyConversion(const FlatLayout &source, const FlatLayout &destination);

// Registers: destination register i is source register result[i]. Empty when some
// destination register's element is not in the same thread.
std::optional<std::vector<int32_t>> planRegisterCopy(const FlatLayout &source,
                                                     const FlatLayout &destination);

// WarpShuffle: the exchange works on 2^registerBits registers per thread. The element a
// source (register, lane) holds must end at (register, lane) with the bits permuted; that
// permutation is split into swaps of one register bit with one lane bit (each a shuffle-xor
// of half the registers), then a permutation of register bits (free) and of lane bits (one
// indexed shuffle per register).
struct WarpShufflePlan {
  int32_t registerBits = 0;
  // Exchange register u starts as source register initialRegister[u].
  std::vector<int32_t> initialRegister;
  // (register bit, lane bit) pairs exchanged first, in order.
  std::vector<std::pair<int32_t, int32_t>> swaps;
  // Then register bit i moves to registerTarget[i] and lane bit j to laneTarget[j].
  std::vector<int32_t> registerTarget;
  std::vector<int32_t> laneTarget;
  // Destination register r ends as exchange register resultRegister[r].
  std::vector<int32_t> resultRegister;

  bool movesLanes() const;
};
// Empty when the layouts are not bit permutations of each other within a warp.
std::optional<WarpShufflePlan> planWarpShuffle(const FlatLayout &source,
                                               const FlatLayout &destination);

// One side of a shared-memory exchange: where each register goes in the round buffer.
// A register's element offset is offset[reg] ^ (laneOffset of the set lane bits) ^
// (warpOffset of the set warp bits); it moves in round round[reg].
struct SharedMemoryAccess {
  std::vector<int32_t> round;
  std::vector<int32_t> offset;
  // The register whose value a register copies (itself unless it is a broadcast copy); only
  // canonical registers access memory.
  std::vector<int32_t> canonical;
  std::vector<int32_t> laneOffset;
  std::vector<int32_t> warpOffset;
  // Register bits whose offsets are 1, 2, 4, ...: accesses move 2^size() registers at once.
  std::vector<int32_t> vectorRegisterBits;

  // The accesses of `round`: for each, its registers in the order of their offsets.
  std::vector<std::vector<int32_t>> vectorsOfRound(int64_t round) const;
};

struct SharedMemoryPlan {
  SwizzledExchange exchange;
  SharedMemoryAccess store;
  SharedMemoryAccess load;
};
// Empty when the exchange layout's rounds depend on the thread (never for Triton's layouts)
// or the layouts span several CTAs.
std::optional<SharedMemoryPlan> planSharedMemory(const FlatLayout &source,
                                                 const FlatLayout &destination, int32_t bitwidth,
                                                 const SwizzleInstructions &instructions);

// One side of an exchange planned for ldmatrix or stmatrix (exchange.load / exchange.store
// is Matrix or MatrixTransposed), accessed with that instruction as Triton does: per round,
// the registers the round moves (in the order of the access's registers) and their access,
// which MatrixLoad plans (stmatrix addresses its rows as ldmatrix does). Empty where the
// elements are not 16-bit, the side's layout copies registers (broadcast) or a round's
// offsets do not have the instruction's shape; that side then uses ld/st.shared.
enum class ExchangeSide { Store, Load };
struct MatrixExchangeRound {
  std::vector<int32_t> registers;
  LocalMemoryAccess access;
  MatrixLoadPlan matrix;
};
std::optional<std::vector<MatrixExchangeRound>>
planMatrixExchange(const SharedMemoryPlan &plan, ExchangeSide side, int32_t bitwidth);

// The shared-memory instructions Triton plans with on `target` ("cuda:90", "hip:gfx942").
SwizzleInstructions swizzleInstructionsFor(std::string_view target);

// Bits one element occupies in the exchange, as Triton counts them: at least 8, pointers 64.
int32_t exchangeBitwidth(int32_t elementBits, bool isPointer);

// Bytes of shared memory the conversion needs (0 unless its kind is SharedMemory).
int64_t layoutConversionScratchBytes(const FlatLayout &source, const FlatLayout &destination,
                                     int32_t bitwidth, const SwizzleInstructions &instructions);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_LAYOUTCONVERSIONPLAN_H
