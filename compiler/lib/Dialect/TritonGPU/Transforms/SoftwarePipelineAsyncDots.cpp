// Warp-group dots made asynchronous in pipelined and unpipelined loops (Triton's
// asyncLaunchDots / pipelineWgmma), and the waits that follow them.
#include "SoftwarePipeline.h"

namespace trex::ttg::pipeliner {

void LoopPipeliner::makeWarpGroupDotsAsync() {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<ttng::WarpGroupDotOp> dots;
  for (Operation &op : *body)
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(&op))
      dots.push_back(dot);
  // The dot's result and its shared-memory operands, threaded through a wait.
  auto waitInputs = [](ttng::WarpGroupDotOp dot, Value result) {
    SmallVector<Value> inputs{result};
    for (Value operand : {Value(dot.getA()), Value(dot.getB())})
      if (isa<MemDescType>(operand.getType()))
        inputs.push_back(operand);
    return inputs;
  };
  auto waitRightAfter = [&](ttng::WarpGroupDotOp dot) {
    dot.setIsAsync(true);
    OpBuilder builder(dot);
    builder.setInsertionPointAfter(dot);
    SmallVector<Value> inputs = waitInputs(dot, dot.getD());
    auto wait = ttng::WarpGroupDotWaitOp::create(
        builder, dot.getLoc(), ValueRange(inputs).getTypes(), inputs, uint32_t{0});
    dot.getD().replaceAllUsesExcept(wait.getResult(0), wait);
  };
  // The accumulating dots left running into the next iteration and the readers of their
  // results in conditional blocks (a persistent matmul's epilogue).
  struct Accumulating {
    ttng::WarpGroupDotOp dot;
    SmallVector<OpOperand *> conditionalUses;
  };
  SmallVector<Accumulating> accumulating;
  for (ttng::WarpGroupDotOp dot : dots) {
    Value result = dot.getD();
    bool fp32 = cast<RankedTensorType>(result.getType()).getElementType().isF32();
    // The result reaches the loop's yield once, directly or through scf.if results; other
    // readers sit in those ifs' regions (a persistent matmul's epilogue, run when a tile is
    // done), and each block of them waits for the dot first.
    std::optional<unsigned> yieldIndex;
    SmallVector<OpOperand *> conditionalUses;
    SmallVector<OpOperand *> queue;
    for (OpOperand &use : result.getUses())
      queue.push_back(&use);
    bool yieldedOnce = true;
    while (!queue.empty() && yieldedOnce) {
      OpOperand *use = queue.pop_back_val();
      Operation *user = use->getOwner();
      if (user == yield.getOperation()) {
        yieldedOnce = !yieldIndex;
        yieldIndex = use->getOperandNumber();
        continue;
      }
      auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
      if (!ifOp || !loop->isAncestor(ifOp)) {
        yieldedOnce = false;
        continue;
      }
      if (isa<scf::YieldOp>(user)) {
        for (OpOperand &next : ifOp->getResult(use->getOperandNumber()).getUses())
          queue.push_back(&next);
        continue;
      }
      conditionalUses.push_back(use);
    }
    if (!fp32 || !yieldedOnce || !yieldIndex) {
      waitRightAfter(dot);
      continue;
    }
    unsigned index = *yieldIndex;
    BlockArgument carried = loop.getRegionIterArg(index);
    // The accumulator chain of a matmul (the carried value feeds only this dot's C) or a
    // result the next iteration reads first elsewhere (attention's `acc * alpha + P @ V`).
    // A carried value nothing reads is treated alike (Triton: every use, of none, is a
    // dot's C).
    bool accumulates =
        carried.use_empty() ||
        (carried.hasOneUse() && carried.getUses().begin()->getOwner() == dot.getOperation() &&
         dot.getC() == carried);
    if ((accumulates && !isa<MemDescType>(dot.getA().getType())) ||
        (!accumulates && !conditionalUses.empty())) {
      waitRightAfter(dot);
      continue;
    }
    // The dot still reads its operands while the next iteration runs: each must be a tile
    // of a pipelined buffer (not overwritten before the wait) or made outside the loop; a
    // local_alloc in the body (a load left in the loop) is rewritten every iteration.
    auto staysValid = [&](Value operand) {
      if (!isa<MemDescType>(operand.getType()))
        return true;
      Value viewed = stripViews(operand);
      if (auto view = viewed.getDefiningOp<MemDescIndexOp>())
        return llvm::any_of(
            loads, [&](const PipelinedLoad &entry) { return entry.buffer == view.getSrc(); });
      return !loop->isAncestor(viewed.getParentRegion()->getParentOp());
    };
    if (!staysValid(dot.getA()) || !staysValid(dot.getB())) {
      waitRightAfter(dot);
      continue;
    }
    // The next iteration's first reader of the result (where it would be waited for).
    Operation *firstReader = nullptr;
    for (Operation *user : carried.getUsers())
      if (Operation *inBody = body->findAncestorOpInBlock(*user))
        if (!firstReader || inBody->isBeforeInBlock(firstReader))
          firstReader = inBody;
    // ... which must come before that iteration's copies overwrite the buffers the dot read.
    if (!accumulates && llvm::any_of(*body, [&](Operation &op) {
          return isa<AsyncCopyGlobalToLocalOp>(op) && op.isBeforeInBlock(firstReader);
        })) {
      waitRightAfter(dot);
      continue;
    }
    dot.setIsAsync(true);
    OpBuilder builder(dot->getContext());
    if (!accumulates && threadThroughFirstWait(carried)) {
      // Waited for by an earlier dot's wait {pendings = 0} (Triton's rule 3b).
    } else if (!accumulates) {
      // Waited for in the next iteration, just before the first op that reads the result
      // (the copies at the end of that iteration overwrite the buffers it read). A held in
      // registers stays untouched until then: ptxas keeps a wgmma's register operands.
      builder.setInsertionPoint(firstReader);
      auto wait = ttng::WarpGroupDotWaitOp::create(
          builder, dot.getLoc(), TypeRange{carried.getType()}, ValueRange{carried}, uint32_t{0});
      carried.replaceAllUsesExcept(wait.getResult(0), wait);
    } else {
      accumulating.push_back({dot, std::move(conditionalUses)});
    }
    // The last dot is collected after the loop even where its result is unused: nothing
    // may reuse its buffers while it still reads them.
    Value loopResult = loop->getResult(index);
    builder.setInsertionPointAfter(loop);
    auto last =
        ttng::WarpGroupDotWaitOp::create(builder, dot.getLoc(), TypeRange{loopResult.getType()},
                                         ValueRange{loopResult}, uint32_t{0});
    loopResult.replaceAllUsesExcept(last.getResult(0), last);
  }
  // A wait {pendings = 1} after an accumulating dot lets it run on while the previous
  // iteration's is waited for (so the copies at the end of the body may overwrite what that
  // one read). Where the body already waits {pendings = 0} for another dot (before those
  // copies: they are the body's last ops), that wait completes the previous iteration's
  // dots, and Triton adds none (insertAsyncWarpGroupDotWaitInLoop).
  bool bodyWaitsForAll =
      llvm::any_of(body->getOps<ttng::WarpGroupDotWaitOp>(),
                   [](ttng::WarpGroupDotWaitOp wait) { return wait.getPendings() == 0; });
  for (Accumulating &entry : accumulating) {
    ttng::WarpGroupDotOp dot = entry.dot;
    OpBuilder builder(dot->getContext());
    Value result = dot.getD();
    Value current = result;
    if (!bodyWaitsForAll) {
      builder.setInsertionPointAfter(dot);
      SmallVector<Value> inputs = waitInputs(dot, result);
      auto wait = ttng::WarpGroupDotWaitOp::create(
          builder, dot.getLoc(), ValueRange(inputs).getTypes(), inputs, uint32_t{1});
      result.replaceAllUsesExcept(wait.getResult(0), wait);
      current = wait.getResult(0);
    }
    // A block of conditional readers waits for every dot ({pendings = 0}) before the first
    // of them, as Triton's asyncLaunchDots does.
    llvm::MapVector<Block *, SmallVector<OpOperand *>> usesByBlock;
    for (OpOperand *use : entry.conditionalUses)
      usesByBlock[use->getOwner()->getBlock()].push_back(use);
    for (auto &[block, uses] : usesByBlock) {
      Operation *first = uses.front()->getOwner();
      for (OpOperand *use : uses)
        if (use->getOwner()->isBeforeInBlock(first))
          first = use->getOwner();
      builder.setInsertionPoint(first);
      SmallVector<Value> conditionalInputs = waitInputs(dot, current);
      auto conditionalWait = ttng::WarpGroupDotWaitOp::create(
          builder, dot.getLoc(), ValueRange(conditionalInputs).getTypes(), conditionalInputs,
          uint32_t{0});
      for (OpOperand *use : uses)
        use->set(conditionalWait.getResult(0));
    }
  }
}

bool LoopPipeliner::threadThroughFirstWait(BlockArgument carried) {
  Block *body = loop.getBody();
  ttng::WarpGroupDotWaitOp first;
  for (auto wait : body->getOps<ttng::WarpGroupDotWaitOp>())
    if (wait.getPendings() == 0) {
      first = wait;
      break;
    }
  if (!first || carried.use_empty() || llvm::any_of(carried.getUsers(), [&](Operation *user) {
        Operation *inBody = body->findAncestorOpInBlock(*user);
        return !inBody || !first->isBeforeInBlock(inBody);
      }))
    return false;
  SmallVector<Value> inputs = llvm::to_vector(first.getInputs());
  inputs.push_back(carried);
  OpBuilder builder(first);
  auto wait = ttng::WarpGroupDotWaitOp::create(
      builder, first.getLoc(), ValueRange(inputs).getTypes(), inputs, first.getPendings());
  first.replaceAllUsesWith(wait.getResults().drop_back());
  first.erase();
  carried.replaceUsesWithIf(wait.getResults().back(),
                            [&](OpOperand &use) { return use.getOwner() != wait; });
  return true;
}

} // namespace trex::ttg::pipeliner
