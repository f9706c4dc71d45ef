// The GPU a compilation is for, spelled as Triton spells it: "cuda:90",
// "cuda:80", "hip:gfx942".
#ifndef TREX_COMPILER_TARGET_H
#define TREX_COMPILER_TARGET_H

#include "trex/Compiler/Stage.h"

#include <string>
#include <vector>

// No LLVM header here (CompileResult.h is included where LLVM is not).
namespace llvm {
class StringRef;
template <class T> class Expected;
} // namespace llvm

namespace trex {

struct Target {
  enum class Backend { CUDA, HIP };

  Backend backend = Backend::CUDA;
  // CUDA: compute capability as major * 10 + minor (90 for sm_90).
  int computeCapability = 90;
  // HIP: the gfx architecture ("gfx942").
  std::string arch;
  // Threads per warp (wavefront): 32 on NVIDIA, 64 on CDNA (gfx9), 32 on RDNA.
  int warpSize = 32;

  static llvm::Expected<Target> parse(llvm::StringRef text);

  bool isCUDA() const { return backend == Backend::CUDA; }
  bool isHIP() const { return backend == Backend::HIP; }
  // "cuda:90" / "hip:gfx942", the value of the module's ttg.target.
  std::string str() const;
  // "sm90" / "gfx942", the `arch` field of Triton's metadata.
  std::string archName() const;
  // Whether a compilation for this target has the stage: PTX and cubin are NVIDIA's,
  // AMDGCN and hsaco AMD's; the others every target's.
  bool hasStage(Stage stage) const;
  // Every stage this target has, in pipeline order (what `--emit all` writes).
  std::vector<Stage> stages() const;
};

} // namespace trex

#endif // TREX_COMPILER_TARGET_H
