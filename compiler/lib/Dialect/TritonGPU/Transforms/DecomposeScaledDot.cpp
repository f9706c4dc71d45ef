// DecomposeScaledDot: tt.dot_scaled as an upcast, a scale multiplication and an ordinary tt.dot.
//
// No target trex lowers has native microscaled (mx) dot instructions, so, as Triton does for
// targets without them ("decompose scaled blocked"), each operand is widened to floating
// point, multiplied by its scale (an e8m0 exponent per 32 elements along K, 2^(s - 127), NaN
// for s = 255 unless fastMath), and the products are left to tt.dot in Triton's compute type:
// f16 where an operand is fp16, else bf16 (tensor cores take both). The products are formed in
// f32 and rounded once to the compute type: every fp8/fp4 value times a power of two is exact
// in f32, so this is the value Triton's multiplication in the compute type rounds to.
//
// Two forms. On ttgir (NVIDIA, from accelerate-matmul, as Triton 3.6's DecomposeScaledBlocked),
// in the layouts the operands have by then: each operand is upcast to the compute type in its
// own layout (tt.fp_to_fp; e2m1 through ttg.fp4_to_fp along K), each scale becomes 2^(s - 127)
// in the compute type (extui, shl, bitcast), is repeated 32 times along K through a default
// 3-D blocked layout (expand_dims, broadcast, trans, reshape) and multiplied in; where the
// scale byte is 0xFF the product is NaN unless fastMath; the operands then become dot operands
// of the result's blocked layout for an ordinary tt.dot, which accelerate-matmul puts on the
// tensor cores. The products in the compute type are exact: an fp8 or fp4 value times a power
// of two needs no rounding in bf16 or f16 unless it leaves their range.
//
// On ttir (the pass run on a module without layouts; the pipelines no longer do this) only
// layout-free tensor ops are built (f32 bit arithmetic, join/reshape/trans for unpacking e2m1,
// expand/broadcast for scales), which the ttir->ttgir conversion then lays out like any others.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUDECOMPOSESCALEDDOT
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// Elements along K that share one scale (the mx block size).
constexpr int64_t kScaleBlock = 32;

// trans(value, order): dim i of the result is dim order[i] of `value`.
Value transpose(OpBuilder &builder, Location loc, Value value, ArrayRef<int32_t> order) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int32_t dim : order)
    shape.push_back(type.getDimSize(dim));
  return tt::TransOp::create(builder, loc, type.clone(shape), value, order);
}

// The order that swaps the last two of `rank` dims.
SmallVector<int32_t> swapLastTwo(int rank) {
  SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(0, rank));
  std::swap(order[rank - 1], order[rank - 2]);
  return order;
}

// The order that moves the last of `rank` + 1 dims to right after `dim`.
SmallVector<int32_t> lastAfter(int rank, int dim) {
  SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(0, rank));
  order.insert(order.begin() + dim + 1, rank);
  return order;
}

class ScaledDotBuilder {
public:
  ScaledDotBuilder(OpBuilder &builder, Location loc) : builder(builder), loc(loc) {}

