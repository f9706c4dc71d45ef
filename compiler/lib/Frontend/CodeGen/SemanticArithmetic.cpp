// Semantic: implicit promotion, constants, arithmetic, bitwise, comparison and cast rules.
#include "Semantic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/APFloat.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;

namespace trex::frontend {

namespace {

std::string invalidOperands(const DType &a, const DType &b) {
  return "invalid operands of type " + a.name() + " and " + b.name();
}

} // namespace

mlir::Value createIntCast(IRBuilder &b, mlir::Value source, mlir::Type dstType, bool isSigned) {
  unsigned srcWidth = getElementTypeOrSelf(source.getType()).getIntOrFloatBitWidth();
  unsigned dstWidth = getElementTypeOrSelf(dstType).getIntOrFloatBitWidth();
  if (srcWidth == dstWidth)
    return b.create<arith::BitcastOp>(dstType, source);
  if (srcWidth > dstWidth)
    return b.create<arith::TruncIOp>(dstType, source);
  if (isSigned)
    return b.create<arith::ExtSIOp>(dstType, source);
  return b.create<arith::ExtUIOp>(dstType, source);
}

mlir::Type Semantic::ir(const DType &type) {
  const DType &scalar = type.scalar().isPtr() ? type.scalar().elementType() : type.scalar();
  if (scalar.isFP8()) {
    const auto &supported = options.supportedFP8DTypes;
    if (std::find(supported.begin(), supported.end(), scalar.name()) == supported.end()) {
      std::string list;
      for (const std::string &name : supported)
        list += (list.empty() ? "" : ", ") + ("'" + name + "'");
      fail("type " + scalar.name() + " not supported in this architecture. The supported fp8 "
           "dtypes are (" + list + ")");
    }
  }
  return type.toMLIR(b.context());
}

//===----------------------------------------------------------------------===//
// Programming model
//===----------------------------------------------------------------------===//

Tensor Semantic::programId(int axis) {
  if (axis < 0 || axis > 2)
    fail("program_id axis must be 0, 1, or 2 but got " + std::to_string(axis));
  auto op = b.create<tt::GetProgramIdOp>(b.builder.getI32Type(), tt::ProgramIDDim(axis));
  return make(op, ScalarKind::Int32);
}

Tensor Semantic::numPrograms(int axis) {
  if (axis < 0 || axis > 2)
    fail("num_programs axis must be 0, 1, or 2 but got " + std::to_string(axis));
  auto op = b.create<tt::GetNumProgramsOp>(b.builder.getI32Type(), tt::ProgramIDDim(axis));
  return make(op, ScalarKind::Int32);
}

//===----------------------------------------------------------------------===//
// Implicit casting
//===----------------------------------------------------------------------===//

DType Semantic::integerPromote(const DType &a, const DType &b) const {
  int aRank = a.intBitwidth(), bRank = b.intBitwidth();
  bool aSigned = a.isIntSigned(), bSigned = b.isIntSigned();
  // C's usual arithmetic conversions.
  if (aSigned == bSigned)
    return aRank > bRank ? a : b;
  if (!aSigned)
    return aRank >= bRank ? a : b;
  return bRank >= aRank ? b : a;
}

DType Semantic::computationType(const DType &a, bool aIsScalar, const DType &b, bool bIsScalar,
                                bool divOrMod) const {
  // A Python scalar of a lower or equal kind (bool < int < float) takes the tensor's type.
  if (aIsScalar != bIsScalar) {
    const DType &scalar = aIsScalar ? a : b;
    const DType &tensor = aIsScalar ? b : a;
    if (static_cast<int>(scalar.kindRank()) <= static_cast<int>(tensor.kindRank())) {
      if (divOrMod && (tensor.is(ScalarKind::FP16) || tensor.is(ScalarKind::BF16)))
        return ScalarKind::FP32;
      return tensor;
    }
  }
  if (a.is(ScalarKind::FP64) || b.is(ScalarKind::FP64))
    return ScalarKind::FP64;
  if (a.is(ScalarKind::FP32) || b.is(ScalarKind::FP32))
    return ScalarKind::FP32;
  // There is no fp16 division or remainder in PTX.
  if (a.is(ScalarKind::FP16) || b.is(ScalarKind::FP16))
    return divOrMod ? ScalarKind::FP32 : ScalarKind::FP16;
  if (a.is(ScalarKind::BF16) && b.is(ScalarKind::BF16))
    return divOrMod ? ScalarKind::FP32 : ScalarKind::BF16;
  if (a.is(ScalarKind::BF16) || b.is(ScalarKind::BF16))
    return ScalarKind::FP32;
  if (a.isFP8() && b.isFP8()) {
    DType type = a == b ? a : DType(ScalarKind::FP16);
    // fp8e4b15 values are bytes (i8, as in Triton, which makes float arithmetic of them that
    // does not verify).
    if (type.is(ScalarKind::FP8E4B15))
      fail("fp8e4b15 values have no arithmetic; convert them with .to(tl.float16) or "
           ".to(tl.float32) first");
    return type;
  }
  if (!a.isInt() || !b.isInt())
    fail("unexpected type " + a.name() + " and " + b.name());
  if (divOrMod && a.isIntSigned() != b.isIntSigned())
    fail("Cannot use /, #, or % with " + a.repr() + " and " + b.repr() +
         " because they have different signedness;this is unlikely to result in a useful "
         "answer. Cast them to the same signedness.");
  return integerPromote(a, b);
}

Tensor Semantic::scalarConstant(const Value &number, const DType &dtype) {
  // Callers pass what the kernel gave (a tensor descriptor's shape entry, say), which may be
  // anything: reading a dtype as a number threw std::bad_variant_access.
  if (!number.isNumber())
    fail("cannot make a " + dtype.name() + " constant of " + number.describe());
  mlir::Type type = ir(dtype);
  // tl.zeros_like(ptrs) asked for a pointer constant, which became an integer attribute of a
  // pointer type (and crashed the splat's folder); Triton refuses pointer constants too.
  if (!isa<IntegerType, FloatType>(type))
    fail("cannot make a constant of type " + dtype.name());
  bool isZero = number.isFloat() ? number.asFloat() == 0.0 : number.asInteger() == 0;
  if (isZero) {
    if (auto floatType = dyn_cast<FloatType>(type))
      return make(b.create<arith::ConstantOp>(
                      FloatAttr::get(floatType, APFloat::getZero(floatType.getFloatSemantics()))),
                  dtype);
    return make(b.create<arith::ConstantOp>(IntegerAttr::get(type, 0)), dtype);
  }
  if (dtype.isFP8())
    fail("cannot create a constant of type " + dtype.name());
  if (auto floatType = dyn_cast<FloatType>(type)) {
    APFloat value(number.asDouble());
    bool losesInfo = false;
    value.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
    return make(b.create<arith::ConstantOp>(FloatAttr::get(floatType, value)), dtype);
  }
  if (number.isFloat())
    fail("cannot make a " + dtype.name() + " constant of the float " + number.str());
  PyInt value = number.asInteger();
  APInt bits(64, static_cast<std::uint64_t>(value));
  return make(b.create<arith::ConstantOp>(
                  IntegerAttr::get(type, bits.trunc(type.getIntOrFloatBitWidth()))),
              dtype);
}

Tensor Semantic::toTensor(const Value &value) {
  if (value.isTensor())
    return value.asTensor();
  if (value.isBool())
    return scalarConstant(value, ScalarKind::Int1);
  if (value.isInt()) {
    PyInt x = value.asInt();
    const PyInt two31 = PyInt(1) << 31, two32 = PyInt(1) << 32, two63 = PyInt(1) << 63,
                two64 = PyInt(1) << 64;
    DType dtype = ScalarKind::Int32;
    if (-two31 <= x && x < two31)
      dtype = ScalarKind::Int32;
    else if (two31 <= x && x < two32)
      dtype = ScalarKind::UInt32;
    else if (-two63 <= x && x < two63)
      dtype = ScalarKind::Int64;
    else if (two63 <= x && x < two64)
      dtype = ScalarKind::UInt64;
    else
      fail("Nonrepresentable integer " + pyIntToString(x) + ".");
    return scalarConstant(value, dtype);
  }
  if (value.isFloat()) {
    double x = value.asFloat();
    double magnitude = std::fabs(x);
    const double minFloat32 = std::ldexp(1.0, -126);
    const double maxFloat32 = (2 - std::ldexp(1.0, -23)) * std::ldexp(1.0, 127);
    bool fitsFloat32 = std::isinf(magnitude) || magnitude == 0.0 || std::isnan(x) ||
                       (minFloat32 <= magnitude && magnitude <= maxFloat32);
    return scalarConstant(value, fitsFloat32 ? ScalarKind::FP32 : ScalarKind::FP64);
  }
  fail("cannot convert " + value.describe() + " to tensor");
}

std::pair<Tensor, Tensor> Semantic::binaryOpTypeChecking(const Value &lhsValue,
                                                         const Value &rhsValue,
                                                         bool allowLhsPointer,
                                                         bool allowRhsPointer,
                                                         bool arithmeticCheck, bool divOrMod) {
  bool lhsIsScalar = lhsValue.isNumber();
  bool rhsIsScalar = rhsValue.isNumber();
  Tensor lhs = toTensor(lhsValue);
  Tensor rhs = toTensor(rhsValue);

  const DType &lhsScalar = lhs.dtype();
  const DType &rhsScalar = rhs.dtype();
  auto checkPointer = [&](const DType &a, const DType &other, bool allowPointer) {
    if (!a.isPtr())
      return;
    if (!allowPointer)
      fail(invalidOperands(a, other));
    if (other.isPtr() && a != other)
      fail(invalidOperands(a, other));
    if (other.isFloating())
      fail(invalidOperands(a, other));
  };
  checkPointer(lhsScalar, rhsScalar, allowLhsPointer);
  checkPointer(rhsScalar, lhsScalar, allowRhsPointer);

  if (arithmeticCheck && !lhsScalar.isPtr() && !rhsScalar.isPtr()) {
    DType result = computationType(lhsScalar, lhsIsScalar, rhsScalar, rhsIsScalar, divOrMod);
    auto isNegative = [](const Value &v) {
      return v.isFloat() ? v.asFloat() < 0 : v.asInteger() < 0;
    };
    if ((lhsIsScalar && isNegative(lhsValue) && result.isIntUnsigned()) ||
        (rhsIsScalar && isNegative(rhsValue) && result.isIntUnsigned()))
      fail("Cannot perform a binary operation between an unsigned tensor and a negative "
           "scalar. Perform a explicit cast on one of them.");
    if (result.isInt()) {
      auto inRange = [&](const Value &v) {
        if (v.isFloat())
          return true;
        PyInt x = v.asInteger();
        return PyInt(result.intMinValue()) <= x && x <= PyInt(result.intMaxValueUnsigned());
      };
      if (lhsIsScalar && !inRange(lhsValue))
        fail("Scalar " + lhsValue.str() + " is out of range for type " + result.name());
      if (rhsIsScalar && !inRange(rhsValue))
        fail("Scalar " + rhsValue.str() + " is out of range for type " + result.name());
    }
    lhs = lhsIsScalar ? scalarConstant(lhsValue, result) : cast(lhs, result);
    rhs = rhsIsScalar ? scalarConstant(rhsValue, result) : cast(rhs, result);
  }
  return broadcastImplValue(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

void Semantic::sanitizeOverflow(const Tensor &lhs, const Tensor &rhs,
                                Tensor (Semantic::*operation)(const Value &, const Value &, bool),
                                const char *operationName) {
  if (lhs.dtype().intBitwidth() >= 64 || !options.sanitizeOverflow)
    return;
  DType scalar = lhs.dtype();
  Tensor wideLhs = cast(lhs, ScalarKind::Int64);
  Tensor wideRhs = cast(rhs, ScalarKind::Int64);
  Tensor result = (this->*operation)(Value::tensor(wideLhs), Value::tensor(wideRhs), false);
  Tensor maxValue = scalarConstant(Value::integer(scalar.intMaxValueUnsigned()), ScalarKind::Int64);
  Tensor minValue = scalarConstant(Value::integer(scalar.intMinValue()), ScalarKind::Int64);
  // (The comparisons are separate statements: C++ leaves argument order unspecified, and
  // the order of the ops must be Triton's.)
  Tensor notAbove =
      compare(Comparison::LessEqual, Value::tensor(result), Value::tensor(maxValue));
  Tensor notBelow =
      compare(Comparison::GreaterEqual, Value::tensor(result), Value::tensor(minValue));
  Tensor condition = andOp(Value::tensor(notAbove), Value::tensor(notBelow));
  deviceAssert(condition, "int" + std::to_string(scalar.intBitwidth()) +
                              " overflow detected for operation " + operationName);
}

Tensor Semantic::add(const Value &lhsValue, const Value &rhsValue, bool sanitize) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue, true, true);
  if (input.dtype().isPtr() && other.dtype().isPtr())
    fail("cannot add pointers together");
  if (other.dtype().isPtr() && !input.dtype().isPtr())
    std::swap(input, other);
  if (input.dtype().isPtr()) {
    mlir::Value offset = other.handle;
    if (other.dtype().isIntUnsigned() && other.dtype().intBitwidth() < 64) {
      // addptr treats offsets as signed: zero-extend unsigned ones.
      offset = createIntCast(b, other.handle, ir(other.type.withElementType(ScalarKind::Int64)),
                             false);
    }
    return make(b.create<tt::AddPtrOp>(ir(input.type), input.handle, offset), input.type);
  }
  if (input.dtype().isFloating())
    return make(b.create<arith::AddFOp>(input.handle, other.handle), input.type);
  if (input.dtype().isInt()) {
    if (sanitize)
      sanitizeOverflow(input, other, &Semantic::add, "add");
    return make(b.create<arith::AddIOp>(input.handle, other.handle), input.type);
  }
  fail("unexpected type " + input.dtype().name());
}

Tensor Semantic::sub(const Value &lhsValue, const Value &rhsValue, bool sanitize) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue, true, false);
  const DType &scalar = input.dtype();
  if (scalar.isPtr())
    return add(Value::tensor(input), Value::tensor(minus(other)), false);
  if (scalar.isFloating())
    return make(b.create<arith::SubFOp>(input.handle, other.handle), input.type);
  if (scalar.isInt()) {
    if (sanitize)
      sanitizeOverflow(input, other, &Semantic::sub, "sub");
    return make(b.create<arith::SubIOp>(input.handle, other.handle), input.type);
  }
  fail("unexpected type " + scalar.name());
}

