// TritonLayoutFixtures: loads the layouts real Triton 3.6 computed (fixtures/layouts) for tests and the benchmark.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace trex::layoutviz::testing {

// One record: an attribute, a tensor shape, and what Triton printed for them.
struct TritonLayoutRecord {
  std::string kind;
  std::string attribute;
  std::vector<int64_t> shape;
  std::string origin;
  // In-dim name -> bases, as toLinearLayout(shape, attr) returned them.
  std::map<std::string, std::vector<LinearLayout::Basis>> bases;
  // The text triton-tensor-layout printed; some records only carry the bases.
  std::optional<std::string> tensorView;
  std::optional<std::string> hardwareView;

  // "#ttg.blocked<{...}> [16, 32]" -- identifies the record in failure messages.
  std::string label() const;
};

// Lets GoogleTest name a failing record by its attribute and shape.
void PrintTo(const TritonLayoutRecord &record, std::ostream *out);

// Reads the fixture file named by TREX_LAYOUT_FIXTURES; throws std::runtime_error when it is
// missing or malformed.
std::vector<TritonLayoutRecord> loadTritonLayoutRecords();

} // namespace trex::layoutviz::testing
