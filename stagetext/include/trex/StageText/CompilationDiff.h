// CompilationDiff: what differs between two compilations of a kernel (two compile output folders,
// two Triton cache entries, or one of each): each stage both have, compared with compareStages
// (value names and locations ignored); the launch metadata (shared memory, warps, stages,
// scratch sizes, registers and spills); and the layouts the ttgir names (#blocked, #mma,
// #shared, ... aliases).
#pragma once

#include "trex/StageText/CompilationFiles.h"
#include "trex/StageText/StageDiff.h"

#include <string>
#include <vector>

namespace trex::stagetext {

struct StageDifference {
  std::string stage;
  bool inBefore = true;
  bool inAfter = true;
  StageComparison comparison; // when in both
};

// A metadata key whose value differs; "" for a key a side lacks.
struct ValueDifference {
  std::string key;
  std::string before;
  std::string after;
};

struct CompilationDifference {
  std::vector<StageDifference> stages;
  std::vector<ValueDifference> metadata;
  std::vector<ValueDifference> layouts; // key: the alias ("#blocked1"), values: definitions
  // Why a side's metadata could not be compared (unreadable JSON), else empty.
  std::string metadataProblem;
  bool identical() const;
};

// The metadata keys compared (Triton's names): those a launch or a performance question
// depends on. n_regs and n_spills count only where both sides have them (Triton's cache does
// not record them).
const std::vector<std::string> &comparedMetadataKeys();

// The layout aliases of a ttgir text: `#name = #ttg.xxx<...>` lines (not `#loc`), in order.
std::vector<std::pair<std::string, std::string>> layoutAliases(const std::string &ttgir);

CompilationDifference compareCompilations(const CompilationFiles &before,
                                          const CompilationFiles &after);

// The report `trex diff` prints: per stage "== ttgir: same" or a unified diff, then the
// metadata and layout differences.
std::string renderDifference(const CompilationDifference &difference,
                             const CompilationFiles &before, const CompilationFiles &after,
                             int context = 3);

} // namespace trex::stagetext
