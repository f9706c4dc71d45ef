// triton-combine: Triton's peephole rewrites across tt and arith (dot + add,
// select of a masked load, addptr chains, broadcast-multiply-reduce, reshapes).
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

bool isZeroConstant(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

// addi(d, dot(a, b, 0)) -> dot(a, b, d), and the same with addf: the dot
// accumulates into d directly. The dot is updated in place and moved to the
// add, so it keeps its location. Triton 3.6 leaves tt.dot_scaled + addf alone
// (its ttir of `acc += tl.dot_scaled(...)` keeps the addf).
template <typename DotLikeOp, typename AddOp>
struct FoldAddIntoDotAccumulator : OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add, PatternRewriter &rewriter) const override {
    Value addend = add.getLhs();
    auto dot = add.getRhs().template getDefiningOp<DotLikeOp>();
    if (!dot) {
      dot = add.getLhs().template getDefiningOp<DotLikeOp>();
      addend = add.getRhs();
    }
    if (!dot || !dot->hasOneUse() || !isZeroConstant(dot.getC()))
      return failure();
    // Limited-precision accumulation (fp8 dots) must start from zero.
    if constexpr (std::is_same_v<DotLikeOp, DotOp> && std::is_same_v<AddOp, arith::AddFOp>)
      if (dot.getMaxNumImpreciseAcc() != 0)
        return failure();
    rewriter.modifyOpInPlace(dot, [&] {
      dot.getCMutable().assign(addend);
      dot->moveBefore(add);
    });
    rewriter.replaceAllUsesWith(add, dot.getResult());
    return success();
  }
};

// select(c, load(p, splat(c), x), y) -> load(p, splat(c), y): lanes the
// select would replace are exactly the lanes the load masks off.
struct FoldSelectIntoMaskedLoad : RewritePattern {
  explicit FoldSelectIntoMaskedLoad(MLIRContext *context)
      : RewritePattern(arith::SelectOp::getOperationName(), /*benefit=*/3, context,
                       {LoadOp::getOperationName()}) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto select = cast<arith::SelectOp>(op);
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load.getMask())
      return failure();
    auto splat = load.getMask().getDefiningOp<SplatOp>();
    if (!splat || splat.getSrc() != select.getCondition())
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getType(), load.getPtr(), load.getMask(), select.getFalseValue(),
        load.getBoundaryCheck(), load.getPaddingAttr(), load.getCache(), load.getEvict(),
        load.getIsVolatile());
    return success();
  }
};

// The integer an offset is known to equal on every lane: a scalar constant, a
// splat constant or a splat of a scalar constant.
std::optional<APInt> getUniformConstantOffset(Value offset) {
  if (Operation *producer = offset.getDefiningOp()) {
    DenseElementsAttr elements;
    if (auto splat = dyn_cast<SplatOp>(producer)) {
      offset = splat.getSrc();
    } else if (matchPattern(producer, m_Constant(&elements)) && elements.isSplat()) {
      if (auto value = dyn_cast<IntegerAttr>(elements.getSplatValue<Attribute>()))
        return value.getValue();
    }
  }
  APInt value;
  if (matchPattern(offset, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

// Two pointer increments may be summed first when the sum cannot wrap
// differently: 64-bit offsets (the pointer's width), or constants whose sum
// does not overflow.
bool canSumOffsets(Value first, Value second) {
  if (first.getType() != second.getType())
    return false;
  if (getElementTypeOrSelf(first.getType()).getIntOrFloatBitWidth() == 64)
    return true;
  std::optional<APInt> firstValue = getUniformConstantOffset(first);
  std::optional<APInt> secondValue = getUniformConstantOffset(second);
  if (!firstValue || !secondValue)
    return false;
  bool overflow = false;
  (void)firstValue->sadd_ov(*secondValue, overflow);
  return !overflow;
}

// addptr(addptr(p, a), b) -> addptr(p, a + b). Triton writes this one in DRR:
// the new ops take the fused location of both addptrs, and the pointer
// analysis hints of the outer addptr are kept.
struct CombineAddPtrChain : OpRewritePattern<AddPtrOp> {
  explicit CombineAddPtrChain(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2,
                         {arith::AddIOp::getOperationName(), AddPtrOp::getOperationName()}) {}

  LogicalResult matchAndRewrite(AddPtrOp outer, PatternRewriter &rewriter) const override {
    auto inner = outer.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || !canSumOffsets(inner.getOffset(), outer.getOffset()))
      return failure();
    Location loc = rewriter.getFusedLoc({outer.getLoc(), inner.getLoc()});
    Value sum = arith::AddIOp::create(rewriter, loc, inner.getOffset(), outer.getOffset());
    auto combined = AddPtrOp::create(rewriter, loc, outer.getType(), inner.getPtr(), sum);
    SmallVector<NamedAttribute> hints;
    for (NamedAttribute attr : outer->getDiscardableAttrs())
      if (llvm::is_contained({"tt.divisibility", "tt.contiguity", "tt.constancy", "tt.pointee_type"},
                             attr.getName().strref()))
        hints.push_back(attr);
    combined->setDiscardableAttrs(hints);
    rewriter.replaceOp(outer, combined);
    return success();
  }
};

// sum(x[:, :, None] * y[None, :, :], axis=1) -> dot(x, y): the broadcast
// product reduced over K is a matrix product.
struct BroadcastMultiplyReduceToDot : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  static bool isSingleAddF(Region &combine) {
    if (!combine.hasOneBlock() || combine.front().getOperations().size() != 2)
      return false;
    auto add = dyn_cast<arith::AddFOp>(&combine.front().front());
    return add && add.getType().getIntOrFloatBitWidth() <= 32;
  }

  LogicalResult matchAndRewrite(ReduceOp reduce, PatternRewriter &rewriter) const override {
    // Triton does not check the axis; the product is only a dot over K.
    if (reduce.getSrcs().size() != 1 || reduce.getAxis() != 1 ||
        !isSingleAddF(reduce.getCombineOp()))
      return failure();
    auto multiply = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!multiply)
      return failure();
    auto lhsBroadcast = multiply.getLhs().getDefiningOp<BroadcastOp>();
    auto rhsBroadcast = multiply.getRhs().getDefiningOp<BroadcastOp>();
    if (!lhsBroadcast || !rhsBroadcast)
      return failure();
    auto lhsExpand = lhsBroadcast.getSrc().getDefiningOp<ExpandDimsOp>();
    auto rhsExpand = rhsBroadcast.getSrc().getDefiningOp<ExpandDimsOp>();
    if (!lhsExpand || !rhsExpand || lhsExpand.getAxis() != 2 || rhsExpand.getAxis() != 0)
      return failure();
    ArrayRef<int64_t> lhsShape = lhsBroadcast.getType().getShape();
    ArrayRef<int64_t> rhsShape = rhsBroadcast.getType().getShape();
    if (lhsShape[2] < 16 || rhsShape[0] < 16)
      return failure();

    Location loc = reduce.getLoc();
    Type elementType = lhsBroadcast.getSrc().getType().getElementType();
    auto accumulatorType = RankedTensorType::get({lhsShape[0], rhsShape[2]}, elementType);
    // Triton splats an f32 zero whatever the element type; a zero of the
    // element type is the same for f32 and stays valid for f16.
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(elementType));
    Value accumulator = SplatOp::create(rewriter, loc, accumulatorType, zero);
    // tf32 precision, as Triton 3.6's ttir of test_dot_mulbroadcasted shows.
    rewriter.replaceOpWithNewOp<DotOp>(reduce, accumulatorType, lhsExpand.getSrc(),
                                       rhsExpand.getSrc(), accumulator, InputPrecision::TF32,
                                       /*maxNumImpreciseAcc=*/0);
    return success();
  }
};

