// ApproximateMath: math functions built from simpler LLVM operations.
#include "trex/Conversion/TritonGPUToLLVM/ApproximateMath.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"

#include <limits>

using namespace mlir;

namespace trex {

Value erfApproximation(OpBuilder &builder, Location loc, Value x,
                       const std::function<Value(Value)> &exp) {
  LLVMBuilder b(builder, loc);
  Type type = x.getType();
  Value one = b.floatConstant(type, 1.0);
  Value magnitude = LLVM::FAbsOp::create(builder, loc, type, x);
  Value scaled = LLVM::FMulOp::create(builder, loc, b.floatConstant(type, 0.3275911), magnitude);
  Value t = LLVM::FDivOp::create(builder, loc, one, LLVM::FAddOp::create(builder, loc, one, scaled));
  // p(t) = t (a1 + t (a2 + t (a3 + t (a4 + t a5)))), evaluated from a5 down.
  const double coefficients[] = {1.061405429, -1.453152027, 1.421413741, -0.284496736,
                                 0.254829592};
  Value polynomial = b.floatConstant(type, coefficients[0]);
  for (int i = 1; i < 5; ++i) {
    Value product = LLVM::FMulOp::create(builder, loc, polynomial, t);
    polynomial = LLVM::FAddOp::create(builder, loc, product, b.floatConstant(type, coefficients[i]));
  }
  polynomial = LLVM::FMulOp::create(builder, loc, polynomial, t);
  Value square = LLVM::FMulOp::create(builder, loc, magnitude, magnitude);
  Value decay = exp(LLVM::FNegOp::create(builder, loc, square));
  Value tail = LLVM::FMulOp::create(builder, loc, polynomial, decay);
  Value result = LLVM::FSubOp::create(builder, loc, one, tail);
  return LLVM::CopySignOp::create(builder, loc, type, result, x);
}

} // namespace trex

// ---- f64 transcendentals ----------------------------------------------------------------
//
// Each reduces the argument to a small interval with exact or near-exact operations, runs a
// polynomial there, and reconstructs: exp by powers of two, log by the binary exponent, sin
// and cos by quadrants.

namespace trex {

namespace {

constexpr double kLn2 = 0.6931471805599453094;
constexpr double kLog2E = 1.4426950408889634074;
// ln 2 split so that e * kLn2High is exact for the exponents of f64 (fdlibm's split).
constexpr double kLn2High = 6.93147180369123816490e-01;
constexpr double kLn2Low = 1.90821492927058770002e-10;
constexpr double kSqrt2 = 1.4142135623730950488;

// Helpers over one builder and location; every value is f64 unless named otherwise.
struct Float64Math {
  Float64Math(OpBuilder &builder, Location loc)
      : builder(builder), loc(loc), b(builder, loc), f64(builder.getF64Type()),
        i64(builder.getI64Type()) {}

  Value constant(double value) { return b.floatConstant(f64, value); }
  Value add(Value x, Value y) { return LLVM::FAddOp::create(builder, loc, x, y); }
  Value sub(Value x, Value y) { return LLVM::FSubOp::create(builder, loc, x, y); }
  Value mul(Value x, Value y) { return LLVM::FMulOp::create(builder, loc, x, y); }
  Value div(Value x, Value y) { return LLVM::FDivOp::create(builder, loc, x, y); }
  Value neg(Value x) { return LLVM::FNegOp::create(builder, loc, x); }
  Value fma(Value x, Value y, Value z) { return LLVM::FMAOp::create(builder, loc, x, y, z); }
  Value rint(Value x) { return LLVM::RintOp::create(builder, loc, f64, x); }
  Value abs(Value x) { return LLVM::FAbsOp::create(builder, loc, f64, x); }
  Value compare(LLVM::FCmpPredicate predicate, Value x, Value y) {
    return LLVM::FCmpOp::create(builder, loc, predicate, x, y);
  }
  Value isNaN(Value x) { return compare(LLVM::FCmpPredicate::uno, x, x); }
  Value toInteger(Value x) { return LLVM::FPToSIOp::create(builder, loc, i64, x); }
  Value toFloat(Value n) { return LLVM::SIToFPOp::create(builder, loc, f64, n); }

  // c[0] + x (c[1] + x (c[2] + ...)), with FMAs.
  Value polynomial(Value x, ArrayRef<double> coefficients) {
    Value result = constant(coefficients.back());
    for (size_t i = coefficients.size() - 1; i-- > 0;)
      result = fma(result, x, constant(coefficients[i]));
    return result;
  }

  // 2^n (n an i64 with |n| < 1022) from its bits.
  Value powerOfTwo(Value n) {
    Value biased = b.add(n, b.i64(1023));
    return b.bitcast(b.shl(biased, b.i64(52)), f64);
  }

