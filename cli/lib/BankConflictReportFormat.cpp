// BankConflictReportFormat: text and JSON renderings of layoutviz's BankConflictReport.
#include "trex/Tools/BankConflictReportFormat.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace trex::tools {
namespace {

std::string joined(const std::vector<int64_t> &values, const char *separator) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? separator : "") + std::to_string(values[i]);
  return text;
}

template <typename T> std::vector<int64_t> widened(const std::vector<T> &values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

std::string fixed2(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  return buffer;
}

} // namespace

std::string formatBankConflictReportText(const BankConflictSubject &subject,
                                         const layoutviz::BankConflictReport &report) {
  unsigned bytesPerLane = subject.vectorWidth * subject.elementBitWidth / 8;
  std::string text;
  text += "Bank conflicts of " + subject.sharedLayout + "\n";
  text += "  registers: " + subject.registerLayout + "\n";
  text += "  tensor " + joined(subject.shape, "x") + ", " +
          std::to_string(subject.elementBitWidth) + "-bit elements, " +
          std::to_string(subject.vectorWidth) + " per lane per access (" +
          std::to_string(bytesPerLane) + " bytes)\n";
  text += "  wavefronts per access: ideal " + std::to_string(report.idealWavefronts) +
          ", worst " + std::to_string(report.maxWavefronts) + ", average " +
          fixed2(report.averageWavefronts()) + "\n";
  text += "  total wavefronts: " + std::to_string(report.totalWavefronts) + " over " +
          std::to_string(report.instructions.size()) + " accesses\n";
  text += std::string("  conflict-free: ") + (report.isConflictFree() ? "yes" : "no") + "\n";
  if (report.isConflictFree())
    return text;

  auto worst = std::max_element(report.instructions.begin(), report.instructions.end(),
                                [](const auto &a, const auto &b) { return a.wavefronts < b.wavefronts; });
  int lastRegister = worst->firstRegister + static_cast<int>(subject.vectorWidth) - 1;
  text += "  worst access: warp " + std::to_string(worst->warp) + ", registers " +
          std::to_string(worst->firstRegister) + "-" + std::to_string(lastRegister) + ", " +
          std::to_string(worst->wavefronts) + " wavefronts\n";
  for (const layoutviz::BankCollision &collision : worst->collisions)
    text += "    bank " + std::to_string(collision.bank) + ": lanes " +
            joined(widened(collision.lanes), ", ") + " need words " +
            joined(collision.words, ", ") + "\n";
  return text;
}

std::string formatBankConflictReportJson(const BankConflictSubject &subject,
                                         const layoutviz::BankConflictReport &report) {
  nlohmann::ordered_json json;
  json["sharedLayout"] = subject.sharedLayout;
  json["registerLayout"] = subject.registerLayout;
  json["shape"] = subject.shape;
  json["elementBitWidth"] = subject.elementBitWidth;
  json["vectorWidth"] = subject.vectorWidth;
  json["idealWavefronts"] = report.idealWavefronts;
  json["maxWavefronts"] = report.maxWavefronts;
  json["totalWavefronts"] = report.totalWavefronts;
  json["averageWavefronts"] = report.averageWavefronts();
  json["conflictFree"] = report.isConflictFree();
  nlohmann::ordered_json accesses = nlohmann::ordered_json::array();
  for (const layoutviz::InstructionWavefronts &access : report.instructions) {
    nlohmann::ordered_json collisions = nlohmann::ordered_json::array();
    for (const layoutviz::BankCollision &collision : access.collisions)
      collisions.push_back(
          {{"bank", collision.bank}, {"lanes", collision.lanes}, {"words", collision.words}});
    accesses.push_back({{"warp", access.warp},
                        {"firstRegister", access.firstRegister},
                        {"wavefronts", access.wavefronts},
                        {"collisions", std::move(collisions)}});
  }
  json["accesses"] = std::move(accesses);
  return json.dump(2) + "\n";
}

} // namespace trex::tools
