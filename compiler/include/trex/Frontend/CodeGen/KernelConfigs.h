// KernelConfigs: a kernel's @triton.autotune configs and @triton.heuristics, read at compile
// time for `trex compile --list-configs` and `--config N`.
//
// trex does not autotune (that needs the GPU and Python); it lets one config be chosen by
// number. Config values are compile-time expressions folded like default values (literals,
// module constants, arithmetic); `configs=` must be a literal list of triton.Config(...).
#ifndef TREX_FRONTEND_CODEGEN_KERNELCONFIGS_H
#define TREX_FRONTEND_CODEGEN_KERNELCONFIGS_H

#include "trex/Compiler/CompileResult.h"
#include "trex/Frontend/Python/Diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trex::frontend {

// One triton.Config, folded: the compile result's AutotuneConfig (its values and describe())
// and where it was written.
struct AutotuneConfigInfo : AutotuneConfig {
  // The triton.Config(...) call.
  python::SourceLocation location;
};

// One `name: lambda args: ...` of @triton.heuristics.
struct HeuristicInfo {
  std::string parameter;
  // The value expression as written ("lambda args: args['N'] % 16 == 0").
  std::string expression;
  python::SourceLocation location;
};

struct KernelConfigs {
  std::string kernelName;
  bool hasAutotune = false;
  // The autotune key (parameter names whose runtime values select a config in Triton).
  std::vector<std::string> key;
  std::vector<AutotuneConfigInfo> configs;
  std::vector<HeuristicInfo> heuristics;
  // Errors: the file does not parse, the kernel is not found, a config cannot be folded.
  std::vector<python::Diagnostic> diagnostics;

  bool succeeded() const { return !python::hasErrors(diagnostics); }
};

// Parses `source` and reads the configs and heuristics of the @triton.jit function
// `kernelName` (the only one when empty).
// `pythonPath`: folders searched for the module's imports (see FrontendOptions::pythonPath).
KernelConfigs readKernelConfigs(std::string_view source, std::string fileName,
                                const std::string &kernelName,
                                const std::vector<std::string> &pythonPath = {});

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_KERNELCONFIGS_H
