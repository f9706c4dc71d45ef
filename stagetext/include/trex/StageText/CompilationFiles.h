// CompilationFiles: the text stages and metadata of one compiled kernel read from a folder:
// what `trex compile --emit all -o DIR` writes (KERNEL.ttir, .ttgir, .llir, .ptx, .sass,
// .json, ...) or an entry of Triton's cache (<hash>/<name>.json and its stage files).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex::stagetext {

struct CompilationFiles {
  std::string directory;
  std::string kernelName;
  // (stage name, text) in pipeline order: source, ttir, ttgir, llir, ptx, amdgcn, sass.
  std::vector<std::pair<std::string, std::string>> stages;
  // The metadata JSON's text; empty when the folder has none.
  std::string metadataJson;

  const std::string *stage(const std::string &name) const;
};

// The text stages a folder may hold, in pipeline order (file extensions).
const std::vector<std::string> &textStageNames();

// Reads `directory`. The kernel is named by the one <name>.json that is not a Triton
// "__grp__" group file, else by the stage files when they share one base name. On failure,
// nothing and `*problem` says why, naming the path.
std::optional<CompilationFiles> readCompilationFiles(const std::string &directory,
                                                     std::string *problem);

} // namespace trex::stagetext
