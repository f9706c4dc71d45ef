// The software pipeliner's rewrite of a loop: the prologue's copies, the waits and reads in
// the body, the copies of iteration k + D, the added iter_args in Triton's order and the
// epilogue.
#include "SoftwarePipeline.h"

namespace trex::ttg::pipeliner {

void LoopPipeliner::issueIteration(OpBuilder &builder, IRMapping &mapping,
                                   ArrayRef<Value> ringIndex, Value valid,
                                   ArrayRef<Operation *> stageOps) {
  Location loc = loop.getLoc();
  commitTokens.clear();
  SmallVector<Value> armed(groups.size());
  auto issue = [&](PipelinedLoad &entry) {
    if (auto descriptorLoad = entry.tmaLoad) {
      Value &barrier = armed[entry.group];
      Value index = ringIndex[entry.ring];
      if (!barrier) {
        BarrierGroup &group = groups[entry.group];
        barrier =
            MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers, index);
        ttng::BarrierExpectOp::create(builder, loc, barrier, static_cast<int32_t>(group.bytes),
                                      valid);
      }
      Value view = MemDescIndexOp::create(builder, descriptorLoad.getLoc(), viewOf(entry.buffer),
                                          entry.buffer, index);
      SmallVector<Value> indices;
      for (Value coordinate : descriptorLoad.getIndices())
        indices.push_back(mapping.lookupOrDefault(coordinate));
      ttng::AsyncTMACopyGlobalToLocalOp::create(
          builder, descriptorLoad.getLoc(), descriptorLoad.getDesc(), indices, view, barrier, valid,
          descriptorLoad.getCache(), descriptorLoad.getEvict(), /*isVolatile=*/false);
      return;
    }
    // The buffer's view, then the copy predicated on `valid`, as Triton's createAsyncCopy and
    // the expander's predication make them.
    tt::LoadOp load = entry.load;
    Value view = MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer,
                                        ringIndex[entry.ring]);
    Value pointers = mapping.lookupOrDefault(load.getPtr());
    auto maskType = RankedTensorType::get(cast<RankedTensorType>(load.getType()).getShape(),
                                          builder.getI1Type(),
                                          cast<RankedTensorType>(load.getType()).getEncoding());
    Value mask = tt::SplatOp::create(builder, loc, maskType, valid);
    if (Value loadMask = load.getMask())
      mask = arith::AndIOp::create(builder, loc, mask, mapping.lookupOrDefault(loadMask));
    Value other = load.getOther() ? mapping.lookupOrDefault(load.getOther()) : Value();
    Value token = AsyncCopyGlobalToLocalOp::create(
        builder, loc, pointers, view, mask, other, load.getCache(), load.getEvict(),
        /*isVolatile=*/false, static_cast<uint32_t>(entry.contiguity));
    commitTokens.push_back(AsyncCommitGroupOp::create(
        builder, loc, AsyncTokenType::get(loop.getContext()), ValueRange{token}));
  };
  // Without descriptor loads, each copy takes its load's place among the stage's ops (Triton
  // rewrites each load in place), where those are in body order; otherwise the copies follow
  // them (the barrier groups arm one barrier for several loads).
  bool inPlace =
      groups.empty() && llvm::is_sorted(stageOps, [](Operation *first, Operation *second) {
        return first->isBeforeInBlock(second);
      });
  size_t next = 0;
  for (Operation *op : stageOps) {
    while (inPlace && next < loads.size() && loads[next].op()->isBeforeInBlock(op))
      issue(loads[next++]);
    builder.clone(*op, mapping);
  }
  for (tt::LoadOp load : indirectLoads)
    indirectClones.push_back({mapping.lookup(load.getResult()).getDefiningOp(), valid});
  for (; next < loads.size(); ++next)
    issue(loads[next]);
}

void LoopPipeliner::readDescriptorTile(OpBuilder &builder, PipelinedLoad &entry, Operation *wait,
                                       Value readIndex) {
  Location loc = entry.op()->getLoc();
  builder.setInsertionPointAfter(wait);
  Value view = MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, readIndex);
  if (LocalAllocOp alloc = tileAlloc(entry)) {
    replaceWithMutableBuffer(alloc.getResult(), view);
    alloc.erase();
  }
  Value result = entry.op()->getResult(0);
  if (!result.use_empty()) {
    Value read = LocalLoadOp::create(builder, loc, entry.type(), view, Value());
    result.replaceAllUsesWith(read);
  }
}

