// The NVIDIA-specific ttgir passes (Passes.td) and the free functions that do
// their work.
#ifndef TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

namespace trex::ttng {

#define GEN_PASS_DECL
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

// triton-nvidia-gpu-plan-cta: succeeds for one CTA per cluster.
mlir::LogicalResult planCTAs(mlir::ModuleOp module);

// triton-nvidia-optimize-descriptor-encoding: the TMA layout of a descriptor's block
// (#ttg.nvmma_shared, row-major), and the pass that gives it to every descriptor.
ttg::NVMMASharedEncodingAttr descriptorSharedEncoding(mlir::RankedTensorType block);
void optimizeDescriptorEncodings(mlir::ModuleOp module);

// triton-nvidia-tma-lowering.
mlir::LogicalResult lowerTMAAccesses(mlir::ModuleOp module);

// triton-nvidia-gpu-fence-insertion.
void insertProxyFences(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

} // namespace trex::ttng

#endif // TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
