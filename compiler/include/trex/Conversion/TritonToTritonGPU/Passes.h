// convert-triton-to-tritongpu (Passes.td) and the free function that does its
// work, for the compiler driver, the explorer and tests.
#ifndef TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <string>

namespace trex {

#define GEN_PASS_DECL
#include "trex/Conversion/TritonToTritonGPU/Passes.h.inc"

// The launch shape the conversion records on the module.
struct TritonToTritonGPUOptions {
  // Triton's target spelling: "cuda:90", "hip:gfx942".
  std::string target;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numCTAs = 1;
};

// Gives every tensor in `module` a layout (see Passes.td) and sets the
// ttg.* module attributes. Fails with a diagnostic on an op it cannot retype
// or on invalid options (no target, a count that is not a power of two).
mlir::LogicalResult convertTritonToTritonGPU(mlir::ModuleOp module,
                                             const TritonToTritonGPUOptions &options);

#define GEN_PASS_REGISTRATION
#include "trex/Conversion/TritonToTritonGPU/Passes.h.inc"

} // namespace trex

#endif // TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_H
