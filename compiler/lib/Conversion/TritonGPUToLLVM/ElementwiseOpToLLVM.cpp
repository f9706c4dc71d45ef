// Element-wise ops on tensors and scalars to LLVM.
//
// A tensor op computes each of the thread's elements independently, so the tensor pattern
// unpacks the operands and repeats the op on scalars: arith and math ops are recreated as
// scalar ops (then lowered by MLIR's arith patterns and the math patterns below), tt ops are
// lowered directly. Math that GPUs compute differently goes through TargetInfo: exp and exp2
// with the hardware's 2**x approximation (as Triton does), sqrt approximate, other
// transcendentals through the device library.
//
// Where the axis information says a result is constant over aligned blocks (a mask
// `offsets < n` with n a multiple of the vector width), registers of one block share the
// first register's value instead of repeating the op, as Triton's lowering does: a loop over
// 4-element vectors then computes one compare per vector, not four.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/Fp8Conversion.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace trex {

namespace {

// The scalar form of a tt element-wise op on LLVM values. `original` gives types and
// attributes; `scalarType` is the converted element type of the result. Null, with an error
// at the op's location, for what trex cannot lower (the pattern then fails, and so does the
// compilation: no placeholder value ever reaches the output).
Value lowerScalarTritonOp(Operation *original, OpBuilder &builder, Location loc,
                          ArrayRef<Value> operands, Type scalarType, const TargetInfo &target) {
  LLVMBuilder b(builder, loc);
  if (auto addptr = dyn_cast<tt::AddPtrOp>(original)) {
    Type pointee = tt::getPointeeType(getElementTypeOrSelf(addptr.getPtr().getType()));
    return b.gep(scalarType, pointee.isIntOrFloat() && pointee.getIntOrFloatBitWidth() == 8 &&
                                     isa<FloatType>(pointee)
                                 ? builder.getI8Type()
                                 : pointee,
                 operands[0], operands[1]);
  }
  if (isa<tt::BitcastOp>(original) || isa<tt::IntToPtrOp>(original) ||
      isa<tt::PtrToIntOp>(original)) {
    Type sourceType = operands[0].getType();
    if (isa<LLVM::LLVMPointerType>(sourceType) && isa<IntegerType>(scalarType))
      return LLVM::PtrToIntOp::create(builder, loc, scalarType, operands[0]);
    if (isa<IntegerType>(sourceType) && isa<LLVM::LLVMPointerType>(scalarType))
      return LLVM::IntToPtrOp::create(builder, loc, scalarType, operands[0]);
    return b.bitcast(operands[0], scalarType);
  }
  if (isa<tt::PreciseSqrtOp>(original))
    return target.mathFunction(builder, loc, "sqrt_rn", operands);
  if (isa<tt::PreciseDivFOp>(original))
    return target.mathFunction(builder, loc, "div_rn", operands);
  if (isa<tt::MulhiUIOp>(original)) {
    unsigned width = scalarType.getIntOrFloatBitWidth();
    Type wide = builder.getIntegerType(2 * width);
    Value product = b.mul(b.zext(operands[0], wide), b.zext(operands[1], wide));
    return b.trunc(b.lshr(product, b.constant(wide, width)), scalarType);
  }
  if (auto clamp = dyn_cast<tt::ClampFOp>(original)) {
    // clamp(x, lo, hi) = min(max(x, lo), hi); propagate_nan=ALL keeps a NaN x.
    bool propagate = clamp.getPropagateNan() == tt::PropagateNan::ALL;
    Value lower = propagate ? Value(LLVM::MaximumOp::create(builder, loc, operands[0], operands[1]))
                            : Value(LLVM::MaxNumOp::create(builder, loc, operands[0], operands[1]));
    return propagate ? Value(LLVM::MinimumOp::create(builder, loc, lower, operands[2]))
                     : Value(LLVM::MinNumOp::create(builder, loc, lower, operands[2]));
  }
  if (auto convert = dyn_cast<tt::FpToFpOp>(original)) {
    Type source = getElementTypeOrSelf(convert.getSrc().getType());
    Type destination = getElementTypeOrSelf(convert.getType());
    unsigned sourceBits = source.getIntOrFloatBitWidth();
    unsigned destinationBits = destination.getIntOrFloatBitWidth();
    if (sourceBits > 8 && destinationBits > 8) {
      // bf16 <-> f16: exactly to f32, then one rounding to nearest even.
      if (sourceBits == destinationBits && source != destination)
        return LLVM::FPTruncOp::create(
            builder, loc, scalarType,
            LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), operands[0]));
      if (sourceBits > destinationBits) {
        Value nearest = LLVM::FPTruncOp::create(builder, loc, scalarType, operands[0]);
        if (!convert.getRounding() || *convert.getRounding() != tt::RoundingMode::RTZ)
          return nearest;
        // Toward zero: where rounding to nearest went past the value (in magnitude), the
        // result one step toward zero is the truncated one; that step also turns an overflow
        // to inf into the largest finite value, as cvt.rz does. NaNs compare false and stay.
        Value back = LLVM::FPExtOp::create(builder, loc, source, nearest);
        Value past = LLVM::FCmpOp::create(builder, loc, LLVM::FCmpPredicate::ogt,
                                          LLVM::FAbsOp::create(builder, loc, back),
                                          LLVM::FAbsOp::create(builder, loc, operands[0]));
        Type bitsType = builder.getIntegerType(destinationBits);
        Value stepped =
            b.bitcast(b.sub(b.bitcast(nearest, bitsType), b.constant(bitsType, 1)), scalarType);
        return b.select(past, stepped, nearest);
      }
      return LLVM::FPExtOp::create(builder, loc, scalarType, operands[0]);
    }
    // Widening fp8 (AMD's fp8 dots before gfx950 are computed in f16): through f32, which
    // holds every fp8 value exactly, as do f16 and bf16, so the final cast does not round.
    if (sourceBits == 8 && destinationBits > 8 && isSupportedFp8(source)) {
      // e5m2 is the high byte of an f16 (same exponent bias and specials); f32 from there.
      if (isa<Float8E5M2Type>(source) && (destination.isF16() || destination.isF32())) {
        Value half = b.bitcast(
            b.shl(b.zext(operands[0], builder.getI16Type()), b.constant(builder.getI16Type(), 8)),
            builder.getF16Type());
        return destination.isF16() ? half : LLVM::FPExtOp::create(builder, loc, scalarType, half);
      }
      Value wide = fp8ToF32(builder, loc, operands[0], source);
      if (destination.isF32())
        return wide;
      if (destinationBits < 32)
        return LLVM::FPTruncOp::create(builder, loc, scalarType, wide);
      return LLVM::FPExtOp::create(builder, loc, scalarType, wide);
    }
    // Narrowing to fp8 (from f16, bf16, f32 or another fp8 format): exactly through f32,
    // then one rounding (f32ToFp8).
    if (destinationBits == 8 && isSupportedFp8(destination) && sourceBits <= 32 &&
        (sourceBits > 8 || isSupportedFp8(source))) {
      Value wide = operands[0];
      if (sourceBits == 8)
        wide = fp8ToF32(builder, loc, wide, source);
      else if (sourceBits < 32)
        wide = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), wide);
      bool nearestEven = !convert.getRounding() || *convert.getRounding() == tt::RoundingMode::RTNE;
      return f32ToFp8(builder, loc, wide, destination, nearestEven);
    }
    emitError(loc) << "trex cannot yet lower fp8 conversions (" << source << " to "
                   << destination << ") for " << target.targetName();
    return Value();
  }
  emitError(loc) << "unexpected element-wise op " << original->getName();
  return Value();
}