  Value splatInt(RankedTensorType type, int64_t value) {
    auto element = cast<IntegerType>(type.getElementType());
    return arith::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(type, builder.getIntegerAttr(element, value)));
  }
  Value splatFloat(RankedTensorType type, double value) {
    return arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(type, builder.getFloatAttr(type.getElementType(), value)));
  }

  // The f32 value of each `bits` (an i32 tensor of a small float format held in its low
  // bits): exponent and mantissa moved to the top of an f32's fields, then scaled by
  // 2^(127 - bias), which is exact for normal and subnormal values alike.
  Value smallFloatToF32(Value bits, int exponentBits, int mantissaBits, int bias) {
    auto type = cast<RankedTensorType>(bits.getType());
    int width = 1 + exponentBits + mantissaBits;
    Value magnitudeMask = splatInt(type, (1 << (width - 1)) - 1);
    Value magnitude = arith::AndIOp::create(builder, loc, bits, magnitudeMask);
    Value signMask = splatInt(type, 1 << (width - 1));
    Value signBit = arith::AndIOp::create(builder, loc, bits, signMask);
    Value signShift = splatInt(type, 32 - width);
    Value sign = arith::ShLIOp::create(builder, loc, signBit, signShift);
    Value fieldShift = splatInt(type, 23 - mantissaBits);
    Value moved = arith::ShLIOp::create(builder, loc, magnitude, fieldShift);
    Value placed = arith::OrIOp::create(builder, loc, sign, moved);
    auto f32Type = type.clone(builder.getF32Type());
    Value unscaled = arith::BitcastOp::create(builder, loc, f32Type, placed);
    Value scale = splatFloat(f32Type, std::ldexp(1.0, 127 - bias));
    return arith::MulFOp::create(builder, loc, unscaled, scale);
  }

  Value extendToI32(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return arith::ExtUIOp::create(builder, loc, type.clone(builder.getI32Type()), value);
  }

  // An operand as f32 with K along `kDim`, unpacking e2m1 pairs (low nibble first).
  FailureOr<Value> widen(Value operand, tt::ScaleDotElemType format, int kDim, bool kPacked) {
    auto type = cast<RankedTensorType>(operand.getType());
    switch (format) {
    case tt::ScaleDotElemType::BF16:
    case tt::ScaleDotElemType::FP16:
      return Value(arith::ExtFOp::create(builder, loc, type.clone(builder.getF32Type()), operand));
    case tt::ScaleDotElemType::E4M3:
    case tt::ScaleDotElemType::E5M2: {
      Value bits = operand;
      if (!type.getElementType().isInteger(8))
        bits = tt::BitcastOp::create(builder, loc, type.clone(builder.getI8Type()), operand);
      bool e4m3 = format == tt::ScaleDotElemType::E4M3;
      Value wide = extendToI32(bits);
      Value value = smallFloatToF32(wide, e4m3 ? 4 : 5, e4m3 ? 3 : 2, e4m3 ? 7 : 15);
      // e4m3fn's only special value is NaN (magnitude 0x7f); e5m2 is IEEE-like.
      auto i32Type = cast<RankedTensorType>(wide.getType());
      auto f32Type = i32Type.clone(builder.getF32Type());
      Value magnitudeMask = splatInt(i32Type, 0x7f);
      Value magnitude = arith::AndIOp::create(builder, loc, wide, magnitudeMask);
      Value nan = splatFloat(f32Type, std::numeric_limits<double>::quiet_NaN());
      if (e4m3) {
        Value nanMagnitude = splatInt(i32Type, 0x7f);
        Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, magnitude,
                                            nanMagnitude);
        return Value(arith::SelectOp::create(builder, loc, isNaN, nan, value));
      }
      // e5m2 magnitude 0x7c is infinity (the scaled value keeps its sign), above it NaN.
      Value infinityMagnitude = splatInt(i32Type, 0x7c);
      Value isInfinity = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, magnitude,
                                               infinityMagnitude);
      Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt, magnitude,
                                          infinityMagnitude);
      Value infinity = splatFloat(f32Type, std::numeric_limits<double>::infinity());
      Value signedInfinity = arith::MulFOp::create(builder, loc, value, infinity);
      Value finite = arith::SelectOp::create(builder, loc, isInfinity, signedInfinity, value);
      return Value(arith::SelectOp::create(builder, loc, isNaN, nan, finite));
    }
    case tt::ScaleDotElemType::E2M1: {
      if (!kPacked)
        return failure();
      Value wide = extendToI32(operand);
      auto i32Type = cast<RankedTensorType>(wide.getType());
      Value nibbleMask = splatInt(i32Type, 0xf);
      Value low = arith::AndIOp::create(builder, loc, wide, nibbleMask);
      Value four = splatInt(i32Type, 4);
      Value shifted = arith::ShRUIOp::create(builder, loc, wide, four);
      Value high = arith::AndIOp::create(builder, loc, shifted, nibbleMask);
      Value lowValue = smallFloatToF32(low, 2, 1, 1);
      Value highValue = smallFloatToF32(high, 2, 1, 1);
      // [.., K/2, N] pairs -> [.., K/2, N, 2]; K is rebuilt as 2 * index + nibble.
      SmallVector<int64_t> joinedShape(type.getShape());
      joinedShape.push_back(2);
      auto joinedType = RankedTensorType::get(joinedShape, builder.getF32Type());
      Value joined = tt::JoinOp::create(builder, loc, joinedType, lowValue, highValue);
      int rank = static_cast<int>(type.getRank());
      // Move the nibble dim right after K.
      if (kDim != rank - 1)
        joined = transpose(builder, loc, joined, lastAfter(rank, kDim));
      SmallVector<int64_t> unpackedShape(type.getShape());
      unpackedShape[kDim] *= 2;
      auto unpackedType = RankedTensorType::get(unpackedShape, builder.getF32Type());
      return Value(tt::ReshapeOp::create(builder, loc, unpackedType, joined, false, false));
    }
    default:
      return failure();
    }
  }

  // `scales` ([rows, K/32] e8m0, rows being M for A and N for B) as f32 2^(s - 127) on the
  // operand's shape (K along `kDim`, the last or the second to last dim); NaN for s = 255
  // unless `fastMath`.
  Value expandScale(Value scales, RankedTensorType operandType, int kDim, bool fastMath) {
    Value wide = extendToI32(scales);
    auto i32Type = cast<RankedTensorType>(wide.getType());
    Value exponentShift = splatInt(i32Type, 23);
    Value placed = arith::ShLIOp::create(builder, loc, wide, exponentShift);
    auto f32Type = i32Type.clone(builder.getF32Type());
    Value scale = arith::BitcastOp::create(builder, loc, f32Type, placed);
    if (!fastMath) {
      Value nanCode = splatInt(i32Type, 0xff);
      Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, wide, nanCode);
      Value nan = splatFloat(f32Type, std::numeric_limits<double>::quiet_NaN());
      scale = arith::SelectOp::create(builder, loc, isNaN, nan, scale);
    }

    // B's scales ([N, K/32]) are transposed first, to [K/32, N], as Triton does; the scales
    // are then repeated along a new last dim, which moves next to K, and merged into K:
    // [S..., 1] -> [S..., 32] -> (A: [M, K/32, 32]; B: [K/32, 32, N]) -> the operand's shape.
    int rank = static_cast<int>(operandType.getRank());
    Type f32 = builder.getF32Type();
    if (kDim == rank - 2)
      scale = transpose(builder, loc, scale, swapLastTwo(rank));
    SmallVector<int64_t> shape(cast<RankedTensorType>(scale.getType()).getShape());
    shape.push_back(1);
    Value expanded = tt::ExpandDimsOp::create(builder, loc, RankedTensorType::get(shape, f32),
                                              scale, static_cast<uint32_t>(rank));
    shape.back() = kScaleBlock;
    Value repeated =
        tt::BroadcastOp::create(builder, loc, RankedTensorType::get(shape, f32), expanded);
    if (kDim != rank - 1)
      repeated = transpose(builder, loc, repeated, lastAfter(rank, kDim));
    return tt::ReshapeOp::create(builder, loc,
                                 RankedTensorType::get(operandType.getShape(), f32), repeated,
                                 false, false);
  }

  OpBuilder &builder;
  Location loc;
};

