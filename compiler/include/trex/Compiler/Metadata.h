// Metadata: reading what a launcher needs to know about a compiled kernel (KernelMetadata,
// CompileResult.h) from the IR, and the JSON file Triton writes next to the binary
// (`<kernel>.json`), with Triton's keys.
#ifndef TREX_COMPILER_METADATA_H
#define TREX_COMPILER_METADATA_H

#include "trex/Compiler/CompileResult.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace trex {

// Reads the kernel's metadata from a module after shared-memory and global-scratch
// allocation (ttg.shared, ttg.global_scratch_memory_size, ...); `numStages` is the
// compile option, which the IR does not record.
KernelMetadata readKernelMetadata(mlir::ModuleOp module, llvm::StringRef kernelName,
                                  const Target &target, int numStages);

// The host tensor-descriptor parameters of the kernel `kernelName` in a ttgir module whose
// descriptors have their TMA layouts (after triton-nvidia-optimize-descriptor-encoding), as
// Triton 3.6 reads them after make_ttgir.
std::vector<TensorDescriptorMetadata> readTensorDescriptorMetadata(mlir::ModuleOp module,
                                                                   llvm::StringRef kernelName);

// The JSON Triton 3.6 writes for this target (keys sorted, one-space indent), the hidden
// scratch sizes included for AMD as well.
std::string metadataJSON(const KernelMetadata &metadata);

} // namespace trex

#endif // TREX_COMPILER_METADATA_H
