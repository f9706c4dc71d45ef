// ScalarValue: one element or scalar argument in its in-memory encoding (fp16, bf16 and the
// fp8 formats included), converted from literals and to numbers for printing.
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

// The fp8 formats (`type` one of the FP8 ScalarTypes). Encoding rounds to nearest even and
// saturates: magnitudes beyond the largest finite value, infinities included, become it (as
// the compiler's f32 -> fp8 conversions and PTX's .satfinite do); NaN stays NaN. fnuz formats
// have no negative zero (-0 encodes as 0).
std::uint8_t floatToFp8(ScalarType type, float value);
float fp8ToFloat(ScalarType type, std::uint8_t bits);

} // namespace trex::runtime

#endif // TREX_RUNTIME_SCALARVALUE_H
