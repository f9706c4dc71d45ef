// KernelBuild: a Triton-Python kernel compiled to launchable artifacts through the on-disk
// kernel cache, for `trex run` and `trex bench`. A cache hit skips the compiler; a miss (or a
// corrupt entry) compiles and stores the metadata (with trex's signature and parameter-name
// keys), the binary and the IR stages under Triton's per-kernel file names.
#ifndef TREX_TOOLS_KERNELBUILD_H
#define TREX_TOOLS_KERNELBUILD_H

#include "trex/Compiler/Compilation.h"

#include <optional>
#include <string>
#include <vector>

namespace trex::tools {

struct KernelBuildRequest {
  std::string path;
  // The compile options (target, kernel name, signature, warps, stages, autotune config).
  CompileOptions options;
  // Empty: $TREX_CACHE_DIR or ~/.cache/trex.
  std::string cacheDirectory;
};

struct KernelBuild {
  // The cache entry holding <kernel>.json and its binary.
  std::string directory;
  bool cacheHit = false;
  // Why a present entry was rebuilt (corrupt), empty otherwise.
  std::string rebuildReason;
  // Compiler diagnostics (warnings) worth showing.
  std::string diagnostics;
};

// Compiles (or finds) the kernel; throws runtime::Error carrying the compiler's diagnostics
// when compilation fails or produces no loadable binary.
KernelBuild buildKernel(const KernelBuildRequest &request);

} // namespace trex::tools

#endif // TREX_TOOLS_KERNELBUILD_H
