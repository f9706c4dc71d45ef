// The TritonGPU-to-LLVM passes (Passes.td).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace trex {

#define GEN_PASS_DECL
#include "trex/Conversion/TritonGPUToLLVM/Passes.h.inc"

// Registers the passes and --trex-llvm-pipeline with the pass registry, for trex-opt.
void registerTritonGPUToLLVMPasses();
void registerLLVMLoweringPipeline();

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_H