LogicalResult decompose(tt::DotScaledOp dot) {
  OpBuilder builder(dot);
  ScaledDotBuilder b(builder, dot.getLoc());
  auto resultType = cast<RankedTensorType>(dot.getType());
  int rank = static_cast<int>(resultType.getRank());
  FailureOr<Value> a = b.widen(dot.getA(), dot.getAElemType(), rank - 1, dot.getLhsKPack());
  FailureOr<Value> bOperand =
      b.widen(dot.getB(), dot.getBElemType(), rank - 2, dot.getRhsKPack());
  if (failed(a) || failed(bOperand))
    return dot.emitError() << "trex cannot decompose this tt.dot_scaled (operand formats "
                           << tt::stringifyScaleDotElemType(dot.getAElemType()) << " and "
                           << tt::stringifyScaleDotElemType(dot.getBElemType())
                           << "; e2m1 must be packed along K)";
  Value lhs = *a, rhs = *bOperand;
  bool fastMath = dot.getFastMath();
  if (Value scale = dot.getAScale()) {
    Value expanded =
        b.expandScale(scale, cast<RankedTensorType>(lhs.getType()), rank - 1, fastMath);
    lhs = arith::MulFOp::create(builder, dot.getLoc(), lhs, expanded);
  }
  if (Value scale = dot.getBScale()) {
    Value expanded =
        b.expandScale(scale, cast<RankedTensorType>(rhs.getType()), rank - 2, fastMath);
    rhs = arith::MulFOp::create(builder, dot.getLoc(), rhs, expanded);
  }
  // Triton's compute type: f16 where an operand is fp16, else bf16.
  bool f16 = dot.getAElemType() == tt::ScaleDotElemType::FP16 ||
             dot.getBElemType() == tt::ScaleDotElemType::FP16;
  Type computeType = f16 ? Type(builder.getF16Type()) : Type(builder.getBF16Type());
  auto narrow = [&](Value operand) -> Value {
    auto type = cast<RankedTensorType>(operand.getType());
    return arith::TruncFOp::create(builder, dot.getLoc(), type.clone(computeType), operand);
  };
  lhs = narrow(lhs);
  rhs = narrow(rhs);
  Value result = tt::DotOp::create(builder, dot.getLoc(), resultType, lhs, rhs, dot.getC(),
                                   tt::InputPrecision::IEEE, 0);
  dot.replaceAllUsesWith(result);
  dot.erase();
  return success();
}

