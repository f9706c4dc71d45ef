// tritongpu-pipeline: software pipelining (cp.async) of scf.for loops whose dot operands are
// tt.load-ed in the loop.
//
// A simplified form of Triton 3.6's assign-latencies / schedule-loops / pipeline: every load
// that feeds a dot (as its operand, or through other ops into an unswizzled buffer read back
// in the load's layout) gets latency num_stages - 1 (D), everything else latency 0, so the schedule
// has two stages. Stage 0 is the loads and the ops that compute their operands (pointers,
// masks) including the loop-carried values those ops advance (`ptrs += BLOCK_K`); stage 1 is
// the rest. Stage 0 runs D iterations ahead:
//
//   prologue: for s in [0, D): copy iteration s's tiles into buffer s   (one group per load)
//   loop k:   wait until iteration k's groups are complete (D - 1 iterations' may be pending)
//             read buffer k % NB (local_load to the dot operand layout, or the buffer itself
//             for a warp-group dot that reads shared memory)
//             ... the dot ...
//             copy iteration k + D's tiles into buffer (k + D) % NB      (one group per load)
//   after:    wait for all groups; free the buffers
//
// The wait names the groups it waits for, as Triton's does: the loop carries each cp.async
// load's commit tokens of iterations k .. k + D - 1 (D iter_args per load, after the others the
// pipeliner adds, ordered by first reader with them) and the wait takes iteration k's; its
// count is the groups issued after those (D - 1 iterations' worth, D with copiesFirst). The
// wait after the loop names none.
// Copies for iterations past the end are masked off (cp.async zero-fills; nothing is read).
// The copies of iteration k are issued after its dot, into a buffer an earlier iteration
// read; the lowering puts a CTA barrier before each run of copies, so every thread is past
// those reads. Where the reads are local_loads into registers, the buffer read in iteration k
// is free once they are done: NB = D buffers (Triton's count for mma.sync). A warp-group dot
// (wgmma) reads shared memory while it runs and is made asynchronous: it is only issued, and
// a ttng.warp_group_dot_wait {pendings = 1} after it lets it run on while waiting for the
// previous iteration's dot; the copies then overwrite the buffer that dot read, so NB = D + 1
// (Triton's count for wgmma). The count is each load's (a wgmma with A upcast in registers
// reads A's buffer through registers, D deep, and B's from shared memory, D + 1 deep); the
// loads of one count share a ring: an insert and an extract index (and a barrier phase) of
// their own, the rings' iter_args in the order of their first loads and their indices
// advanced last ring first (Triton's lowerLoads groups loads so).
//
// The loop keeps its iter_args: the stage-0 ones start advanced and the originals become dead.
// Stage 0 may hold side-effect-free scf.ifs (a persistent matmul's next-tile offsets, a fused
// loop nest's prologue), cloned whole. An iter_arg whose yielded value the loads' own
// iteration computes starts D iterations advanced and stage 0 advances it; one advanced only
// for the next iteration's loads (`ptrs += BLOCK_K`) starts D - 1 advanced and is advanced
// just before the copies (Triton schedules that advance one stage later), with the values of
// the loads' iteration it reads carried one iteration. A stage-0 value or iter_arg the rest of
// the body reads too (the epilogue's tile offsets, a fused loop's tile counter) is carried
// through D iter_args to the iteration that reads it; an advanced value read elsewhere (a
// pointer also stored in the loop) leaves the loop alone.
//
// Descriptor loads (tt.descriptor_load of a descriptor made outside the loop, sm_90) that feed
// a dot are pipelined the same way as TMA copies, as Triton's createTMAAsyncLoad does: the
// buffer has the descriptor's layout, and consecutive descriptor loads with no reader of any of
// them in between (a matmul's A and B) share a ring of NB mbarriers (a `NBx1xi64` allocation,
// each initialized for one arrival). Each iteration arms the barrier of the buffer it fills
// (`ttng.barrier_expect` with the group's bytes, predicated like the copies) and starts the
// copies on it; a reader waits on the barrier of buffer k % NB with the phase, a third
// loop-carried value (after the insert and extract indices, before the carried values)
// flipped whenever the extract index wraps. A local_alloc of the loaded tile
// in the descriptor's layout (a warp-group dot's operand) becomes the buffer's tile itself;
// other readers get a local_load of it. After the loop the barriers are invalidated and freed.
//
// The body is laid out as Triton's coarse schedule orders it: the predicate of iteration k + D;
// a fused loop's prologue (the stage-0 scf.if computing the next tile's offsets, with the
// stage-0 ops it reads and the advance of the iter_args they read: Triton's prologue cluster);
// the extract index, the waits and the rest of the body; the rest of the advance; the insert
// index; the rest of stage 0 and the copies; last the epilogue (scf.ifs outside stage 0 whose
// results only the next iteration reads, Triton's epilogue cluster). The prologue runs the
// advance of iteration s - 1 after the predicate of iteration s. The iter_args added for
// carried values and advance inputs are ordered by their first reader in the body, as
// Triton's expander adds them. After pipelining, the descriptor stores of every loop with
// num_stages > 1 go through one shared-memory buffer made before the loop
// (pipelineDescriptorStores, Triton's pipelineTMAStores).
//
// Beyond loads that feed dots, as Triton's assign-latencies and schedule-loops decide:
// - A loop that asks for its own depth (tl.range(num_stages=N)) and holds no dot has its loads
//   pipelined whatever reads them (pipelineWithoutDot), into unswizzled buffers read back in the
//   loads' layouts; a non-zero `other` stays on the copy and a select on the load's mask applies
//   it after the read. Loads read only in scf.ifs (Triton moves such an if to an epilogue cluster
//   after the copies) get the rest of the advance, the insert index, stage 0 and the copies
//   issued before the wait, into D + 1 buffers. A load whose value is carried to the next
//   iteration is left alone, as in Triton 3.6.
// - An index load whose values the tiles' pointers come from (an indirect matmul) is an
//   indirection level: the tiles run D / 2 iterations ahead and the index load D / 2 more, in
//   two rounds of this pipeliner (pipelineIndirect), the body waiting once for both.
// - The warp-group dots of loops that are not pipelined are issued asynchronously too (Triton's
//   pipelineWgmma for every loop of at least one stage): one whose operands are made in the
//   body is waited for {pendings = 0} right after it.
// - One buffer (a two-stage loop whose tiles are read into registers): every copy goes to
//   buffer 0 and the insert index folds away, as in Triton.
#include "SoftwarePipeline.h"