bool isTritonElementwise(Operation *op) {
  return isa<tt::AddPtrOp, tt::BitcastOp, tt::IntToPtrOp, tt::PtrToIntOp, tt::PreciseSqrtOp,
             tt::PreciseDivFOp, tt::MulhiUIOp, tt::ClampFOp, tt::FpToFpOp>(op);
}

bool isDistributedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getEncoding();
}

int64_t floorPowerOfTwo(int64_t value) {
  int64_t power = 1;
  while (power * 2 <= value)
    power *= 2;
  return power;
}

// Register bits of `type`'s layout that stay inside one aligned block of `constancy`
// elements in every dimension: flipping them moves the coordinates only below the block
// size, whatever the lane and warp add, so register r holds the value of register
// r & ~mask. Zero when nothing is known.
int64_t sharedRegisterBits(RankedTensorType type, ArrayRef<int64_t> constancy) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout || !layout->hasInDim("register") ||
      static_cast<int64_t>(constancy.size()) != type.getRank() ||
      layout->getNumOutDims() != type.getRank())
    return 0;
  int64_t mask = 0;
  const auto &bases = layout->getInDimBases("register");
  for (size_t bit = 0; bit < bases.size(); ++bit) {
    bool inside = true;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (bases[bit][dim] >= floorPowerOfTwo(std::max<int64_t>(constancy[dim], 1)))
        inside = false;
    if (inside)
      mask |= int64_t(1) << bit;
  }
  return mask;
}

