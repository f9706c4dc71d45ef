// TritonLayoutFixtures: JSON loading of the Triton 3.6 layout records.
#include "TritonLayoutFixtures.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>

namespace trex::layoutviz::testing {

std::string TritonLayoutRecord::label() const {
  std::string text = attribute + " [";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

void PrintTo(const TritonLayoutRecord &record, std::ostream *out) { *out << record.label(); }

std::vector<TritonLayoutRecord> loadTritonLayoutRecords() {
  std::ifstream file(TREX_LAYOUT_FIXTURES);
  if (!file)
    throw std::runtime_error(std::string("cannot open ") + TREX_LAYOUT_FIXTURES);
  nlohmann::json records = nlohmann::json::parse(file);
  std::vector<TritonLayoutRecord> result;
  for (const auto &entry : records) {
    TritonLayoutRecord record;
    record.kind = entry.at("kind").get<std::string>();
    record.attribute = entry.at("attr").get<std::string>();
    record.shape = entry.at("shape").get<std::vector<int64_t>>();
    record.origin = entry.value("origin", "");
    for (const auto &[inDim, bases] : entry.at("bases").items())
      record.bases[inDim] = bases.get<std::vector<LinearLayout::Basis>>();
    if (entry.contains("tensor_view"))
      record.tensorView = entry.at("tensor_view").get<std::string>();
    if (entry.contains("hw_view"))
      record.hardwareView = entry.at("hw_view").get<std::string>();
    result.push_back(std::move(record));
  }
  return result;
}

} // namespace trex::layoutviz::testing
