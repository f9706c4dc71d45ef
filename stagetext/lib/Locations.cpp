// Locations: a scan of each line for `loc(` at a word start, skipping quoted strings, that
// removes the balanced call and the blanks before it.
#include "trex/StageText/Locations.h"

#include "trex/StageText/LineDiff.h"

#include <algorithm>
#include <cctype>

namespace trex::stagetext {

namespace {

bool isWordCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
         c == '#';
}

// The index just past the string literal that starts at `start` (a '"'), escapes included.
size_t skipString(std::string_view text, size_t start) {
  size_t i = start + 1;
  while (i < text.size() && text[i] != '"')
    i += text[i] == '\\' ? 2 : 1;
  return std::min(text.size(), i + 1);
}

// The index just past the ')' that closes the '(' at `open`, or npos when it is not closed on
// this line.
size_t skipParentheses(std::string_view text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size();) {
    char c = text[i];
    if (c == '"') {
      i = skipString(text, i);
      continue;
    }
    if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return i + 1;
    ++i;
  }
  return std::string_view::npos;
}

} // namespace

bool isLocationAliasLine(std::string_view line) {
  size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos || line.substr(start, 4) != "#loc")
    return false;
  size_t i = start + 4;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
    ++i;
  size_t equals = line.find_first_not_of(" \t", i);
  return equals != std::string_view::npos && line[equals] == '=';
}

std::string stripLocationSuffixes(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '"') {
      size_t end = skipString(line, i);
      out.append(line.substr(i, end - i));
      i = end;
      continue;
    }
    if (line.compare(i, 4, "loc(") == 0 && (i == 0 || !isWordCharacter(line[i - 1]))) {
      size_t end = skipParentheses(line, i + 3);
      if (end != std::string_view::npos) {
        while (!out.empty() && (out.back() == ' ' || out.back() == '\t'))
          out.pop_back();
        i = end;
        continue;
      }
    }
    out.push_back(c);
    ++i;
  }
  return out;
}

LocationFreeText LocationFreeText::fromMLIR(std::string_view text) {
  LocationFreeText result;
  int number = 0;
  for (std::string_view line : splitLines(text)) {
    ++number;
    if (isLocationAliasLine(line))
      continue;
    result.shown += stripLocationSuffixes(line);
    result.shown += '\n';
    result.originals.push_back(number);
  }
  return result;
}

LocationFreeText LocationFreeText::unchanged(std::string_view text) {
  LocationFreeText result;
  result.shown = std::string(text);
  int count = static_cast<int>(splitLines(text).size());
  for (int line = 1; line <= count; ++line)
    result.originals.push_back(line);
  return result;
}

int LocationFreeText::originalLine(int shownLine) const {
  if (shownLine < 1 || shownLine > lineCount())
    return 0;
  return originals[shownLine - 1];
}

int LocationFreeText::shownLine(int line) const {
  auto found = std::lower_bound(originals.begin(), originals.end(), line);
  if (found == originals.end() || *found != line)
    return 0;
  return static_cast<int>(found - originals.begin()) + 1;
}

} // namespace trex::stagetext
