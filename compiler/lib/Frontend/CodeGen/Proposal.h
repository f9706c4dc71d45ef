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
  // The block sizes the kernel's constexprs take (the config's, the launch's, the guesses),
  // for the descriptor variants.
  std::vector<int64_t> blockSizes;
  // num_warps and num_stages of a launch in the file.
  std::optional<int> numWarps;
  std::optional<int> numStages;
  // What the proposal is based on ("a launch in the file", "autotune config 0", ...).
  std::vector<std::string> evidence;
};

std::optional<ProposedSpecialization>
proposeSpecialization(GenerationState &state, const ModuleScope &scope, const JitFunction &kernel);

// A nearby proposal, tried when the kernel refuses the first one.
struct ProposalVariant {
  std::string signature;
  std::string change; // what differs, for the remark ("x_ptr: *i32:16")
  // The size its guessed blocks take, where it changes them ("blocks of 64").
  std::optional<int> blockSize;
};

// The variants of a proposed signature to try in order (at most a few dozen): pointers of
// another element type (all at once, then one at a time: fp16, bf16, i32, i8, u8, i64, fp32,
// fp8e5, fp8e4nv), another dtype for dtype constexprs, an integer scalar as a pointer and a pointer
// as an integer, a float scalar as i32, i64 for the integer scalars, and other sizes (16, 32, 64,
// 4, 2) for the constexpr integers the proposal guessed.
std::vector<ProposalVariant> proposalVariants(const std::string &signature,
                                              const std::vector<int64_t> &blockSizes = {});

// The proposal with its guessed block sizes (the constexpr entries `from`, 128 as proposed,
// and the dimensions `from` of its tensor descriptors, which come from them) made `size`:
// tried when the proposal's tensors are larger than a program's blocks usually are
// (kProposalElements) or than Triton allows.
std::optional<std::string> smallerBlocks(const std::string &signature, int from, int size);
constexpr int64_t kProposalElements = 128 * 128;

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_PROPOSAL_H
