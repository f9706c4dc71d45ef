// Signature: Triton's AOT signature strings ("*fp32:16, i32, 1024") read into per-parameter
// specializations.
#ifndef TREX_FRONTEND_CODEGEN_SIGNATURE_H
#define TREX_FRONTEND_CODEGEN_SIGNATURE_H

#include "Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trex::frontend {

struct ParameterSpecialization {
  // The entry as written, for messages.
  std::string text;
  // A runtime argument of this type (a pointer or scalar dtype)...
  std::optional<DType> type;
  // ... or a compile-time constant.
  std::optional<Value> constant;
  // ":16": the argument is a multiple of 16 (tt.divisibility).
  std::optional<int> divisibility;
};

// The entries of a signature: split at top-level commas, trimmed.
std::vector<std::string> splitSignature(std::string_view signature);
// Reads one entry. Throws CompileError (without location) saying what is wrong with it.
ParameterSpecialization parseSignatureEntry(const std::string &entry);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_SIGNATURE_H