void LoopPipeliner::rewrite() {
  Location loc = loop.getLoc();
  MLIRContext *context = loop.getContext();
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value inductionVar = loop.getInductionVar();
  Type ivType = inductionVar.getType();
  Type i32 = IntegerType::get(context, 32);
  SmallVector<Operation *> epilogue = collectEpilogue();

  OpBuilder builder(loop);
  for (PipelinedLoad &entry : loads) {
    RankedTensorType type = entry.type();
    SmallVector<int64_t> shape{rings[entry.ring].numBuffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    auto bufferType = MemDescType::get(shape, type.getElementType(), entry.sharedEncoding,
                                       SharedMemorySpaceAttr::get(context),
                                       /*mutableMemory=*/true);
    // A TMA buffer takes its load's location, as in Triton (the ttgir names it after the
    // loaded value); a cp.async one keeps the loop's.
    Location bufferLoc = entry.tmaLoad ? entry.op()->getLoc() : loc;
    entry.buffer = LocalAllocOp::create(builder, bufferLoc, bufferType, Value(), IntegerAttr());
  }
  // The extract index's start, made here as Triton makes it (before the barriers; the
  // constants keep that order once canonicalization hoists them).
  Value minusOne = constant(builder, i32, -1);
  // With the 0 and 1 the indices advance by (constants that canonicalization merges with any
  // earlier ones; Triton makes the three together).
  constant(builder, i32, 0);
  constant(builder, i32, 1);
  // One mbarrier per buffer for each barrier group, each expecting one arrival (the
  // barrier_expect; the copies' bytes complete the phase).
  for (BarrierGroup &group : groups) {
    int64_t numBuffers = rings[group.ring].numBuffers;
    group.barriers = LocalAllocOp::create(builder, loc, barrierRingType(context, numBuffers),
                                          Value(), IntegerAttr());
    for (int64_t index = 0; index < numBuffers; ++index) {
      Value barrier = MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers,
                                             constant(builder, i32, index));
      ttng::InitBarrierOp::create(builder, loc, barrier, 1);
    }
  }

  // Each ring's buffer count, which Triton makes at the top of the body (the last ring's
  // first) and its pipeline expander copies into the prologue: it comes before the prologue's
  // own constants, an order canonicalization keeps when it hoists them.
  for (BufferRing &ring : llvm::reverse(rings))
    constant(builder, i32, ring.numBuffers);

  // Prologue: iterations 0 .. D-1. The loop then carries the stage-0 iter_args as iteration
  // D-1 found them (its own advance is dead): as in Triton, whose scheduler puts an advance
  // feeding the next iteration's loads one stage later, just before those loads.
  SmallVector<Value> current = llvm::to_vector(loop.getInitArgs());
  SmallVector<Value> carriedInit = current;
  // Each carried value of iterations 0 .. D-1, the first inits of its D iter_args. A carried
  // iter_arg is known by its position (the loop is rebuilt below).
  SmallVector<Value> carriedInits(carried.size() * distance);
  // The commit groups of the cp.async loads of iterations 0 .. D-1, the first inits of the
  // D iter_args that carry each load's tokens to the wait of its iteration (as Triton's
  // expander carries a token from the commit in stage 0 to the wait D stages later). In an
  // indirect loop both rounds carry theirs and the body's one wait names both rounds'.
  tokenDepth = distance;
  tokenChains = hasCopies() && tokenDepth > 0
                    ? static_cast<unsigned>(
                          llvm::count_if(loads, [](const PipelinedLoad &e) { return !e.tmaLoad; }))
                    : 0;
  SmallVector<Value> tokenInits(tokenChains * tokenDepth);
  SmallVector<int> carriedArgIndex;
  for (Value value : carried) {
    auto argument = dyn_cast<BlockArgument>(value);
    carriedArgIndex.push_back(argument ? static_cast<int>(argument.getArgNumber()) - 1 : -1);
  }
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(), step = loop.getStep();
  // The advance of the iter_args stage 0 does not compute for its own loads (`ptrs +=
  // BLOCK_K`, a fused loop's inner index) runs in iteration s + 1, after its predicate and
  // before its stage 0, as Triton schedules it one stage after the loads.
  SmallVector<Operation *> advanceOps, ownOps;
  for (Operation *op : orderedStageZero)
    if (!directOps.contains(op))
      advanceOps.push_back(op);
  {
    // Stage 0 of an iteration: the prologue cluster first (collectPrologue).
    llvm::DenseSet<Operation *> prologueOps;
    SetVector<Operation *> prologueAdvance;
    collectPrologue(SetVector<Operation *>(advanceOps.begin(), advanceOps.end()), prologueOps,
                    prologueAdvance);
    for (bool prologue : {true, false})
      for (Operation *op : orderedStageZero)
        if (directOps.contains(op) && prologueOps.contains(op) == prologue)
          ownOps.push_back(op);
  }
  IRMapping previous;
  for (int64_t stage = 0; stage < distance; ++stage) {
    IRMapping mapping;
    Value offset = arith::MulIOp::create(builder, loc, step, constant(builder, ivType, stage));
    Value iv = arith::AddIOp::create(builder, loc, lower, offset);
    // (The second round's copies load for iterations validAhead further.)
    Value loadsFor = iv;
    if (validAhead != 0) {
      Value further =
          arith::MulIOp::create(builder, loc, step, constant(builder, ivType, stage + validAhead));
      loadsFor = arith::AddIOp::create(builder, loc, lower, further);
    }
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, loadsFor, upper);
    prologueValid.push_back(valid);
    if (stage > 0) {
      for (Operation *op : advanceOps)
        builder.clone(*op, previous);
      for (unsigned index : stageArgs)
        if (!directArgs.contains(index))
          current[index] = previous.lookupOrDefault(yield.getOperand(index));
    }
    if (stage == distance - 1)
      carriedInit = current;
    mapping.map(inductionVar, iv);
    for (unsigned index : stageArgs)
      mapping.map(loop.getRegionIterArgs()[index], current[index]);
    SmallVector<Value> stageIndex(rings.size(), constant(builder, i32, stage));
    issueIteration(builder, mapping, stageIndex, valid, ownOps);
    for (unsigned index : directArgs)
      current[index] = mapping.lookupOrDefault(yield.getOperand(index));
    previous = mapping;
    for (auto [number, value] : llvm::enumerate(carried))
      carriedInits[number * distance + stage] = mapping.lookupOrDefault(value);
    if (int64_t slot = stage - (distance - tokenDepth); slot >= 0)
      for (unsigned number = 0; number < tokenChains; ++number)
        tokenInits[number * tokenDepth + slot] = commitTokens[number];
    if (stage == distance - 1)
      for (Value input : advanceInputs)
        advanceInputInits.push_back(mapping.lookupOrDefault(input));
  }
  for (unsigned index : stageArgs)
    loop.getInitArgsMutable()[index].set(directArgs.contains(index) ? current[index]
                                                                    : carriedInit[index]);

  // The buffers the prefetch writes and iteration k reads are carried by the loop as Triton's
  // pipeliner carries them: the insert index (starting at D - 1, the last buffer the
  // prologue wrote) and the extract index (starting at -1), each advanced modulo NB just
  // before its use (a select, not a division by NB); with TMA loads also the phase of the
  // barriers (starting at 0), flipped whenever the extract index wraps around.
  IRRewriter rewriter(context);
  rewriter.setInsertionPoint(loop);
  // Per ring (with descriptor loads, also the barriers' phase).
  SmallVector<Value> firstIndices;
  for (BufferRing &ring : rings) {
    ring.insertArg = loop.getNumRegionIterArgs() + firstIndices.size();
    firstIndices.append({constant(rewriter, i32, distance - 1), minusOne});
    if (ring.hasBarriers)
      firstIndices.push_back(constant(rewriter, i32, 0));
  }
  unsigned indexArgs = firstIndices.size();
  // Then, for each carried value, D iter_args: the value of iterations k .. k + D - 1.
  llvm::append_range(firstIndices, carriedInits);
  // Then the advance inputs of iteration k + D - 1, then the tokens of iterations
  // k .. k + D - 1 of each cp.async load.
  llvm::append_range(firstIndices, advanceInputInits);
  llvm::append_range(firstIndices, tokenInits);
  auto advance = [&](OpBuilder &b, Value index, int64_t numBuffers, Value *wrapped) -> Value {
    Value next = arith::AddIOp::create(b, loc, index, constant(b, i32, 1));
    Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, next,
                                        constant(b, i32, numBuffers));
    if (wrapped)
      *wrapped = wraps;
    return arith::SelectOp::create(b, loc, wraps, constant(b, i32, 0), next);
  };
  unsigned indexArg = loop.getNumRegionIterArgs();
  FailureOr<LoopLikeOpInterface> extended = loop.replaceWithAdditionalYields(
      rewriter, firstIndices, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> indices) {
        return llvm::to_vector_of<Value>(indices); // set below
      });
  loop = cast<scf::ForOp>(extended->getOperation());
  body = loop.getBody();
  yield = cast<scf::YieldOp>(body->getTerminator());
  inductionVar = loop.getInductionVar();
  unsigned carriedArg = indexArg + indexArgs;
  unsigned advanceInputArg = carriedArg + carried.size() * distance;
  unsigned tokenArg = advanceInputArg + advanceInputInits.size();
  // The rest of the body reads iteration k's value of a carried one; stage 0 and the
  // pipelined loads keep reading the value stage 0 computes: the copies at the end of the
  // body are issued for iteration k + D with the values of that iteration (a descriptor
  // load's coordinates are often a carried value itself, the tile offsets of a fused
  // persistent matmul, which its epilogue reads as well).
  DenseSet<Operation *> pipelinedOps;
  for (PipelinedLoad &entry : loads)
    pipelinedOps.insert(entry.op());
  for (auto [number, value] : llvm::enumerate(carried)) {
    if (carriedArgIndex[number] >= 0)
      value = loop.getRegionIterArgs()[carriedArgIndex[number]];
    carried[number] = value;
    value.replaceUsesWithIf(
        loop.getRegionIterArgs()[carriedArg + number * distance], [&](OpOperand &use) {
          Operation *user = body->findAncestorOpInBlock(*use.getOwner());
          return user && user != yield.getOperation() && !pipelinedOps.contains(user) &&
                 !llvm::is_contained(orderedStageZero, user);
        });
  }

  // The loop body: whether iteration k + D exists (Triton's `k < ub - D * step`), the
  // extract index (and phase), then wait for this iteration's tiles and read its buffers.
  builder.setInsertionPointToStart(body);
  Value stepAhead = arith::MulIOp::create(builder, loc, step, constant(builder, ivType, distance));
  Value lastPrefetching = arith::SubIOp::create(
      builder, loc, upper,
      validAhead == 0 ? stepAhead
                      : arith::MulIOp::create(builder, loc, step,
                                              constant(builder, ivType, distance + validAhead))
                            .getResult());
  Value valid =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, inductionVar, lastPrefetching);

  // The loop carries the stage-0 iter_args of iteration k + D - 1; their advance to k + D
  // (the part of stage 0 that computes the yielded values, not read by the loads of its own
  // iteration) runs before the stage 0 of iteration k + D that reads it, as Triton schedules
  // it: one stage later, in the cluster just before.
  SetVector<Operation *> advanceSlice;
  for (Operation *op : orderedStageZero)
    if (!directOps.contains(op))
      advanceSlice.insert(op);
  IRMapping advanceMapping;
  for (auto [number, input] : llvm::enumerate(advanceInputs))
    advanceMapping.map(input, loop.getRegionIterArgs()[advanceInputArg + number]);
  bool ivMapped = false;
  IRMapping mapping;
  auto cloneAdvance = [&](llvm::function_ref<bool(Operation *)> filter) {
    SmallVector<Operation *> ops;
    for (Operation *op : advanceSlice)
      if (filter(op))
        ops.push_back(op);
    if (ops.empty())
      return;
    if (!ivMapped && llvm::any_of(ops, [&](Operation *op) {
          return llvm::is_contained(op->getOperands(), inductionVar);
        })) {
      Value stepsBefore =
          arith::MulIOp::create(builder, loc, step, constant(builder, ivType, distance - 1));
      advanceMapping.map(inductionVar,
                         arith::AddIOp::create(builder, loc, inductionVar, stepsBefore));
      ivMapped = true;
    }
    for (Operation *op : ops)
      builder.clone(*op, advanceMapping);
    for (unsigned index : stageArgs) {
      if (directArgs.contains(index))
        continue;
      Operation *def = yield.getOperand(index).getDefiningOp();
      if (!def || !llvm::is_contained(ops, def))
        continue;
      Value advanced = advanceMapping.lookup(yield.getOperand(index));
      mapping.map(loop.getRegionIterArgs()[index], advanced);
      yield->setOperand(index, advanced);
    }
  };
  // An advanced iter_arg whose yielded value stage 0 does not compute (a value from outside
  // the loop) takes it as it is.
  for (unsigned index : stageArgs) {
    if (directArgs.contains(index))
      continue;
    Operation *def = yield.getOperand(index).getDefiningOp();
    if (def && advanceSlice.contains(def))
      continue;
    Value advanced = advanceMapping.lookupOrDefault(yield.getOperand(index));
    mapping.map(loop.getRegionIterArgs()[index], advanced);
    yield->setOperand(index, advanced);
  }
  llvm::DenseSet<Operation *> prologueOps;
  SetVector<Operation *> prologueAdvance;
  collectPrologue(advanceSlice, prologueOps, prologueAdvance);
  Value ivAhead;
  if (!prologueOps.empty()) {
    cloneAdvance([&](Operation *op) { return prologueAdvance.contains(op); });
    bool readsIv = llvm::any_of(prologueOps, [&](Operation *op) {
      bool found = llvm::is_contained(op->getOperands(), inductionVar);
      op->walk([&](Operation *nested) {
        found |= llvm::is_contained(nested->getOperands(), inductionVar);
      });
      return found;
    });
    if (readsIv) {
      ivAhead = arith::AddIOp::create(builder, loc, inductionVar, stepAhead);
      mapping.map(inductionVar, ivAhead);
    }
    for (Operation *op : orderedStageZero)
      if (prologueOps.contains(op))
        builder.clone(*op, mapping);
  }

  // Each ring's extract index (and phase), the last ring's first, as Triton makes them at the
  // top of the body one ring after the other.
  for (BufferRing &ring : llvm::reverse(rings)) {
    Value extractArg = loop.getRegionIterArgs()[ring.insertArg + 1];
    // In the second round of an indirect loop one buffer is always buffer 0 (Triton's
    // indices of that ring fold away).
    bool singleRing = onlyLoad && ring.numBuffers == 1;
    ring.readIndex = singleRing ? constant(builder, i32, 0)
                                : advance(builder, extractArg, ring.numBuffers, &ring.wraps);
    yield->setOperand(ring.insertArg + 1, singleRing ? extractArg : ring.readIndex);
    if (ring.hasBarriers) {
      Value phaseArg = loop.getRegionIterArgs()[ring.insertArg + 2];
      Value flipped = arith::XOrIOp::create(builder, loc, phaseArg, constant(builder, i32, 1));
      ring.phase = arith::SelectOp::create(builder, loc, ring.wraps, flipped, phaseArg);
      yield->setOperand(ring.insertArg + 2, ring.phase);
    }
  }
  if (hasCopies()) {
    int64_t copies = llvm::count_if(loads, [](const PipelinedLoad &e) { return !e.tmaLoad; });
    // With the copies of iteration k + D issued before the wait (copiesFirst), D iterations'
    // groups may be pending.
    int64_t pendingGroups = (copiesFirst ? distance : distance - 1) * copies;
    // It waits for the tokens of iteration k (the oldest of each load's chain).
    SmallVector<Value> tokens;
    for (unsigned number = 0; number < tokenChains; ++number)
      tokens.push_back(loop.getRegionIterArgs()[tokenArg + number * tokenDepth]);
    // The wait and the reads take the place of the first copied load (Triton's createAsyncCopy
    // puts them where the load was): what the body computes before it for other ops stays
    // before them.
    OpBuilder::InsertionGuard atLoad(builder);
    Operation *firstLoad = nullptr;
    for (PipelinedLoad &entry : loads)
      if (!entry.tmaLoad && (!firstLoad || entry.op()->isBeforeInBlock(firstLoad)))
        firstLoad = entry.op();
    builder.setInsertionPoint(firstLoad);
    Value wait = AsyncWaitOp::create(builder, loc, tokens, static_cast<uint32_t>(pendingGroups));
    firstWait = wait.getDefiningOp();
    for (PipelinedLoad &entry : loads)
      if (!entry.tmaLoad)
        readCopiedTile(builder, entry, wait, rings[entry.ring].readIndex);
  }
  // Each barrier group is waited for where its last load was (its readers all follow).
  for (BarrierGroup &group : groups) {
    Operation *last = loads[group.loads.back()].op();
    builder.setInsertionPointAfter(last);
    BufferRing &ring = rings[group.ring];
    Value barrier = MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers,
                                           ring.readIndex);
    auto wait = ttng::WaitBarrierOp::create(builder, loc, barrier, ring.phase, Value());
    for (unsigned index : group.loads)
      readDescriptorTile(builder, loads[index], wait, ring.readIndex);
  }

  // At the end of the body: the rest of the advance, the insert index, then the rest of stage
  // 0 and the copies of iteration k + D (before the wait where the loads are read only in
  // conditionals: copiesFirst).
  builder.setInsertionPoint(copiesFirst ? firstWait : yield.getOperation());
  cloneAdvance([&](Operation *op) { return !prologueAdvance.contains(op); });
  // One buffer (a two-stage loop whose tiles are read into registers): every copy goes to
  // buffer 0 and the insert index folds away, as in Triton.
  // In the second round of an indirect loop with a ring as deep as its distance, the buffer
  // iteration k + D is copied into is the one iteration k read: one index serves both (the
  // insert index folds away, as Triton's do).
  // (Each ring's, the last ring's first.)
  SmallVector<Value> writeIndex(rings.size());
  for (size_t number = rings.size(); number-- > 0;) {
    BufferRing &ring = rings[number];
    Value insertArg = loop.getRegionIterArgs()[ring.insertArg];
    bool sharedIndex = onlyLoad && ring.numBuffers == distance;
    writeIndex[number] = ring.numBuffers == 1 ? constant(builder, i32, 0)
                         : sharedIndex        ? ring.readIndex
                                       : advance(builder, insertArg, ring.numBuffers, nullptr);
    yield->setOperand(ring.insertArg,
                      ring.numBuffers == 1 || sharedIndex ? insertArg : writeIndex[number]);
  }
  if (!ivAhead) {
    ivAhead = arith::AddIOp::create(builder, loc, inductionVar, stepAhead);
    mapping.map(inductionVar, ivAhead);
  }
  SmallVector<Operation *> restOfStageZero;
  for (Operation *op : orderedStageZero)
    if (directOps.contains(op) && !prologueOps.contains(op))
      restOfStageZero.push_back(op);
  issueIteration(builder, mapping, writeIndex, valid, restOfStageZero);
  // Copies issued before the wait: each cp.async ring's extract index is advanced after them,
  // just before the wait that reads it, where Triton's schedule puts it (with the wait's
  // stage and cluster); otherwise the top of the body is that place already.
  if (copiesFirst && firstWait)
    for (BufferRing &ring : llvm::reverse(rings)) {
      auto select = ring.readIndex ? ring.readIndex.getDefiningOp<arith::SelectOp>() : nullptr;
      if (ring.hasBarriers || !select)
        continue;
      auto wraps = select.getCondition().getDefiningOp<arith::CmpIOp>();
      auto next = select.getFalseValue().getDefiningOp<arith::AddIOp>();
      if (!wraps || !next)
        continue;
      for (Operation *op : {next.getOperation(), wraps.getOperation(), select.getOperation()})
        op->moveBefore(firstWait);
    }
  for (unsigned number = 0; number < tokenChains; ++number) {
    unsigned first = tokenArg + number * tokenDepth;
    for (int64_t older = 0; older + 1 < tokenDepth; ++older)
      yield->setOperand(first + older, loop.getRegionIterArgs()[first + older + 1]);
    yield->setOperand(first + tokenDepth - 1, commitTokens[number]);
  }
  for (unsigned index : directArgs)
    yield->setOperand(index, mapping.lookupOrDefault(yield.getOperand(index)));
  for (auto [number, value] : llvm::enumerate(carried)) {
    unsigned first = carriedArg + number * distance;
    for (int64_t older = 0; older + 1 < distance; ++older)
      yield->setOperand(first + older, loop.getRegionIterArgs()[first + older + 1]);
    yield->setOperand(first + distance - 1, mapping.lookupOrDefault(value));
  }
  for (auto [number, input] : llvm::enumerate(advanceInputs))
    yield->setOperand(advanceInputArg + number, mapping.lookupOrDefault(input));
  for (PipelinedLoad &entry : loads)
    entry.op()->erase();
  for (Operation *op : llvm::reverse(orderedStageZero))
    op->erase();
  for (Operation *op : epilogue)
    op->moveBefore(yield);
  orderAddedIterArgs(carriedArg);

  // After the loop: wait for the copies still in flight (cp.async; a TMA copy past the end
  // was never issued), invalidate and free the barriers, free the buffers (the ones made
  // last first, as Triton places each right after the loop when it makes the allocation).
  builder.setInsertionPointAfter(loop);
  // (The second round of an indirect loop leaves both to the first: pipelineIndirect.)
  if (onlyLoad)
    return;
  if (hasCopies())
    postLoopWait = AsyncWaitOp::create(builder, loc, ValueRange{}, uint32_t{0});
  if (groups.empty()) {
    for (PipelinedLoad &entry : llvm::reverse(loads))
      LocalDeallocOp::create(builder, loc, entry.buffer);
    return;
  }
  for (BarrierGroup &group : llvm::reverse(groups)) {
    for (int64_t index = 0; index < rings[group.ring].numBuffers; ++index) {
      Value barrier = MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers,
                                             constant(builder, i32, index));
      ttng::InvalBarrierOp::create(builder, loc, barrier);
    }
    LocalDeallocOp::create(builder, loc, group.barriers);
  }
  for (PipelinedLoad &entry : llvm::reverse(loads))
    LocalDeallocOp::create(builder, loc, entry.buffer);
}

