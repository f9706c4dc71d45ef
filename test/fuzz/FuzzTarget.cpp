// FuzzTarget: outcome counts and contract reports shared by the fuzz targets.
#include "FuzzTarget.h"

#include <cstdio>
#include <cstdlib>

namespace trex::fuzz {

OutcomeCounts &outcomeCounts() {
  static OutcomeCounts counts;
  return counts;
}

void recordOutcome(Outcome outcome) {
  OutcomeCounts &counts = outcomeCounts();
  (outcome == Outcome::Accepted ? counts.accepted : counts.rejected)
      .fetch_add(1, std::memory_order_relaxed);
}

void reportBrokenContract(std::string_view what, std::string_view details, std::string_view input) {
  std::fprintf(stderr, "trex-fuzz: contract broken: %.*s\n%.*s\n-- input --\n%.*s\n-- end --\n",
               static_cast<int>(what.size()), what.data(), static_cast<int>(details.size()),
               details.data(), static_cast<int>(input.size()), input.data());
  std::fflush(stderr);
  std::abort();
}

} // namespace trex::fuzz