Tensor Semantic::mul(const Value &lhsValue, const Value &rhsValue, bool sanitize) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue);
  const DType &scalar = input.dtype();
  if (scalar.isFloating())
    return make(b.create<arith::MulFOp>(input.handle, other.handle), input.type);
  if (scalar.isInt()) {
    if (sanitize)
      sanitizeOverflow(input, other, &Semantic::mul, "mul");
    return make(b.create<arith::MulIOp>(input.handle, other.handle), input.type);
  }
  fail("unexpected type " + scalar.name());
}

Tensor Semantic::trueDiv(const Value &lhsValue, const Value &rhsValue) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue, false, false, true, true);
  DType inputScalar = input.dtype(), otherScalar = other.dtype();
  if (inputScalar.isFloating() && otherScalar.isInt()) {
    other = cast(other, inputScalar);
  } else if (inputScalar.isInt() && otherScalar.isFloating()) {
    input = cast(input, otherScalar);
  } else if (inputScalar.isInt() && otherScalar.isInt()) {
    input = cast(input, ScalarKind::FP32);
    other = cast(other, ScalarKind::FP32);
  } else if (inputScalar.isFloating() && otherScalar.isFloating()) {
    if (inputScalar.fpMantissaWidth() > otherScalar.fpMantissaWidth())
      other = cast(other, inputScalar);
    else
      input = cast(input, otherScalar);
  } else {
    fail("unexpected type " + inputScalar.name());
  }
  return make(b.create<arith::DivFOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::floorDiv(const Value &lhsValue, const Value &rhsValue) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue, false, false, true, true);
  if (input.dtype().isInt() && other.dtype().isInt()) {
    DType result = integerPromote(input.dtype(), other.dtype());
    input = cast(input, result);
    other = cast(other, result);
    if (result.isIntSigned())
      return make(b.create<arith::DivSIOp>(input.handle, other.handle), input.type);
    return make(b.create<arith::DivUIOp>(input.handle, other.handle), input.type);
  }
  fail("unexpected type " + input.dtype().name());
}