// ---- On ttgir ------------------------------------------------------------------------------

// Triton's compute type of a scaled dot: f16 where an operand is fp16, else bf16.
Type computeTypeOf(tt::DotScaledOp dot) {
  MLIRContext *context = dot.getContext();
  bool f16 = dot.getAElemType() == tt::ScaleDotElemType::FP16 ||
             dot.getBElemType() == tt::ScaleDotElemType::FP16;
  return f16 ? Type(Float16Type::get(context)) : Type(BFloat16Type::get(context));
}

class LayoutDecomposer {
public:
  LayoutDecomposer(tt::DotScaledOp dot) : LayoutDecomposer(dot.getOperation()) {
    this->dot = dot;
    fastMath = dot.getFastMath();
  }
  // Whether the tt.dot made gets kDecomposedScaledDotAttr (for accelerate-matmul).
  bool markDot = false;
  // Builds before `anchor` (its errors are reported there), for multiplyByScales.
  LayoutDecomposer(Operation *anchor, bool fastMath = false)
      : anchor(anchor), builder(anchor), loc(anchor->getLoc()), context(anchor->getContext()),
        fastMath(fastMath) {
    auto module = anchor->getParentOfType<ModuleOp>();
    numWarps = lookupNumWarps(anchor);
    threadsPerWarp = lookupThreadsPerWarp(anchor);
    numCTAs = module ? TTGDialect::getNumCTAs(module) : 1;
  }

  LogicalResult run() {
    Type computeType = computeTypeOf(dot);
    FailureOr<Value> a = scaleArg(0, computeType);
    if (failed(a))
      return failure();
    Value lhs = toDotOperand(0, *a);
    FailureOr<Value> b = scaleArg(1, computeType);
    if (failed(b))
      return failure();
    Value rhs = toDotOperand(1, *b);
    Value result = tt::DotOp::create(builder, loc, dot.getC().getType(), lhs, rhs, dot.getC(),
                                     tt::InputPrecision::IEEE, 0);
    if (markDot)
      result.getDefiningOp()->setAttr(kDecomposedScaledDotAttr, builder.getUnitAttr());
    if (result.getType() != dot.getType())
      result = ConvertLayoutOp::create(builder, loc, dot.getType(), result);
    dot.replaceAllUsesWith(result);
    dot.erase();
    return success();
  }

  // e2m1 pairs packed along `axis` unpacked to `elementType` (ttg.fp4_to_fp), in the layout
  // its inference gives.
  FailureOr<Value> unpack(Value packed, int axis, Type elementType) {
    auto type = cast<RankedTensorType>(packed.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] *= 2;
    Attribute encoding =
        inferFp4ToFpEncoding(type.getShape(), axis, type.getEncoding(), /*forward=*/true);
    if (!encoding)
      return anchor->emitError() << "trex cannot unpack e2m1 in the layout " << type.getEncoding();
    return Value(Fp4ToFpOp::create(
        builder, loc, RankedTensorType::get(shape, elementType, encoding), packed, axis));
  }

