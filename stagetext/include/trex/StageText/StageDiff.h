// StageDiff: a line diff of two texts of one compilation stage that ignores what a recompile
// renames. Location information is dropped first (MLIR `#loc` lines and `loc(...)`, LLVM `!dbg`
// and debug metadata, PTX/AMDGCN `.loc`/`.file`, SASS line-info comments and encodings); then
// lines are matched with every value name, label and metadata number blanked, and a matched
// pair counts as the same only where its names correspond one to one with the names of the
// pairs matched before it. So `%5 = arith.addf %3, %4` against `%7 = arith.addf %5, %6` is no
// change when %3, %4 became %5, %6 everywhere, and `addf %a, %b` against `addf %b, %a` is one.
#pragma once

#include "trex/StageText/LineDiff.h"

#include <string>
#include <string_view>
#include <vector>

namespace trex::stagetext {

// How a stage's text spells names and locations.
enum class StageSyntax { MLIR, LLVM, PTX, AMDGCN, SASS, Plain };

// From a stage's name ("ttgir", "llir", "ptx", ...; anything up to a space or a dot counts).
StageSyntax syntaxOfStage(std::string_view stageName);

// One line of a stage after its location information is dropped.
struct ComparableLine {
  std::string text;
  int originalLine = 0; // 1-based line of the stage's text
};

// The lines `compareStages` compares, location information dropped.
std::vector<ComparableLine> comparableLines(std::string_view text, StageSyntax syntax);

// The positions of the names (values, labels, metadata numbers) in a comparable line, as
// [begin, end) offsets.
std::vector<std::pair<size_t, size_t>> nameSpans(std::string_view line, StageSyntax syntax);

struct StageComparison {
  // Unchanged lines once, removed and added lines in place; oldLine/newLine are the lines of
  // the original texts (so the hunk headers of unifiedDiff point into the files).
  std::vector<DiffLine> lines;
  int removed = 0;
  int added = 0;
  bool changed() const { return removed + added > 0; }
};

StageComparison compareStages(std::string_view before, std::string_view after, StageSyntax syntax);

} // namespace trex::stagetext