Tensor Semantic::fdiv(const Tensor &lhs, const Tensor &rhs, bool) {
  if (!lhs.dtype().isFloating() || !rhs.dtype().isFloating())
    fail("both operands of fdiv must have floating scalar type");
  auto [input, other] =
      binaryOpTypeChecking(Value::tensor(lhs), Value::tensor(rhs), false, false, false, true);
  // Without the arithmetic check nothing promotes the operands to one type: Triton builds a
  // division of an fp32 tensor by an fp64 constant (1e-45, 1e308) that does not verify.
  if (input.dtype() != other.dtype())
    fail("both operands of fdiv must have the same type, got " + input.dtype().name() + " and " +
         other.dtype().name());
  return make(b.create<arith::DivFOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::mod(const Value &lhsValue, const Value &rhsValue) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue, false, false, true, true);
  const DType &scalar = input.dtype();
  if (scalar.isFloating())
    return make(b.create<arith::RemFOp>(input.handle, other.handle), input.type);
  if (scalar.isInt()) {
    if (scalar.isIntSigned() != other.dtype().isIntSigned())
      fail("Cannot mod " + scalar.repr() + " by " + other.dtype().repr() +
           " because they have different signedness;this is unlikely to result in a useful "
           "answer. Cast them to the same signedness.");
    if (scalar.isIntSigned())
      return make(b.create<arith::RemSIOp>(input.handle, other.handle), input.type);
    return make(b.create<arith::RemUIOp>(input.handle, other.handle), input.type);
  }
  fail("unexpected type " + scalar.name());
}