  // `value` (in the compute type, in its layout) times the e8m0 `scale`s of operand `opIdx`
  // ([rows, K/32], B's transposed to [K/32, N] first), NaN where a scale is 0xFF unless
  // fastMath.
  FailureOr<Value> multiply(Value value, Value scale, int opIdx) {
    auto valueType = cast<RankedTensorType>(value.getType());
    Type computeType = valueType.getElementType();
    int rank = static_cast<int>(valueType.getRank());
    int kDim = opIdx == 0 ? rank - 1 : rank - 2;
    // B's scales come as [N, K/32]: transposed to [K/32, N] first.
    if (opIdx == 1) {
      FailureOr<Value> moved = transposed(scale, swapLastTwo(rank));
      if (failed(moved))
        return failure();
      scale = *moved;
    }
    FailureOr<Value> repeated = broadcastScale(scaleTo16(scale, computeType), kDim);
    if (failed(repeated))
      return failure();
    Value product =
        arith::MulFOp::create(builder, loc, value, convert(*repeated, valueType.getEncoding()));
    if (fastMath)
      return product;
    auto scaleType = cast<RankedTensorType>(scale.getType());
    Value nanCode = splat(scaleType, builder.getIntegerAttr(scaleType.getElementType(), 0xFF));
    Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, scale, nanCode);
    FailureOr<Value> nanMask = broadcastScale(isNaN, kDim);
    if (failed(nanMask))
      return failure();
    Value nan =
        splat(valueType,
              builder.getFloatAttr(
                  computeType, APFloat::getNaN(cast<FloatType>(computeType).getFloatSemantics())));
    return Value(arith::SelectOp::create(builder, loc, convert(*nanMask, valueType.getEncoding()),
                                         nan, product));
  }