#include "trex/Dialect/TritonGPU/Transforms/LoopStages.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace pipeliner {

bool LoopPipeliner::run() {
  if (!collectLoads() || !collectStageZero()) {
    dropOtherSelects();
    return false;
  }
  FailureOr<bool> conditional = readOnlyInConditionals();
  if (failed(conditional)) {
    dropOtherSelects();
    return false;
  }
  copiesFirst = *conditional;
  assignRings();
  groupBarriers();
  rewrite();
  if (onlyLoad)
    return true;
  makeWarpGroupDotsAsync();
  if (!indirectLoads.empty())
    pipelineIndirect();
  return true;
}

void LoopPipeliner::assignRings() {
  for (PipelinedLoad &entry : loads) {
    int64_t count = entry.readByWarpGroupDot || copiesFirst ? distance + 1 : distance;
    auto found =
        llvm::find_if(rings, [&](const BufferRing &ring) { return ring.numBuffers == count; });
    entry.ring = static_cast<unsigned>(found - rings.begin());
    if (found == rings.end())
      rings.push_back(BufferRing{count});
  }
}

std::optional<int64_t> LoopPipeliner::groupsCommittedAfter(ValueRange tokens, Operation *wait) {
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  SmallVector<Operation *> commits;
  int64_t beforeWait = 0;
  for (Operation &op : *body)
    if (isa<AsyncCommitGroupOp>(op)) {
      commits.push_back(&op);
      beforeWait += op.isBeforeInBlock(wait);
    }
  auto count = static_cast<int64_t>(commits.size());
  std::optional<int64_t> fewest;
  auto keep = [&](int64_t after) { fewest = fewest ? std::min(*fewest, after) : after; };
  for (Value token : tokens) {
    auto argument = dyn_cast<BlockArgument>(token);
    if (!argument || argument.getOwner() != body || argument.getArgNumber() == 0)
      return std::nullopt;
    // At the loop's entry: the prologue's commits after the one this iter_arg starts with.
    auto initial =
        loop.getInitArgs()[argument.getArgNumber() - 1].getDefiningOp<AsyncCommitGroupOp>();
    if (!initial || initial->getBlock() != loop->getBlock())
      return std::nullopt;
    int64_t atEntry = 0;
    for (Operation *op = initial->getNextNode(); op && op != loop.getOperation();
         op = op->getNextNode())
      atEntry += isa<AsyncCommitGroupOp>(op);
    keep(atEntry + beforeWait);
    // In the body: back through the iter_args to the commit of `age` iterations ago.
    int64_t age = 0;
    Value value = token;
    while (auto carried = dyn_cast<BlockArgument>(value)) {
      if (carried.getOwner() != body || carried.getArgNumber() == 0 || age > 64)
        return std::nullopt;
      value = yield->getOperand(carried.getArgNumber() - 1);
      ++age;
    }
    auto *found = llvm::find(commits, value.getDefiningOp());
    if (found == commits.end())
      return std::nullopt;
    keep((count - 1 - (found - commits.begin())) + (age - 1) * count + beforeWait);
  }
  return fewest;
}

