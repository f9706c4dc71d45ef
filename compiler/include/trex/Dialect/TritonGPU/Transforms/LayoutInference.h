// The layout facts the ttgir passes share: how a layout travels through an
// op (forwards and backwards), which ops can produce any layout for free,
// which memory ops are worth keeping in their layout, and whether a
// conversion only reorders registers.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTINFERENCE_H
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTINFERENCE_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <optional>

namespace trex::ttg {

// ttg.num-warps of the nearest enclosing tt.func or module (4 if none says).
int lookupNumWarps(mlir::Operation *op);
// ttg.threads-per-warp of the enclosing module (32 if absent).
int lookupThreadsPerWarp(mlir::Operation *op);

// The pointer operand of a global memory access (load, store, atomics,
// async copy), or null.
mlir::Value getMemAccessPtr(mlir::Operation *op);

// The layout an op's tensor operands must have for its results to have
// `resultEncoding` (null if none exists or the op is not understood), and
// the layout its results get from operands in `operandEncoding`.
mlir::Attribute inferSrcEncoding(mlir::Operation *op, mlir::Attribute resultEncoding);
mlir::Attribute inferDstEncoding(mlir::Operation *op, mlir::Attribute operandEncoding);

// The layout of the other side of a view, as the ops' own inference gives it (Triton's
// inferTransOpEncoding, inferReshapeOpEncoding without reordering): trans(x, order) for x of
// `shape` in `encoding`; reshape of x from `fromShape` to `toShape`. Null if none exists.
mlir::Attribute inferTransEncoding(mlir::Attribute encoding, llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<int32_t> order);
mlir::Attribute inferReshapeEncoding(llvm::ArrayRef<int64_t> fromShape, mlir::Attribute encoding,
                                     llvm::ArrayRef<int64_t> toShape);

// Triton's inferFp4ToFpOpEncoding. Forward: the result layout of ttg.fp4_to_fp along `axis`
// for a packed source of `shape` in `encoding`; backward: the source layout for a result of
// `shape` in `encoding`. A blocked layout doubles (halves) its sizePerThread along `axis` and
// a dot operand unpacked along K its kWidth; otherwise the #ttg.linear layout in which the two
// values of a byte are consecutive registers. Null if none exists.
mlir::Attribute inferFp4ToFpEncoding(llvm::ArrayRef<int64_t> shape, int axis,
                                     mlir::Attribute encoding, bool forward);

// A load or store whose layout is worth preserving: block pointers, and
// tensors with at least one element per thread (smaller ones are cheap to
// re-read in any layout).
bool isExpensiveLoadOrStore(mlir::Operation *op);

// True if `op` can produce its result directly in `targetEncoding` at no
// extra cost (constants, splats, ranges, conversions, shared-memory reads,
// reordering reshapes that keep the element count per thread).
bool canFoldIntoConversion(mlir::Operation *op, mlir::Attribute targetEncoding);

// Elements each thread holds, for any distributed layout (through the
// linear-layout engine for families without a closed form in
// LayoutBuilders.h).
std::optional<unsigned> getNumElemsPerThread(mlir::RankedTensorType type);

// A reshape to `dstType` that changes how many elements a thread holds
// moves data between threads.
bool isExpensiveView(mlir::RankedTensorType srcType, mlir::RankedTensorType dstType);
// Producing a cat directly in `targetEncoding` would need shared memory.
bool isExpensiveCat(tt::CatOp cat, mlir::Attribute targetEncoding);

// True if converting between the two layouts keeps every element in the
// same thread (only the register order changes), so the conversion costs
// no communication.
bool cvtReordersRegisters(mlir::RankedTensorType srcType, mlir::RankedTensorType dstType);
// True if the conversion goes through shared memory in Triton's reckoning: it moves elements
// between warps (or CTAs), or, within a warp, trades more than one register bit with lane bits
// (a single exchange, or lanes alone, are warp shuffles).
bool cvtNeedsSharedMemory(mlir::RankedTensorType srcType, mlir::RankedTensorType dstType);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTINFERENCE_H
