// The AMD-specific ttgir passes (Passes.td) and the free functions that do
// their work.
#ifndef TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H
#define TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"

namespace trex::amdg {

#define GEN_PASS_DECL
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

// tritonamdgpu-accelerate-matmul: MFMA layouts for the dots under `module`
// (reads the target from ttg.target; no-op off CDNA). `forcedNonKDim` 0
// chooses the tile from the dot's shape; `kPack` multiplies kWidth; a non-empty `mfmaTypes`
// keeps dots whose instruction takes other operand types on the FMA path (see the pass's
// mfma-types option for the names).
mlir::LogicalResult accelerateAMDMatmul(mlir::ModuleOp module, int forcedNonKDim = 0, int kPack = 1,
                                        llvm::ArrayRef<std::string> mfmaTypes = {});
// tritonamdgpu-stream-pipeline: pipelines the innermost loops under `module` whose dot
// operands are loaded in the loop; returns how many.
int streamPipelineLoops(mlir::ModuleOp module, int numStages);
// tritonamdgpu-optimize-epilogue: returns how many stores it rewrote.
int storeEpiloguesFromMfmaLayouts(mlir::ModuleOp module);
// tritonamdgpu-hoist-layout-conversions.
void hoistDotOperandConversions(mlir::ModuleOp module);
// tritonamdgpu-sink-layout-conversions.
void sinkLayoutConversions(mlir::ModuleOp module);
// tritonamdgpu-in-thread-transpose: returns how many dot operands it rewrote.
int transposeOperandsInThreads(mlir::ModuleOp module);
// tritonamdgpu-move-up-prologue-loads.
void moveUpPrologueLoads(mlir::ModuleOp module);
// tritonamdgpu-canonicalize-pointers.
mlir::LogicalResult canonicalizePointers(mlir::ModuleOp module);
// tritonamdgpu-convert-buffer-ops.
mlir::LogicalResult convertToBufferOps(mlir::ModuleOp module);
// tritonamdgpu-fold-true-cmpi.
mlir::LogicalResult foldTrueComparisons(mlir::ModuleOp module);
// tritonamdgpu-expand-upcast-mxfp: every amdg.upcast_mxfp as generic ttgir ops.
mlir::LogicalResult expandUpcastMXFP(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

} // namespace trex::amdg

#endif // TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H
