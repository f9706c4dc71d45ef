// PTXBackend: LLVM IR to PTX with LLVM's NVPTX back end, libdevice linking, and ptxas.
#ifndef TREX_TARGET_CUDA_PTXBACKEND_H
#define TREX_TARGET_CUDA_PTXBACKEND_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace trex::cuda {

// The PTX ISA version trex emits: 8.7, what Triton 3.6 writes (ptxas 12.8 and later read it).
inline constexpr int kPTXVersion = 87;

// The `--gpu-name` / `.target` of a compute capability: "sm_90a" for 90 (its
// architecture-specific instructions, wgmma and setmaxnreg, need the "a" variant, as in
// Triton), "sm_80" for 80.
std::string gpuName(int computeCapability);

// libdevice.10.bc: $TRITON_LIBDEVICE_PATH, then <CUDA>/nvvm/libdevice for $CUDA_HOME,
// $CUDA_PATH and /usr/local/cuda. None without a CUDA installation, or when
// $TRITON_LIBDEVICE_PATH names a file that does not exist.
std::optional<std::string> findLibdevice();
// ptxas: $TRITON_PTXAS_PATH, then PATH, then <CUDA>/bin as above.
std::optional<std::string> findPtxas();

// A function the module calls under libdevice's prefix (__nv_) that libdevice does not
// define, and where the kernel calls it (the first call's debug location: the source file
// and position; an empty file when the call has none).
class MissingLibdeviceFunction : public llvm::ErrorInfo<MissingLibdeviceFunction> {
public:
  static char ID;
  std::string function, libdevicePath, file;
  unsigned line = 0, column = 0;

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
};

// Links into `module` the libdevice functions it calls (nothing when it calls none), and
// sets the module flag libdevice reads (nvvm-reflect-ftz = 1, as Triton). A called function
// libdevice lacks fails with MissingLibdeviceFunction.
llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef libdevicePath);
// Module flags Triton sets on every NVIDIA module.
void setModuleFlags(llvm::Module &module);

// The NVPTX target machine for `computeCapability`, emitting PTX kPTXVersion (the thread's
// shared one, llvmir::targetMachine).
llvm::Expected<llvm::TargetMachine *> targetMachine(int computeCapability, bool fpFusion);

// `ptx` without the ", debug" LLVM adds to `.target` when the module has line tables: with
// it, ptxas turns optimization off (Triton removes it too; the .loc lines stay).
std::string withoutDebugFlag(llvm::StringRef ptx);

// Assembles `ptx` into a cubin with ptxas; `log` receives what ptxas printed (-v: registers,
// spills). The error carries ptxas's message when it rejects the PTX.
llvm::Expected<std::string> assemble(llvm::StringRef ptx, int computeCapability,
                                     llvm::StringRef ptxasPath, std::string &log);

// ptxas inside this process, through nvJitLink (libnvJitLink.so, CUDA 12.8 and later, loaded
// with dlopen on first use and kept): the same assembler without starting a ptxas process and
// without the files around it, which on a small kernel is a third of ptxas's time.
// $TREX_NVJITLINK_PATH (only that library, when set), else <CUDA>/lib64 and <CUDA>/lib for
// the roots above, then the loader's search path. None when no such library loads.
std::optional<std::string> findJitLink();

// What assemble() does, in process with the nvJitLink at `libraryPath`: same options, `log`
// receives the ptxas lines. A library that does not load, or lacks the entry points, is an
// error saying so (the caller can fall back to the ptxas executable); PTX that ptxas rejects
// is an error carrying its message.
llvm::Expected<std::string> assembleInProcess(llvm::StringRef ptx, int computeCapability,
                                              llvm::StringRef libraryPath, std::string &log);

// What $TREX_ASSEMBLER asks for: "nvjitlink", "ptxas", nothing (unset), or a value that is
// neither (Unknown: the caller says so and uses the default).
enum class AssemblerChoice { Unset, JitLink, Executable, Unknown };
AssemblerChoice assemblerFromEnvironment();

} // namespace trex::cuda

#endif // TREX_TARGET_CUDA_PTXBACKEND_H
