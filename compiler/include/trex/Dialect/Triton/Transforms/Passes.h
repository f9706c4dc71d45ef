// The ttir passes (Passes.td) and the free functions that do their work, so
// that the compiler driver, the explorer and tests can run one without a pass
// manager.
#ifndef TREX_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TREX_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace trex::tt {

#define GEN_PASS_DECL
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

// triton-combine: adds the peephole patterns to `patterns`, or applies them
// greedily (with folding) to everything nested in `root`.
void populateCombinePatterns(mlir::RewritePatternSet &patterns);
mlir::LogicalResult combineOps(mlir::Operation *root);

// triton-reorder-broadcast: moves elementwise ops in front of broadcasts and
// splats everywhere under `root`.
void populateReorderBroadcastPatterns(mlir::RewritePatternSet &patterns);
mlir::LogicalResult reorderBroadcasts(mlir::Operation *root);

// triton-rewrite-tensor-pointer: replaces every block pointer under `root` by
// offsets and its loads and stores by tensor-of-pointer accesses. Fails (with
// a diagnostic) on a use of a block pointer the rewrite does not support.
mlir::LogicalResult rewriteTensorPointers(mlir::Operation *root);

// triton-rewrite-tensor-descriptor-to-pointer: splits every tensor descriptor
// under `root` into base, shape and strides and lowers the descriptor accesses
// to masked tensor-of-pointer accesses. Fails where no lowering exists (an
// integer min/max reduction without signedness, say).
mlir::LogicalResult rewriteTensorDescriptorsToPointers(mlir::Operation *root);

// triton-loop-unroll: unrolls the scf.for loops under `root` that carry
// tt.loop_unroll_factor > 1.
void unrollMarkedLoops(mlir::Operation *root);

// triton-licm: hoists loop invariants, loads in read-only loops included, out
// of every loop under `root`, innermost loops first.
void hoistLoopInvariants(mlir::Operation *root);

// triton-loop-aware-cse: merges equal loop-carried values of every scf.for
// under `root`, with CSE before and after.
mlir::LogicalResult loopAwareCSE(mlir::Operation *root);

// Registers the passes above with the pass registry and the
// --trex-ttir-pipeline pipeline (Pipeline.h), for trex-opt.
void registerTritonTransforms();

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

} // namespace trex::tt

#endif // TREX_DIALECT_TRITON_TRANSFORMS_PASSES_H
