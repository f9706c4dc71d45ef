// Specialization: choosing the kernel in a file and making its parameters concrete from the
// signature, an autotune config, the heuristics and the default values.
#ifndef TREX_FRONTEND_CODEGEN_SPECIALIZATION_H
#define TREX_FRONTEND_CODEGEN_SPECIALIZATION_H

#include "CodeGenerator.h"

#include "trex/Frontend/CodeGen/KernelConfigs.h"

#include <optional>
#include <string>
#include <vector>

namespace trex::frontend {

// The @triton.jit function `name` of the module, or its only one when `name` is empty.
// Throws a located CompileError listing the functions there are.
const JitFunction &selectKernel(const ModuleScope &scope, const std::string &name);

// `*args` and `**kwargs` have no place in a Triton function. Throws a located CompileError.
void checkNamedParameters(const JitFunction &function);

struct KernelSpecialization {
  Prototype prototype;
  // The autotune config applied, if one was asked for.
  std::optional<AutotuneConfigInfo> config;
  // Remarks saying what the config and the heuristics gave.
  std::vector<python::Diagnostic> remarks;
};

// Binds the kernel's parameters (see KernelRequest). Throws a located CompileError.
KernelSpecialization specializeKernel(GenerationState &state, const JitFunction &kernel,
                                      const KernelRequest &request);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_SPECIALIZATION_H