void LoopPipeliner::collectPrologue(const SetVector<Operation *> &advanceSlice,
                                    llvm::DenseSet<Operation *> &prologueOps,
                                    SetVector<Operation *> &prologueAdvance) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value inductionVar = loop.getInductionVar();
  SmallVector<Operation *> pending;
  for (Operation *op : orderedStageZero)
    if (isa<scf::IfOp>(op) && directOps.contains(op))
      pending.push_back(op);
  while (!pending.empty()) {
    Operation *op = pending.pop_back_val();
    if (!prologueOps.insert(op).second)
      continue;
    SmallVector<Value> read(op->getOperands());
    if (op->getNumRegions() != 0) {
      SetVector<Value> above;
      getUsedValuesDefinedAbove(op->getRegions(), above);
      read.append(above.begin(), above.end());
    }
    for (Value value : read) {
      Operation *def = value.getDefiningOp();
      if (def && directOps.contains(def) && llvm::is_contained(orderedStageZero, def))
        pending.push_back(def);
      auto argument = dyn_cast<BlockArgument>(value);
      if (!argument || argument.getOwner() != body || argument == inductionVar)
        continue;
      unsigned index = argument.getArgNumber() - 1;
      if (!stageArgs.contains(index) || directArgs.contains(index))
        continue;
      if (Operation *advanceDef = yield.getOperand(index).getDefiningOp();
          advanceDef && advanceSlice.contains(advanceDef)) {
        BackwardSliceOptions options;
        options.inclusive = true;
        options.filter = [&](Operation *candidate) { return advanceSlice.contains(candidate); };
        (void)getBackwardSlice(advanceDef, &prologueAdvance, options);
      }
    }
  }
}

