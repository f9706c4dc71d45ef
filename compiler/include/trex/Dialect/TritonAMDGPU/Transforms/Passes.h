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

// tritonamdgpu-hoist-layout-conversions.
void hoistDotOperandConversions(mlir::ModuleOp module);
// tritonamdgpu-sink-layout-conversions.
void sinkLayoutConversions(mlir::ModuleOp module);
// tritonamdgpu-move-up-prologue-loads.
void moveUpPrologueLoads(mlir::ModuleOp module);
// tritonamdgpu-canonicalize-pointers.
mlir::LogicalResult canonicalizePointers(mlir::ModuleOp module);
// tritonamdgpu-convert-buffer-ops.
mlir::LogicalResult convertToBufferOps(mlir::ModuleOp module);
// tritonamdgpu-fold-true-cmpi.
mlir::LogicalResult foldTrueComparisons(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

} // namespace trex::amdg

#endif // TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H