// Reducing (or histogramming) a 1-D tensor ignores the order of its
// elements, so the reshape producing it may reorder them.
struct AllowReorderBeforeReduction : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape, PatternRewriter &rewriter) const override {
    if (reshape.getAllowReorder() || reshape.getType().getRank() != 1)
      return failure();
    if (!llvm::all_of(reshape->getUsers(), llvm::IsaPred<ReduceOp, HistogramOp>))
      return failure();
    rewriter.modifyOpInPlace(reshape, [&] { reshape.setAllowReorder(true); });
    return success();
  }
};

// reshape(descriptor_load) that only drops leading unit dimensions -> a
// descriptor_load of the lower-rank tensor directly.
struct RankReduceDescriptorLoad : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape, PatternRewriter &rewriter) const override {
    auto load = reshape.getSrc().getDefiningOp<DescriptorLoadOp>();
    if (!load || !load->hasOneUse())
      return failure();
    ArrayRef<int64_t> loadShape = load.getType().getShape();
    ArrayRef<int64_t> reshapeShape = reshape.getType().getShape();
    if (reshapeShape.size() >= loadShape.size())
      return failure();
    size_t dropped = loadShape.size() - reshapeShape.size();
    if (!llvm::all_of(loadShape.take_front(dropped), [](int64_t size) { return size == 1; }) ||
        loadShape.drop_front(dropped) != reshapeShape)
      return failure();
    rewriter.modifyOpInPlace(load, [&] { load.getResult().setType(reshape.getType()); });
    rewriter.replaceOp(reshape, load.getResult());
    return success();
  }
};

struct TritonCombineOpsPass : impl::TritonCombineOpsBase<TritonCombineOpsPass> {
  void runOnOperation() override {
    if (failed(combineOps(getOperation())))
      signalPassFailure();
  }
};

} // namespace

void populateCombinePatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FoldAddIntoDotAccumulator<DotOp, arith::AddIOp>,
               FoldAddIntoDotAccumulator<DotOp, arith::AddFOp>>(context);
  patterns.add<FoldSelectIntoMaskedLoad, CombineAddPtrChain, BroadcastMultiplyReduceToDot,
               AllowReorderBeforeReduction, RankReduceDescriptorLoad>(context);
}

LogicalResult combineOps(Operation *root) {
  RewritePatternSet patterns(root->getContext());
  populateCombinePatterns(patterns);
  return applyPatternsGreedily(root, std::move(patterns));
}

} // namespace trex::tt
