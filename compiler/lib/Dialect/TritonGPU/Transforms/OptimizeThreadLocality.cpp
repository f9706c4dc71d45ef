// tritongpu-optimize-thread-locality: layouts that keep reductions and
// gathers within a thread or a warp, and loop accumulations of row
// reductions that reduce across threads only once, after the loop.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/ControlFlowRewrites.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

template <typename T> SmallVector<T> insertAt(ArrayRef<T> values, unsigned index, T value) {
  SmallVector<T> result(values);
  result.insert(result.begin() + index, value);
  return result;
}

// A reordering reshape feeding reductions along one axis: make that axis the
// slowest of a fresh blocked layout so each thread holds whole rows of it.
struct ReshapeForReduction : OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp reshape, PatternRewriter &rewriter) const override {
    if (!reshape.getAllowReorder())
      return failure();
    std::optional<unsigned> axis;
    for (Operation *user : reshape->getUsers()) {
      auto reduce = dyn_cast<tt::ReduceOp>(user);
      if (!reduce)
        continue;
      if (axis && *axis != reduce.getAxis())
        return failure();
      axis = reduce.getAxis();
    }
    if (!axis)
      return failure();
    RankedTensorType type = reshape.getType();
    if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding())) {
      SmallVector<unsigned> split = getCTASplitNum(blocked.getCGALayout());
      if (blocked.getThreadsPerWarp()[*axis] == 1 && blocked.getWarpsPerCTA()[*axis] == 1 &&
          split[*axis] == 1)
        return failure();
    }
    SmallVector<unsigned> order;
    for (unsigned dim : getOrder(type.getEncoding(), type.getRank()))
      if (dim != *axis)
        order.push_back(dim);
    order.push_back(*axis);
    SmallVector<unsigned> sizePerThread(type.getRank(), 1);
    auto module = reshape->getParentOfType<ModuleOp>();
    auto encoding = buildBlockedEncoding(getContext(), type.getShape(), sizePerThread, order,
                                         lookupNumWarps(reshape), lookupThreadsPerWarp(reshape),
                                         TTGDialect::getNumCTAs(module));
    if (encoding == type.getEncoding())
      return failure();
    RankedTensorType newType = type.cloneWithEncoding(encoding);
    if (isExpensiveView(reshape.getSrc().getType(), newType))
      return failure();
    rewriter.setInsertionPointAfter(reshape);
    rewriter.modifyOpInPlace(reshape, [&] {
      reshape.getResult().setType(newType);
      reshape.setEfficientLayout(true);
    });
    auto convert = ConvertLayoutOp::create(rewriter, reshape.getLoc(), type, reshape.getResult());
    rewriter.replaceAllUsesExcept(reshape.getResult(), convert, convert);
    return success();
  }
};

// A gather whose warps span whole columns of the gather axis: the lookup
// becomes warp shuffles. The same layout serves source, indices and result.
struct WarpLocalGather : OpRewritePattern<tt::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::GatherOp gather, PatternRewriter &rewriter) const override {
    if (gather.getEfficientLayout())
      return failure();
    RankedTensorType srcType = gather.getSrc().getType();
    auto distributed = dyn_cast_or_null<DistributedEncodingTrait>(srcType.getEncoding());
    if (!distributed)
      return failure();
    unsigned threadsPerWarp = distributed.getLanesPerWarp();
    unsigned numWarps = distributed.getWarpCount();
    unsigned axis = gather.getAxis();
    unsigned rank = srcType.getRank();
    // As Triton 3.6: a 1-D gather has no other dimension to hold the warps, so it keeps its
    // layout (and no efficient_layout mark).
    if (rank == 1)
      return failure();
    SmallVector<unsigned> lanes(rank, 1), warps(rank, 1), order{axis};
    // As many lanes along the axis as it has elements, the rest over the
    // other dimensions in the source's order.
    lanes[axis] = std::min<unsigned>(srcType.getDimSize(axis), threadsPerWarp);
    unsigned lanesLeft = threadsPerWarp / lanes[axis];
    SmallVector<unsigned> srcOrder = getOrder(srcType.getEncoding(), rank);
    for (unsigned dim : srcOrder) {
      if (dim == axis)
        continue;
      order.push_back(dim);
      lanes[dim] = std::min<unsigned>(srcType.getDimSize(dim), lanesLeft);
      lanesLeft /= lanes[dim];
    }
    // One warp along the axis; the others spread over the other dimensions.
    unsigned warpsLeft = numWarps;
    for (unsigned dim : srcOrder) {
      if (dim == axis)
        continue;
      unsigned fit = std::max<unsigned>(1, srcType.getDimSize(dim) / lanes[dim]);
      warps[dim] = std::min(fit, warpsLeft);
      warpsLeft /= warps[dim];
    }
    SmallVector<unsigned> sizePerThread(rank, 1);
    sizePerThread[axis] = std::max<unsigned>(1, srcType.getDimSize(axis) / lanes[axis]);
    // Leftover lanes and warps replicate along the gather axis.
    lanes[axis] *= lanesLeft;
    warps[axis] *= warpsLeft;
    auto encoding = BlockedEncodingAttr::get(getContext(), sizePerThread, lanes, warps, order,
                                             distributed.getCGALayout());
    Location loc = gather.getLoc();
    Value src = ConvertLayoutOp::create(rewriter, loc, srcType.cloneWithEncoding(encoding),
                                        gather.getSrc());
    Value indices = ConvertLayoutOp::create(
        rewriter, loc, gather.getIndices().getType().cloneWithEncoding(encoding),
        gather.getIndices());
    rewriter.setInsertionPointAfter(gather);
    auto convert = ConvertLayoutOp::create(rewriter, loc, gather.getType(), gather.getResult());
    rewriter.replaceAllUsesExcept(gather.getResult(), convert, convert);
    rewriter.modifyOpInPlace(gather, [&] {
      gather.getSrcMutable().assign(src);
      gather.getIndicesMutable().assign(indices);
      gather.getResult().setType(gather.getType().cloneWithEncoding(encoding));
      gather.setEfficientLayout(true);
    });
    return success();
  }
};

