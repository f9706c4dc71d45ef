// Canonicalization of ttg.convert_layout: conversions that a neighbouring op
// can absorb (it produces or consumes any layout for free) disappear, and
// chains of conversions collapse. The layout passes rely on these to clean up
// the conversions they insert.
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/IR/LayoutEquivalence.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace trex::ttg {

namespace {

// A reshape to `newType` moves data between threads unless every thread
// keeps as many elements as before. Layout families whose element counts the
// IR does not know count as expensive.
bool isExpensiveView(RankedTensorType srcType, RankedTensorType newType) {
  std::optional<unsigned> src = getTotalElemsPerThread(srcType);
  std::optional<unsigned> dst = getTotalElemsPerThread(newType);
  return !src || !dst || *src != *dst;
}

// Producing a cat directly in `targetEncoding` is only free if each thread
// can still hold all the elements it concatenates.
bool isExpensiveCat(tt::CatOp cat, Attribute targetEncoding) {
  RankedTensorType type = cat.getType();
  std::optional<unsigned> current = getTotalElemsPerThread(type);
  std::optional<unsigned> target = getTotalElemsPerThread(type.cloneWithEncoding(targetEncoding));
  return !current || !target || *target < *current;
}

bool hasDotOperandEncoding(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && isa_and_nonnull<DotOperandEncodingAttr>(type.getEncoding());
}

// A conversion between two spellings of the same layout (every element stays
// on the same register of the same thread), such as a #ttg.blocked and the
// #ttg.linear a reshape inferred for it.
bool isTrivialConvert(ConvertLayoutOp convert) {
  RankedTensorType srcType = convert.getSrc().getType();
  return srcType == convert.getType() ||
         areLayoutsEquivalent(srcType.getShape(), srcType.getEncoding(),
                              convert.getType().getEncoding());
}

bool isIdentityPermutation(ArrayRef<int32_t> order) {
  for (auto [index, value] : llvm::enumerate(order))
    if (static_cast<int32_t>(index) != value)
      return false;
  return true;
}

struct FoldConvertIntoProducer : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp op, PatternRewriter &rewriter) const override {
    if (op.getSrc().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getSrc());
      return success();
    }
    // Conversions from an MMA accumulator to a dot operand stay: fused
    // attention relies on keeping them for the second matmul.
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType dstType = op.getType();
    if (isa_and_nonnull<DotOperandEncodingAttr>(dstType.getEncoding()) &&
        isa_and_nonnull<NvidiaMmaEncodingAttr>(srcType.getEncoding()))
      return failure();

    Operation *producer = op.getSrc().getDefiningOp();
    if (!producer)
      return failure();

    if (auto reshape = dyn_cast<tt::ReshapeOp>(producer)) {
      if (!reshape.getAllowReorder() || reshape.getEfficientLayout() ||
          isExpensiveView(reshape.getSrc().getType(), dstType))
        return failure();
      // Packed dot-operand elements do not survive the unpack/repack a
      // reshape lowers to.
      if (hasDotOperandEncoding(op.getSrc()) || hasDotOperandEncoding(op.getResult()))
        return failure();
      rewriter.replaceOpWithNewOp<tt::ReshapeOp>(op, dstType, reshape.getResult(),
                                                 /*allow_reorder=*/true);
      return success();
    }
    if (auto histogram = dyn_cast<tt::HistogramOp>(producer)) {
      // The bins do not depend on how the input is laid out.
      rewriter.replaceOpWithNewOp<tt::HistogramOp>(op, dstType, histogram.getSrc(),
                                                   histogram.getMask());
      return success();
    }
    if (auto localLoad = dyn_cast<LocalLoadOp>(producer)) {
      // Shared memory can be read into any layout; read at the original
      // place since stores may follow it before the conversion.
      rewriter.setInsertionPoint(producer);
      rewriter.replaceOpWithNewOp<LocalLoadOp>(op, dstType, localLoad.getSrc(),
                                               localLoad.getToken());
      return success();
    }
    if (auto cat = dyn_cast<tt::CatOp>(producer)) {
      if (isExpensiveCat(cat, dstType.getEncoding()))
        return failure();
      rewriter.replaceOpWithNewOp<tt::CatOp>(op, dstType, cat.getLhs(), cat.getRhs());
      return success();
    }
    if (auto convert = dyn_cast<ConvertLayoutOp>(producer)) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, dstType, convert.getSrc());
      return success();
    }
    if (auto splat = dyn_cast<tt::SplatOp>(producer)) {
      rewriter.replaceOpWithNewOp<tt::SplatOp>(op, dstType, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<tt::MakeRangeOp>(producer)) {
      rewriter.replaceOpWithNewOp<tt::MakeRangeOp>(op, dstType, range.getStart(), range.getEnd());
      return success();
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(producer)) {
      if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue())) {
        rewriter.replaceOpWithNewOp<arith::ConstantOp>(
            op, SplatElementsAttr::get(dstType, splat.getSplatValue<Attribute>()));
        return success();
      }
    }
    return failure();
  }
};

