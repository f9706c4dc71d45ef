// Canonicalization patterns of the `tt` ops: the rewrites that replace an op by
// other ops (folders that stay in place are in Folding.cpp), as Triton 3.6 has them.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace trex::tt {

namespace {

// The value of a mask that is an arith.constant splat of true or false. Only
// tensor masks are looked at; a scalar constant mask is left alone, as in Triton.
std::optional<bool> getConstantSplatMask(Value mask) {
  if (!mask)
    return std::nullopt;
  auto constant = mask.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
  if (!splat)
    return std::nullopt;
  return splat.getSplatValue<IntegerAttr>().getValue().getBoolValue();
}

// load(ptr, splat(true), other) -> load(ptr): every lane is read.
// load(ptr, splat(false), other) -> other: no lane is read. Without `other`
// the result is undefined and the load stays.
struct LoadWithConstantMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadOp load, PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantSplatMask(load.getMask());
    if (!mask)
      return failure();
    if (!*mask) {
      if (!load.getOther())
        return failure();
      rewriter.replaceOp(load, load.getOther());
      return success();
    }
    rewriter.replaceOpWithNewOp<LoadOp>(load, load.getType(), load.getPtr(), /*mask=*/Value(),
                                        /*other=*/Value(), /*boundaryCheck=*/ArrayRef<int32_t>{},
                                        /*padding=*/nullptr, load.getCache(), load.getEvict(),
                                        load.getIsVolatile());
    return success();
  }
};

// store(ptr, v, splat(true)) -> store(ptr, v); store(ptr, v, splat(false)) -> nothing.
struct StoreWithConstantMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreOp store, PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantSplatMask(store.getMask());
    if (!mask)
      return failure();
    if (!*mask) {
      rewriter.eraseOp(store);
      return success();
    }
    rewriter.replaceOpWithNewOp<StoreOp>(store, store.getPtr(), store.getValue(), /*mask=*/Value(),
                                         /*boundaryCheck=*/ArrayRef<int32_t>{}, store.getCache(),
                                         store.getEvict());
    return success();
  }
};

// broadcast(splat(x)) -> splat(x). Triton declares this and the next pattern in
// DRR, whose rewrites take the fused location of the matched ops and count
// each matched op as one unit of benefit; both are kept so that locations and
// pattern order match.
struct BroadcastOfSplat : OpRewritePattern<BroadcastOp> {
  explicit BroadcastOfSplat(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2, {SplatOp::getOperationName()}) {}

  LogicalResult matchAndRewrite(BroadcastOp broadcast, PatternRewriter &rewriter) const override {
    auto splat = broadcast.getSrc().getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    Location loc = rewriter.getFusedLoc({broadcast.getLoc(), splat.getLoc()});
    Value replacement = SplatOp::create(rewriter, loc, broadcast.getType(), splat.getSrc());
    rewriter.replaceOp(broadcast, replacement);
    return success();
  }
};

// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : OpRewritePattern<BroadcastOp> {
  explicit BroadcastOfBroadcast(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2, {BroadcastOp::getOperationName()}) {}

  LogicalResult matchAndRewrite(BroadcastOp broadcast, PatternRewriter &rewriter) const override {
    auto inner = broadcast.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    Location loc = rewriter.getFusedLoc({broadcast.getLoc(), inner.getLoc()});
    Value replacement = BroadcastOp::create(rewriter, loc, broadcast.getType(), inner.getSrc());
    rewriter.replaceOp(broadcast, replacement);
    return success();
  }
};

// int_to_ptr(ptr_to_int(p)) -> bitcast(p): the round trip through an integer
// only changes the pointer's type.
struct IntToPtrOfPtrToInt : OpRewritePattern<IntToPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IntToPtrOp cast, PatternRewriter &rewriter) const override {
    auto ptrToInt = cast.getSrc().getDefiningOp<PtrToIntOp>();
    if (!ptrToInt)
      return failure();
    rewriter.replaceOpWithNewOp<BitcastOp>(cast, cast.getType(), ptrToInt.getSrc());
    return success();
  }
};

// int_to_ptr(addi(x, c)) -> addptr(int_to_ptr(x), c / sizeof(pointee)) when the
// constant byte offset c is a whole number of elements, which keeps the
// address arithmetic visible to the pointer analyses.
struct IntToPtrOfAddConstant : OpRewritePattern<IntToPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IntToPtrOp cast, PatternRewriter &rewriter) const override {
    auto add = cast.getSrc().getDefiningOp<arith::AddIOp>();
    if (!add)
      return failure();
    auto constant = add.getRhs().getDefiningOp<arith::ConstantOp>();
    if (!constant)
      return failure();
    std::optional<int64_t> byteOffset;
    if (auto scalar = dyn_cast<IntegerAttr>(constant.getValue()))
      byteOffset = scalar.getValue().getSExtValue();
    else if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      byteOffset = splat.getSplatValue<IntegerAttr>().getValue().getSExtValue();
    if (!byteOffset)
      return failure();

