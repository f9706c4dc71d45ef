// Stage names, which are also the extensions of Triton's cache files.
#include "trex/Compiler/Stage.h"

#include "llvm/ADT/StringRef.h"

namespace trex {

static constexpr std::pair<Stage, llvm::StringLiteral> kStageNames[] = {
    {Stage::Source, "source"}, {Stage::TTIR, "ttir"},   {Stage::TTGIR, "ttgir"},
    {Stage::LLIR, "llir"},     {Stage::PTX, "ptx"},     {Stage::CUBIN, "cubin"},
    {Stage::AMDGCN, "amdgcn"}, {Stage::HSACO, "hsaco"}, {Stage::Metadata, "json"}};

llvm::StringRef stageName(Stage stage) {
  for (const auto &[candidate, name] : kStageNames)
    if (candidate == stage)
      return name;
  return "unknown";
}

std::optional<Stage> parseStageName(llvm::StringRef name) {
  for (const auto &[stage, candidate] : kStageNames)
    if (candidate == name)
      return stage;
  return std::nullopt;
}

bool isBinaryStage(Stage stage) { return stage == Stage::CUBIN || stage == Stage::HSACO; }

const std::vector<Stage> &allStages() {
  static const std::vector<Stage> stages = [] {
    std::vector<Stage> all;
    for (const auto &[stage, name] : kStageNames)
      all.push_back(stage);
    return all;
  }();
  return stages;
}

} // namespace trex
