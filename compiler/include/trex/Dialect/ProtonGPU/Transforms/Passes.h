// The instrumentation passes of profiling scopes (Passes.td) and their free functions.
#ifndef TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_H
#define TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "trex/Dialect/Proton/IR/Dialect.h"
#include "trex/Dialect/ProtonGPU/IR/Dialect.h"

#include <cstdint>

namespace trex::proton_gpu {

#define GEN_PASS_DECL
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h.inc"

// The shared memory per block of the GPUs a ttg.target names, as Triton's drivers report
// max_shared_mem: 232448 on sm_90, 166912 on sm_80/sm_87, 101376 on other sm_8x, 65536 on
// AMD and older NVIDIA GPUs.
int64_t maxSharedMemoryOf(llvm::StringRef target);

// Bytes of the shared profiling buffer for a kernel that already uses `sharedUsed` bytes on a
// device with `maxShared`, split between `segments` warps (Triton's formula).
int64_t profileBufferBytes(int64_t maxShared, int64_t sharedUsed, int segments);

// convert-proton-to-protongpu; `maxShared` 0 takes the target's.
mlir::LogicalResult convertProtonToProtonGPU(mlir::ModuleOp module, int64_t maxShared,
                                             int profileScratchAlignment);

// proton-instrument-loops: the number of scopes added.
int instrumentTopLevelLoops(mlir::ModuleOp module);

// allocate-proton-shared-memory.
void allocateProtonSharedMemory(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h.inc"

} // namespace trex::proton_gpu

#endif // TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_H