Tensor Semantic::minimum(const Tensor &xValue, const Tensor &yValue, PropagateNan propagateNan) {
  auto [x, y] = binaryOpTypeChecking(Value::tensor(xValue), Value::tensor(yValue));
  const DType &dtype = x.dtype();
  if (dtype.isFloating()) {
    if (propagateNan == PropagateNan::All)
      return make(b.create<arith::MinimumFOp>(x.handle, y.handle), x.type);
    return make(b.create<arith::MinNumFOp>(x.handle, y.handle), x.type);
  }
  if (dtype.isIntSigned())
    return make(b.create<arith::MinSIOp>(x.handle, y.handle), x.type);
  if (dtype.isIntUnsigned())
    return make(b.create<arith::MinUIOp>(x.handle, y.handle), x.type);
  fail("Unexpected dtype " + dtype.name());
}

Tensor Semantic::maximum(const Tensor &xValue, const Tensor &yValue, PropagateNan propagateNan) {
  auto [x, y] = binaryOpTypeChecking(Value::tensor(xValue), Value::tensor(yValue));
  const DType &dtype = x.dtype();
  if (dtype.isFloating()) {
    if (propagateNan == PropagateNan::All)
      return make(b.create<arith::MaximumFOp>(x.handle, y.handle), x.type);
    return make(b.create<arith::MaxNumFOp>(x.handle, y.handle), x.type);
  }
  if (dtype.isIntSigned())
    return make(b.create<arith::MaxSIOp>(x.handle, y.handle), x.type);
  if (dtype.isIntUnsigned())
    return make(b.create<arith::MaxUIOp>(x.handle, y.handle), x.type);
  fail("Unexpected dtype " + dtype.name());
}

