// ScanLayout: where the scanned axis of a tensor lives in its registers, lanes and warps.
//
// A scan visits the elements of each row (the positions along the axis at fixed other
// coordinates) in axis order, so the lowering needs to know which hardware bits make up an
// element's position along the axis and which its row. trex scans layouts where every
// register, lane and warp basis either lies on the axis alone (a power of two) or has no
// component on it (zero bases are copies and play no part), and where the position along
// the axis is, from least to most significant:
//
//   low register bits | lane bits | warp bits | high register bits
//
// that is, a thread's contiguous chunk, the lanes of a warp, the warps, and the layout
// repeating along the axis. Blocked layouts (the only ones Triton 3.6 scans) and slices of
// them have this form.
//
// Example: #blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4]}> over 1024
// elements scans chunks of 4 registers, 32 lanes, 4 warps and 2 repetitions (register bits
// 0-1 low, bit 2 high).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_SCANLAYOUT_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_SCANLAYOUT_H

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace trex {

struct ScanLayout {
  // Bits of each in-dim that make up the position along the axis, least significant first.
  llvm::SmallVector<int> lowRegisterBits, laneAxisBits, warpAxisBits, highRegisterBits;
  // Bits whose basis lies off the axis: they tell the rows apart.
  llvm::SmallVector<int> registerRowBits, laneRowBits, warpRowBits;

  int64_t chunkSize() const { return int64_t(1) << lowRegisterBits.size(); }
  int64_t lanesAlongAxis() const { return int64_t(1) << laneAxisBits.size(); }
  int64_t warpsAlongAxis() const { return int64_t(1) << warpAxisBits.size(); }
  int64_t blocksAlongAxis() const { return int64_t(1) << highRegisterBits.size(); }
  // Rows a program holds: the distinct values of the row bits.
  int64_t rows() const {
    return int64_t(1) << (registerRowBits.size() + laneRowBits.size() + warpRowBits.size());
  }
  // Shared-memory slots (per operand) the scan across warps uses: one per row, block along
  // the axis and warp along the axis; 0 when the axis lies within a warp.
  int64_t scratchSlots() const {
    return warpAxisBits.empty() ? 0 : rows() * blocksAlongAxis() * warpsAlongAxis();
  }
};

// The layout of `type` scanned along `axis`, or nullopt (with `reason` set) when it is not of
// the form above.
std::optional<ScanLayout> analyzeScanLayout(mlir::RankedTensorType type, unsigned axis,
                                            std::string *reason = nullptr);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_SCANLAYOUT_H
