// The three phases of tritongpu-remove-layout-conversions, each over one
// function: forward propagation from anchors (LayoutPropagation.cpp),
// backward rematerialization and hoisting of the conversions that remain
// (LayoutRematerialization.cpp).
#ifndef TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTCONVERSIONREMOVAL_H
#define TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTCONVERSIONREMOVAL_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/SetVector.h"

namespace trex::ttg {

// True for ops whose layout the passes keep: expensive loads and stores,
// dots, atomics, gathers with an optimized layout, reordering reshapes.
bool isLayoutAnchor(mlir::Operation *op);

// Phase 1: layouts of anchors flow to their users; conflicts are resolved
// and every value is rewritten in its chosen layout.
mlir::LogicalResult propagateLayoutsForward(tt::FuncOp function);

// Phase 2: each remaining conversion whose operand can be recomputed in the
// target layout is replaced by that recomputation.
void rematerializeBackward(tt::FuncOp function);

// Whether recomputing `slice` (the producers of `convert`'s operand) in the
// conversion's target layout costs no more than the conversion itself
// (RematerializationCost.cpp).
bool isRematerializationBeneficial(ConvertLayoutOp convert, const llvm::SetVector<mlir::Value> &slice);

// Phase 3: conversions that stay move above broadcasts and extensions, into
// conditionals, and (dot operands) next to their loads.
void hoistConversions(tt::FuncOp function);

} // namespace trex::ttg

#endif // TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTCONVERSIONREMOVAL_H
