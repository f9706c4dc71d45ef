// Proposal: a specialization (signature) for a kernel given without one (see Proposal.cpp).
#ifndef TREX_FRONTEND_CODEGEN_PROPOSAL_H
#define TREX_FRONTEND_CODEGEN_PROPOSAL_H

#include "CodeGenerator.h"

#include <optional>
#include <string>
#include <vector>

namespace trex::frontend {

struct ProposedSpecialization {
  // In Triton's AOT form, for the parameters the autotune config and heuristics do not give.
  std::string signature;
  // Config 0 when the kernel is autotuned.
  std::optional<int> autotuneConfig;
  // num_warps of a launch in the file.
  std::optional<int> numWarps;
  // What the proposal is based on ("a launch in the file", "autotune config 0", ...).
  std::vector<std::string> evidence;
};

std::optional<ProposedSpecialization>
proposeSpecialization(GenerationState &state, const ModuleScope &scope, const JitFunction &kernel);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_PROPOSAL_H