SmallVector<Operation *> LoopPipeliner::collectEpilogue() {
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  llvm::DenseSet<Value> tiles;
  for (PipelinedLoad &entry : loads) {
    tiles.insert(entry.op()->getResult(0));
    if (entry.tmaLoad)
      if (LocalAllocOp alloc = tileAlloc(entry))
        tiles.insert(alloc.getResult());
  }
  // Ops that stay in place and touch memory: an if running before one of them stays before it.
  llvm::DenseSet<Operation *> replaced;
  for (PipelinedLoad &entry : loads) {
    replaced.insert(entry.op());
    if (LocalAllocOp alloc = tileAlloc(entry))
      replaced.insert(alloc);
  }
  auto touchesMemory = [&](Operation &op) {
    return !replaced.contains(&op) && !llvm::is_contained(orderedStageZero, &op) &&
           !isMemoryEffectFree(&op) && !isa<scf::YieldOp>(op);
  };
  llvm::DenseSet<Operation *> moved;
  for (Operation &op : *body) {
    auto ifOp = dyn_cast<scf::IfOp>(&op);
    if (!ifOp || llvm::is_contained(orderedStageZero, &op))
      continue;
    bool memoryAfter = false;
    for (Operation *next = op.getNextNode(); next && !memoryAfter; next = next->getNextNode())
      memoryAfter = touchesMemory(*next);
    if (memoryAfter)
      continue;
    if (llvm::any_of(op.getUsers(), [&](Operation *user) { return user != yield; }))
      continue;
    SetVector<Value> read;
    getUsedValuesDefinedAbove(op.getRegions(), read);
    read.insert(op.operand_begin(), op.operand_end());
    if (llvm::any_of(read, [&](Value value) { return tiles.contains(value); }))
      continue;
    moved.insert(&op);
  }
  if (moved.empty())
    return {};
  // The side-effect-free scalar ops only the moved ones read (the epilogue's condition).
  for (Operation &op : llvm::reverse(*body)) {
    if (moved.contains(&op) || op.getNumRegions() != 0 || !isMemoryEffectFree(&op) ||
        llvm::is_contained(orderedStageZero, &op) || op.use_empty() ||
        llvm::any_of(op.getResultTypes(), [](Type type) { return isa<ShapedType>(type); }))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          Operation *inBody = body->findAncestorOpInBlock(*user);
          return inBody && moved.contains(inBody);
        }))
      moved.insert(&op);
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : *body)
    if (moved.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

void LoopPipeliner::orderAddedIterArgs(unsigned first) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned count = loop.getNumRegionIterArgs();
  // The chains: [start, end) of each carried value, one slot per advance input.
  SmallVector<std::pair<unsigned, unsigned>> chains;
  unsigned position = first;
  for (size_t number = 0; number < carried.size(); ++number, position += distance)
    chains.push_back({position, position + static_cast<unsigned>(distance)});
  unsigned depth = static_cast<unsigned>(tokenDepth);
  unsigned tokensStart = count - tokenChains * depth;
  for (; position < tokensStart; ++position)
    chains.push_back({position, position + 1});
  for (; position < count; position += depth)
    chains.push_back({position, position + depth});
  DenseMap<Operation *, unsigned> order;
  for (auto [index, op] : llvm::enumerate(*body))
    order[&op] = index;
  auto firstRead = [&](std::pair<unsigned, unsigned> chain) {
    unsigned best = std::numeric_limits<unsigned>::max();
    for (unsigned index = chain.first; index < chain.second; ++index)
      for (Operation *user : loop.getRegionIterArgs()[index].getUsers()) {
        Operation *inBody = body->findAncestorOpInBlock(*user);
        if (inBody && inBody != yield.getOperation())
          best = std::min(best, order.lookup(inBody));
      }
    return best;
  };
  SmallVector<std::pair<unsigned, unsigned>> sorted = chains;
  llvm::stable_sort(sorted, [&](auto a, auto b) { return firstRead(a) < firstRead(b); });
  if (sorted == chains)
    return;
  SmallVector<unsigned> permutation; // new position -> old position
  for (unsigned index = 0; index < first; ++index)
    permutation.push_back(index);
  for (auto [start, end] : sorted)
    for (unsigned index = start; index < end; ++index)
      permutation.push_back(index);
  SmallVector<Value> inits;
  for (unsigned old : permutation)
    inits.push_back(loop.getInitArgs()[old]);
  OpBuilder builder(loop);
  auto reordered = scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                                      loop.getUpperBound(), loop.getStep(), inits);
  reordered->setAttrs(loop->getAttrs());
  Block *newBody = reordered.getBody();
  if (!newBody->empty())
    newBody->getTerminator()->erase();
  newBody->getOperations().splice(newBody->end(), body->getOperations());
  loop.getInductionVar().replaceAllUsesWith(reordered.getInductionVar());
  for (auto [position, old] : llvm::enumerate(permutation))
    loop.getRegionIterArgs()[old].replaceAllUsesWith(reordered.getRegionIterArgs()[position]);
  SmallVector<Value> yielded;
  for (unsigned old : permutation)
    yielded.push_back(yield.getOperand(old));
  yield->setOperands(yielded);
  for (auto [position, old] : llvm::enumerate(permutation))
    loop->getResult(old).replaceAllUsesWith(reordered->getResult(position));
  loop->erase();
  loop = reordered;
}