// reshape(convert(x)) -> reshape(x) when the reshape may reorder elements
// anyway (or the conversion changes nothing).
struct FoldConvertIntoReshape : OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp op, PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    if (!isTrivialConvert(convert) &&
        (!op.getAllowReorder() || isExpensiveView(convert.getSrc().getType(), op.getType())))
      return failure();
    rewriter.replaceOpWithNewOp<tt::ReshapeOp>(op, op.getType(), convert.getSrc(),
                                               op.getAllowReorder(), op.getEfficientLayout());
    return success();
  }
};

// trans(x, [0, 1, ...]) is a conversion to the result layout, and a trans of
// a no-op conversion reads the conversion's source.
struct FoldConvertIntoTranspose : OpRewritePattern<tt::TransOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::TransOp op, PatternRewriter &rewriter) const override {
    if (isIdentityPermutation(op.getOrder())) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(), op.getSrc());
      return success();
    }
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert || !isTrivialConvert(convert))
      return failure();
    rewriter.replaceOpWithNewOp<tt::TransOp>(op, op.getType(), convert.getSrc(), op.getOrder());
    return success();
  }
};

struct FoldConvertIntoHistogram : OpRewritePattern<tt::HistogramOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::HistogramOp op, PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    Value source = convert.getSrc();
    // The mask keeps the source's layout: it is converted instead (as Triton 3.6 does; the
    // layout passes then fold that conversion into the mask's producers).
    Value mask = op.getMask();
    if (mask) {
      auto sourceType = cast<RankedTensorType>(source.getType());
      auto maskType = sourceType.clone(rewriter.getI1Type());
      mask = ConvertLayoutOp::create(rewriter, op.getLoc(), maskType, mask);
    }
    rewriter.replaceOpWithNewOp<tt::HistogramOp>(op, op.getType(), source, mask);
    return success();
  }
};

// Without an optimized layout a gather goes through shared memory, so its
// source layout does not matter.
struct FoldConvertIntoGatherSource : OpRewritePattern<tt::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::GatherOp op, PatternRewriter &rewriter) const override {
    if (op.getEfficientLayout())
      return failure();
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.replaceOpWithNewOp<tt::GatherOp>(op, op.getType(), convert.getSrc(), op.getIndices(),
                                              op.getAxis(), /*efficient_layout=*/false);
    return success();
  }
};

struct FoldConvertIntoLocalAlloc : OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp op, PatternRewriter &rewriter) const override {
    if (!op.getSrc())
      return failure();
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getSrcMutable().assign(convert.getSrc()); });
    return success();
  }
};

struct FoldConvertIntoLocalStore : OpRewritePattern<LocalStoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalStoreOp op, PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getSrcMutable().assign(convert.getSrc()); });
    return success();
  }
};

// split(convert(x)) -> split(x) when splitting x already gives the result
// layout.
struct FoldConvertIntoSplit : OpRewritePattern<tt::SplitOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    FailureOr<Attribute> encoding = inferSplitEncoding(convert.getSrc().getType().getEncoding());
    if (failed(encoding) || *encoding != op.getOutLHS().getType().getEncoding())
      return failure();
    rewriter.replaceOpWithNewOp<tt::SplitOp>(op, op.getOutLHS().getType(),
                                             op.getOutRHS().getType(), convert.getSrc());
    return success();
  }
};

} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  patterns.add<FoldConvertIntoProducer, FoldConvertIntoReshape, FoldConvertIntoTranspose,
               FoldConvertIntoGatherSource, FoldConvertIntoHistogram, FoldConvertIntoLocalAlloc,
               FoldConvertIntoLocalStore, FoldConvertIntoSplit>(context);
}

} // namespace trex::ttg
