// Locations: an MLIR stage's text without its location information (`#loc` alias lines and
// `loc(...)` suffixes), with the original line of every line that remains, so a view that shows
// the shorter text still maps its lines to the source through the full text's locations.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trex::stagetext {

class LocationFreeText {
public:
  // Drops every `#locN = loc(...)` line and every ` loc(...)` attached to an op, an argument or
  // a function; other text is kept character for character.
  static LocationFreeText fromMLIR(std::string_view text);
  // The text as it is (no line dropped); for the stages that carry no MLIR locations.
  static LocationFreeText unchanged(std::string_view text);

  const std::string &text() const { return shown; }
  // 1-based line of the original text that shown line `shownLine` (1-based) came from; 0
  // when out of range.
  int originalLine(int shownLine) const;
  // 1-based shown line of original line `line`; 0 when that line was dropped.
  int shownLine(int line) const;
  int lineCount() const { return static_cast<int>(originals.size()); }

private:
  std::string shown;
  // originals[i]: the original line of shown line i + 1, ascending.
  std::vector<int> originals;
};

// `text` with every ` loc(...)` removed (balanced parentheses, quoted strings skipped).
std::string stripLocationSuffixes(std::string_view line);
// Whether `line` defines a location alias (`#loc`, `#loc12 = loc(...)`).
bool isLocationAliasLine(std::string_view line);

} // namespace trex::stagetext
