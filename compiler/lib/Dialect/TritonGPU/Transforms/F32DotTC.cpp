// tritongpu-F32DotTC: f32 dots at bf16x3 / bf16x6 / tf32x3 precision become sums of
// bf16 or tf32 tensor-core dots of the operands' split parts (Triton 3.6's F32DotTC).
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

bool hasF32Operands(tt::DotOp dot) {
  return dot.getA().getType().getElementType().isF32() &&
         dot.getB().getType().getElementType().isF32();
}

// A tensor of zeros of `type` (a splat of an f32 constant, which the canonicalizer folds).
Value zerosLike(OpBuilder &builder, Location loc, Type type) {
  Value zero = arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0.0f));
  return tt::SplatOp::create(builder, loc, type, zero);
}

// `value` where it is a number, 0 where it is NaN.
Value zeroNaNs(OpBuilder &builder, Location loc, Value value) {
  Value isNan = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, value, value);
  return arith::SelectOp::create(builder, loc, isNan, zerosLike(builder, loc, value.getType()),
                                 value);
}

struct SplitBf16Dot : OpRewritePattern<tt::DotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::DotOp dot, PatternRewriter &rewriter) const override {
    tt::InputPrecision precision = dot.getInputPrecision();
    if ((precision != tt::InputPrecision::BF16x3 && precision != tt::InputPrecision::BF16x6) ||
        !hasF32Operands(dot))
      return rewriter.notifyMatchFailure(dot, "not an f32 bf16x3 / bf16x6 dot");
    unsigned parts = precision == tt::InputPrecision::BF16x6 ? 3 : 2;
    Location loc = dot.getLoc();
    SmallVector<Value, 3> a = splitIntoBf16(rewriter, loc, dot.getA(), parts);
    SmallVector<Value, 3> b = splitIntoBf16(rewriter, loc, dot.getB(), parts);
    rewriter.replaceOp(dot, sumOfBf16PartDots(rewriter, loc, a, b, dot.getC()));
    return success();
  }
};

struct SplitTf32Dot : OpRewritePattern<tt::DotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::DotOp dot, PatternRewriter &rewriter) const override {
    if (dot.getInputPrecision() != tt::InputPrecision::TF32x3 || !hasF32Operands(dot))
      return rewriter.notifyMatchFailure(dot, "not an f32 tf32x3 dot");
    Location loc = dot.getLoc();
    // x rounded to tf32 (round to nearest, ties away), still held as f32.
    auto toTf32 = [&](Value value) -> Value {
      return tt::ElementwiseInlineAsmOp::create(
                 rewriter, loc, TypeRange{value.getType()}, "cvt.rna.tf32.f32 $0, $1;", "=r,r",
                 /*pure=*/true, /*packed_element=*/1, ValueRange{value})
          .getResult()[0];
    };
    auto tf32Dot = [&](Value a, Value b, Value c) -> Value {
      return tt::DotOp::create(rewriter, loc, c.getType(), a, b, c, tt::InputPrecision::TF32,
                               dot.getMaxNumImpreciseAcc());
    };
    Value aBig = toTf32(dot.getA());
    Value aSmall = arith::SubFOp::create(rewriter, loc, dot.getA(), aBig);
    Value bBig = toTf32(dot.getB());
    Value bSmall = arith::SubFOp::create(rewriter, loc, dot.getB(), bBig);
    Value sum = tf32Dot(aSmall, bBig, zerosLike(rewriter, loc, dot.getType()));
    sum = zeroNaNs(rewriter, loc, tf32Dot(aBig, bSmall, sum));
    sum = tf32Dot(aBig, bBig, sum);
    rewriter.replaceOp(dot, arith::AddFOp::create(rewriter, loc, sum, dot.getC()));
    return success();
  }
};

struct TritonGPUF32DotTCPass : impl::TritonGPUF32DotTCBase<TritonGPUF32DotTCPass> {
  using TritonGPUF32DotTCBase::TritonGPUF32DotTCBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitBf16Dot>(&getContext());
    if (emuTF32)
      patterns.add<SplitTf32Dot>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

SmallVector<Value, 3> splitIntoBf16(OpBuilder &builder, Location loc, Value value, unsigned parts) {
  auto f32Type = cast<RankedTensorType>(value.getType());
  RankedTensorType bf16Type = f32Type.clone(builder.getBF16Type());
  SmallVector<Value, 3> result;
  for (unsigned i = 0; i < parts; ++i) {
    Value part = arith::TruncFOp::create(builder, loc, bf16Type, value);
    result.push_back(part);
    if (i + 1 < parts)
      value = arith::SubFOp::create(builder, loc, value,
                                    arith::ExtFOp::create(builder, loc, f32Type, part));
  }
  return result;
}

Value sumOfBf16PartDots(OpBuilder &builder, Location loc, ArrayRef<Value> a, ArrayRef<Value> b,
                        Value accumulator) {
  Type type = accumulator.getType();
  constexpr unsigned hi = 0, mid = 1, lo = 2;
  // (a part, b part) products below hi x hi, smallest first.
  SmallVector<std::pair<unsigned, unsigned>> products;
  if (a.size() == 3)
    products = {{mid, mid}, {lo, hi}, {hi, lo}};
  products.append({{mid, hi}, {hi, mid}});
  Value sum = zerosLike(builder, loc, type);
  for (auto [i, j] : products)
    sum = tt::DotOp::create(builder, loc, type, a[i], b[j], sum, tt::InputPrecision::IEEE, 0);
  sum = zeroNaNs(builder, loc, sum);
  sum = tt::DotOp::create(builder, loc, type, a[hi], b[hi], sum, tt::InputPrecision::IEEE, 0);
  return arith::AddFOp::create(builder, loc, sum, accumulator);
}

} // namespace trex::ttg
