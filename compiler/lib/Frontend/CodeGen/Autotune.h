// Autotune: folding a kernel's @triton.autotune configs and @triton.heuristics lambdas at
// compile time, with the code generator's constant evaluation.
#ifndef TREX_FRONTEND_CODEGEN_AUTOTUNE_H
#define TREX_FRONTEND_CODEGEN_AUTOTUNE_H

#include "CodeGenerator.h"

#include "trex/Frontend/CodeGen/KernelConfigs.h"

#include <string>
#include <utility>
#include <vector>

namespace trex::frontend {

// One triton.Config: its description and its meta-parameters' values.
struct FoldedConfig {
  AutotuneConfigInfo info;
  std::vector<std::pair<std::string, Value>> values;
};

// Every config of the kernel's @triton.autotune (none without one). Throws a located
// CompileError when the list or one of its values is not a compile-time constant.
std::vector<FoldedConfig> foldAutotuneConfigs(GenerationState &state, const JitFunction &kernel);

// What a heuristic's `args` holds: the parameters with compile-time values. The runtime ones
// (name -> signature entry) are listed to explain a lambda that reads one of them.
struct HeuristicArguments {
  std::vector<std::pair<std::string, Value>> constants;
  std::vector<std::pair<std::string, std::string>> runtime;
};

// The value of the heuristic (`lambda args: ...` or any Python function) for `parameter`. Throws a
// located CompileError naming the parameter to give in the signature when it cannot be folded.
Value foldHeuristic(GenerationState &state, const JitFunction &kernel, const std::string &parameter,
                    const Value &function, const HeuristicArguments &arguments);

// Python's repr of a compile-time value: 128, True, 'fp16'.
std::string pythonRepr(const Value &value);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_AUTOTUNE_H
