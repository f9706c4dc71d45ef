// Warp-group dots made asynchronous in pipelined and unpipelined loops (Triton's
// asyncLaunchDots / pipelineWgmma), and the waits that follow them.
#include "SoftwarePipeline.h"

#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Layout/LinearLayoutViews.h"

namespace trex::ttg::pipeliner {

namespace {

// The layout of each half of tt.split(x) for x of `shape` in `encoding` (as the split's own
// inference gives it), or null.
Attribute splitHalfEncoding(Attribute encoding, ArrayRef<int64_t> shape) {
  if (FailureOr<Attribute> blocked = inferSplitEncoding(encoding); succeeded(blocked))
    return *blocked;
  MLIRContext *context = encoding.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<LinearEncodingAttr> linear = layout::splitAsLinearEncoding(
      encoding, shape, [&] { return emitError(UnknownLoc::get(context)); });
  return succeeded(linear) ? Attribute(*linear) : Attribute();
}

// Triton's splitLhs: the register operand `lhs` (MxK) cut along K into K / newK tensors of
// Mxnewk, in order: reshaped to Mx2x..x2xnewK, transposed so that the halves of K split
// first, split level by level, and each part converted back to the operand's layout (a
// conversion that moves nothing). Failure where a layout cannot be inferred.
FailureOr<SmallVector<Value>> splitRegisterOperand(OpBuilder &builder, Location loc,
                                                   TypedValue<RankedTensorType> lhs, int64_t newK) {
  RankedTensorType type = lhs.getType();
  int64_t rank = type.getRank();
  int64_t parts = type.getShape().back() / newK;
  SmallVector<int64_t> shape(type.getShape().drop_back());
  for (int64_t count = 1; count < parts; count *= 2)
    shape.push_back(2);
  shape.push_back(newK);
  Attribute reshapedEncoding = inferReshapeEncoding(type.getShape(), type.getEncoding(), shape);
  if (!reshapedEncoding)
    return failure();
  // The leading dims, newK, then the halves from the last (the slowest part of K) up.
  SmallVector<int32_t> order;
  for (int64_t dim = 0; dim + 1 < rank; ++dim)
    order.push_back(static_cast<int32_t>(dim));
  order.push_back(static_cast<int32_t>(shape.size()) - 1);
  for (int64_t dim = static_cast<int64_t>(shape.size()) - 2; dim >= rank - 1; --dim)
    order.push_back(static_cast<int32_t>(dim));
  Attribute transposedEncoding = inferTransEncoding(reshapedEncoding, shape, order);
  if (!transposedEncoding)
    return failure();
  SmallVector<int64_t> transposedShape;
  for (int32_t dim : order)
    transposedShape.push_back(shape[dim]);
  Type element = type.getElementType();
  Value reshaped = tt::ReshapeOp::create(
      builder, loc, RankedTensorType::get(shape, element, reshapedEncoding), lhs,
      /*allow_reorder=*/false, /*efficient_layout=*/false);
  SmallVector<Value> pieces{tt::TransOp::create(
      builder, loc, RankedTensorType::get(transposedShape, element, transposedEncoding), reshaped,
      order)};
  for (int64_t count = 1; count < parts; count *= 2) {
    SmallVector<Value> halves;
    for (Value piece : pieces) {
      auto pieceType = cast<RankedTensorType>(piece.getType());
      Attribute halfEncoding = splitHalfEncoding(pieceType.getEncoding(), pieceType.getShape());
      if (!halfEncoding)
        return failure();
      auto halfType =
          RankedTensorType::get(pieceType.getShape().drop_back(), element, halfEncoding);
      auto split = tt::SplitOp::create(builder, loc, halfType, halfType, piece);
      halves.push_back(split.getOutLHS());
      halves.push_back(split.getOutRHS());
    }
    pieces = std::move(halves);
  }
  auto operandType = type.clone(cast<RankedTensorType>(pieces.front().getType()).getShape());
  for (Value &piece : pieces)
    piece = ConvertLayoutOp::create(builder, loc, operandType, piece);
  return pieces;
}

// Triton 3.6's splitRSDot: a warp-group dot whose A is in registers becomes K / instrK dots
// of K = instrK (the wgmma instruction's), each reading its part of A and a subslice of B,
// accumulating one after the other (the later ones with useC = true), so that the loop can
// keep all but one of them in flight. The dot itself where it has nothing to split or a
// layout of the parts cannot be inferred.
SmallVector<ttng::WarpGroupDotOp> splitRegisterOperandDot(ttng::WarpGroupDotOp dot) {
  auto a = dyn_cast<TypedValue<RankedTensorType>>(dot.getA());
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
  if (!a || !mma || mma.getInstrShape().size() < 3)
    return {dot};
  int64_t k = a.getType().getShape().back();
  int64_t newK = mma.getInstrShape()[2];
  int64_t parts = newK > 0 ? k / newK : 0;
  if (parts <= 1 || k % newK != 0 || !llvm::isPowerOf2_64(parts))
    return {dot};
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  FailureOr<SmallVector<Value>> lhs = splitRegisterOperand(builder, loc, a, newK);
  if (failed(lhs)) {
    // (What was made before the failure is left unused; it is dead.)
    return {dot};
  }
  auto bType = cast<MemDescType>(dot.getB().getType());
  int64_t kDim = bType.getRank() - 2;
  SmallVector<int64_t> partShape(bType.getShape());
  partShape[kDim] = newK;
  auto partType =
      MemDescType::get(dot.getContext(), partShape, bType.getElementType(), bType.getEncoding(),
                       bType.getMemorySpace(), /*mutableMemory=*/false, bType.getAllocShape());
  SmallVector<Value> rhs;
  for (int64_t part = 0; part < parts; ++part) {
    SmallVector<int32_t> offsets(bType.getRank(), 0);
    offsets[kDim] = static_cast<int32_t>(part * newK);
    rhs.push_back(MemDescSubsliceOp::create(builder, loc, partType, dot.getB(), offsets));
  }
  Value useC = dot.getUseC();
  Value accumulator = dot.getC();
  uint32_t impreciseLeft = dot.getMaxNumImpreciseAcc();
  Value always;
  SmallVector<ttng::WarpGroupDotOp> dots;
  for (int64_t part = 0; part < parts; ++part) {
    // As Triton: 2^30 keeps a part from adding imprecise accumulations of its own.
    uint32_t take = std::min<uint32_t>(impreciseLeft, static_cast<uint32_t>(newK));
    uint32_t imprecise = take == static_cast<uint32_t>(newK) ? (1u << 30) : take;
    impreciseLeft -= take;
    auto next = ttng::WarpGroupDotOp::create(builder, loc, dot.getType(), (*lhs)[part], rhs[part],
                                             accumulator, useC, dot.getInputPrecision(), imprecise,
                                             dot.getIsAsync());
    dots.push_back(next);
    accumulator = next.getD();
    if (!always)
      always =
          arith::ConstantOp::create(builder, loc, builder.getIntegerAttr(builder.getI1Type(), 1));
    useC = always;
  }
  dot.getD().replaceAllUsesWith(accumulator);
  dot.erase();
  return dots;
}

// Triton's rsDotNeedsWait: A in registers, made in the loop, and not converted from another
// dot's accumulator; the loop may not overwrite those registers before the dot has read them.
bool registersNeedWait(ttng::WarpGroupDotOp dot, scf::ForOp loop) {
  Value a = dot.getA();
  if (!isa<RankedTensorType>(a.getType()) || loop.isDefinedOutsideOfLoop(a))
    return false;
  if (auto convert = a.getDefiningOp<ConvertLayoutOp>())
    return !isa<NvidiaMmaEncodingAttr>(convert.getSrc().getType().getEncoding());
  return true;
}

} // namespace

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
    // (A in registers does not keep a dot synchronous: Triton 3.6 makes such a dot async as
    // long as its shared-memory operand stays valid.)
    if (!accumulates && !conditionalUses.empty()) {
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
  // Without such a wait, the dots with A in registers are split along K into dots of the
  // instruction's K (splitRegisterOperandDot), and each that reads registers made in the loop
  // is followed by a wait letting all the loop's async dots but one run on (so that it has
  // read its registers before the next iteration rewrites them); where the last dot is one of
  // those, its wait is the loop's, else a wait {pendings = N} after the last dot collects the
  // previous iteration's N dots (Triton's insertAsyncWarpGroupDotWaitInLoop).
  bool registerOperands = false;
  if (!bodyWaitsForAll) {
    SmallVector<Accumulating> split;
    for (Accumulating &entry : accumulating) {
      SmallVector<ttng::WarpGroupDotOp> parts = splitRegisterOperandDot(entry.dot);
      registerOperands |= isa<RankedTensorType>(parts.back().getA().getType());
      for (ttng::WarpGroupDotOp part : ArrayRef(parts).drop_back())
        split.push_back({part, {}});
      split.push_back({parts.back(), std::move(entry.conditionalUses)});
    }
    accumulating = std::move(split);
  }
  if (registerOperands) {
    uint32_t inFlight = static_cast<uint32_t>(accumulating.size());
    for (Accumulating &entry : accumulating) {
      ttng::WarpGroupDotOp dot = entry.dot;
      if (!registersNeedWait(dot, loop))
        continue;
      OpBuilder builder(dot->getContext());
      builder.setInsertionPointAfter(dot);
      SmallVector<Value> inputs = waitInputs(dot, dot.getD());
      auto wait = ttng::WarpGroupDotWaitOp::create(
          builder, dot.getLoc(), ValueRange(inputs).getTypes(), inputs, inFlight - 1);
      dot.getD().replaceAllUsesExcept(wait.getResult(0), wait);
    }
    ttng::WarpGroupDotOp last = accumulating.back().dot;
    if (!registersNeedWait(last, loop)) {
      OpBuilder builder(last->getContext());
      builder.setInsertionPointAfter(last);
      SmallVector<Value> inputs;
      for (Accumulating &entry : accumulating)
        inputs.push_back(entry.dot.getD());
      for (Accumulating &entry : accumulating)
        for (Value operand : waitInputs(entry.dot, entry.dot.getD()))
          if (isa<MemDescType>(operand.getType()) && !llvm::is_contained(inputs, operand))
            inputs.push_back(operand);
      auto wait = ttng::WarpGroupDotWaitOp::create(builder, last.getLoc(),
                                                   ValueRange(inputs).getTypes(), inputs, inFlight);
      for (auto [index, entry] : llvm::enumerate(accumulating))
        entry.dot.getD().replaceUsesWithIf(wait.getResult(index), [&](OpOperand &use) {
          Operation *user = body->findAncestorOpInBlock(*use.getOwner());
          return user && user != wait && wait->isBeforeInBlock(user);
        });
    }
  }
  for (Accumulating &entry : accumulating) {
    ttng::WarpGroupDotOp dot = entry.dot;
    OpBuilder builder(dot->getContext());
    Value result = dot.getD();
    Value current = result;
    if (!bodyWaitsForAll && !registerOperands) {
      builder.setInsertionPointAfter(dot);
      SmallVector<Value> inputs = waitInputs(dot, result);
      auto wait = ttng::WarpGroupDotWaitOp::create(
          builder, dot.getLoc(), ValueRange(inputs).getTypes(), inputs, uint32_t{1});
      result.replaceAllUsesExcept(wait.getResult(0), wait);
      current = wait.getResult(0);
    }
    // A block of conditional readers waits for every dot ({pendings = 0}) at its start, as
    // Triton's asyncLaunchDots does (a later dot's wait ahead of an earlier one's).
    llvm::MapVector<Block *, SmallVector<OpOperand *>> usesByBlock;
    for (OpOperand *use : entry.conditionalUses)
      usesByBlock[use->getOwner()->getBlock()].push_back(use);
    for (auto &[block, uses] : usesByBlock) {
      builder.setInsertionPointToStart(block);
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
