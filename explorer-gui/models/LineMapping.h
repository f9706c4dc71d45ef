// LineMapping: which lines of each stage came from which line of the kernel's source, read from
// the locations every stage carries (MLIR loc(...) and #loc aliases, LLVM !DILocation, PTX and
// AMDGCN .loc directives).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace trex::explorer {

// A source position a stage line points at: the file's base name ("vector_add.py") and line.
struct SourceLine {
  std::string file;
  int line = 0;
  bool operator<(const SourceLine &other) const {
    return file != other.file ? file < other.file : line < other.line;
  }
  bool operator==(const SourceLine &other) const {
    return file == other.file && line == other.line;
  }
};

// For one stage text: per (1-based) line, the source lines it was generated from.
using StageLineSources = std::map<int, std::set<SourceLine>>;

// The parsers, one per stage syntax; lines without a location are absent from the result.
StageLineSources mlirLineSources(const std::string &text);
StageLineSources llvmLineSources(const std::string &text);
// PTX and AMDGCN: a .loc directive covers the instructions after it up to the next .loc.
StageLineSources assemblyLineSources(const std::string &text);
// SASS (nvdisasm -g): a `//## File "...", line N` comment covers the instructions after it,
// inlined-at call sites included.
StageLineSources sassLineSources(const std::string &text);

class LineMapping {
public:
  // `sourceFile` is the kernel's file; only locations in a file of the same base name count,
  // so lines inlined from Triton's standard library do not light up unrelated source lines.
  void setSourceFile(const std::string &sourceFile);
  // Reads the stage's locations with the parser its name (up to a space) calls for ("ttir", "ttgir", "source"
  // and MLIR dumps: MLIR; "llir": LLVM; "ptx", "amdgcn": assembly).
  void setStage(const std::string &stage, const std::string &text);
  void clear();

  // 1-based stage lines generated from source line `sourceLine`, ascending.
  std::vector<int> stageLinesFor(const std::string &stage, int sourceLine) const;
  // The source lines a stage line came from, ascending.
  std::vector<int> sourceLinesFor(const std::string &stage, int stageLine) const;
  // Every stage's lines that share a source line with `stageLine` of `stage` (itself included).
  std::map<std::string, std::vector<int>> counterparts(const std::string &stage,
                                                       int stageLine) const;
  std::vector<std::string> stages() const;

private:
  std::string sourceBaseName;
  std::map<std::string, StageLineSources> byStage;
};

} // namespace trex::explorer
