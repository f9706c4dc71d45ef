// CompilationDiff: the stage, metadata and layout comparisons, and their report.
#include "trex/StageText/CompilationDiff.h"

#include "trex/StageText/Locations.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace trex::stagetext {

namespace {

bool isOptionalKey(const std::string &key) { return key == "n_regs" || key == "n_spills"; }

std::string valueText(const nlohmann::json &object, const std::string &key) {
  auto found = object.find(key);
  if (found == object.end())
    return "";
  return found->is_string() ? found->get<std::string>() : found->dump();
}

} // namespace

bool CompilationDifference::identical() const {
  for (const StageDifference &stage : stages)
    if (!stage.inBefore || !stage.inAfter || stage.comparison.changed())
      return false;
  return metadata.empty() && layouts.empty() && metadataProblem.empty();
}

const std::vector<std::string> &comparedMetadataKeys() {
  static const std::vector<std::string> keys = {"name",
                                                "target",
                                                "num_warps",
                                                "num_ctas",
                                                "num_stages",
                                                "shared",
                                                "global_scratch_size",
                                                "global_scratch_align",
                                                "profile_scratch_size",
                                                "profile_scratch_align",
                                                "tmem_size",
                                                "n_regs",
                                                "n_spills"};
  return keys;
}

std::vector<std::pair<std::string, std::string>> layoutAliases(const std::string &ttgir) {
  std::vector<std::pair<std::string, std::string>> aliases;
  for (std::string_view line : splitLines(ttgir)) {
    if (line.empty() || line[0] != '#' || isLocationAliasLine(line))
      continue;
    size_t equals = line.find(" = ");
    if (equals == std::string_view::npos)
      continue;
    aliases.emplace_back(std::string(line.substr(0, equals)), std::string(line.substr(equals + 3)));
  }
  return aliases;
}

CompilationDifference compareCompilations(const CompilationFiles &before,
                                          const CompilationFiles &after) {
  CompilationDifference difference;
  for (const std::string &name : textStageNames()) {
    const std::string *old = before.stage(name), *current = after.stage(name);
    if (!old && !current)
      continue;
    StageDifference stage;
    stage.stage = name;
    stage.inBefore = old != nullptr;
    stage.inAfter = current != nullptr;
    if (old && current)
      stage.comparison = compareStages(*old, *current, syntaxOfStage(name));
    difference.stages.push_back(std::move(stage));
  }

  if (!before.metadataJson.empty() || !after.metadataJson.empty()) {
    nlohmann::json old = nlohmann::json::parse(before.metadataJson, nullptr, false);
    nlohmann::json current = nlohmann::json::parse(after.metadataJson, nullptr, false);
    if (before.metadataJson.empty() || after.metadataJson.empty()) {
      difference.metadataProblem =
          "only " + (before.metadataJson.empty() ? after : before).directory + " has metadata (" +
          (before.metadataJson.empty() ? after : before).kernelName + ".json)";
    } else if (!old.is_object() || !current.is_object()) {
      difference.metadataProblem = (!old.is_object() ? before : after).kernelName + ".json in " +
                                   (!old.is_object() ? before : after).directory +
                                   " is not a JSON object";
    } else {
      for (const std::string &key : comparedMetadataKeys()) {
        std::string a = valueText(old, key), b = valueText(current, key);
        if (isOptionalKey(key) && (a.empty() || b.empty()))
          continue;
        if (a != b)
          difference.metadata.push_back({key, a, b});
      }
    }
  }

  const std::string *oldIR = before.stage("ttgir"), *newIR = after.stage("ttgir");
  if (oldIR && newIR) {
    auto oldAliases = layoutAliases(*oldIR), newAliases = layoutAliases(*newIR);
    auto find = [](const std::vector<std::pair<std::string, std::string>> &aliases,
                   const std::string &name) {
      auto found = std::find_if(aliases.begin(), aliases.end(),
                                [&](const auto &alias) { return alias.first == name; });
      return found == aliases.end() ? std::string() : found->second;
    };
    for (const auto &[name, definition] : oldAliases)
      if (find(newAliases, name) != definition)
        difference.layouts.push_back({name, definition, find(newAliases, name)});
    for (const auto &[name, definition] : newAliases)
      if (find(oldAliases, name).empty())
        difference.layouts.push_back({name, "", definition});
  }
  return difference;
}

std::string renderDifference(const CompilationDifference &difference,
                             const CompilationFiles &before, const CompilationFiles &after,
                             int context) {
  std::ostringstream out;
  auto absent = [](const std::string &value) {
    return value.empty() ? std::string("(absent)") : value;
  };
  for (const StageDifference &stage : difference.stages) {
    if (!stage.inBefore || !stage.inAfter) {
      out << "== " << stage.stage << ": only in " << (stage.inBefore ? before : after).directory
          << "\n";
      continue;
    }
    const StageComparison &comparison = stage.comparison;
    if (!comparison.changed()) {
      out << "== " << stage.stage << ": same\n";
      continue;
    }
    out << "== " << stage.stage << ": " << comparison.removed << " line"
        << (comparison.removed == 1 ? "" : "s") << " removed, " << comparison.added << " added\n";
    out << "--- " << before.directory << "/" << before.kernelName << "." << stage.stage << "\n";
    out << "+++ " << after.directory << "/" << after.kernelName << "." << stage.stage << "\n";
    out << unifiedDiff(comparison.lines, context);
  }
  if (!difference.metadataProblem.empty()) {
    out << "== metadata: " << difference.metadataProblem << "\n";
  } else if (!before.metadataJson.empty()) {
    out << "== metadata: " << (difference.metadata.empty() ? "same" : "differs") << "\n";
    for (const ValueDifference &value : difference.metadata)
      out << "  " << value.key << ": " << absent(value.before) << " -> " << absent(value.after)
          << "\n";
  }
  if (before.stage("ttgir") && after.stage("ttgir")) {
    out << "== layouts: " << (difference.layouts.empty() ? "same" : "differ") << "\n";
    for (const ValueDifference &layout : difference.layouts) {
      out << "  " << layout.key << "\n";
      out << "    - " << absent(layout.before) << "\n";
      out << "    + " << absent(layout.after) << "\n";
    }
  }
  return out.str();
}

} // namespace trex::stagetext