private:
  Value convert(Value value, Attribute encoding) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getEncoding() == encoding)
      return value;
    return ConvertLayoutOp::create(builder, loc, type.cloneWithEncoding(encoding), value);
  }

  Value splat(RankedTensorType type, Attribute element) {
    return arith::ConstantOp::create(builder, loc, DenseElementsAttr::get(type, element));
  }

  FailureOr<Value> transposed(Value value, ArrayRef<int32_t> order) {
    auto type = cast<RankedTensorType>(value.getType());
    Attribute encoding = inferTransEncoding(type.getEncoding(), type.getShape(), order);
    if (!encoding)
      return anchor->emitError() << "trex cannot transpose the layout " << type.getEncoding();
    SmallVector<int64_t> shape;
    for (int32_t dim : order)
      shape.push_back(type.getDimSize(dim));
    return Value(tt::TransOp::create(
        builder, loc, RankedTensorType::get(shape, type.getElementType(), encoding), value, order));
  }

  // The operand in the compute type, in its own layout (e2m1 unpacked along K).
  FailureOr<Value> upcast(Value operand, tt::ScaleDotElemType format, int kDim, Type computeType) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (format == tt::ScaleDotElemType::E2M1)
      return unpack(operand, kDim, computeType);
    Value value = operand;
    // fp8 given as bytes: reinterpreted as the format first.
    if (type.getElementType().isInteger(8)) {
      Type fp8 = format == tt::ScaleDotElemType::E4M3 ? Type(Float8E4M3FNType::get(context))
                                                      : Type(Float8E5M2Type::get(context));
      value = tt::BitcastOp::create(builder, loc, type.clone(fp8), value);
    }
    if (type.getElementType() == computeType)
      return value;
    return Value(
        tt::FpToFpOp::create(builder, loc, type.clone(computeType), value, tt::RoundingModeAttr()));
  }

  // e8m0 exponents as 2^(s - 127) in the compute type: the byte moved into a bf16's exponent
  // field, or an f32's, rounded to f16.
  Value scaleTo16(Value scale, Type computeType) {
    auto type = cast<RankedTensorType>(scale.getType());
    bool bf16 = computeType.isBF16();
    auto wideType = type.clone(builder.getIntegerType(bf16 ? 16 : 32));
    Value wide = arith::ExtUIOp::create(builder, loc, wideType, scale);
    Value shift = splat(wideType, builder.getIntegerAttr(wideType.getElementType(), bf16 ? 7 : 23));
    Value placed = arith::ShLIOp::create(builder, loc, wide, shift);
    if (bf16)
      return tt::BitcastOp::create(builder, loc, type.clone(computeType), placed);
    Value f32 = tt::BitcastOp::create(builder, loc, type.clone(builder.getF32Type()), placed);
    return arith::TruncFOp::create(builder, loc, type.clone(computeType), f32);
  }

  // [.., K/32 at `dim`, ..] -> [.., K at `dim`, ..]: each scale repeated 32 times along K,
  // through a new last dim of a default blocked layout moved next to `dim` and merged into it.
  FailureOr<Value> broadcastScale(Value scale, int dim) {
    auto type = cast<RankedTensorType>(scale.getType());
    int rank = static_cast<int>(type.getRank());
    SmallVector<int64_t> shape(type.getShape());
    shape.push_back(1);
    BlockedEncodingAttr blocked =
        getDefaultBlockedEncoding(context, shape, numWarps, threadsPerWarp, numCTAs);
    Value sliced = convert(scale, SliceEncodingAttr::get(context, rank, blocked));
    Value expanded = tt::ExpandDimsOp::create(
        builder, loc, RankedTensorType::get(shape, type.getElementType(), blocked), sliced, rank);
    shape.back() = kScaleBlock;
    Value repeated = tt::BroadcastOp::create(
        builder, loc, RankedTensorType::get(shape, type.getElementType(), blocked), expanded);
    SmallVector<int32_t> order = lastAfter(rank, dim);
    if (!llvm::equal(order, llvm::seq<int32_t>(0, rank + 1))) {
      FailureOr<Value> moved = transposed(repeated, order);
      if (failed(moved))
        return failure();
      repeated = *moved;
    }
    auto repeatedType = cast<RankedTensorType>(repeated.getType());
    SmallVector<int64_t> merged(type.getShape());
    merged[dim] *= kScaleBlock;
    Attribute encoding =
        inferReshapeEncoding(repeatedType.getShape(), repeatedType.getEncoding(), merged);
    if (!encoding)
      return anchor->emitError() << "trex cannot merge the repeated scales of layout "
                                 << repeatedType.getEncoding();
    return Value(tt::ReshapeOp::create(
        builder, loc, RankedTensorType::get(merged, type.getElementType(), encoding), repeated,
        /*allowReorder=*/false, /*efficientLayout=*/false));
  }

  // Operand `opIdx` upcast and, if it has a scale, multiplied by it (NaN for scale 0xFF
  // unless fastMath).
  FailureOr<Value> scaleArg(int opIdx, Type computeType) {
    Value operand = opIdx == 0 ? dot.getA() : dot.getB();
    Value scale = opIdx == 0 ? dot.getAScale() : dot.getBScale();
    tt::ScaleDotElemType format = opIdx == 0 ? dot.getAElemType() : dot.getBElemType();
    int rank = static_cast<int>(dot.getType().getRank());
    int kDim = opIdx == 0 ? rank - 1 : rank - 2;
    FailureOr<Value> upcasted = upcast(operand, format, kDim, computeType);
    if (failed(upcasted) || !scale)
      return upcasted;
    return multiply(*upcasted, scale, opIdx);
  }

  Value toDotOperand(int opIdx, Value value) {
    auto parent = cast<RankedTensorType>(dot.getC().getType()).getEncoding();
    return convert(value, DotOperandEncodingAttr::get(context, opIdx, parent, /*kWidth=*/0));
  }

  tt::DotScaledOp dot;
  Operation *anchor;
  OpBuilder builder;
  Location loc;
  MLIRContext *context;
  bool fastMath = false;
  int numWarps = 4, threadsPerWarp = 32, numCTAs = 1;
};

// transposeToLhsScale (below) on ttgir: the transposes take the layouts their inference gives.
LogicalResult transposeToLhsScaleWithLayouts(tt::DotScaledOp dot) {
  if (dot.getAScale() || !dot.getBScale() || !dot.getLhsKPack() || !dot.getRhsKPack())
    return success();
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  SmallVector<int32_t> order = swapLastTwo(static_cast<int>(dot.getType().getRank()));
  auto transposed = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    Attribute encoding = inferTransEncoding(type.getEncoding(), type.getShape(), order);
    if (!encoding)
      return Value();
    SmallVector<int64_t> shape;
    for (int32_t dim : order)
      shape.push_back(type.getDimSize(dim));
    return tt::TransOp::create(
        builder, loc, RankedTensorType::get(shape, type.getElementType(), encoding), value, order);
  };
  Value lhs = transposed(dot.getB()), rhs = transposed(dot.getA());
  Value accumulator = transposed(dot.getC());
  if (!lhs || !rhs || !accumulator)
    return dot.emitError() << "trex cannot transpose the operands' layouts of this tt.dot_scaled";
  auto swapped = tt::DotScaledOp::create(builder, loc, accumulator.getType(), lhs, rhs, accumulator,
                                         dot.getBScale(), Value(), dot.getBElemTypeAttr(),
                                         dot.getAElemTypeAttr(), dot.getFastMathAttr());
  Value result = transposed(swapped);
  if (!result)
    return dot.emitError() << "trex cannot transpose the result layout of this tt.dot_scaled";
  dot.replaceAllUsesWith(result);
  dot.erase();
  return success();
}