bool LoopPipeliner::issuePrologueByStage(SmallVector<AsyncCommitGroupOp> stageGroups,
                                         SmallVector<AsyncWaitOp> stageWaits, Value ring) {
  size_t stages = stageGroups.size();
  if (stages < 2 || stageWaits.size() != stages)
    return false;
  Block *block = loop->getBlock();
  // The second round's prologue copies: the index copies into the ring between the last
  // stage's wait and the loop, one per stage.
  auto writesRing = [&](Operation *op) {
    auto group = dyn_cast<AsyncCommitGroupOp>(op);
    if (!group || group.getInputTokens().size() != 1)
      return false;
    auto copy = group.getInputTokens()[0].getDefiningOp<AsyncCopyGlobalToLocalOp>();
    auto view = copy ? copy.getDst().getDefiningOp<MemDescIndexOp>() : MemDescIndexOp();
    return view && view.getSrc() == ring;
  };
  SmallVector<Operation *> secondGroups;
  for (Operation *op = stageWaits.back()->getNextNode(); op && op != loop.getOperation();
       op = op->getNextNode())
    if (writesRing(op))
      secondGroups.push_back(op);
  if (secondGroups.size() != stages || stageGroups.front()->getBlock() != block)
    return false;
  // The index copies of iterations 1 .. D-1 right after the first one, as Triton's expander
  // issues stage 0 of every prologue iteration before the later stages of the first.
  for (size_t stage = 1; stage < stages; ++stage) {
    hoistAfter(stageGroups[stage].getResult(), stageGroups[stage - 1]);
    if (!stageGroups[stage]->isBeforeInBlock(stageWaits[0]))
      return false;
  }
  // Then each iteration's tiles, followed by the index copy of the iteration D further.
  for (size_t stage = 0; stage < stages; ++stage) {
    Operation *end =
        stage + 1 < stages ? stageWaits[stage + 1].getOperation() : secondGroups[stage];
    Operation *lastCommit = nullptr;
    for (Operation *op = stageWaits[stage]->getNextNode(); op && op != end; op = op->getNextNode())
      if (isa<AsyncCommitGroupOp>(op))
        lastCommit = op;
    if (!lastCommit)
      return false;
    hoistAfter(secondGroups[stage]->getResult(0), lastCommit);
    if (stage + 1 < stages && !secondGroups[stage]->isBeforeInBlock(end))
      return false;
  }
  // Each prologue wait lets pending the groups committed after the one it waits for.
  for (auto [group, wait] : llvm::zip(stageGroups, stageWaits)) {
    uint32_t after = 0;
    for (Operation *op = group->getNextNode(); op && op != wait.getOperation();
         op = op->getNextNode())
      after += isa<AsyncCommitGroupOp>(op);
    wait.setNum(after);
  }
  return true;
}

