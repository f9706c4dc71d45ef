// Metadata: what a launcher needs to know about a compiled kernel, and the JSON file
// Triton writes next to the binary (`<kernel>.json`), with Triton's keys.
#ifndef TREX_COMPILER_METADATA_H
#define TREX_COMPILER_METADATA_H

#include "trex/Compiler/Target.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace trex {

// One buffer in a program's slice of global scratch.
struct ScratchAllocation {
  int64_t offset = 0;
  int64_t size = 0;
  int64_t align = 1;
  std::string what;   // "TMA descriptor (tl.make_tensor_descriptor)", "the scratch of @f", ...
  std::string source; // "kernel.py:12:10", or empty
};

// A kernel's host tensor-descriptor parameter: what the launcher needs to encode its
// CUtensorMap (an entry of Triton's "tensordesc_meta", in parameter order).
struct TensorDescriptorMetadata {
  // CUtensorMapSwizzle: 0 none, 1 32-byte, 2 64-byte, 3 128-byte.
  int swizzle = 0;
  // Bytes of one element.
  int elementSize = 0;
  // The TMA element type as the device numbers it (the launcher translates to the host's).
  int elementType = 0;
  // The box one TMA copy moves, outermost dimension first.
  std::vector<int64_t> blockSize;
  bool fp4Padded = false;
};

struct KernelMetadata {
  std::string name;
  Target target;
  int numWarps = 4;
  int numCTAs = 1;
  int numStages = 3;
  // Bytes of shared memory a program needs (dynamic shared memory at launch).
  int64_t shared = 0;
  // The hidden scratch buffers: bytes per program and alignment. The launcher allocates
  // size x number of programs for each and passes the two pointers after the user's
  // arguments.
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  int64_t profileScratchSize = 0;
  int64_t profileScratchAlign = 1;
  // The profiling scopes of an instrumented kernel by id (trex's "trex_profile_scopes" key,
  // set by convert-proton-to-protongpu): what the profile decoder names the records with.
  std::vector<std::string> profileScopes;
  // What the global scratch holds (trex's "trex_global_scratch" key; empty when nothing).
  std::vector<ScratchAllocation> globalScratch;
  // Host tensor-descriptor parameters, in order (Triton's "tensordesc_meta").
  std::vector<TensorDescriptorMetadata> tensorDescriptors;
  // From the assembler's info log, where it was read (NVIDIA): Triton's n_regs, and n_spills
  // as Triton's launcher computes it (the kernel's local memory per thread / 4: ptxas' stack
  // frame, which holds the spills).
  std::optional<int> registers;
  std::optional<int> spills;
};

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