struct DecomposeScaledDotPass
    : public impl::TritonGPUDecomposeScaledDotBase<DecomposeScaledDotPass> {
  using TritonGPUDecomposeScaledDotBase::TritonGPUDecomposeScaledDotBase;

  void runOnOperation() override {
    if (failed(decomposeScaledDots(getOperation(), moveScaleToLhs, /*markDots=*/fmaLayout)))
      return signalPassFailure();
    if (fmaLayout)
      giveFmaLayoutToDecomposedScaledDots(getOperation());
  }
};

} // namespace

// A dot whose only scale is the rhs's becomes trans(dot_scaled(Bᵀ, Aᵀ, Cᵀ)), as Triton's
// transposeDots does first, so that the scaled operand is always the lhs (which a warp-group
// dot then reads from registers). Dots with an operand packed along M or N stay as they are.
static void transposeToLhsScale(tt::DotScaledOp dot) {
  if (dot.getAScale() || !dot.getBScale() || !dot.getLhsKPack() || !dot.getRhsKPack())
    return;
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  SmallVector<int32_t> order = swapLastTwo(static_cast<int>(dot.getType().getRank()));
  Value lhs = transpose(builder, loc, dot.getB(), order);
  Value rhs = transpose(builder, loc, dot.getA(), order);
  Value accumulator = transpose(builder, loc, dot.getC(), order);
  auto swapped = tt::DotScaledOp::create(builder, loc, accumulator.getType(), lhs, rhs,
                                         accumulator, dot.getBScale(), Value(),
                                         dot.getBElemTypeAttr(), dot.getAElemTypeAttr(),
                                         dot.getFastMathAttr());
  dot.replaceAllUsesWith(transpose(builder, loc, swapped, order));
  dot.erase();
}

FailureOr<Value> multiplyByScales(Operation *anchor, Value value, Value scales, int opIdx,
                                  bool fastMath) {
  return LayoutDecomposer(anchor, fastMath).multiply(value, scales, opIdx);
}

FailureOr<Value> unpackFp4(Operation *anchor, Value packed, int axis, Type elementType) {
  LayoutDecomposer decomposer(anchor);
  return decomposer.unpack(packed, axis, elementType);
}

LogicalResult decomposeScaledDots(ModuleOp module, bool moveScaleToLhs, bool markDots) {
  // The decomposition reads e8m0 scales (bytes, one per 32 elements). fp8 scales (nvfp4: e4m3,
  // one per 16) need native scaled MMA; Triton 3.6 fails on them here as well.
  bool unsupported = false;
  module.walk([&](tt::DotScaledOp dot) {
    for (Value scale : {dot.getAScale(), dot.getBScale()}) {
      if (!scale)
        continue;
      Type element = getElementTypeOrSelf(scale.getType());
      if (element.isInteger(8))
        continue;
      std::string name = isa<Float8E4M3FNType>(element) ? "fp8e4nv"
                         : isa<Float8E5M2Type>(element) ? "fp8e5"
                                                        : "";
      InFlightDiagnostic error = dot.emitError() << "tl.dot_scaled with ";
      if (name.empty())
        error << element;
      else
        error << name;
      error << " scales (nvfp4's e4m3 scales, one per 16 elements) needs native scaled MMA "
               "(NVIDIA sm_100 and newer); this target decomposes the dot, which takes e8m0 "
               "scales (uint8, one per 32 elements) only, and Triton 3.6 fails here too";
      unsupported = true;
      break;
    }
  });
  if (unsupported)
    return failure();
  // Scaled dots with layouts (ttgir): Triton's decomposition.
  SmallVector<tt::DotScaledOp> laidOut;
  module.walk([&](tt::DotScaledOp dot) {
    if (dot.getType().getEncoding())
      laidOut.push_back(dot);
  });
  if (!laidOut.empty()) {
    bool failedAny = false;
    if (moveScaleToLhs)
      for (tt::DotScaledOp dot : laidOut)
        failedAny |= failed(transposeToLhsScaleWithLayouts(dot));
    if (failedAny)
      return failure();
    SmallVector<tt::DotScaledOp> dots;
    module.walk([&](tt::DotScaledOp dot) { dots.push_back(dot); });
    for (tt::DotScaledOp dot : dots) {
      if (!dot.getLhsKPack() || !dot.getRhsKPack()) {
        failedAny = true;
        dot.emitError() << "trex cannot decompose a tt.dot_scaled with an operand packed along "
                           "M or N (as Triton 3.6 before native scaled MMA)";
        continue;
      }
      LayoutDecomposer decomposer(dot);
      decomposer.markDot = markDots;
      failedAny |= failed(decomposer.run());
    }
    return failure(failedAny);
  }
  if (moveScaleToLhs) {
    SmallVector<tt::DotScaledOp> swapped;
    module.walk([&](tt::DotScaledOp dot) { swapped.push_back(dot); });
    for (tt::DotScaledOp dot : swapped)
      transposeToLhsScale(dot);
  }
  SmallVector<tt::DotScaledOp> dots;
  module.walk([&](tt::DotScaledOp dot) { dots.push_back(dot); });
  bool failedAny = false;
  for (tt::DotScaledOp dot : dots)
    failedAny |= failed(decompose(dot));
  return failure(failedAny);
}