void LoopPipeliner::pipelineIndirect() {
  auto [inLoop, inLoopValid] = indirectClones.back();
  // The first round leaves dead clones of stage 0 (the advance it also made by hand).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*loop.getBody())))
    if (isOpTriviallyDead(&op))
      op.erase();
  LoopPipeliner second(loop, distance + 1, axisInfo);
  second.onlyLoad = inLoop;
  second.validAhead = distance;
  if (!second.run()) {
    // The index loads stay loads: those of iterations past the end are masked off.
    for (auto [clone, valid] : indirectClones)
      maskLoad(cast<tt::LoadOp>(clone), valid);
    return;
  }
  loop = second.loop;
  PipelinedLoad &ring = second.loads.front();
  Operation *ringAlloc = ring.buffer.getDefiningOp();
  ringAlloc->moveBefore(loads.front().buffer.getDefiningOp());
  Type i32 = IntegerType::get(loop.getContext(), 32);
  SmallVector<AsyncCommitGroupOp> stageGroups;
  SmallVector<AsyncWaitOp> stageWaits;
  for (auto [stage, entry] : llvm::enumerate(ArrayRef(indirectClones).drop_back())) {
    auto load = cast<tt::LoadOp>(entry.first);
    Value valid = entry.second;
    OpBuilder builder(load);
    Location loc = load.getLoc();
    Value index = arith::ConstantOp::create(
        builder, loc,
        builder.getIntegerAttr(i32, static_cast<int64_t>(stage) % second.rings.front().numBuffers));
    Value view = MemDescIndexOp::create(builder, loc, viewOf(ring.buffer), ring.buffer, index);
    auto loadType = cast<RankedTensorType>(load.getType());
    auto maskType =
        RankedTensorType::get(loadType.getShape(), builder.getI1Type(), loadType.getEncoding());
    Value mask = tt::SplatOp::create(builder, loc, maskType, valid);
    if (Value loadMask = load.getMask())
      mask = arith::AndIOp::create(builder, loc, mask, loadMask);
    Value token = AsyncCopyGlobalToLocalOp::create(
        builder, loc, load.getPtr(), view, mask, load.getOther(), load.getCache(), load.getEvict(),
        /*isVolatile=*/false, static_cast<uint32_t>(ring.contiguity));
    Value group = AsyncCommitGroupOp::create(builder, loc, AsyncTokenType::get(loop.getContext()),
                                             ValueRange{token});
    // Whether the second round's prologue iteration `stage` exists (the index copy of the
    // iteration D further) is computed right after this copy, as Triton's pipeline expander
    // computes the next prologue iteration's predicate after the previous one's ops.
    if (stage < second.prologueValid.size())
      hoistAfter(second.prologueValid[stage], group.getDefiningOp());
    Value wait = AsyncWaitOp::create(builder, loc, ValueRange{group}, uint32_t{0});
    Value read = LocalLoadOp::create(builder, loc, load.getType(), view, wait);
    load.getResult().replaceAllUsesWith(read);
    load.erase();
    stageGroups.push_back(group.getDefiningOp<AsyncCommitGroupOp>());
    stageWaits.push_back(wait.getDefiningOp<AsyncWaitOp>());
  }
  bool reordered = issuePrologueByStage(stageGroups, stageWaits, ring.buffer);
  // One wait in the body, the first (the first round's, where the first tile was loaded; the
  // second round's is where the index load of iteration k + D was) for both.
  SmallVector<AsyncWaitOp> waits = llvm::to_vector(loop.getBody()->getOps<AsyncWaitOp>());
  if (waits.size() == 2) {
    // It names the tiles' groups, then the index load's, as Triton's wait does.
    SmallVector<Value> tokens = llvm::to_vector(waits[0].getAsyncToken());
    llvm::append_range(tokens, waits[1].getAsyncToken());
    // Each round counted only its own groups. Where the prologue is Triton's, what may
    // still be pending is what was committed after the newest group waited for, in the body
    // and at the loop's entry (the fewer of the two).
    std::optional<int64_t> pending;
    if (reordered)
      pending = groupsCommittedAfter(tokens, waits[0]);
    waits[0].setNum(pending ? static_cast<uint32_t>(*pending)
                            : std::min(waits[0].getNum(), waits[1].getNum()));
    waits[0]->setOperands(tokens);
    waits[1].getResult().replaceAllUsesWith(waits[0].getResult());
    waits[1].erase();
  }
  // The ring is freed with the other buffers, after the wait for the copies in flight.
  Operation *last = postLoopWait;
  while (last && isa_and_nonnull<LocalDeallocOp>(last->getNextNode()))
    last = last->getNextNode();
  if (last) {
    OpBuilder builder(loop.getContext());
    builder.setInsertionPointAfter(last);
    LocalDeallocOp::create(builder, loop.getLoc(), ring.buffer);
  }
}

void LoopPipeliner::hoistAfter(Value value, Operation *point) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != point->getBlock() || !point->isBeforeInBlock(def))
    return;
  // The ops after `point` that compute `value`, in their order; each of their other operands
  // must be available at `point`.
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == point->getBlock() && point->isBeforeInBlock(op);
  };
  if (failed(getBackwardSlice(def, &slice, options)))
    return;
  for (Operation *op : slice)
    for (Value operand : op->getOperands()) {
      Operation *source = operand.getDefiningOp();
      if (source && !slice.contains(source) && source->getBlock() == point->getBlock() &&
          point->isBeforeInBlock(source))
        return;
    }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Operation *after = point;
  for (Operation *op : ordered) {
    op->moveAfter(after);
    after = op;
  }
}

void LoopPipeliner::maskLoad(tt::LoadOp load, Value valid) {
  OpBuilder builder(load);
  auto loadType = cast<RankedTensorType>(load.getType());
  auto maskType =
      RankedTensorType::get(loadType.getShape(), builder.getI1Type(), loadType.getEncoding());
  Value mask = tt::SplatOp::create(builder, load.getLoc(), maskType, valid);
  if (Value loadMask = load.getMask())
    mask = arith::AndIOp::create(builder, load.getLoc(), mask, loadMask);
  load.getMaskMutable().assign(mask);
}

} // namespace pipeliner

