// Rebuilding scf.for and scf.if with extra loop-carried values or results,
// and the clean-up of loop-carried values nobody uses. The layout passes
// need these when a value they rematerialize in a new layout is carried by
// a loop or yielded by a conditional.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_CONTROLFLOWREWRITES_H
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_CONTROLFLOWREWRITES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace trex::ttg {

// A copy of `loop` with `newInits` appended to its loop-carried values (the
// body moves over; the new block arguments are appended, the yield is not
// touched). The (old result, new result) pairs are added to `replacements`
// for the caller to apply.
mlir::scf::ForOp
replaceForOpWithNewSignature(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop,
                             mlir::ValueRange newInits,
                             llvm::SmallVectorImpl<std::tuple<mlir::Value, mlir::Value>> &replacements);
// Same, replacing the old results right away.
mlir::scf::ForOp replaceForOpWithNewSignature(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop,
                                              mlir::ValueRange newInits);

// A copy of `ifOp` with results of `newResultTypes` appended (both branches
// move over; their yields are not touched).
mlir::scf::IfOp
replaceIfOpWithNewSignature(mlir::RewriterBase &rewriter, mlir::scf::IfOp ifOp,
                            mlir::TypeRange newResultTypes,
                            llvm::SmallVectorImpl<std::tuple<mlir::Value, mlir::Value>> &replacements);

// Finds loop-carried values of scf.for whose results are unused and which
// feed nothing with side effects, and short-circuits their yields so that
// canonicalization can drop them.
void populateForOpDeadArgumentElimination(mlir::RewritePatternSet &patterns);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_CONTROLFLOWREWRITES_H
