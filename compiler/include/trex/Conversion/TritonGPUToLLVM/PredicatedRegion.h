// PredicatedRegion: code that runs only in the threads where a condition holds, as a branch.
//
// Most predicated work is a predicated instruction (inline PTX with a guard, a masked load);
// what has no predicated form (an LLVM atomicrmw, a trap, a call that must not run in every
// thread) goes into a block of its own that the threads where the condition is false jump
// over.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PREDICATEDREGION_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_PREDICATEDREGION_H

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace trex {

// Splits the current block at the insertion point and emits what `body` builds in a block
// entered only where `condition` holds. The values `body` returns are merged, as arguments
// of the block both paths join in, with `otherwise` (the values where `condition` is false);
// they are returned, and the insertion point is left at the start of the joined block.
llvm::SmallVector<mlir::Value>
emitPredicatedRegion(mlir::RewriterBase &rewriter, mlir::Location loc, mlir::Value condition,
                     mlir::ValueRange otherwise,
                     llvm::function_ref<llvm::SmallVector<mlir::Value>()> body);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PREDICATEDREGION_H