  // p * 2^n for an i64 n in [-1100, 1100], in two exact-range steps so that the result
  // overflows or becomes subnormal only in the last multiplication.
  Value scale(Value p, Value n) {
    Value half = LLVM::AShrOp::create(builder, loc, n, b.i64(1));
    Value rest = b.sub(n, half);
    Value halfPower = powerOfTwo(half);
    Value restPower = powerOfTwo(rest);
    return mul(mul(p, halfPower), restPower);
  }

  // e^r for |r| <= ln(2) / 2: Taylor series to r^13 (truncation below 2^-60).
  Value expReduced(Value r) {
    SmallVector<double> coefficients;
    double factorial = 1.0;
    for (int k = 0; k <= 13; ++k) {
      if (k > 0)
        factorial *= k;
      coefficients.push_back(1.0 / factorial);
    }
    return polynomial(r, coefficients);
  }

  Value clamp(Value x, double low, double high) {
    Value highValue = constant(high);
    Value lowValue = constant(low);
    Value above = compare(LLVM::FCmpPredicate::ogt, x, highValue);
    Value below = compare(LLVM::FCmpPredicate::olt, x, lowValue);
    return b.select(above, highValue, b.select(below, lowValue, x));
  }

  // x = 2^e * m with m in [sqrt(1/2), sqrt(2)), for finite x > 0 (subnormals included):
  // returns ln(m) and e (as f64).
  std::pair<Value, Value> logReduced(Value x) {
    // Subnormals are scaled into the normal range first.
    Value smallestNormal = constant(0x1p-1022);
    Value subnormal = compare(LLVM::FCmpPredicate::olt, x, smallestNormal);
    Value subnormalScale = constant(0x1p54);
    Value scaled = b.select(subnormal, mul(x, subnormalScale), x);
    Value bits = b.bitcast(scaled, i64);
    Value shift = b.i64(52);
    Value exponentMask = b.i64(0x7ff);
    Value biasedExponent = b.and_(b.lshr(bits, shift), exponentMask);
    Value subnormalBias = b.i64(1023 + 54);
    Value normalBias = b.i64(1023);
    Value exponent = b.sub(biasedExponent, b.select(subnormal, subnormalBias, normalBias));
    Value fractionMask = b.i64(0x000fffffffffffffLL);
    Value exponentOfOne = b.i64(0x3ff0000000000000LL);
    Value mantissaBits = b.or_(b.and_(bits, fractionMask), exponentOfOne);
    Value m = b.bitcast(mantissaBits, f64);
    Value large = compare(LLVM::FCmpPredicate::ogt, m, constant(kSqrt2));
    Value halfValue = constant(0.5);
    m = b.select(large, mul(m, halfValue), m);
    exponent = b.add(exponent, b.zext(large, i64));
    // ln(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: 2 (s + s^3/3 + ... + s^21/21).
    Value one = constant(1.0);
    Value numerator = sub(m, one);
    Value denominator = add(m, one);
    Value s = div(numerator, denominator);
    Value z = mul(s, s);
    SmallVector<double> coefficients;
    for (int k = 1; k <= 10; ++k)
      coefficients.push_back(2.0 / (2 * k + 1));
    Value cube = mul(s, z);
    Value tail = mul(cube, polynomial(z, coefficients));
    Value logM = fma(s, constant(2.0), tail);
    return {logM, toFloat(exponent)};
  }

  // The IEEE special cases of log: NaN for NaN and x < 0, -inf for 0, +inf for +inf.
  Value logSpecialCases(Value x, Value finite) {
    Value infinity = constant(std::numeric_limits<double>::infinity());
    Value negativeInfinity = constant(-std::numeric_limits<double>::infinity());
    Value zero = constant(0.0);
    Value nan = constant(std::numeric_limits<double>::quiet_NaN());
    Value result = b.select(compare(LLVM::FCmpPredicate::oeq, x, infinity), infinity, finite);
    result = b.select(compare(LLVM::FCmpPredicate::oeq, x, zero), negativeInfinity, result);
    Value negative = compare(LLVM::FCmpPredicate::olt, x, zero);
    Value invalid = b.or_(isNaN(x), negative);
    return b.select(invalid, nan, result);
  }

  // sin(r) and cos(r) for |r| <= pi/4 (fdlibm's kernel polynomials).
  Value sinReduced(Value r) {
    Value z = mul(r, r);
    Value p = polynomial(z, {-1.66666666666666324348e-01, 8.33333333332248946124e-03,
                             -1.98412698298579493134e-04, 2.75573137070700676789e-06,
                             -2.50507602534068634195e-08, 1.58969099521155010221e-10});
    return fma(mul(r, z), p, r);
  }
  Value cosReduced(Value r) {
    Value z = mul(r, r);
    Value p = polynomial(z, {4.16666666666666019037e-02, -1.38888888888741095749e-03,
                             2.48015872894767294178e-05, -2.75573143513906633035e-07,
                             2.08757232129817482790e-09, -1.13596475577881948265e-11});
    Value minusHalf = constant(-0.5);
    Value one = constant(1.0);
    Value oneMinusHalfZ = fma(z, minusHalf, one);
    return fma(mul(z, z), p, oneMinusHalfZ);
  }