Tensor Semantic::clamp(const Tensor &xValue, const Tensor &minValue, const Tensor &maxValue,
                       PropagateNan propagateNan) {
  auto [min, max] = binaryOpTypeChecking(Value::tensor(minValue), Value::tensor(maxValue));
  auto [x, min2] = binaryOpTypeChecking(Value::tensor(xValue), Value::tensor(min));
  auto [x2, max2] = binaryOpTypeChecking(Value::tensor(x), Value::tensor(max));
  if (!x2.dtype().isFloating())
    fail("Unexpected dtype " + x2.dtype().name() + ". Only floating point clamp is supported");
  auto attr = tt::PropagateNanAttr::get(
      b.context(), propagateNan == PropagateNan::All ? tt::PropagateNan::ALL : tt::PropagateNan::NONE);
  return make(b.create<tt::ClampFOp>(x2.handle, min2.handle, max2.handle, attr), x2.type);
}

//===----------------------------------------------------------------------===//
// Bitwise and logical
//===----------------------------------------------------------------------===//

std::pair<Tensor, Tensor> Semantic::bitwiseOpTypeChecking(const Value &lhsValue,
                                                          const Value &rhsValue) {
  auto [input, other] = binaryOpTypeChecking(lhsValue, rhsValue);
  DType inputScalar = input.dtype(), otherScalar = other.dtype();
  if (!inputScalar.isInt() || !otherScalar.isInt())
    fail(invalidOperands(inputScalar, otherScalar));
  DType result = integerPromote(inputScalar, otherScalar);
  if (result != inputScalar)
    input = cast(input, result);
  if (result != otherScalar)
    other = cast(other, result);
  return {input, other};
}

