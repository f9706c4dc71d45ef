// The ttgir -> LLVM-dialect pipeline: the MLIR passes of Triton 3.6's make_llir, in order.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PIPELINE_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_PIPELINE_H

#include <cstdint>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace trex {

struct LLVMLoweringOptions {
  // Whether transcendental math may call libdevice (linked in by the NVIDIA back end).
  bool deviceLibrary = true;
  // Whether functions get debug scopes, so LLVM IR and the assembly carry line tables that
  // map instructions back to the kernel's source lines.
  bool lineInfo = true;
  // AMD: amdg.upcast_mxfp written as generic ttgir ops first (tritonamdgpu-expand-upcast-mxfp).
  bool expandUpcastMXFP = false;
  // The intrinsic dialects the lowering loads: "nvvm", "rocdl", or both (the target's suffices).
  std::string intrinsicDialects = "nvvm,rocdl";
  // Instrument the kernel's profiling scopes (proton.record): convert-proton-to-protongpu and
  // allocate-proton-shared-memory after allocate-shared-memory, as Proton's instrumentation
  // backend adds them to Triton's make_llir. `maxSharedMemory` 0: the target's.
  bool profileScopes = false;
  int64_t maxSharedMemory = 0;
  // First of all, proton-instrument-loops (scopes around top-level loops and the epilogue of a
  // kernel without scopes); needs profileScopes to be instrumented.
  bool instrumentLoops = false;
  // NVIDIA: tritongpu-combine-tensor-select-and-if before anything else, as Triton's make_llir
  // starts (its make_ttgir does not end with it).
  bool combineSelectAndIf = false;
};

// Appends to `pm` (on builtin.module): with combineSelectAndIf
// tritongpu-combine-tensor-select-and-if, with expandUpcastMXFP tritonamdgpu-expand-upcast-mxfp,
// then convert-scf-to-cf, allocate-shared-memory, with profileScopes
// convert-proton-to-protongpu and allocate-proton-shared-memory,
// tritongpu-global-scratch-memory-allocation, convert-triton-gpu-to-llvm, canonicalize, cse,
// reconcile-unrealized-casts, canonicalize, cse, symbol-dce and, with line info,
// simplify-call-site-locations and ensure-debug-info-scope-on-llvm-func.
void buildLLVMLoweringPipeline(mlir::OpPassManager &pm, const LLVMLoweringOptions &options);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PIPELINE_H
