// CompilationFiles: a folder listing with std::filesystem; stage files by extension.
#include "trex/StageText/CompilationFiles.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace trex::stagetext {

namespace fs = std::filesystem;

namespace {

// Stage files are text of at most a few megabytes; a larger file is not one.
constexpr std::uintmax_t kMaxStageBytes = 256u << 20;

bool readText(const fs::path &path, std::string *text) {
  std::error_code error;
  if (!fs::is_regular_file(path, error) || fs::file_size(path, error) > kMaxStageBytes)
    return false;
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return false;
  std::ostringstream contents;
  contents << file.rdbuf();
  *text = contents.str();
  return true;
}

std::string joined(const std::set<std::string> &names) {
  std::string out;
  for (const std::string &name : names)
    out += (out.empty() ? "" : ", ") + name;
  return out;
}

} // namespace

const std::string *CompilationFiles::stage(const std::string &name) const {
  for (const auto &[stageName, text] : stages)
    if (stageName == name)
      return &text;
  return nullptr;
}

const std::vector<std::string> &textStageNames() {
  static const std::vector<std::string> names = {"source", "ttir",   "ttgir", "llir",
                                                 "ptx",    "amdgcn", "sass"};
  return names;
}

std::optional<CompilationFiles> readCompilationFiles(const std::string &directory,
                                                     std::string *problem) {
  std::error_code error;
  fs::path folder(directory);
  if (!fs::exists(folder, error)) {
    *problem = directory + ": no such directory";
    return std::nullopt;
  }
  if (!fs::is_directory(folder, error)) {
    *problem = directory + ": not a directory (expected the output folder of trex compile -o, or a "
                           "Triton cache entry)";
    return std::nullopt;
  }
  std::set<std::string> metadataNames, stageNames;
  const std::vector<std::string> &stages = textStageNames();
  for (const fs::directory_entry &entry : fs::directory_iterator(folder, error)) {
    if (!entry.is_regular_file(error))
      continue;
    std::string extension = entry.path().extension().string();
    std::string base = entry.path().stem().string();
    if (extension == ".json" && base.rfind("__grp__", 0) != 0)
      metadataNames.insert(base);
    else if (!extension.empty() &&
             std::find(stages.begin(), stages.end(), extension.substr(1)) != stages.end())
      stageNames.insert(base);
  }
  if (error) {
    *problem = directory + ": cannot list the folder: " + error.message();
    return std::nullopt;
  }
  const std::set<std::string> &candidates = metadataNames.empty() ? stageNames : metadataNames;
  if (candidates.empty()) {
    *problem = directory +
               ": no kernel stages (.ttir, .ttgir, .llir, .ptx, ...) or metadata (.json) in it";
    return std::nullopt;
  }
  if (candidates.size() > 1) {
    *problem = directory + ": holds several kernels (" + joined(candidates) +
               "); compare one folder per kernel";
    return std::nullopt;
  }
  CompilationFiles files;
  files.directory = directory;
  files.kernelName = *candidates.begin();
  for (const std::string &stage : stages) {
    std::string text;
    if (readText(folder / (files.kernelName + "." + stage), &text))
      files.stages.emplace_back(stage, std::move(text));
  }
  readText(folder / (files.kernelName + ".json"), &files.metadataJson);
  if (files.stages.empty() && files.metadataJson.empty()) {
    *problem = directory + ": " + files.kernelName + "'s files cannot be read";
    return std::nullopt;
  }
  return files;
}

} // namespace trex::stagetext