// A decomposed tt.dot_scaled keeps the layout convert-triton-to-tritongpu gave the scaled dot
// (one element per thread, as for any op; Triton sets the right one "later", when a tensor
// core takes it). Where it stays on FMA (`--mma fma`, or a type no tensor core takes) that
// layout spreads the threads along N only and each thread multiplies whole rows of A: a
// 128x128x128 dot unrolled 16,384 multiply-adds per thread, 4 MB of LLVM IR and a minute of
// LLVM's time. It gets the FMA layout convert-triton-to-tritongpu gives a tt.dot instead
// (2x2 or 4x4 elements per thread), with conversions around it.
void giveFmaLayoutToDecomposedScaledDots(ModuleOp module) {
  SmallVector<tt::DotOp> dots;
  module.walk([&](tt::DotOp dot) {
    if (dot->hasAttr(kDecomposedScaledDotAttr))
      dots.push_back(dot);
  });
  for (tt::DotOp dot : dots) {
    dot->removeAttr(kDecomposedScaledDotAttr);
    RankedTensorType type = dot.getType();
    auto current = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
    if (!current)
      continue;
    ArrayRef<int64_t> shape = type.getShape();
    unsigned rank = shape.size();
    unsigned numWarps = lookupNumWarps(dot);
    unsigned threadsPerWarp = lookupThreadsPerWarp(dot);
    SmallVector<unsigned> sizePerThread = fmaDotSizePerThread(shape, numWarps * threadsPerWarp);
    SmallVector<unsigned> order;
    for (unsigned dim = rank; dim > 0; --dim)
      order.push_back(dim - 1);
    BlockedEncodingAttr encoding =
        buildBlockedEncoding(dot.getContext(), shape, sizePerThread, order, numWarps,
                             threadsPerWarp, current.getCGALayout());
    if (encoding == current)
      continue;
    OpBuilder builder(dot);
    Location loc = dot.getLoc();
    auto convert = [&](Value value, Attribute to) -> Value {
      if (auto existing = value.getDefiningOp<ConvertLayoutOp>())
        value = existing.getSrc();
      auto valueType = cast<RankedTensorType>(value.getType());
      if (valueType.getEncoding() == to)
        return value;
      return ConvertLayoutOp::create(builder, loc, valueType.cloneWithEncoding(to), value);
    };
    auto operand = [&](unsigned opIdx) {
      return DotOperandEncodingAttr::get(dot.getContext(), opIdx, encoding, /*kWidth=*/0);
    };
    Value a = convert(dot.getA(), operand(0));
    Value b = convert(dot.getB(), operand(1));
    Value c = convert(dot.getC(), encoding);
    auto fma = tt::DotOp::create(builder, loc, type.cloneWithEncoding(encoding), a, b, c,
                                 dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
    Value result = ConvertLayoutOp::create(builder, loc, type, fma.getResult());
    dot.replaceAllUsesWith(result);
    dot.erase();
  }
}

} // namespace trex::ttg
