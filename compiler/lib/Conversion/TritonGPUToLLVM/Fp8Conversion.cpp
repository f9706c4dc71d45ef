// Fp8Conversion: exact fp8 -> f32 widening by bit placement and a power-of-two scale.
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

} // namespace trex