// The single combining op of a reduce region, if that is all it does.
Operation *singleCombiner(tt::ReduceOp reduce) {
  Block &body = reduce.getCombineOp().front();
  if (std::distance(body.begin(), body.end()) != 2)
    return nullptr;
  return &body.front();
}

// The identity of the combiner: -inf for maxnumf, +inf for minnumf (arith
// knows the others).
std::optional<TypedAttr> neutralElement(Operation *combiner) {
  Type type = combiner->getResult(0).getType();
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combiner)) {
    const llvm::fltSemantics &semantics = cast<FloatType>(type).getFloatSemantics();
    return TypedAttr(FloatAttr::get(
        type, APFloat::getInf(semantics, /*Negative=*/isa<arith::MaxNumFOp>(combiner))));
  }
  return arith::getNeutralElement(combiner);
}

// `acc = acc op reduce(load(...), axis = rank-1)` carried by a loop whose
// initial accumulator is a constant, where each thread holds several
// elements of the reduced axis.
bool isLoopAccumulatedReduction(tt::ReduceOp reduce) {
  auto srcType = cast<RankedTensorType>(reduce.getOperands()[0].getType());
  unsigned rank = srcType.getRank();
  Operation *combiner = singleCombiner(reduce);
  if (!combiner || !isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MaxNumFOp,
                        arith::MinimumFOp, arith::MinNumFOp>(combiner))
    return false;
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked || rank < 2 || reduce.getAxis() != rank - 1)
    return false;
  if (llvm::any_of(reduce.getOperands(),
                   [](Value operand) { return !operand.getDefiningOp<tt::LoadOp>(); }))
    return false;
  std::optional<SmallVector<unsigned>> elems = getElemsPerThread(srcType);
  if (!elems || (*elems)[reduce.getAxis()] == 1 || !reduce->hasOneUse())
    return false;
  Operation *update = *reduce->user_begin();
  if (!update->hasOneUse() || update->getNumOperands() != 2)
    return false;
  OpOperand &yieldUse = *update->getUses().begin();
  if (!isa<scf::YieldOp>(yieldUse.getOwner()))
    return false;
  auto forOp = dyn_cast<scf::ForOp>(reduce->getBlock()->getParentOp());
  if (!forOp)
    return false;
  Value accumulator = update->getOperand(update->getOperand(0) == reduce->getResult(0) ? 1 : 0);
  auto accumulatorArg = dyn_cast<BlockArgument>(accumulator);
  if (!accumulatorArg || accumulatorArg.getOwner() != forOp.getBody() ||
      accumulatorArg.getArgNumber() - forOp.getNumInductionVars() != yieldUse.getOperandNumber())
    return false;
  if (!forOp.getInitArgs()[yieldUse.getOperandNumber()].getDefiningOp<arith::ConstantOp>())
    return false;
  return forOp.getResult(yieldUse.getOperandNumber()).hasOneUse();
}

// Clones the elementwise accumulation `op` on mapped operands; its result
// has the type of its (new) operands.
Operation *cloneUpdate(OpBuilder &builder, Operation *op, IRMapping &mapping) {
  Operation *newOp = builder.clone(*op, mapping);
  newOp->getResult(0).setType(newOp->getOperand(0).getType());
  return newOp;
}