void LoopPipeliner::readCopiedTile(OpBuilder &builder, PipelinedLoad &entry, Value wait,
                                   Value readIndex) {
  Location loc = loop.getLoc();
  Value view = MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, readIndex);
  if (entry.plain) {
    Value read = LocalLoadOp::create(builder, loc, entry.load.getType(), view, wait);
    entry.load.getResult().replaceAllUsesWith(read);
    return;
  }
  for (Operation *user : llvm::make_early_inc_range(entry.load->getUsers())) {
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      Value read = LocalLoadOp::create(builder, loc, convert.getType(), view, wait);
      convert.replaceAllUsesWith(read);
      convert.erase();
      continue;
    }
    auto alloc = cast<LocalAllocOp>(user);
    for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses())) {
      if (auto localLoad = dyn_cast<LocalLoadOp>(use.getOwner())) {
        Value read = LocalLoadOp::create(builder, loc, localLoad.getType(), view, wait);
        localLoad.replaceAllUsesWith(read);
        localLoad.erase();
        continue;
      }
      // A warp-group dot reads the buffer itself (through a transposed view: a mutable one).
      if (isa<MemDescTransOp>(use.getOwner()))
        continue;
      use.set(view);
    }
    if (!alloc->use_empty())
      replaceWithMutableBuffer(alloc.getResult(), view);
    alloc.erase();
  }
}

} // namespace trex::ttg::pipeliner
