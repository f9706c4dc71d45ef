// LaunchBoundsCheck: before `trex run` / `trex bench` launch, evaluate the kernel's ttir on
// the host for representative programs of the grid with the launch's scalar values
// (trex/Analysis/AccessRange.h) and stop when a load, store or atomic would reach outside
// the buffer an argument was given: a located error instead of a GPU fault or silent
// garbage. Accesses the evaluator cannot follow are skipped, never reported.
#ifndef TREX_TOOLS_LAUNCHBOUNDSCHECK_H
#define TREX_TOOLS_LAUNCHBOUNDSCHECK_H

#include "trex/Runtime/Runner.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::tools {

// One access op that goes out of bounds, in the program where it goes furthest.
struct BoundsViolation {
  // "vector_add.py:11:16" (empty when the IR has no file location for the op).
  std::string location;
  // "program (3, 0, 0) loads x_ptr[4095], but x_ptr holds 100 elements (rand:100)".
  std::string message;
  // "with grid (4, 1, 1) and n_elements = 4096": the launch values the address, the mask and
  // the enclosing control flow were computed from; empty when none.
  std::string launchValues;
  std::string argument;
  std::int64_t index = 0;
  std::uint64_t count = 0;
  // location, "error:", message, the source line with a caret when the source is at hand,
  // and the launch values as a note. Ends with a newline.
  std::string rendered;
};

struct BoundsCheckResult {
  // False when there was nothing to check with: no IR next to the artifacts, a plan the run
  // itself will reject, IR whose parameters do not match the signature.
  bool checked = false;
  std::vector<BoundsViolation> violations;
  // Programs evaluated in full, and whether the work bound cut the evaluation short.
  std::size_t programsEvaluated = 0;
  bool budgetExhausted = false;

  // Every violation rendered, then a note on skipping the check; empty when none.
  std::string render() const;
};

// `artifactsPath` is what runtime::runFromArtifacts takes (a <kernel>.json or its directory);
// the IR is the <kernel>.ttir next to it (else .source or .ttgir). `sourcePath` is the kernel's
// Python file when known, to show the offending line. Never throws.
BoundsCheckResult checkLaunchBounds(const std::string &artifactsPath,
                                    const runtime::RunRequest &request,
                                    const std::string &sourcePath = "");

} // namespace trex::tools

#endif // TREX_TOOLS_LAUNCHBOUNDSCHECK_H
