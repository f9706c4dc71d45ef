// LineDiff: the shortest edit script between two texts, line by line (Myers' O(ND) algorithm).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trex::stagetext {

struct DiffLine {
  enum class Kind { Same, Removed, Added };
  Kind kind = Kind::Same;
  std::string text;
  // 1-based line numbers in the old and new text; 0 on the side the line is absent from.
  int oldLine = 0;
  int newLine = 0;
};

// Every line of both texts in order: unchanged lines once, removed lines before the lines
// added in their place. Trailing newlines do not make an empty last line.
std::vector<DiffLine> diffLines(std::string_view before, std::string_view after);

// The same as unified-diff text ("-"/"+"/" " prefixes) with `context` unchanged lines around
// each change and "@@ -a,b +c,d @@" hunk headers; empty when nothing changed.
std::string unifiedDiff(const std::vector<DiffLine> &diff, int context = 3);

// Splits on '\n'; a final newline does not start another line.
std::vector<std::string_view> splitLines(std::string_view text);

} // namespace trex::stagetext
