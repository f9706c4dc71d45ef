// How Triton derives blocked layouts from a tensor shape (the default layout
// of the conversion to ttgir, coalesced layouts, join/split results) and the
// per-thread element counts the layout passes reason about.
#ifndef TREX_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H
#define TREX_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <optional>

namespace trex::ttg {

// Triton's default arrangement of `numCTAs` CTAs for a tensor of `shape`
// whose dimensions are taken in `order` (fastest first): the CTAs split the
// slowest dimensions first, as far as the shape allows, and replicate the
// rest.
CGALayout buildCGALayout(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<unsigned> sizePerThread,
                         llvm::ArrayRef<unsigned> order, unsigned numCTAs);

// How many CTAs split each dimension of a tensor with this CGA layout.
llvm::SmallVector<unsigned> getCTASplitNum(const CGALayout &layout);
// The part of `shape` one CTA holds.
llvm::SmallVector<int64_t> getShapePerCTA(const CGALayout &layout, llvm::ArrayRef<int64_t> shape);

// The blocked layout with the given sizePerThread and order whose
// threadsPerWarp and warpsPerCTA Triton derives from the shape: starting from
// the fastest dimension, lanes and then warps go where the tensor has
// elements left to cover, and whatever remains lands on the slowest dimension.
BlockedEncodingAttr buildBlockedEncoding(mlir::MLIRContext *context, llvm::ArrayRef<int64_t> shape,
                                         llvm::ArrayRef<unsigned> sizePerThread,
                                         llvm::ArrayRef<unsigned> order, unsigned numWarps,
                                         unsigned threadsPerWarp, const CGALayout &cgaLayout);
// Same, with Triton's default CGA layout for `numCTAs` CTAs.
BlockedEncodingAttr buildBlockedEncoding(mlir::MLIRContext *context, llvm::ArrayRef<int64_t> shape,
                                         llvm::ArrayRef<unsigned> sizePerThread,
                                         llvm::ArrayRef<unsigned> order, unsigned numWarps,
                                         unsigned threadsPerWarp, unsigned numCTAs);

// The sizePerThread of the FMA layout convert-triton-to-tritongpu gives a tt.dot result of
// `shape` over `numThreads` threads: 2x2 (4x4) elements per thread in the last two dimensions
// where the tile has at least 4 (16) per thread, 1 elsewhere; its order is row-major.
llvm::SmallVector<unsigned> fmaDotSizePerThread(llvm::ArrayRef<int64_t> shape, int64_t numThreads);

// The layout convert-triton-to-tritongpu gives a tensor of `shape`: one
// element per thread, row-major order (last dimension fastest).
BlockedEncodingAttr getDefaultBlockedEncoding(mlir::MLIRContext *context,
                                              llvm::ArrayRef<int64_t> shape, unsigned numWarps,
                                              unsigned threadsPerWarp, unsigned numCTAs);

// The dimensions of a distributed layout, fastest-varying first: blocked
// layouts say it, slices drop the sliced dimension from their parent's,
// operands of dots have K fastest, linear layouts follow their register
// bases; MMA accumulators are row-major.
llvm::SmallVector<unsigned> getOrder(mlir::Attribute layout, unsigned rank);

// Elements each thread holds along every dimension of `type`, and in total,
// for blocked layouts and slices of them (nullopt for other families; the
// layout passes query those through the linear-layout engine).
std::optional<llvm::SmallVector<unsigned>> getElemsPerThread(mlir::RankedTensorType type);
std::optional<unsigned> getTotalElemsPerThread(mlir::RankedTensorType type);

// The layout of tt.join's result given its operands' layout (a new minor
// dimension of 2 held by each thread), and the inverse for tt.split. Only
// blocked layouts have these closed forms; other families fail.
mlir::FailureOr<mlir::Attribute> inferJoinEncoding(mlir::Attribute operandEncoding);
mlir::FailureOr<mlir::Attribute> inferSplitEncoding(mlir::Attribute operandEncoding);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H
