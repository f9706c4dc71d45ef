// CubinInfo: what ptxas recorded about a kernel in its cubin, read from the ELF without a GPU:
// the register count and stack frame (EIATTR_REGCOUNT / EIATTR_FRAME_SIZE in `.nv.info`), the
// parameter list (EIATTR_KPARAM_INFO in `.nv.info.<kernel>`) and the static shared memory
// (`.nv.shared.<kernel>`). Spill counts are not stored in the cubin (only ptxas -v prints
// them); the stack frame is where spills live, so a nonzero frame is the signal.
#ifndef TREX_RUNTIME_CUBININFO_H
#define TREX_RUNTIME_CUBININFO_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::runtime {

struct CubinKernelInfo {
  std::string name;
  std::optional<int> registers;
  std::optional<int> frameBytes;
  std::optional<int> maxStackBytes;
  std::int64_t staticSharedBytes = 0;
  // Bytes of each parameter in order (user arguments then the hidden pointers).
  std::vector<int> parameterSizes;
  // Total bytes of the parameter block (EIATTR_CBANK_PARAM_SIZE), when recorded.
  std::optional<int> parameterBlockBytes;
};

// Parses `image` and returns the facts of the kernel `kernelName`. Throws Error when the image
// is not a 64-bit little-endian ELF, is truncated, or has no such kernel.
CubinKernelInfo readCubinKernelInfo(const std::string &image, const std::string &kernelName);

// Whether `image` starts like an ELF file (cubins and hsaco are ELF; PTX is text).
bool looksLikeElf(const std::string &image);

} // namespace trex::runtime

#endif // TREX_RUNTIME_CUBININFO_H
