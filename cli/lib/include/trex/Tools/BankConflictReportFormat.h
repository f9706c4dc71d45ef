// BankConflictReportFormat: a bank-conflict report as readable text or as JSON.
#ifndef TREX_TOOLS_BANKCONFLICTREPORTFORMAT_H
#define TREX_TOOLS_BANKCONFLICTREPORTFORMAT_H

#include "layoutviz/BankConflicts.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::tools {

// What was analysed, as the report's heading states it.
struct BankConflictSubject {
  // "#shared = #ttg.swizzled_shared<{...}>" or just the attribute text.
  std::string sharedLayout;
  std::string registerLayout;
  std::vector<int64_t> shape;
  unsigned elementBitWidth = 16;
  unsigned vectorWidth = 1;
};

// A summary (ideal, worst, average and total wavefronts) followed by the worst access and the
// banks that conflict in it.
std::string formatBankConflictReportText(const BankConflictSubject &subject,
                                         const layoutviz::BankConflictReport &report);

// One JSON object: the subject, the summary, and every access with its collisions.
std::string formatBankConflictReportJson(const BankConflictSubject &subject,
                                         const layoutviz::BankConflictReport &report);

} // namespace trex::tools

#endif // TREX_TOOLS_BANKCONFLICTREPORTFORMAT_H