using pipeliner::LoopPipeliner;

// The descriptor stores of `loop` (in nested ifs too, not in nested loops) become TMA copies
// from one shared-memory buffer per tile shape and element type made before the loop, as
// Triton's pipelineTMAStores does after pipelining: each store waits for the previous copy out
// of the buffer (async_tma_store_wait {pendings = 0}) before it writes the tile there, so the
// copy runs on while the loop goes on; after the loop the last copy is waited for and the
// buffers are freed. A store through a descriptor made in the loop is left to
// triton-nvidia-tma-lowering (Triton multi-buffers such descriptors).
void pipelineDescriptorStores(scf::ForOp loop) {
  SmallVector<tt::DescriptorStoreOp> stores;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp>(op))
      return WalkResult::skip();
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
      auto desc = cast<tt::TensorDescType>(store.getDesc().getType());
      if (loop.isDefinedOutsideOfLoop(store.getDesc()) &&
          isa_and_nonnull<NVMMASharedEncodingAttr>(desc.getBlockType().getEncoding()) &&
          desc.getBlockType().getShape() == store.getSrc().getType().getShape())
        stores.push_back(store);
    }
    return WalkResult::advance();
  });
  if (stores.empty())
    return;
  OpBuilder builder(loop);
  llvm::MapVector<std::pair<ArrayRef<int64_t>, Type>, Value> buffers;
  for (tt::DescriptorStoreOp store : stores) {
    RankedTensorType type = store.getSrc().getType();
    Value &buffer = buffers[{type.getShape(), type.getElementType()}];
    if (!buffer) {
      auto desc = cast<tt::TensorDescType>(store.getDesc().getType());
      auto bufferType = MemDescType::get(type.getShape(), type.getElementType(),
                                         desc.getBlockType().getEncoding(),
                                         SharedMemorySpaceAttr::get(loop.getContext()),
                                         /*mutableMemory=*/true);
      builder.setInsertionPoint(loop);
      buffer = LocalAllocOp::create(builder, store.getLoc(), bufferType, Value(), IntegerAttr());
    }
    builder.setInsertionPoint(store);
    Location loc = store.getLoc();
    ttng::TMAStoreWaitOp::create(builder, loc, 0);
    LocalStoreOp::create(builder, loc, store.getSrc(), buffer);
    ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
    ttng::AsyncTMACopyLocalToGlobalOp::create(builder, loc, store.getDesc(), store.getIndices(),
                                              buffer);
    store.erase();
  }
  builder.setInsertionPointAfter(loop);
  ttng::TMAStoreWaitOp::create(builder, loop.getLoc(), 0);
  for (auto &entry : buffers)
    LocalDeallocOp::create(builder, loop.getLoc(), entry.second);
}

int pipelineLoops(ModuleOp module, int numStages) {
  ModuleAxisInfoAnalysis axisInfo(module);
  int pipelined = 0;
  DenseSet<Operation *> done;
  for (auto [loop, stages] : pipelineCandidates(module, numStages)) {
    if (stages < 2)
      continue;
    LoopPipeliner pipeliner(loop, stages, axisInfo);
    if (pipeliner.run()) {
      ++pipelined;
      done.insert(pipeliner.pipelinedLoop());
    }
  }
  // Triton's pipelineWgmma: the warp-group dots of every other loop of at least one stage are
  // issued asynchronously too (the loop is not pipelined: one whose operands are made in the
  // body is waited for {pendings = 0} right after it).
  SmallVector<scf::ForOp> others;
  // Then the TMA stores of every loop pipelined num_stages > 1 deep (Triton: innermost or not).
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    int64_t stages = numStages;
    if (auto attr = loop->getAttrOfType<IntegerAttr>("tt.num_stages"))
      stages = attr.getInt();
    if (stages >= 1 && !done.contains(loop.getOperation()))
      others.push_back(loop);
    if (stages > 1)
      loops.push_back(loop);
  });
  for (scf::ForOp loop : others)
    LoopPipeliner(loop, 1, axisInfo).launchDotsAsync();
  for (scf::ForOp loop : loops)
    pipelineDescriptorStores(loop);
  return pipelined;
}

namespace {

struct TritonGPUPipelinePass : impl::TritonGPUPipelineBase<TritonGPUPipelinePass> {
  using TritonGPUPipelineBase::TritonGPUPipelineBase;
  void runOnOperation() override { pipelineLoops(getOperation(), numStages); }
};

} // namespace

} // namespace trex::ttg
