// LinearLayoutViews: the #ttg.linear layout of a tensor after a view op (reshape, transpose)
// that renames its elements without moving them between threads.
//
// Triton keeps a reshape or transpose free by giving its result the layout in which every
// thread, lane and warp holds the same elements as before.  Blocked layouts have closed forms
// for some of these (BlockedEncodingAttr's transposition, BlockedReshape.h); the general answer
// is a linear layout, computed here through layoutviz, as Triton's inferReshapeOpEncoding and
// inferTransOpEncoding do when no legacy layout fits.
#ifndef TREX_LAYOUT_LINEARLAYOUTVIEWS_H
#define TREX_LAYOUT_LINEARLAYOUTVIEWS_H

#include "trex/Layout/LayoutAdapter.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

namespace trex::layout {

// The #ttg.linear attribute of a distributed linear layout (in-dims register, lane, warp,
// block; out-dims dim0, ...).
mlir::FailureOr<ttg::LinearEncodingAttr> toLinearEncodingAttr(mlir::MLIRContext *context,
                                                              const layoutviz::LinearLayout &layout,
                                                              EmitErrorFn emitError);

// The layout of reshape(x) : `dstShape` when x of `srcShape` has `srcEncoding`: element i of
// the row-major flattening stays with the hardware index that held element i.
mlir::FailureOr<ttg::LinearEncodingAttr> reshapeAsLinearEncoding(mlir::Attribute srcEncoding,
                                                                 llvm::ArrayRef<int64_t> srcShape,
                                                                 llvm::ArrayRef<int64_t> dstShape,
                                                                 EmitErrorFn emitError);

// The layout of trans(x, order) when x of `srcShape` has `srcEncoding`: result dimension i is
// source dimension order[i].
mlir::FailureOr<ttg::LinearEncodingAttr>
transposeAsLinearEncoding(mlir::Attribute srcEncoding, llvm::ArrayRef<int64_t> srcShape,
                          llvm::ArrayRef<int32_t> order, EmitErrorFn emitError);

// The layout of ttg.fp4_to_fp(x, axis) when x of `srcShape` has `srcEncoding`: each register
// of x becomes two consecutive registers along `axis` (identity1D(2, register, axis) * x's).
mlir::FailureOr<ttg::LinearEncodingAttr>
fp4UnpackedAsLinearEncoding(mlir::Attribute srcEncoding, llvm::ArrayRef<int64_t> srcShape, int axis,
                            EmitErrorFn emitError);

// The other way: the layout of the packed source when the unpacked result of `dstShape` has
// `dstEncoding`. Needs a register basis that moves one element along `axis` (the pair of a
// byte), which is dropped; every other basis is halved along `axis`.
mlir::FailureOr<ttg::LinearEncodingAttr> fp4PackedAsLinearEncoding(mlir::Attribute dstEncoding,
                                                                   llvm::ArrayRef<int64_t> dstShape,
                                                                   int axis, EmitErrorFn emitError);

// The layout of each result of tt.split(x) when x of `srcShape` (last dimension 2) has
// `srcEncoding`: the last dimension must be one register basis that moves one element along it
// and nothing else (and no other basis may move along it); that basis is dropped and the last
// dimension with it, as Triton's inferSplitOpEncoding does for layouts other than blocked ones.
mlir::FailureOr<ttg::LinearEncodingAttr> splitAsLinearEncoding(mlir::Attribute srcEncoding,
                                                               llvm::ArrayRef<int64_t> srcShape,
                                                               EmitErrorFn emitError);

// The layout of tt.join(a, b) when a and b of `srcShape` have `srcEncoding`: a new last
// dimension of 2 held by each thread as its first register (identity1D(2, register, last) * the
// operands' layout), as Triton's inferDefaultJoinOpEncoding does for layouts other than blocked
// ones.
mlir::FailureOr<ttg::LinearEncodingAttr> joinAsLinearEncoding(mlir::Attribute srcEncoding,
                                                              llvm::ArrayRef<int64_t> srcShape,
                                                              EmitErrorFn emitError);

// The layout amdg.in_thread_transpose gives a rank-2 tensor of `shape` held in `blocked`: every
// lane and warp keeps the elements it had, but the registers of each thread's sizePerThread tile
// run along the blocked layout's second-fastest dimension first, so that a thread's consecutive
// registers can be stored as one vector along that dimension (the AMD in-thread transpose).
mlir::FailureOr<ttg::LinearEncodingAttr> inThreadTransposedEncoding(ttg::BlockedEncodingAttr blocked,
                                                                    llvm::ArrayRef<int64_t> shape,
                                                                    EmitErrorFn emitError);

} // namespace trex::layout

#endif // TREX_LAYOUT_LINEARLAYOUTVIEWS_H