Tensor Semantic::andOp(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::AndIOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::orOp(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::OrIOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::xorOp(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::XOrIOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::logicalAnd(const Tensor &lhs, const Tensor &rhs) {
  Tensor input = lhs;
  if (!lhs.type.is(ScalarKind::Int1))
    input = bitcast(lhs, ScalarKind::Int1);
  Tensor other = rhs;
  if (!rhs.type.is(ScalarKind::Int1))
    other = bitcast(rhs, ScalarKind::Int1);
  return andOp(Value::tensor(input), Value::tensor(other));
}

Tensor Semantic::logicalOr(const Tensor &lhs, const Tensor &rhs) {
  Tensor input = lhs;
  if (!lhs.type.is(ScalarKind::Int1))
    input = bitcast(lhs, ScalarKind::Int1);
  Tensor other = rhs;
  if (!rhs.type.is(ScalarKind::Int1))
    other = bitcast(rhs, ScalarKind::Int1);
  return orOp(Value::tensor(input), Value::tensor(other));
}

Tensor Semantic::notOp(const Tensor &input) {
  Tensor value = input;
  if (!input.type.is(ScalarKind::Int1))
    value = bitcast(input, ScalarKind::Int1);
  return invert(value);
}

Tensor Semantic::lshr(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::ShRUIOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::ashr(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::ShRSIOp>(input.handle, other.handle), input.type);
}

Tensor Semantic::shl(const Value &lhs, const Value &rhs) {
  auto [input, other] = bitwiseOpTypeChecking(lhs, rhs);
  return make(b.create<arith::ShLIOp>(input.handle, other.handle), input.type);
}

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

Tensor Semantic::minus(const Tensor &input) {
  const DType &scalar = input.dtype();
  if (scalar.isPtr())
    fail("wrong type argument to unary minus (" + scalar.name() + ")");
  Tensor zero = scalarConstant(Value::integer(0), scalar);
  return sub(Value::tensor(zero), Value::tensor(input), true);
}

Tensor Semantic::invert(const Tensor &input) {
  const DType &scalar = input.dtype();
  // Integers and booleans only (a tensor descriptor's type has no bit width: a segfault).
  if (!scalar.isInt() && !scalar.isBool())
    fail("wrong type argument to unary invert (" + scalar.name() + ")");
  mlir::Type type = ir(scalar);
  Tensor allOnes = make(b.create<arith::ConstantOp>(IntegerAttr::get(
                            type, APInt::getAllOnes(type.getIntOrFloatBitWidth()))),
                        scalar);
  return xorOp(Value::tensor(input), Value::tensor(allOnes));
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

Tensor Semantic::compare(Comparison comparison, const Value &lhs, const Value &rhs) {
  auto [input, other] = binaryOpTypeChecking(lhs, rhs);
  const DType &scalar = input.dtype();
  DType resultType = input.type.withElementType(ScalarKind::Int1);
  if (scalar.isFloating()) {
    arith::CmpFPredicate predicate = arith::CmpFPredicate::OEQ;
    switch (comparison) {
    case Comparison::Greater: predicate = arith::CmpFPredicate::OGT; break;
    case Comparison::GreaterEqual: predicate = arith::CmpFPredicate::OGE; break;
    case Comparison::Less: predicate = arith::CmpFPredicate::OLT; break;
    case Comparison::LessEqual: predicate = arith::CmpFPredicate::OLE; break;
    case Comparison::Equal: predicate = arith::CmpFPredicate::OEQ; break;
    case Comparison::NotEqual: predicate = arith::CmpFPredicate::UNE; break;
    }
    return make(b.create<arith::CmpFOp>(predicate, input.handle, other.handle), resultType);
  }
  if (scalar.isInt()) {
    bool isSigned = scalar.isIntSigned();
    arith::CmpIPredicate predicate = arith::CmpIPredicate::eq;
    switch (comparison) {
    case Comparison::Greater: predicate = isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt; break;
    case Comparison::GreaterEqual: predicate = isSigned ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge; break;
    case Comparison::Less: predicate = isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult; break;
    case Comparison::LessEqual: predicate = isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule; break;
    case Comparison::Equal: predicate = arith::CmpIPredicate::eq; break;
    case Comparison::NotEqual: predicate = arith::CmpIPredicate::ne; break;
    }
    return make(b.create<arith::CmpIOp>(predicate, input.handle, other.handle), resultType);
  }
  fail("unexpected type " + scalar.name());
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

Tensor Semantic::bitcast(const Tensor &input, const DType &dstTypeIn) {
  DType dstType = input.isBlock() ? input.type.withElementType(dstTypeIn.scalar()) : dstTypeIn;
  if (input.type == dstType)
    return input;
  const DType &srcScalar = input.dtype();
  const DType &dstScalar = dstType.scalar();
  if (srcScalar.isPtr() || dstScalar.isPtr())
    return cast(input, dstType);
  int srcBits = srcScalar.primitiveBitwidth(), dstBits = dstScalar.primitiveBitwidth();
  if (srcBits != dstBits)
    fail("Cannot bitcast data-type of size " + std::to_string(srcBits) +
         " to data-type of size " + std::to_string(dstBits));
  // Triton's create_bitcast is tt.bitcast (integer casts of equal width are arith.bitcast).
  return make(b.create<tt::BitcastOp>(ir(dstType), input.handle), dstType);
}

Tensor Semantic::intCast(const Tensor &input, const DType &dstType, bool signExtend) {
  return make(createIntCast(b, input.handle, ir(dstType), signExtend), dstType);
}

namespace {

// fp8e4b15 (4 exponent bits of bias 15, 3 mantissa bits) -> fp16, four
// values (one register) into two f16x2 registers: the exponent bias is fp16's, so each byte
// moves to the top of a half with its exponent and mantissa shifted right by one. The text is
// Triton 3.6's (its ttgir shows it).
constexpr const char *kFp8e4b15ToFp16 = "{                                      \n"
                                        ".reg .b32 a<2>, b<2>;                  \n"
                                        "prmt.b32 a0, 0, $2, 0x5746;            \n"
                                        "and.b32 b0, a0, 0x7f007f00;            \n"
                                        "and.b32 b1, a0, 0x00ff00ff;            \n"
                                        "and.b32 a1, a0, 0x00800080;            \n"
                                        "shr.b32  b0, b0, 1;                    \n"
                                        "add.u32 b1, b1, a1;                    \n"
                                        "lop3.b32 $0, b0, 0x80008000, a0, 0xf8; \n"
                                        "shl.b32 $1, b1, 7;                     \n"
                                        "}                                      \n";

// fp16 -> fp8e4b15, two f16x2 registers into one register of four bytes. The formats share the
// exponent bias, so a value keeps its top 7 bits below the sign once its magnitude is clamped
// to 1.75 (0x3f00; larger values, infinities and NaN saturate there) and rounded half away from
// zero at bit 7; the sign comes back on top of each byte. On every fp16 value this gives the
// bytes Triton 3.6's own conversion gives (checked on an H200 against x.to(tl.float8e4b15)).
constexpr const char *kFp16ToFp8e4b15 = "{\n"
                                        ".reg .b32 h<4>, s<4>;\n"
                                        "and.b32 h0, $1, 0xffff;\n"
                                        "shr.b32 h1, $1, 16;\n"
                                        "and.b32 h2, $2, 0xffff;\n"
                                        "shr.b32 h3, $2, 16;\n"
                                        "shr.b32 s0, h0, 8;\n"
                                        "shr.b32 s1, h1, 8;\n"
                                        "shr.b32 s2, h2, 8;\n"
                                        "shr.b32 s3, h3, 8;\n"
                                        "and.b32 h0, h0, 0x7fff;\n"
                                        "and.b32 h1, h1, 0x7fff;\n"
                                        "and.b32 h2, h2, 0x7fff;\n"
                                        "and.b32 h3, h3, 0x7fff;\n"
                                        "min.u32 h0, h0, 0x3f00;\n"
                                        "min.u32 h1, h1, 0x3f00;\n"
                                        "min.u32 h2, h2, 0x3f00;\n"
                                        "min.u32 h3, h3, 0x3f00;\n"
                                        "add.u32 h0, h0, 0x40;\n"
                                        "add.u32 h1, h1, 0x40;\n"
                                        "add.u32 h2, h2, 0x40;\n"
                                        "add.u32 h3, h3, 0x40;\n"
                                        "shr.b32 h0, h0, 7;\n"
                                        "shr.b32 h1, h1, 7;\n"
                                        "shr.b32 h2, h2, 7;\n"
                                        "shr.b32 h3, h3, 7;\n"
                                        "lop3.b32 h0, h0, s0, 0x80, 0xf8;\n"
                                        "lop3.b32 h1, h1, s1, 0x80, 0xf8;\n"
                                        "lop3.b32 h2, h2, s2, 0x80, 0xf8;\n"
                                        "lop3.b32 h3, h3, s3, 0x80, 0xf8;\n"
                                        "prmt.b32 h0, h0, h1, 0x3340;\n"
                                        "prmt.b32 h2, h2, h3, 0x3340;\n"
                                        "prmt.b32 $0, h0, h2, 0x5410;\n"
                                        "}\n";

} // namespace

Tensor Semantic::inlinePtx(const char *assembly, const char *constraints, const Tensor &input,
                           const DType &resultScalar) {
  DType resultType = input.isBlock() ? input.type.withElementType(resultScalar) : resultScalar;
  auto op = b.create<tt::ElementwiseInlineAsmOp>(
      std::vector<mlir::Type>{ir(resultType)}, assembly, constraints, /*isPure=*/true,
      /*pack=*/4u, std::vector<mlir::Value>{input.handle});
  return make(op->getResult(0), resultType);
}

Tensor Semantic::castCustomFloat8(const Tensor &input, const DType &dstScalar) {
  // Triton's AMD back end provides no conversion; CUDA's is convert_custom_float8_sm80 (trex
  // targets sm_80 and later).
  if (!options.isCUDA)
    fail("target doesn't provide conversion for this type.");
  if (input.dtype().is(ScalarKind::FP8E4B15)) {
    Tensor half = inlinePtx(kFp8e4b15ToFp16, "=r,=r,r", input, ScalarKind::FP16);
    // As Triton: fp16 for every destination but fp32.
    return dstScalar.is(ScalarKind::FP32) ? cast(half, ScalarKind::FP32) : half;
  }
  if (!input.dtype().is(ScalarKind::FP16) && !input.dtype().is(ScalarKind::FP32))
    fail("only fp16 and fp32 convert to fp8e4b15, not " + input.dtype().name());
  Tensor half = input;
  if (input.dtype().is(ScalarKind::FP32))
    half = cast(input, ScalarKind::FP16, std::string("rtz"));
  return inlinePtx(kFp16ToFp8e4b15, "=r,r,r", half, ScalarKind::FP8E4B15);
}

Tensor Semantic::cast(const Tensor &input, const DType &dstTypeIn,
                      const std::optional<std::string> &roundingName) {
  const DType &srcScalar = input.dtype();
  const DType &dstScalar = dstTypeIn.scalar();
  if (srcScalar == dstScalar)
    return input;
  DType dstType = input.isBlock() ? input.type.withElementType(dstScalar) : dstScalar;

  std::optional<tt::RoundingMode> rounding;
  if (roundingName) {
    if (*roundingName == "rtne")
      rounding = tt::RoundingMode::RTNE;
    else if (*roundingName == "rtz")
      rounding = tt::RoundingMode::RTZ;
    else
      fail("Invalid rounding mode: " + *roundingName +
           ". Supported rounding modes are 'rtne' and 'rtz'.");
  }
  bool useCustomRounding = false;
  if (dstScalar.isFloating() && srcScalar.isFloating() &&
      dstScalar.primitiveBitwidth() < srcScalar.primitiveBitwidth()) {
    if (!rounding)
      rounding = tt::RoundingMode::RTNE;
    else if (*rounding != tt::RoundingMode::RTNE)
      useCustomRounding = true;
  } else if (rounding) {
    fail("fp_downcast_rounding should be set only for truncating fp conversions. Source scalar "
         "type is " + srcScalar.name() + " and destination type is " + dstScalar.name());
  }

  if (srcScalar.is(ScalarKind::FP8E4B15) || dstScalar.is(ScalarKind::FP8E4B15))
    return castCustomFloat8(input, dstScalar);

  auto fpToFp = [&]() {
    tt::RoundingModeAttr roundingAttr =
        rounding ? tt::RoundingModeAttr::get(b.context(), *rounding) : tt::RoundingModeAttr();
    return make(b.create<tt::FpToFpOp>(ir(dstType), input.handle, roundingAttr), dstType);
  };
  // fp8 <-> floating conversions and non-default downcast rounding go through tt.fp_to_fp.
  if ((srcScalar.isFP8() && dstScalar.isFloating()) ||
      (srcScalar.isFloating() && dstScalar.isFP8()) || useCustomRounding)
    return fpToFp();

  // fp16/bf16 to anything but fp32 goes through fp32.
  if ((srcScalar.is(ScalarKind::FP16) && !dstScalar.is(ScalarKind::FP32)) ||
      (srcScalar.is(ScalarKind::BF16) && !dstScalar.is(ScalarKind::FP32)))
    return cast(cast(input, ScalarKind::FP32), dstScalar);

  if (srcScalar.isFloating() && dstScalar.isFloating()) {
    if (srcScalar.primitiveBitwidth() > dstScalar.primitiveBitwidth())
      return make(b.create<arith::TruncFOp>(ir(dstType), input.handle), dstType);
    if (srcScalar.primitiveBitwidth() < dstScalar.primitiveBitwidth())
      return make(b.create<arith::ExtFOp>(ir(dstType), input.handle), dstType);
  }

  if (srcScalar.isInt() && dstScalar.isInt() &&
      (srcScalar.intBitwidth() != dstScalar.intBitwidth() ||
       srcScalar.isIntSigned() != dstScalar.isIntSigned())) {
    bool signExtend = srcScalar.isIntSigned() && !srcScalar.isBool();
    if (dstScalar.isBool()) {
      Tensor zero = scalarConstant(Value::integer(0), srcScalar);
      return compare(Comparison::NotEqual, Value::tensor(input), Value::tensor(zero));
    }
    return intCast(input, dstType, signExtend);
  }

  if (srcScalar.isStandardFloating() && dstScalar.isInt()) {
    if (dstScalar.isBool()) {
      Tensor zero = scalarConstant(Value::integer(0), srcScalar);
      return compare(Comparison::NotEqual, Value::tensor(input), Value::tensor(zero));
    }
    if (dstScalar.isIntSigned())
      return make(b.create<arith::FPToSIOp>(ir(dstType), input.handle), dstType);
    return make(b.create<arith::FPToUIOp>(ir(dstType), input.handle), dstType);
  }

  if (srcScalar.isInt() && dstScalar.isStandardFloating()) {
    if (srcScalar.isBool() || !srcScalar.isIntSigned())
      return make(b.create<arith::UIToFPOp>(ir(dstType), input.handle), dstType);
    return make(b.create<arith::SIToFPOp>(ir(dstType), input.handle), dstType);
  }

  if (srcScalar.isPtr() && dstScalar.isInt()) {
    int bitwidth = dstScalar.intBitwidth();
    if (bitwidth == 64)
      return make(b.create<tt::PtrToIntOp>(ir(dstType), input.handle), dstType);
    if (bitwidth == 1) {
      Tensor asInt = cast(input, ScalarKind::Int64);
      Tensor zero = make(b.create<arith::ConstantOp>(b.builder.getI64IntegerAttr(0)), ScalarKind::Int64);
      return compare(Comparison::NotEqual, Value::tensor(asInt), Value::tensor(zero));
    }
  }

  if (srcScalar.isInt() && dstScalar.isPtr() && srcScalar.primitiveBitwidth() != 64)
    fail("cannot cast " + srcScalar.name() + " to " + dstScalar.name() +
         ": only 64-bit integers convert to pointers");
  if (srcScalar.isInt() && dstScalar.isPtr())
    return make(b.create<tt::IntToPtrOp>(ir(dstType), input.handle), dstType);

  if (srcScalar.isPtr() && dstScalar.isPtr())
    return make(b.create<tt::BitcastOp>(ir(dstType), input.handle), dstType);

  fail("cannot cast " + Value::tensor(input).describe() + " to " + dstType.name());
}

} // namespace trex::frontend
