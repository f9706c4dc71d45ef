// ScalarValue: literals to encoded scalars, encodings to numbers, and the 16-bit float formats.
#include "trex/Runtime/ScalarValue.h"

#include "trex/Runtime/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace trex::runtime {

namespace {

std::uint32_t floatBits(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float bitsToFloat(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// The [min, max] an integer type holds, as the literal parser checks it.
void integerRange(ScalarType type, long double &minimum, long double &maximum) {
  std::size_t bits = scalarTypeSize(type) * 8;
  if (type == ScalarType::I1) {
    minimum = 0;
    maximum = 1;
  } else if (isUnsigned(type)) {
    minimum = 0;
    maximum = std::ldexp(1.0L, static_cast<int>(bits)) - 1;
  } else {
    minimum = -std::ldexp(1.0L, static_cast<int>(bits) - 1);
    maximum = std::ldexp(1.0L, static_cast<int>(bits) - 1) - 1;
  }
}

// Two's complement truncated to the type's width (the upper bytes of `bits` stay zero).
std::uint64_t maskToWidth(ScalarType type, std::uint64_t raw) {
  std::size_t bytes = scalarTypeSize(type);
  return bytes == 8 ? raw : raw & ((std::uint64_t{1} << (bytes * 8)) - 1);
}

} // namespace

std::uint16_t floatToHalf(float value) {
  std::uint32_t bits = floatBits(value);
  std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  std::uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude >= 0x7f800000u) // inf or nan
    return sign | (magnitude > 0x7f800000u ? 0x7e00u : 0x7c00u);
  if (magnitude >= 0x477ff000u) // rounds to beyond 65504: overflow to inf
    return sign | 0x7c00u;
  if (magnitude < 0x38800000u) { // below the smallest normal half: subnormal or zero
    float scaled = bitsToFloat(magnitude) * 16777216.0f; // 2^24: one unit = one subnormal step
    return sign | static_cast<std::uint16_t>(std::nearbyint(scaled));
  }
  std::uint32_t mantissaOdd = (magnitude >> 13) & 1u;
  magnitude += 0xc8000fffu + mantissaOdd; // rebias exponent (-112 << 23) and round to even
  return sign | static_cast<std::uint16_t>(magnitude >> 13);
}

float halfToFloat(std::uint16_t bits) {
  std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
  std::uint32_t exponent = (bits >> 10) & 0x1fu;
  std::uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0) {
    float value = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -value : value;
  }
  if (exponent == 31)
    return bitsToFloat(sign | 0x7f800000u | (mantissa << 13));
  return bitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

std::uint16_t floatToBFloat16(float value) {
  std::uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<std::uint16_t>((bits >> 16) | 0x40u); // quiet nan
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>(bits >> 16);
}

float bfloat16ToFloat(std::uint16_t bits) { return bitsToFloat(static_cast<std::uint32_t>(bits) << 16); }

namespace {

// How an fp8 format spends its 8 bits.
struct Fp8Format {
  int mantissaBits;
  int bias;
  enum class Specials { Ieee, AllOnesNaN, NegativeZeroNaN } specials;
};

Fp8Format fp8Format(ScalarType type) {
  switch (type) {
  case ScalarType::FP8E4NV:
    return {3, 7, Fp8Format::Specials::AllOnesNaN};
  case ScalarType::FP8E5:
    return {2, 15, Fp8Format::Specials::Ieee};
  case ScalarType::FP8E4B8:
    return {3, 8, Fp8Format::Specials::NegativeZeroNaN};
  default:
    return {2, 16, Fp8Format::Specials::NegativeZeroNaN};
  }
}

// The magnitude a code's low 7 bits stand for; NaN or infinity where the format says so.
float fp8Magnitude(const Fp8Format &format, std::uint8_t code) {
  int exponentBits = 7 - format.mantissaBits;
  int exponent = code >> format.mantissaBits;
  int mantissa = code & ((1 << format.mantissaBits) - 1);
  if (format.specials == Fp8Format::Specials::Ieee && exponent == (1 << exponentBits) - 1)
    return mantissa == 0 ? std::numeric_limits<float>::infinity()
                         : std::numeric_limits<float>::quiet_NaN();
  if (format.specials == Fp8Format::Specials::AllOnesNaN && code == 0x7f)
    return std::numeric_limits<float>::quiet_NaN();
  if (exponent == 0)
    return std::ldexp(static_cast<float>(mantissa), 1 - format.bias - format.mantissaBits);
  return std::ldexp(1.0f + std::ldexp(static_cast<float>(mantissa), -format.mantissaBits),
                    exponent - format.bias);
}

// The largest code (low 7 bits) with a finite value.
std::uint8_t fp8LargestFinite(const Fp8Format &format) {
  std::uint8_t code = 0x7f;
  while (!std::isfinite(fp8Magnitude(format, code)))
    --code;
  return code;
}

} // namespace

float fp8ToFloat(ScalarType type, std::uint8_t bits) {
  Fp8Format format = fp8Format(type);
  if (format.specials == Fp8Format::Specials::NegativeZeroNaN && bits == 0x80)
    return std::numeric_limits<float>::quiet_NaN();
  float magnitude = fp8Magnitude(format, bits & 0x7f);
  return bits & 0x80 ? -magnitude : magnitude;
}

std::uint8_t floatToFp8(ScalarType type, float value) {
  Fp8Format format = fp8Format(type);
  if (std::isnan(value)) {
    switch (format.specials) {
    case Fp8Format::Specials::Ieee:
      return 0x7f;
    case Fp8Format::Specials::AllOnesNaN:
      return 0x7f;
    case Fp8Format::Specials::NegativeZeroNaN:
      return 0x80;
    }
  }
  std::uint8_t sign = std::signbit(value) ? 0x80 : 0;
  float magnitude = std::fabs(value);
  // Codes increase with their magnitude: the nearest one, ties to the even code.
  std::uint8_t largest = fp8LargestFinite(format);
  std::uint8_t code = largest;
  if (magnitude < fp8Magnitude(format, largest)) {
    // The first code whose magnitude reaches `magnitude` (binary search: magnitudes grow
    // strictly with the code up to the largest finite one).
    std::uint8_t above = 0, end = largest;
    while (above < end) {
      std::uint8_t middle = static_cast<std::uint8_t>((above + end) / 2);
      if (fp8Magnitude(format, middle) < magnitude)
        above = static_cast<std::uint8_t>(middle + 1);
      else
        end = middle;
    }
    code = above;
    if (above > 0) {
      float upper = fp8Magnitude(format, above), lower = fp8Magnitude(format, above - 1);
      if (magnitude - lower < upper - magnitude ||
          (magnitude - lower == upper - magnitude && (above & 1)))
        code = above - 1;
    }
  }
  if (code == 0 && format.specials == Fp8Format::Specials::NegativeZeroNaN)
    return 0;
  return sign | code;
}

ScalarValue encodeScalar(ScalarType type, double value) {
  ScalarValue scalar{type, 0};
  switch (type) {
  case ScalarType::FP16:
    scalar.bits = floatToHalf(static_cast<float>(value));
    break;
  case ScalarType::BF16:
    scalar.bits = floatToBFloat16(static_cast<float>(value));
    break;
  case ScalarType::FP32:
    scalar.bits = floatBits(static_cast<float>(value));
    break;
  case ScalarType::FP64:
    std::memcpy(&scalar.bits, &value, sizeof(value));
    break;
  case ScalarType::I1:
    scalar.bits = value != 0 ? 1 : 0;
    break;
  case ScalarType::FP8E4NV:
  case ScalarType::FP8E5:
  case ScalarType::FP8E4B8:
  case ScalarType::FP8E5B16:
    scalar.bits = floatToFp8(type, static_cast<float>(value));
    break;
  default: {
    std::uint64_t raw = isUnsigned(type) ? static_cast<std::uint64_t>(value)
                                         : static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
    scalar.bits = maskToWidth(type, raw);
  }
  }
  return scalar;
}

double decodeScalar(const ScalarValue &value) {
  std::size_t bytes = scalarTypeSize(value.type);
  switch (value.type) {
  case ScalarType::FP16:
    return halfToFloat(static_cast<std::uint16_t>(value.bits));
  case ScalarType::BF16:
    return bfloat16ToFloat(static_cast<std::uint16_t>(value.bits));
  case ScalarType::FP32:
    return bitsToFloat(static_cast<std::uint32_t>(value.bits));
  case ScalarType::FP64: {
    double result;
    std::memcpy(&result, &value.bits, sizeof(result));
    return result;
  }
  case ScalarType::I1:
    return value.bits & 1 ? 1.0 : 0.0;
  case ScalarType::FP8E4NV:
  case ScalarType::FP8E5:
  case ScalarType::FP8E4B8:
  case ScalarType::FP8E5B16:
    return fp8ToFloat(value.type, static_cast<std::uint8_t>(value.bits));
  default:
    break;
  }
  if (isUnsigned(value.type))
    return static_cast<double>(value.bits);
  // Sign-extend from the type's width.
  int shift = 64 - static_cast<int>(bytes * 8);
  return static_cast<double>(static_cast<std::int64_t>(value.bits << shift) >> shift);
}

ScalarValue loadElement(ScalarType type, const void *bytes) {
  ScalarValue value{type, 0};
  std::memcpy(&value.bits, bytes, scalarTypeSize(type));
  return value;
}

void storeElement(const ScalarValue &value, void *bytes) {
  std::memcpy(bytes, &value.bits, scalarTypeSize(value.type));
}

ScalarValue parseScalarLiteral(ScalarType type, const std::string &text) {
  auto fail = [&](const std::string &expected) {
    return Error("'" + text + "' is not " + expected + " (" + scalarTypeName(type) + ")");
  };
  if (text.empty())
    throw fail("a value");
  if (type == ScalarType::I1) {
    if (text == "True" || text == "true" || text == "1")
      return {type, 1};
    if (text == "False" || text == "false" || text == "0")
      return {type, 0};
    throw fail("a boolean (True/False/1/0)");
  }
  char *end = nullptr;
  errno = 0;
  if (isFloatingPoint(type)) {
    double value = std::strtod(text.c_str(), &end);
    if (*end != '\0' || errno == ERANGE)
      throw fail("a floating-point number");
    return encodeScalar(type, value);
  }
  long double minimum, maximum;
  integerRange(type, minimum, maximum);
  if (text[0] == '-') {
    if (isUnsigned(type))
      throw fail("a non-negative integer");
    long long value = std::strtoll(text.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE || static_cast<long double>(value) < minimum)
      throw fail("an integer in range");
    return {type, maskToWidth(type, static_cast<std::uint64_t>(value))};
  }
  unsigned long long value = std::strtoull(text.c_str(), &end, 0);
  if (*end != '\0' || errno == ERANGE || static_cast<long double>(value) > maximum)
    throw fail("an integer in range");
  return {type, maskToWidth(type, value)};
}

} // namespace trex::runtime