// The bits of a float held as an integer (fp8 in LLVM, which has no 8-bit floats) with the
// sign bit cleared: its absolute value.
Value withoutSignBit(OpBuilder &builder, Location loc, Value bits) {
  unsigned width = bits.getType().getIntOrFloatBitWidth();
  LLVMBuilder b(builder, loc);
  return LLVM::AndOp::create(builder, loc, bits,
                             b.constant(bits.getType(), (int64_t(1) << (width - 1)) - 1));
}

// Any element-wise op whose results are tensors: one scalar op per element (per constant
// block of elements when the axis information allows).
struct TensorElementwiseConversion : public ConversionPattern {
  TensorElementwiseConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                              ConstancyFn constancy)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/20, &converter.getContext()),
        target(target), constancy(std::move(constancy)) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    bool elementwise = op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
                       op->getNumRegions() == 0;
    bool isArithOrMath = isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
    if (!elementwise || !(isArithOrMath || isTritonElementwise(op)) ||
        isa<arith::ConstantOp>(op) || !isDistributedTensor(op->getResult(0).getType()))
      return failure();
    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type scalarType = getTypeConverter()->convertType(resultType.getElementType());
    SmallVector<SmallVector<Value>> unpacked;
    for (Value operand : operands)
      unpacked.push_back(unpackElements(loc, operand, rewriter));
    size_t count = unpacked.front().size();
    int64_t shared = 0;
    if (constancy)
      if (std::optional<SmallVector<int64_t>> known = constancy(op->getResult(0)))
        if (count == static_cast<size_t>(elementsPerThread(resultType)))
          shared = sharedRegisterBits(resultType, *known);
    if (auto convert = dyn_cast<tt::FpToFpOp>(op)) {
      // fp8 conversions in pairs, through the target's instructions where it has them.
      SmallVector<size_t> computed;
      SmallVector<Value> inputs;
      for (size_t i = 0; i < count; ++i)
        if (!(i & shared)) {
          computed.push_back(i);
          inputs.push_back(unpacked.front()[i]);
        }
      bool nearestEven = !convert.getRounding() || *convert.getRounding() == tt::RoundingMode::RTNE;
      if (std::optional<SmallVector<Value>> converted = target.hardwareFp8Conversion(
              rewriter, loc, inputs, getElementTypeOrSelf(convert.getSrc().getType()),
              resultType.getElementType(), nearestEven)) {
        SmallVector<Value> results(count);
        for (auto [k, i] : llvm::enumerate(computed))
          results[i] = (*converted)[k];
        for (size_t i = 0; i < count; ++i)
          if (i & shared)
            results[i] = results[i & ~shared];
        rewriter.replaceOp(op,
                           packElements(loc, *getTypeConverter(), results, resultType, rewriter));
        return success();
      }
    }
    SmallVector<Value> results;
    for (size_t i = 0; i < count; ++i) {
      if (i & shared) {
        results.push_back(results[i & ~shared]);
        continue;
      }
      SmallVector<Value> elementOperands;
      for (const SmallVector<Value> &elements : unpacked)
        elementOperands.push_back(elements[i]);
      if (isa<math::AbsFOp>(op) && isa<IntegerType>(scalarType)) {
        // fp8 (held as i8): IntegerHeldAbsFConversion's, element by element.
        results.push_back(withoutSignBit(rewriter, loc, elementOperands.front()));
      } else if (isa<arith::SelectOp>(op) && scalarType != resultType.getElementType()) {
        // A select of pointers (tl.where over pointer tensors): the elements are LLVM
        // pointers already, which arith.select does not take.
        results.push_back(LLVM::SelectOp::create(rewriter, loc, elementOperands[0],
                                                 elementOperands[1], elementOperands[2]));
      } else if (isArithOrMath) {
        OperationState state(loc, op->getName());
        state.addOperands(elementOperands);
        state.addTypes(resultType.getElementType());
        state.addAttributes(op->getAttrs());
        results.push_back(rewriter.create(state)->getResult(0));
      } else {
        Value result = lowerScalarTritonOp(op, rewriter, loc, elementOperands, scalarType, target);
        if (!result)
          return failure();
        results.push_back(result);
      }
    }
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
  ConstancyFn constancy;
};