    Type resultType = cast.getType();
    Type pointee = mlir::cast<PointerType>(getElementTypeOrSelf(resultType)).getPointeeType();
    // A block pointer's "element" is a whole tile; leave it alone.
    if (isa<ShapedType>(pointee))
      return failure();
    int64_t elementBytes = std::max<int64_t>(1, getScalarBitWidth(pointee) / 8);
    if (*byteOffset % elementBytes != 0)
      return failure();

    Location loc = cast.getLoc();
    Type offsetElement = getElementTypeOrSelf(add.getRhs().getType());
    Attribute elementOffset = rewriter.getIntegerAttr(offsetElement, *byteOffset / elementBytes);
    if (auto tensor = dyn_cast<RankedTensorType>(resultType))
      elementOffset = SplatElementsAttr::get(tensor.clone(offsetElement), elementOffset);
    Value base = IntToPtrOp::create(rewriter, loc, resultType, add.getLhs());
    Value offset = arith::ConstantOp::create(rewriter, loc, mlir::cast<TypedAttr>(elementOffset));
    rewriter.replaceOpWithNewOp<AddPtrOp>(cast, resultType, base, offset);
    return success();
  }
};

// Infers the layout of a new expand_dims's result; no layout gives no layout.
FailureOr<Attribute> inferExpandDimsLayout(Attribute operandLayout, unsigned axis, Location loc) {
  if (!operandLayout)
    return Attribute();
  auto *infer =
      operandLayout.getDialect().getRegisteredInterface<DialectInferLayoutInterface>();
  Attribute resultLayout;
  if (!infer || failed(infer->inferExpandDimsOpEncoding(operandLayout, axis, resultLayout, loc)))
    return failure();
  return resultLayout;
}

} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *context) {
  patterns.add<LoadWithConstantMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *context) {
  patterns.add<StoreWithConstantMask>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<BroadcastOfSplat, BroadcastOfBroadcast>(context);
}

void IntToPtrOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *context) {
  patterns.add<IntToPtrOfPtrToInt, IntToPtrOfAddConstant>(context);
}

// expand_dims(splat(x)) -> splat(x).
// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): on its own this
// changes little, but it lets broadcast(expand_dims(broadcast(x))) collapse
// into a single broadcast.
LogicalResult ExpandDimsOp::canonicalize(ExpandDimsOp op, PatternRewriter &rewriter) {
  Operation *producer = op.getSrc().getDefiningOp();
  if (!producer)
    return failure();
  if (auto splat = dyn_cast<SplatOp>(producer)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  auto broadcast = dyn_cast<BroadcastOp>(producer);
  if (!broadcast)
    return failure();
  RankedTensorType narrowType = broadcast.getSrc().getType();
  SmallVector<int64_t> expandedShape(narrowType.getShape());
  expandedShape.insert(expandedShape.begin() + op.getAxis(), 1);
  FailureOr<Attribute> layout =
      inferExpandDimsLayout(narrowType.getEncoding(), op.getAxis(), op.getLoc());
  if (failed(layout))
    return failure();
  auto expandedType = RankedTensorType::get(expandedShape, narrowType.getElementType(), *layout);
  Value expanded =
      ExpandDimsOp::create(rewriter, op.getLoc(), expandedType, broadcast.getSrc(), op.getAxis());
  Value widened = BroadcastOp::create(rewriter, broadcast.getLoc(), op.getType(), expanded);
  rewriter.replaceOp(op, widened);
  return success();
}

// reshape(reshape(x)) -> reshape(x), reordering if either reshape may;
// reshape(splat(x)) -> splat(x). A reshape whose result layout was chosen for
// speed (efficient_layout) is kept as it is.
LogicalResult ReshapeOp::canonicalize(ReshapeOp op, PatternRewriter &rewriter) {
  if (op.getEfficientLayout())
    return failure();
  Operation *producer = op.getSrc().getDefiningOp();
  if (!producer)
    return failure();
  if (auto inner = dyn_cast<ReshapeOp>(producer)) {
    bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(), allowReorder,
                                           op.getEfficientLayout());
    return success();
  }
  if (auto splat = dyn_cast<SplatOp>(producer)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  return failure();
}

} // namespace trex::tt
