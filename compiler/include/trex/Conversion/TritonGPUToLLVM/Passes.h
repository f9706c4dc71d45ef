// The TritonGPU-to-LLVM passes (Passes.td).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Pass/Pass.h"

#include "llvm/ADT/StringRef.h"

namespace trex {

// The CTAs per cluster of a kernel that localize-cluster-tensors rewrote as one CTA's program
// (its "ttg.num-ctas" is 1 until the conversion to LLVM restores it).
inline constexpr llvm::StringLiteral kClusterCTAsAttr = "trex.cluster-ctas";

#define GEN_PASS_DECL
#include "trex/Conversion/TritonGPUToLLVM/Passes.h.inc"

// Registers the passes and --trex-llvm-pipeline with the pass registry, for trex-opt.
void registerTritonGPUToLLVMPasses();
void registerLLVMLoweringPipeline();

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H
