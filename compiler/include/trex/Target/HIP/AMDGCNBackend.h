// AMDGCNBackend: LLVM IR to AMDGCN assembly and a code object (hsaco) for AMD GPUs.
#ifndef TREX_TARGET_HIP_AMDGCNBACKEND_H
#define TREX_TARGET_HIP_AMDGCNBACKEND_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace trex::hip {

// The code object version trex emits: 5, as Triton 3.6 (LLVM 22 would default to 6).
inline constexpr int kCodeObjectVersion = 5;

// Module flags Triton sets on every AMD module (the code object version).
void setModuleFlags(llvm::Module &module);

// The AMDGPU target machine for `arch` ("gfx942"; the thread's shared one,
// llvmir::targetMachine).
llvm::Expected<llvm::TargetMachine *> targetMachine(llvm::StringRef arch, bool fpFusion);

// A bitcode library of the ROCm device libraries ("ockl", "ocml"): NAME.bc in
// $TREX_ROCM_DEVICE_LIBS when set (and only there), else in Debian's rocm-device-libs folder
// or ROCm's /opt/rocm/amdgcn/bitcode.
std::optional<std::string> findDeviceLibrary(llvm::StringRef name);

// Links the ockl and ocml functions the module calls (tl.device_print, device assertions,
// libdevice calls), only those, made internal; then defines the oclc control constants they
// read as Triton 3.6 sets them for `arch` (code object ABI 5, the ISA version, wave64 on GFX9,
// IEEE math). Does nothing for a module that calls neither library.
//
// Inlining is bounded: where inlining every call would put more than kLibraryInlineBudget
// instructions of library code into the kernel (a block of tens of thousands of elements, each
// with an ocml pow, tanh, ...), the library functions are marked noinline and stay calls;
// LLVM's optimizer and the AMDGPU code generator grow faster than linearly in the size of
// one straight-line function (65,536 pow calls: minutes). `inlinedInstructions` gets the
// estimate and `keptAsCalls` whether the bound applied.
inline constexpr int64_t kLibraryInlineBudget = 32768;
struct LibraryLinkReport {
  int64_t calls = 0;
  int64_t inlinedInstructions = 0;
  bool keptAsCalls = false;
};
llvm::Error linkDeviceLibraries(llvm::Module &module, llvm::StringRef arch,
                                LibraryLinkReport *report = nullptr);

// ld.lld: $TRITON_HIP_LLD_PATH, then ld.lld-22 or ld.lld on PATH, then LLVM 22's own.
std::optional<std::string> findLinker();

// Links a relocatable object into a loadable code object (a shared ELF, hsaco).
llvm::Expected<std::string> linkCodeObject(llvm::StringRef object, llvm::StringRef linkerPath);

} // namespace trex::hip

#endif // TREX_TARGET_HIP_AMDGCNBACKEND_H
