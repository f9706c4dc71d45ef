// ScalarValue: one element or scalar argument in its in-memory encoding (fp16 and bf16
// included), converted from literals and to numbers for printing.
#ifndef TREX_RUNTIME_SCALARVALUE_H
#define TREX_RUNTIME_SCALARVALUE_H

#include "trex/Runtime/Signature.h"

#include <cstdint>
#include <string>

namespace trex::runtime {

struct ScalarValue {
  ScalarType type = ScalarType::I32;
  // The value's bytes, little-endian, in the low scalarTypeSize(type) bytes.
  std::uint64_t bits = 0;
};

// Parses a literal for `type`: integers (decimal or 0x hex, range-checked), True/False for
// i1, decimals for the float types. Throws Error saying what was expected.
ScalarValue parseScalarLiteral(ScalarType type, const std::string &text);

// Encodes a number in `type` (rounding to nearest even for fp16/bf16, truncating for ints).
ScalarValue encodeScalar(ScalarType type, double value);
// The value as a double (exact for every type but i64/u64 beyond 2^53).
double decodeScalar(const ScalarValue &value);
// Reads/writes one element of `type` at `bytes`.
ScalarValue loadElement(ScalarType type, const void *bytes);
void storeElement(const ScalarValue &value, void *bytes);

// IEEE half and bfloat16 conversions (round to nearest even).
std::uint16_t floatToHalf(float value);
float halfToFloat(std::uint16_t bits);
std::uint16_t floatToBFloat16(float value);
float bfloat16ToFloat(std::uint16_t bits);

} // namespace trex::runtime

#endif // TREX_RUNTIME_SCALARVALUE_H
