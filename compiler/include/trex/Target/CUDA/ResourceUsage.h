// ResourceUsage: the registers and spills ptxas reports for a kernel (`ptxas -v`, nvJitLink's
// -verbose info log), which Triton's launcher reads from the driver as n_regs and n_spills.
#ifndef TREX_TARGET_CUDA_RESOURCEUSAGE_H
#define TREX_TARGET_CUDA_RESOURCEUSAGE_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace trex::cuda {

struct ResourceUsage {
  int registers = 0;
  int spillStoreBytes = 0;
  int spillLoadBytes = 0;
  int stackFrameBytes = 0;
};

// The usage of `kernel` in an assembler log ("ptxas info : Used 18 registers, ...",
// "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"); none when the log does
// not report it.
std::optional<ResourceUsage> readResourceUsage(llvm::StringRef log, llvm::StringRef kernel);

} // namespace trex::cuda

#endif // TREX_TARGET_CUDA_RESOURCEUSAGE_H
