// CaptureSession: see the header.
#include "trex/Tools/CaptureSession.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace trex::tools {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kSessionVersion = 1;

std::string readText(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error(path.string() + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

json readJson(const fs::path &path) {
  try {
    return json::parse(readText(path));
  } catch (const json::exception &error) {
    throw std::runtime_error(path.string() + ": not valid JSON (" + error.what() + ")");
  }
}

std::string scalarText(const json &value) {
  if (value.is_boolean())
    return value.get<bool>() ? "True" : "False";
  if (value.is_null())
    return "None";
  if (value.is_string())
    return value.get<std::string>();
  return value.dump();
}

SessionKernel readKernel(const fs::path &folder) {
  fs::path file = folder / "kernel.json";
  json info = readJson(file);
  if (!info.is_object())
    throw std::runtime_error(file.string() + ": not a JSON object");
  SessionKernel kernel;
  kernel.id = folder.filename().string();
  try {
    kernel.name = info.at("name").get<std::string>();
    if (info.contains("signature") && info["signature"].is_string())
      kernel.signature = info["signature"].get<std::string>();
    kernel.target = info.value("target", std::string());
    kernel.numWarps = info.value("num_warps", 4);
    kernel.numStages = info.value("num_stages", 3);
    kernel.numCTAs = info.value("num_ctas", 1);
    if (info.contains("options") && info["options"].is_object())
      for (const auto &[key, value] : info["options"].items())
        kernel.options.emplace_back(key, scalarText(value));
    kernel.tritonOk = info.value("triton_ok", true);
    kernel.tritonError = info.value("triton_error", std::string());
    if (info.contains("triton_stages") && info["triton_stages"].is_object())
      for (const auto &[stage, relative] : info["triton_stages"].items())
        kernel.tritonStages[stage] = (folder / relative.get<std::string>()).string();
    if (info.contains("notes") && info["notes"].is_array())
      for (const json &note : info["notes"])
        kernel.notes.push_back(scalarText(note));
  } catch (const json::exception &error) {
    throw std::runtime_error(file.string() + ": " + error.what());
  }
  kernel.modulePath = (folder / "kernel.py").string();
  if (!fs::is_regular_file(kernel.modulePath))
    throw std::runtime_error(kernel.modulePath + ": missing (every session kernel has one)");
  // Launches: one file per process that launched the kernel.
  for (const fs::directory_entry &entry : fs::directory_iterator(folder)) {
    std::string fileName = entry.path().filename().string();
    if (fileName.rfind("launches-", 0) != 0 || entry.path().extension() != ".json")
      continue;
    json launches = readJson(entry.path());
    kernel.launches += launches.value("count", 0LL);
    if (launches.contains("grids") && launches["grids"].is_array())
      for (const json &grid : launches["grids"]) {
        if (!grid.is_array() || grid.size() != 3)
          continue;
        std::array<long long, 3> g{grid[0].get<long long>(), grid[1].get<long long>(),
                                   grid[2].get<long long>()};
        if (std::find(kernel.grids.begin(), kernel.grids.end(), g) == kernel.grids.end())
          kernel.grids.push_back(g);
      }
  }
  return kernel;
}

} // namespace

std::string SessionKernel::describeOptions() const {
  std::string text =
      "num_warps=" + std::to_string(numWarps) + " num_stages=" + std::to_string(numStages);
  if (numCTAs != 1)
    text += " num_ctas=" + std::to_string(numCTAs);
  for (const auto &[key, value] : options)
    text += " " + key + "=" + value;
  return text;
}

std::string SessionKernel::describeGrids() const {
  if (grids.empty())
    return "";
  const auto &g = grids.front();
  std::string text =
      "(" + std::to_string(g[0]) + ", " + std::to_string(g[1]) + ", " + std::to_string(g[2]) + ")";
  if (grids.size() > 1)
    text += " +" + std::to_string(grids.size() - 1) + " more";
  return text;
}

bool isCaptureSession(const std::string &folder) {
  fs::path header = fs::path(folder) / "session.json";
  std::error_code error;
  if (!fs::is_regular_file(header, error))
    return false;
  try {
    json info = json::parse(readText(header));
    return info.is_object() && info.value("format", std::string()) == "trex-session";
  } catch (...) {
    return false;
  }
}

CaptureSession readCaptureSession(const std::string &folder) {
  fs::path root(folder);
  fs::path header = root / "session.json";
  if (!fs::is_directory(root))
    throw std::runtime_error(folder + ": no such folder");
  if (!fs::is_regular_file(header))
    throw std::runtime_error(folder + ": not a capture session (no session.json; "
                                      "trex_triton.capture(DIR) or TREX_CAPTURE=DIR writes one)");
  json info = readJson(header);
  if (!info.is_object() || info.value("format", std::string()) != "trex-session")
    throw std::runtime_error(header.string() + ": not a trex-session file");
  int version = info.value("version", 0);
  if (version != kSessionVersion)
    throw std::runtime_error(header.string() + ": session format version " +
                             std::to_string(version) + ", this trex reads version " +
                             std::to_string(kSessionVersion));
  CaptureSession session;
  session.folder = folder;
  session.tritonVersion = info.value("triton_version", std::string());
  fs::path kernels = root / "kernels";
  if (fs::is_directory(kernels))
    for (const fs::directory_entry &entry : fs::directory_iterator(kernels))
      if (entry.is_directory() && fs::exists(entry.path() / "kernel.json"))
        session.kernels.push_back(readKernel(entry.path()));
  std::sort(session.kernels.begin(), session.kernels.end(),
            [](const SessionKernel &a, const SessionKernel &b) {
              if (a.name != b.name)
                return a.name < b.name;
              if (a.launches != b.launches)
                return a.launches > b.launches;
              return a.id < b.id;
            });
  return session;
}

std::vector<const SessionKernel *> findSessionKernels(const CaptureSession &session,
                                                      const std::string &key) {
  std::vector<const SessionKernel *> found;
  for (const SessionKernel &kernel : session.kernels)
    if (kernel.id == key)
      return {&kernel};
  for (const SessionKernel &kernel : session.kernels)
    if (!key.empty() && kernel.id.rfind(key, 0) == 0)
      found.push_back(&kernel);
  if (found.size() == 1)
    return found;
  found.clear();
  for (const SessionKernel &kernel : session.kernels)
    if (kernel.name == key)
      found.push_back(&kernel);
  return found;
}

std::map<std::string, int> countOperations(const std::string &mlirText) {
  static const std::regex operation(
      R"re(^\s*(?:%[^=]*=\s*)?"?([a-z_][a-z0-9_]*\.[a-z0-9_.]+)"?[\s({<:@%"]?)re");
  std::map<std::string, int> counts;
  std::istringstream lines(mlirText);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line)) {
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#' || line.compare(first, 3, "loc") == 0)
      continue;
    if (std::regex_search(line, match, operation))
      ++counts[match[1].str()];
  }
  return counts;
}

std::string describeOperationDifference(const std::map<std::string, int> &trex,
                                        const std::map<std::string, int> &triton) {
  std::map<std::string, int> difference;
  for (const auto &[name, count] : trex)
    difference[name] += count;
  for (const auto &[name, count] : triton)
    difference[name] -= count;
  std::vector<std::pair<std::string, int>> changed;
  for (const auto &[name, delta] : difference)
    if (delta != 0)
      changed.emplace_back(name, delta);
  std::stable_sort(changed.begin(), changed.end(), [](const auto &a, const auto &b) {
    return std::abs(a.second) > std::abs(b.second);
  });
  constexpr size_t kShown = 8;
  std::string text;
  for (size_t i = 0; i < changed.size() && i < kShown; ++i)
    text += (text.empty() ? "" : ", ") + std::string(changed[i].second > 0 ? "+" : "") +
            std::to_string(changed[i].second) + " " + changed[i].first;
  if (changed.size() > kShown)
    text += " and " + std::to_string(changed.size() - kShown) + " more";
  return text;
}

} // namespace trex::tools
