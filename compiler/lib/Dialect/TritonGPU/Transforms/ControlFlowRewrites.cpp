// Rebuilding scf.for/scf.if with more loop-carried values or results, and the
// removal of loop-carried values that only feed themselves.
#include "trex/Dialect/TritonGPU/Transforms/ControlFlowRewrites.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace trex::ttg {

scf::ForOp replaceForOpWithNewSignature(RewriterBase &rewriter, scf::ForOp loop,
                                        ValueRange newInits,
                                        SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  inits.append(newInits.begin(), newInits.end());
  auto newLoop = scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                                    loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  newLoop.getBody()->erase();
  newLoop.getRegion().getBlocks().splice(newLoop.getRegion().getBlocks().begin(),
                                         loop.getRegion().getBlocks());
  for (Value init : newInits)
    newLoop.getBody()->addArgument(init.getType(), init.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(), newLoop.getResults().take_front(loop.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newLoop;
}

scf::ForOp replaceForOpWithNewSignature(RewriterBase &rewriter, scf::ForOp loop,
                                        ValueRange newInits) {
  SmallVector<std::tuple<Value, Value>> replacements;
  scf::ForOp newLoop = replaceForOpWithNewSignature(rewriter, loop, newInits, replacements);
  for (auto [oldResult, newResult] : replacements)
    rewriter.replaceAllUsesWith(oldResult, newResult);
  return newLoop;
}

scf::IfOp replaceIfOpWithNewSignature(RewriterBase &rewriter, scf::IfOp ifOp,
                                      TypeRange newResultTypes,
                                      SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(ifOp);
  SmallVector<Type> resultTypes(ifOp.getResultTypes());
  resultTypes.append(newResultTypes.begin(), newResultTypes.end());
  auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), resultTypes, ifOp.getCondition(),
                                 /*withElseRegion=*/true);
  newIf->setAttrs(ifOp->getAttrs());
  rewriter.inlineBlockBefore(ifOp.thenBlock(), newIf.thenBlock(), newIf.thenBlock()->begin());
  rewriter.inlineBlockBefore(ifOp.elseBlock(), newIf.elseBlock(), newIf.elseBlock()->begin());
  for (auto [oldResult, newResult] :
       llvm::zip(ifOp.getResults(), newIf.getResults().take_front(ifOp.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newIf;
}

namespace {

// Liveness over one loop: a yielded value is live if its loop result is
// used, or if it (transitively) feeds an op with side effects. Dead
// iteration arguments yield themselves afterwards, which scf.for's
// canonicalization then removes.
struct ForOpDeadArgElimination : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp forOp, PatternRewriter &rewriter) const override {
    Block &body = *forOp.getBody();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    DenseSet<Value> live;
    SmallVector<Value> worklist;
    auto markLive = [&](Value value) {
      if (!forOp->isAncestor(value.getParentRegion()->getParentOp()))
        return;
      if (live.insert(value).second)
        worklist.push_back(value);
    };
    for (auto [index, result] : llvm::enumerate(forOp.getResults()))
      if (!result.use_empty())
        markLive(yield.getOperand(index));
    if (live.size() == forOp.getNumResults())
      return failure();
    body.walk([&](Operation *op) {
      if (!isa<scf::YieldOp, scf::ForOp>(op) && !wouldOpBeTriviallyDead(op))
        for (Value operand : op->getOperands())
          markLive(operand);
    });
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto nested = value.getDefiningOp<scf::ForOp>()) {
        auto result = cast<OpResult>(value);
        markLive(nested.getTiedLoopInit(result)->get());
        markLive(cast<scf::YieldOp>(nested.getBody()->getTerminator())
                     .getOperand(result.getResultNumber()));
        continue;
      }
      if (auto nested = value.getDefiningOp<scf::IfOp>()) {
        auto result = cast<OpResult>(value);
        markLive(nested.getCondition());
        for (scf::YieldOp nestedYield : {nested.thenYield(), nested.elseYield()})
          if (nestedYield)
            markLive(nestedYield.getOperand(result.getResultNumber()));
        continue;
      }
      if (Operation *def = value.getDefiningOp()) {
        if (isa<scf::WhileOp>(def))
          return failure();
        for (Value operand : def->getOperands())
          markLive(operand);
        continue;
      }
      auto arg = cast<BlockArgument>(value);
      if (auto owner = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
        if (arg.getArgNumber() < owner.getNumInductionVars())
          continue;
        unsigned index = arg.getArgNumber() - owner.getNumInductionVars();
        markLive(owner.getBody()->getTerminator()->getOperand(index));
        markLive(owner.getInitArgs()[index]);
      }
    }
    SmallVector<unsigned> dead;
    for (auto [index, operand] : llvm::enumerate(yield->getOperands())) {
      if (live.contains(operand) || operand == body.getArgument(index + 1))
        continue;
      // A value from outside the loop is returned only if the loop runs;
      // short-circuiting it would change the result of a zero-trip loop
      // unless it equals the initial value.
      if (!forOp->isAncestor(operand.getParentRegion()->getParentOp()) &&
          operand != forOp.getInitArgs()[index])
        continue;
      dead.push_back(index);
    }
    if (dead.empty())
      return failure();
    rewriter.modifyOpInPlace(forOp, [&] {
      for (unsigned index : dead)
        yield.setOperand(index, body.getArgument(index + 1));
    });
    return success();
  }
};

} // namespace

void populateForOpDeadArgumentElimination(RewritePatternSet &patterns) {
  patterns.add<ForOpDeadArgElimination>(patterns.getContext());
}

} // namespace trex::ttg