// ttg.fp4_to_fp: each byte holds two e2m1 values (low nibble first), each decoded exactly to
// bf16 or f16 bits. The source register i gives the values 2i and 2i + 1 of the unpacked
// layout identity1D(2, register, axis) * source; the result layout names where each goes.
struct Fp4ToFpConversion : public ConvertOpToLLVMPattern<ttg::Fp4ToFpOp> {
  Fp4ToFpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::Fp4ToFpOp>(converter), target(target) {}

  // e2m1 magnitude m (exponent bias 1, one mantissa bit) as the bits of a 16-bit float with
  // `mantissaBits` and the bits of 0.5 `half`: m = 0 is 0, m = 1 (subnormal) 0.5; from m = 2
  // on, m's exponent and mantissa bits move up together: (m << (mantissaBits - 1)) + half
  // (bf16: m = 2 gives 0x3F80 = 1.0, m = 7 0x40C0 = 6.0).
  static Value decode(LLVMBuilder &b, Value nibble, int mantissaBits, int64_t half) {
    Type i16 = nibble.getType();
    Value magnitude = b.and_(nibble, b.constant(i16, 7));
    Value sign = b.shl(b.and_(nibble, b.constant(i16, 8)), b.constant(i16, 12));
    Value normal =
        b.add(b.shl(magnitude, b.constant(i16, mantissaBits - 1)), b.constant(i16, half));
    Value subnormal = b.select(b.icmpEQ(magnitude, b.constant(i16, 0)), b.constant(i16, 0),
                               b.constant(i16, half));
    Value bits = b.select(b.icmpULT(magnitude, b.constant(i16, 2)), subnormal, normal);
    return b.or_(bits, sign);
  }

  LogicalResult matchAndRewrite(ttg::Fp4ToFpOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType resultType = op.getType();
    std::optional<layoutviz::LinearLayout> srcLayout = linearLayoutOf(srcType);
    std::optional<layoutviz::LinearLayout> resultLayout = linearLayoutOf(resultType);
    if (!srcLayout || !resultLayout)
      return rewriter.notifyMatchFailure(op, "no linear layout for the operand or result");
    // Result register -> register of the unpacked source that holds the same element.
    std::vector<std::string> dims = srcLayout->getOutDimNames();
    layoutviz::LinearLayout unpacked =
        layoutviz::LinearLayout::identity1D(2, "register", dims[op.getAxis()]) * *srcLayout;
    layoutviz::LinearLayout toUnpacked =
        resultLayout->invertAndCompose(unpacked).sublayout({"register"}, {"register"});

    Type resultElement = resultType.getElementType();
    bool bf16 = resultElement.isBF16();
    int mantissaBits = bf16 ? 7 : 10;
    int64_t half = bf16 ? 0x3F00 : 0x3800;
    LLVMBuilder b(rewriter, loc);
    Type i16 = rewriter.getI16Type();
    SmallVector<Value> bytes = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> values;
    if (std::optional<SmallVector<Value>> decoded =
            target.decodeE2m1(rewriter, loc, bytes, resultElement))
      values = std::move(*decoded);
    else
      for (Value byte : bytes) {
        Value wide = b.zext(byte, i16);
        Value low = b.and_(wide, b.constant(i16, 0xF));
        Value high = b.lshr(wide, b.constant(i16, 4));
        for (Value nibble : {low, high})
          values.push_back(b.bitcast(decode(b, nibble, mantissaBits, half), resultElement));
      }
    int64_t count = elementsPerThread(resultType);
    if (static_cast<int64_t>(values.size()) != count)
      return rewriter.notifyMatchFailure(op, "the result does not hold two values per byte");
    SmallVector<Value> results;
    for (int64_t i = 0; i < count; ++i) {
      int32_t from = toUnpacked.apply({{"register", static_cast<int32_t>(i)}}).front().second;
      results.push_back(values[from]);
    }
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

// Scalar tt element-wise ops.
template <typename Op> struct ScalarTritonOpConversion : public ConvertOpToLLVMPattern<Op> {
  ScalarTritonOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<Op>(converter), target(target) {}

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op->getResult(0).getType()))
      return failure();
    Type scalarType = this->getTypeConverter()->convertType(op->getResult(0).getType());
    SmallVector<Value> operands(adaptor.getOperands().begin(), adaptor.getOperands().end());
    Value result = lowerScalarTritonOp(op, rewriter, op.getLoc(), operands, scalarType, target);
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }

  const TargetInfo &target;
};

// Scalar math the target implements its own way.
template <typename Op> struct ScalarMathConversion : public ConvertOpToLLVMPattern<Op> {
  ScalarMathConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                       StringRef name)
      : ConvertOpToLLVMPattern<Op>(converter, /*benefit=*/10), target(target), name(name.str()) {}

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = op->getResult(0).getType();
    if (!type.isF32() && !type.isF64())
      return failure();
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Value x = adaptor.getOperands().front();
    Value result;
    if (name == "exp" && type.isF32()) {
      // e**x = 2**(x * log2(e)) with the hardware approximation, as Triton computes tl.exp.
      Value scaled = LLVM::FMulOp::create(rewriter, loc, x, b.floatConstant(type, 1.4426950408889634));
      result = target.exp2Approx(rewriter, loc, scaled);
    } else if (name == "exp2" && type.isF32()) {
      result = target.exp2Approx(rewriter, loc, x, /*flushDenormals=*/true);
    } else if (name == "sqrt") {
      result = type.isF32() ? target.sqrtApprox(rewriter, loc, x)
                            : Value(LLVM::SqrtOp::create(rewriter, loc, type, x));
    } else if (name == "divf") {
      if (!type.isF32())
        return failure();
      result = target.divFull(rewriter, loc, adaptor.getOperands()[0], adaptor.getOperands()[1]);
    } else {
      SmallVector<Value> operands(adaptor.getOperands().begin(), adaptor.getOperands().end());
      result = target.mathFunction(rewriter, loc, name, operands);
    }
    rewriter.replaceOp(op, result);
    return success();
  }

  const TargetInfo &target;
  std::string name;
};

// math.absf of an fp8 value, which LLVM holds as an i8 (it has no fp8 types): the sign bit
// cleared, as Triton's AbsFOpConversion does for types it lowers to integers (MathToLLVM made
// an llvm.intr.fabs of an integer, IR that does not verify).
struct IntegerHeldAbsFConversion : public ConvertOpToLLVMPattern<math::AbsFOp> {
  IntegerHeldAbsFConversion(TritonGPUToLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<math::AbsFOp>(converter, /*benefit=*/10) {}

  LogicalResult matchAndRewrite(math::AbsFOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<ShapedType>(op.getType()))
      return failure();
    Value x = adaptor.getOperand();
    auto integer = dyn_cast<IntegerType>(x.getType());
    if (!integer || integer.getWidth() < 2)
      return failure();
    rewriter.replaceOp(op, withoutSignBit(rewriter, op.getLoc(), x));
    return success();
  }
};

} // namespace

void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns, const TargetInfo &target,
                                         ConstancyFn constancy) {
  patterns.add<TensorElementwiseConversion>(converter, target, std::move(constancy));
  patterns.add<ScalarTritonOpConversion<tt::AddPtrOp>, ScalarTritonOpConversion<tt::BitcastOp>,
               ScalarTritonOpConversion<tt::IntToPtrOp>, ScalarTritonOpConversion<tt::PtrToIntOp>,
               ScalarTritonOpConversion<tt::PreciseSqrtOp>,
               ScalarTritonOpConversion<tt::PreciseDivFOp>,
               ScalarTritonOpConversion<tt::MulhiUIOp>, ScalarTritonOpConversion<tt::ClampFOp>,
               ScalarTritonOpConversion<tt::FpToFpOp>>(converter, target);
  patterns.add<Fp4ToFpConversion>(converter, target);
  patterns.add<IntegerHeldAbsFConversion>(converter);
  patterns.add<ScalarMathConversion<math::ExpOp>>(converter, target, "exp");
  patterns.add<ScalarMathConversion<math::Exp2Op>>(converter, target, "exp2");
  patterns.add<ScalarMathConversion<math::LogOp>>(converter, target, "log");
  patterns.add<ScalarMathConversion<math::Log2Op>>(converter, target, "log2");
  patterns.add<ScalarMathConversion<math::SinOp>>(converter, target, "sin");
  patterns.add<ScalarMathConversion<math::CosOp>>(converter, target, "cos");
  patterns.add<ScalarMathConversion<math::ErfOp>>(converter, target, "erf");
  patterns.add<ScalarMathConversion<math::RsqrtOp>>(converter, target, "rsqrt");
  patterns.add<ScalarMathConversion<math::SqrtOp>>(converter, target, "sqrt");
  if (target.isCUDA())
    patterns.add<ScalarMathConversion<arith::DivFOp>>(converter, target, "divf");
}

} // namespace trex
