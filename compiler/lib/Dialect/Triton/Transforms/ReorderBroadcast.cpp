// triton-reorder-broadcast: computes elementwise ops on the small tensor before
// a tt.broadcast or tt.splat instead of on every copy after it.
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

// A tt.splat or a constant whose elements are all equal.
bool isSplatLike(Operation *op) {
  if (isa<SplatOp>(op))
    return true;
  DenseElementsAttr elements;
  return matchPattern(op, m_Constant(&elements)) && elements.isSplat();
}

// The same op (name and attributes) on new operands with new result types.
Operation *cloneWithTypes(PatternRewriter &rewriter, Operation *op, ValueRange operands,
                          TypeRange resultTypes) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...)).
struct ElementwiseOfSplats : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isMemoryEffectFree(op) || op->getNumOperands() == 0)
      return failure();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || !isSplatLike(producer))
        return failure();
    }

    Location loc = op->getLoc();
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (auto splat = dyn_cast<SplatOp>(producer)) {
        scalars.push_back(splat.getSrc());
        continue;
      }
      DenseElementsAttr elements;
      matchPattern(producer, m_Constant(&elements));
      scalars.push_back(arith::ConstantOp::materialize(
                            rewriter, elements.getSplatValue<Attribute>(),
                            elements.getElementType(), loc)
                            ->getResult(0));
    }
    SmallVector<Type> scalarTypes;
    for (Type type : op->getResultTypes())
      scalarTypes.push_back(cast<RankedTensorType>(type).getElementType());
    Operation *scalarOp = cloneWithTypes(rewriter, op, scalars, scalarTypes);
    for (auto [oldResult, scalar] : llvm::zip(op->getResults(), scalarOp->getResults()))
      rewriter.replaceAllUsesWith(oldResult,
                                  SplatOp::create(rewriter, loc, oldResult.getType(), scalar));
    return success();
  }
};

// elementwise(broadcast(a), splat(b), ...) -> broadcast(elementwise(a, splat(b), ...))
// where every broadcast operand broadcasts from the same shape and the other
// operands are splats, which are remade at the narrow shape.
struct ElementwiseOfBroadcast : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isMemoryEffectFree(op))
      return failure();
    BroadcastOp firstBroadcast;
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer)
        return failure();
      if (auto broadcast = dyn_cast<BroadcastOp>(producer)) {
        if (!firstBroadcast)
          firstBroadcast = broadcast;
        else if (broadcast.getSrc().getType().getShape() !=
                 firstBroadcast.getSrc().getType().getShape())
          return failure();
      } else if (!isSplatLike(producer)) {
        return failure();
      }
    }
    if (!firstBroadcast)
      return failure();

    Location loc = op->getLoc();
    RankedTensorType narrowType = firstBroadcast.getSrc().getType();
    ArrayRef<int64_t> narrowShape = narrowType.getShape();
    SmallVector<Value> narrowOperands;
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (auto broadcast = dyn_cast<BroadcastOp>(producer)) {
        narrowOperands.push_back(broadcast.getSrc());
        continue;
      }
      auto type = narrowType.clone(narrowShape, getElementTypeOrSelf(operand.getType()));
      if (auto splat = dyn_cast<SplatOp>(producer)) {
        narrowOperands.push_back(SplatOp::create(rewriter, loc, type, splat.getSrc()));
        continue;
      }
      DenseElementsAttr elements;
      matchPattern(producer, m_Constant(&elements));
      auto narrowElements = SplatElementsAttr::get(type, elements.getSplatValue<Attribute>());
      narrowOperands.push_back(arith::ConstantOp::create(rewriter, loc, type, narrowElements));
    }
    SmallVector<Type> narrowResultTypes;
    for (Type type : op->getResultTypes())
      narrowResultTypes.push_back(narrowType.clone(narrowShape, getElementTypeOrSelf(type)));
    Operation *narrowOp = cloneWithTypes(rewriter, op, narrowOperands, narrowResultTypes);
    for (auto [oldResult, narrow] : llvm::zip(op->getResults(), narrowOp->getResults()))
      rewriter.replaceAllUsesWith(oldResult,
                                  BroadcastOp::create(rewriter, loc, oldResult.getType(), narrow));
    return success();
  }
};

struct TritonReorderBroadcastPass : impl::TritonReorderBroadcastBase<TritonReorderBroadcastPass> {
  void runOnOperation() override {
    if (failed(reorderBroadcasts(getOperation())))
      signalPassFailure();
  }
};

} // namespace

void populateReorderBroadcastPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // broadcast(expand_dims(broadcast(x))) only collapses once expand_dims has
  // moved below the inner broadcast, which exposes more elementwise chains.
  BroadcastOp::getCanonicalizationPatterns(patterns, context);
  ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
  patterns.add<ElementwiseOfBroadcast, ElementwiseOfSplats>(context);
}

LogicalResult reorderBroadcasts(Operation *root) {
  RewritePatternSet patterns(root->getContext());
  populateReorderBroadcastPatterns(patterns);
  return applyPatternsGreedily(root, std::move(patterns));
}

} // namespace trex::tt