  // x = k pi/2 + r, |r| <= pi/4: r, and k mod 4 as i64.
  std::pair<Value, Value> quadrant(Value x) {
    Value k = rint(mul(x, constant(0.63661977236758134308)));
    Value minusK = neg(k);
    // pi/2 = P1 + P2 + P3 to about 160 bits.
    Value r = fma(minusK, constant(1.5707963267948966), x);
    r = fma(minusK, constant(6.123233995736766e-17), r);
    r = fma(minusK, constant(-1.4973849048591698e-33), r);
    Value kInteger = toInteger(k);
    return {r, b.and_(kInteger, b.i64(3))};
  }

  // `value` where x is finite, NaN where it is infinite or NaN.
  Value finiteOnly(Value x, Value value) {
    Value magnitude = abs(x);
    Value infinity = constant(std::numeric_limits<double>::infinity());
    Value finite = compare(LLVM::FCmpPredicate::olt, magnitude, infinity);
    Value nan = constant(std::numeric_limits<double>::quiet_NaN());
    return b.select(finite, value, nan);
  }

  OpBuilder &builder;
  Location loc;
  LLVMBuilder b;
  Type f64;
  Type i64;
};

} // namespace

Value exp2Float64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  // Beyond [-1080, 1025] the result is 0 or infinity; clamping keeps n in scale's range.
  Value clamped = m.clamp(x, -1080.0, 1025.0);
  Value n = m.rint(clamped);
  Value fraction = m.sub(clamped, n); // exact, |fraction| <= 1/2
  // 2^f = e^(f ln 2): the Taylor coefficients ln(2)^k / k!.
  SmallVector<double> coefficients;
  double term = 1.0;
  for (int k = 0; k <= 13; ++k) {
    if (k > 0)
      term *= kLn2 / k;
    coefficients.push_back(term);
  }
  Value power = m.polynomial(fraction, coefficients);
  Value result = m.scale(power, m.toInteger(n));
  return m.b.select(m.isNaN(x), x, result);
}

Value expFloat64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  Value clamped = m.clamp(x, -760.0, 720.0);
  Value n = m.rint(m.mul(clamped, m.constant(kLog2E)));
  Value minusN = m.neg(n);
  Value r = m.fma(minusN, m.constant(kLn2High), clamped);
  r = m.fma(minusN, m.constant(kLn2Low), r);
  Value power = m.expReduced(r);
  Value result = m.scale(power, m.toInteger(n));
  return m.b.select(m.isNaN(x), x, result);
}

Value logFloat64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  auto [logM, exponent] = m.logReduced(x);
  Value low = m.fma(exponent, m.constant(kLn2Low), logM);
  Value result = m.fma(exponent, m.constant(kLn2High), low);
  return m.logSpecialCases(x, result);
}

Value log2Float64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  auto [logM, exponent] = m.logReduced(x);
  Value result = m.fma(logM, m.constant(kLog2E), exponent);
  return m.logSpecialCases(x, result);
}

Value sinFloat64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  auto [r, quadrant] = m.quadrant(x);
  // Quadrants 1 and 3 take cos, 2 and 3 negate.
  Value sine = m.sinReduced(r);
  Value cosine = m.cosReduced(r);
  Value zero = m.b.i64(0);
  Value odd = m.b.icmpNE(m.b.and_(quadrant, m.b.i64(1)), zero);
  Value value = m.b.select(odd, cosine, sine);
  Value negate = m.b.icmpNE(m.b.and_(quadrant, m.b.i64(2)), zero);
  return m.finiteOnly(x, m.b.select(negate, m.neg(value), value));
}

Value cosFloat64(OpBuilder &builder, Location loc, Value x) {
  Float64Math m(builder, loc);
  auto [r, quadrant] = m.quadrant(x);
  // Quadrants 1 and 3 take sin, 1 and 2 negate.
  Value sine = m.sinReduced(r);
  Value cosine = m.cosReduced(r);
  Value zero = m.b.i64(0);
  Value one = m.b.i64(1);
  Value odd = m.b.icmpNE(m.b.and_(quadrant, one), zero);
  Value value = m.b.select(odd, sine, cosine);
  Value shifted = m.b.add(quadrant, one);
  Value negate = m.b.icmpNE(m.b.and_(shifted, m.b.i64(2)), zero);
  return m.finiteOnly(x, m.b.select(negate, m.neg(value), value));
}

} // namespace trex