void accumulateLocally(tt::ReduceOp reduce) {
  IRRewriter builder(reduce.getContext());
  auto srcType = cast<RankedTensorType>(reduce.getOperands()[0].getType());
  unsigned rank = srcType.getRank();
  unsigned axis = reduce.getAxis();
  auto blocked = cast<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned perThread = (*getElemsPerThread(srcType))[axis];

  // The thread's elements of the reduced axis become a new minor dimension:
  // [.., N] -> [.., N / perThread, perThread], reduced within the thread.
  SmallVector<unsigned> sizePerThread = insertAt<unsigned>(blocked.getSizePerThread(), rank,
                                                           blocked.getSizePerThread()[axis]);
  sizePerThread[axis] = 1;
  SmallVector<unsigned> order{rank};
  order.append(blocked.getOrder().begin(), blocked.getOrder().end());
  CGALayout cga = blocked.getCGALayout();
  cga.rank = rank + 1;
  for (Basis &basis : cga.blockBases)
    basis.push_back(0);
  auto blocked3d = BlockedEncodingAttr::get(
      reduce.getContext(), sizePerThread, insertAt<unsigned>(blocked.getThreadsPerWarp(), rank, 1),
      insertAt<unsigned>(blocked.getWarpsPerCTA(), rank, 1), order, cga);
  SmallVector<int64_t> shape3d = insertAt<int64_t>(srcType.getShape(), rank, perThread);
  shape3d[axis] /= perThread;
  auto view3dType = RankedTensorType::get(shape3d, srcType.getElementType(), blocked3d);
  auto partialEncoding = SliceEncodingAttr::get(reduce.getContext(), rank, blocked3d);

  Operation *update = *reduce->user_begin();
  OpOperand &yieldUse = *update->getUses().begin();
  unsigned resultIndex = yieldUse.getOperandNumber();
  auto forOp = cast<scf::ForOp>(reduce->getBlock()->getParentOp());
  Value oldAccumulator = forOp.getInitArgs()[resultIndex];
  OpOperand &loopUse = *forOp.getResult(resultIndex).getUses().begin();

  // The partial accumulator starts at the combiner's identity.
  builder.setInsertionPointAfter(oldAccumulator.getDefiningOp());
  SmallVector<int64_t> partialShape(shape3d.begin(), shape3d.end() - 1);
  auto partialType = RankedTensorType::get(partialShape, srcType.getElementType(), partialEncoding);
  std::optional<TypedAttr> neutral = neutralElement(singleCombiner(reduce));
  if (!neutral)
    return;
  Value partialInit = arith::ConstantOp::create(builder, oldAccumulator.getLoc(), partialType,
                                                DenseElementsAttr::get(partialType, *neutral));
  scf::ForOp newLoop = replaceForOpWithNewSignature(builder, forOp, partialInit);
  BlockArgument partialArg = newLoop.getBody()->getArguments().back();

  // In the loop: reduce the thread's elements only, accumulate per thread.
  builder.setInsertionPointAfter(reduce);
  IRMapping mapping;
  for (Value operand : reduce.getOperands())
    mapping.map(operand, tt::ReshapeOp::create(builder, reduce.getLoc(), view3dType, operand,
                                               /*allow_reorder=*/true,
                                               /*efficient_layout=*/true));
  Operation *localReduce = builder.clone(*reduce, mapping);
  localReduce->setAttr("axis", builder.getI32IntegerAttr(rank));
  localReduce->getResult(0).setType(partialType);
  IRMapping updateMapping;
  updateMapping.map(update->getOperand(0), partialArg);
  updateMapping.map(update->getOperand(1), localReduce->getResult(0));
  Operation *newUpdate = cloneUpdate(builder, update, updateMapping);

  auto oldYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  builder.setInsertionPoint(oldYield);
  SmallVector<Value> yielded(oldYield.getOperands());
  yielded[resultIndex] = newLoop.getBody()->getArgument(resultIndex + 1);
  yielded.push_back(newUpdate->getResult(0));
  scf::YieldOp::create(builder, oldYield.getLoc(), yielded);
  oldYield.erase();

  // After the loop: the cross-thread reduction of the partial results, then
  // the original accumulator folded in.
  builder.setInsertionPointAfter(newLoop);
  IRMapping finalMapping;
  finalMapping.map(reduce.getOperands()[0], newLoop.getResults().back());
  Operation *finalReduce = builder.clone(*reduce, finalMapping);
  finalReduce->getResult(0).setType(
      cast<RankedTensorType>(reduce->getResult(0).getType())
          .cloneWithEncoding(SliceEncodingAttr::get(reduce.getContext(), axis, partialEncoding)));
  Value converted = ConvertLayoutOp::create(builder, reduce.getLoc(),
                                            forOp.getResult(resultIndex).getType(),
                                            finalReduce->getResult(0));
  IRMapping foldMapping;
  foldMapping.map(update->getOperand(0), oldAccumulator);
  foldMapping.map(update->getOperand(1), converted);
  Operation *finalUpdate = cloneUpdate(builder, update, foldMapping);
  loopUse.getOwner()->setOperand(loopUse.getOperandNumber(), finalUpdate->getResult(0));
  forOp.erase();
}

} // namespace

LogicalResult optimizeThreadLocality(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  patterns.add<ReshapeForReduction, WarpLocalGather>(module.getContext());
  if (failed(applyPatternsGreedily(module, std::move(patterns))))
    return failure();
  llvm::SetVector<tt::ReduceOp> reductions;
  module.walk([&](tt::ReduceOp reduce) {
    if (isLoopAccumulatedReduction(reduce))
      reductions.insert(reduce);
  });
  for (tt::ReduceOp reduce : reductions)
    accumulateLocally(reduce);
  return success();
}

namespace {

struct TritonGPUOptimizeThreadLocalityPass
    : impl::TritonGPUOptimizeThreadLocalityBase<TritonGPUOptimizeThreadLocalityPass> {
  void runOnOperation() override {
    if (failed(optimizeThreadLocality(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttg
