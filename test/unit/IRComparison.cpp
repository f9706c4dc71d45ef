// The comparison helper of the front-end fixture tests.
#include "TestFiles.h"
#include "IRComparison.h"

#include <cctype>
#include <regex>
#include <sstream>
#include <unordered_map>

namespace trex::test {

namespace {

bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
         c == '-';
}

// Removes ` loc(...)` annotations (balanced parentheses, strings skipped) and `#loc` lines.
std::string dropLocations(const std::string &text) {
  std::istringstream lines(text);
  std::string line, result;
  while (std::getline(lines, line)) {
    if (line.rfind("#loc", 0) == 0)
      continue;
    std::string kept;
    for (size_t i = 0; i < line.size();) {
      if (line.compare(i, 5, " loc(") == 0) {
        size_t j = i + 5;
        int depth = 1;
        bool inString = false;
        for (; j < line.size() && depth > 0; ++j) {
          char c = line[j];
          if (inString) {
            if (c == '\\')
              ++j;
            else if (c == '"')
              inString = false;
          } else if (c == '"') {
            inString = true;
          } else if (c == '(') {
            ++depth;
          } else if (c == ')') {
            --depth;
          }
        }
        i = j;
        continue;
      }
      kept += line[i++];
    }
    result += kept + "\n";
  }
  return result;
}

// %name -> %vN by first appearance, outside string literals.
std::string renameValues(const std::string &text) {
  std::unordered_map<std::string, std::string> names;
  std::string result;
  bool inString = false;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (inString) {
      result += c;
      if (c == '\\' && i + 1 < text.size())
        result += text[++i];
      else if (c == '"')
        inString = false;
      ++i;
      continue;
    }
    if (c == '"') {
      inString = true;
      result += c;
      ++i;
      continue;
    }
    if (c == '%' && i + 1 < text.size() && isIdentifierChar(text[i + 1])) {
      size_t end = i + 1;
      while (end < text.size() && isIdentifierChar(text[end]))
        ++end;
      std::string name = text.substr(i, end - i);
      auto it = names.find(name);
      if (it == names.end())
        it = names.emplace(name, "%v" + std::to_string(names.size())).first;
      result += it->second;
      i = end;
      continue;
    }
    result += c;
    ++i;
  }
  return result;
}

std::string maskStandardLibrary(const std::string &text) {
  static const std::regex position(R"re(("triton/language/[a-z_]+\.py"):[0-9]+:[0-9]+)re");
  return std::regex_replace(text, position, "$1");
}


} // namespace

std::string canonicalIR(const std::string &text, const ComparisonOptions &options) {
  std::string result = text;
  if (options.dropLocations)
    result = dropLocations(result);
  else if (options.maskStandardLibraryPositions)
    result = maskStandardLibrary(result);
  if (options.renameValues)
    result = renameValues(result);
  return trimTrailingNewlines(result);
}

std::string irDifference(const std::string &expected, const std::string &actual,
                         const ComparisonOptions &options) {
  std::istringstream expectedLines(canonicalIR(expected, options));
  std::istringstream actualLines(canonicalIR(actual, options));
  std::string expectedLine, actualLine;
  for (int line = 1;; ++line) {
    bool moreExpected = static_cast<bool>(std::getline(expectedLines, expectedLine));
    bool moreActual = static_cast<bool>(std::getline(actualLines, actualLine));
    if (!moreExpected && !moreActual)
      return "";
    if (!moreExpected || !moreActual || expectedLine != actualLine)
      return "line " + std::to_string(line) + "\n  triton: " +
             (moreExpected ? expectedLine : "<end>") + "\n  trex:   " +
             (moreActual ? actualLine : "<end>");
  }
}

} // namespace trex::test
