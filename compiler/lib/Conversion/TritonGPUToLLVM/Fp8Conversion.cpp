// Fp8Conversion: exact fp8 -> f32 widening by bit placement and a power-of-two scale, and
// f32 -> fp8 narrowing with integer rounding on the f32 bits.
#include "trex/Conversion/TritonGPUToLLVM/Fp8Conversion.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace trex {

namespace {

struct Fp8Format {
  int mantissaBits;
  int bias;
  // IEEE-like: the all-ones exponent is infinity (mantissa 0) or NaN (e5m2).
  bool ieeeSpecials;
  // Only 0x7f / 0xff are NaN (e4m3fn, which has no infinity).
  bool allOnesIsNaN;
  // 0x80 (negative zero) is the only NaN (the "fnuz" formats).
  bool negativeZeroIsNaN;
};

std::optional<Fp8Format> formatOf(Type type) {
  if (isa<Float8E5M2Type>(type))
    return Fp8Format{2, 15, true, false, false};
  if (isa<Float8E4M3FNType>(type))
    return Fp8Format{3, 7, false, true, false};
  if (isa<Float8E5M2FNUZType>(type))
    return Fp8Format{2, 16, false, false, true};
  if (isa<Float8E4M3FNUZType>(type))
    return Fp8Format{3, 8, false, false, true};
  return std::nullopt;
}

} // namespace

bool isSupportedFp8(Type type) { return formatOf(type).has_value(); }

Value fp8ToF32(OpBuilder &builder, Location loc, Value bits, Type fp8Type) {
  Fp8Format format = *formatOf(fp8Type);
  LLVMBuilder b(builder, loc);
  Type i32 = builder.getI32Type();
  Type f32 = builder.getF32Type();
  Value word = b.zext(bits, i32);
  Value magnitude = b.and_(word, b.i32(0x7f));
  Value signBit = b.and_(word, b.i32(0x80));
  Value sign = b.shl(signBit, b.i32(24));
  Value moved = b.shl(magnitude, b.i32(23 - format.mantissaBits));
  Value placed = b.or_(sign, moved);
  Value unscaled = b.bitcast(placed, f32);
  Value scale = b.floatConstant(f32, std::ldexp(1.0, 127 - format.bias));
  Value scaled = LLVM::FMulOp::create(builder, loc, unscaled, scale);
  Value nan = b.floatConstant(f32, std::numeric_limits<double>::quiet_NaN());
  if (format.ieeeSpecials) {
    int allOnes = 0x7f & ~((1 << format.mantissaBits) - 1);
    Value exponent = b.and_(magnitude, b.i32(allOnes));
    Value exponentAllOnes = b.icmpEQ(exponent, b.i32(allOnes));
    Value isInfinity = b.icmpEQ(magnitude, b.i32(allOnes));
    Value infinity = b.bitcast(b.or_(sign, b.i32(0x7f800000)), f32);
    Value special = b.select(isInfinity, infinity, nan);
    return b.select(exponentAllOnes, special, scaled);
  }
  if (format.allOnesIsNaN)
    return b.select(b.icmpEQ(magnitude, b.i32(0x7f)), nan, scaled);
  return b.select(b.icmpEQ(word, b.i32(0x80)), nan, scaled);
}

// The largest finite magnitude's encoding and the NaN encoding (without the sign bit for the
// formats with signed NaNs).
int32_t largestFinite(const Fp8Format &format) {
  if (format.ieeeSpecials) // exponent 11110, mantissa all ones
    return 0x7f - (1 << format.mantissaBits);
  if (format.allOnesIsNaN) // 0x7e: all ones but the last mantissa bit
    return 0x7e;
  return 0x7f; // fnuz: every non-negative-zero encoding is finite
}

Value f32ToFp8(OpBuilder &builder, Location loc, Value value, Type fp8Type,
               bool roundToNearestEven) {
  Fp8Format format = *formatOf(fp8Type);
  LLVMBuilder b(builder, loc);
  Type i32 = builder.getI32Type();
  Type f32 = builder.getF32Type();
  int m = format.mantissaBits;
  int shift = 23 - m;
  Value bits = b.bitcast(value, i32);
  Value sign = b.and_(b.lshr(bits, b.i32(24)), b.i32(0x80));
  Value magnitude = b.and_(bits, b.i32(0x7fffffff));
  // Normal results: round the f32 mantissa to m bits on the integer bits (a carry into the
  // exponent is the correct rounding up), then rebias the exponent field.
  Value rounded = magnitude;
  if (roundToNearestEven) {
    Value lsb = b.and_(b.lshr(magnitude, b.i32(shift)), b.i32(1));
    rounded = b.add(magnitude, b.add(b.i32((1 << (shift - 1)) - 1), lsb));
  }
  Value normal = b.sub(b.lshr(rounded, b.i32(shift)), b.i32((127 - format.bias) << m));
  // Below the smallest normal exponent (1 - bias) the result counts units of
  // 2^(1 - bias - m): scale by the inverse power of two (exact) and round to an integer. A
  // count of 2^m is the smallest normal, whose encoding is that number too.
  int smallestNormalExponent = 1 - format.bias;
  Value scaled = LLVM::FMulOp::create(builder, loc, b.bitcast(magnitude, f32),
                                      b.floatConstant(f32, std::ldexp(1.0, m - smallestNormalExponent)));
  Value integral = roundToNearestEven
                       ? Value(LLVM::RoundEvenOp::create(builder, loc, f32, scaled))
                       : Value(LLVM::FTruncOp::create(builder, loc, f32, scaled));
  Value subnormal = LLVM::FPToUIOp::create(builder, loc, i32, integral);
  Value isSubnormal =
      b.icmpULT(magnitude, b.i32((smallestNormalExponent + 127) << 23));
  Value encoded = b.select(isSubnormal, subnormal, normal);
  // Saturate (infinities too) to the largest finite value, as cvt's .satfinite does; NaN
  // stays NaN.
  Value largest = b.i32(largestFinite(format));
  Value tooLarge = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::sgt, encoded, largest);
  encoded = b.select(tooLarge, largest, encoded);
  Value isNaN = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ugt, magnitude,
                                     b.i32(0x7f800000));
  Value result;
  if (format.negativeZeroIsNaN) {
    // One NaN (0x80) and no negative zero: a zero result keeps no sign.
    Value signed_ = b.select(b.icmpEQ(encoded, b.i32(0)), encoded, b.or_(encoded, sign));
    result = b.select(isNaN, b.i32(0x80), signed_);
  } else {
    // e5m2 and e4m3fn alike: all exponent and mantissa bits set is a NaN.
    result = b.or_(b.select(isNaN, b.i32(0x7f), encoded), sign);
  }
  return b.trunc(result, builder.getI8Type());
}

} // namespace trex
