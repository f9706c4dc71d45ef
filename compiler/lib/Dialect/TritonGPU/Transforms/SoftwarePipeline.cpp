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
// (Triton's count for wgmma).
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
#include "trex/Dialect/TritonGPU/Transforms/LoopStages.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "trex/Analysis/AxisInfo.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// cp.async moves 4, 8 or 16 bytes per thread.
constexpr unsigned kMinCopyBytes = 4;
constexpr unsigned kMaxCopyBytes = 16;

struct PipelinedLoad {
  // A pointer load (cp.async) or, for TMA, a descriptor load.
  tt::LoadOp load;
  tt::DescriptorLoadOp tmaLoad;
  // How the dot reads the tile: this shared layout, the buffer of NB such tiles.
  Attribute sharedEncoding;
  unsigned contiguity = 1;
  Value buffer;
  // The tile is read from shared memory by a warp-group dot (which keeps reading it after it
  // is issued), not copied to registers by local_loads.
  bool readByWarpGroupDot = false;
  // The load reaches a dot only through other ops (e.g. e2m1 bytes unpacked by fp4_to_fp):
  // its buffer is unswizzled and read back in the load's own layout for those ops.
  bool plain = false;
  // TMA: the barrier group (BarrierGroup) whose mbarrier its copies complete on.
  unsigned group = 0;

  Operation *op() const {
    return tmaLoad ? static_cast<Operation *>(tmaLoad) : static_cast<Operation *>(load);
  }
  RankedTensorType type() const { return cast<RankedTensorType>(op()->getResult(0).getType()); }
};

// Descriptor loads whose copies complete on one ring of mbarriers (one per buffer): loads
// issued one after the other with no reader of them in between, as Triton groups them.
struct BarrierGroup {
  SmallVector<unsigned> loads; // indices into the pipeliner's loads, in body order
  int64_t bytes = 0;           // what the copies of one iteration bring
  Value barriers;              // the NBx1xi64 allocation
};

// Whether `load` feeds a dot of its loop through ops of the loop (for a pointer load, one that
// is not the dot's operand directly: sharedEncodingOfUsers covers that). Triton pipelines such
// loads as well.
bool feedsDotIndirectly(Operation *load) {
  Region *body = load->getParentRegion();
  SetVector<Operation *> slice;
  ForwardSliceOptions options;
  options.filter = [&](Operation *op) { return body->isAncestor(op->getParentRegion()); };
  getForwardSlice(load, &slice, options);
  return llvm::any_of(slice,
                      [](Operation *op) { return isa<tt::DotOp, ttng::WarpGroupDotOp>(op); });
}

// The shared layout the dot operand users of `load` read it through, or null when some user
// is not a conversion to a dot operand layout, a local_alloc read only by local_loads, or a
// local_alloc read only by warp-group dots as their A or B (`readByWarpGroupDot`).
Attribute sharedEncodingOfUsers(tt::LoadOp load, bool &readByWarpGroupDot) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getResult().use_empty())
    return {};
  Attribute encoding;
  readByWarpGroupDot = false;
  for (Operation *user : load->getUsers()) {
    Attribute candidate;
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      auto operand = dyn_cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
      auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
      if (!operand || !distributed)
        return {};
      SmallVector<unsigned> order = getOrder(type.getEncoding(), type.getRank());
      candidate = getSharedEncodingForDotOperand(operand, type.getShape(), order,
                                                 distributed.getCGALayout(),
                                                 type.getElementType().getIntOrFloatBitWidth(),
                                                 /*needTrans=*/false);
    } else if (auto alloc = dyn_cast<LocalAllocOp>(user)) {
      // (Through transposed views, as Triton's loadRequiresAdditionalBuffer skips them.)
      auto isOperandOfWarpGroupDot = [&](OpOperand &start) {
        OpOperand *viewed = &start;
        while (isa<MemDescTransOp>(viewed->getOwner()) && viewed->getOwner()->hasOneUse())
          viewed = &*viewed->getOwner()->getUses().begin();
        OpOperand &use = *viewed;
        auto dot = dyn_cast<ttng::WarpGroupDotOp>(use.getOwner());
        return dot && (use.get() == dot.getA() || use.get() == dot.getB()) &&
               use.get() != dot.getC();
      };
      if (!alloc->use_empty() && llvm::all_of(alloc->getUses(), isOperandOfWarpGroupDot))
        readByWarpGroupDot = true;
      else if (!llvm::all_of(alloc->getUsers(), [](Operation *op) { return isa<LocalLoadOp>(op); }))
        return {};
      candidate = alloc.getType().getEncoding();
    }
    if (!candidate || (encoding && candidate != encoding))
      return {};
    encoding = candidate;
  }
  return encoding;
}

bool isZeroConstant(Value value) {
  return matchPattern(value, m_AnyZeroFloat()) || matchPattern(value, m_Zero());
}

// The elements a thread of the load's layout holds one after the other along the fastest
// dim: the most one cp.async of it can move (1 where the layout is not blocked).
unsigned contiguityPerThread(RankedTensorType type) {
  auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || blocked.getOrder().empty())
    return 1;
  return blocked.getSizePerThread()[blocked.getOrder()[0]];
}

// The elements the buffer keeps one after the other along `dim` of a tile of `type`: what
// one thread's cp.async can write at once, whatever its registers hold (a K-major buffer of
// an N-contiguous load keeps 1). Read off the shared layout's offset bases: the leading ones
// that step one element along `dim`.
unsigned contiguityInBuffer(Attribute sharedEncoding, RankedTensorType type, unsigned dim) {
  MLIRContext *context = type.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> shared = layout::toLinearLayout(
      sharedEncoding, type.getShape(), [&] { return emitError(UnknownLoc::get(context)); });
  if (failed(shared) || !shared->hasInDim("offset"))
    return 1;
  unsigned contiguous = 1;
  int32_t step = 1;
  for (const layoutviz::LinearLayout::Basis &basis : shared->getInDimBases("offset")) {
    for (size_t d = 0; d < basis.size(); ++d)
      if (basis[d] != (d == dim ? step : 0))
        return contiguous;
    contiguous *= 2;
    step *= 2;
  }
  return contiguous;
}

// One tile of a multi-buffered allocation (what memdesc_index gives).
MemDescType viewOf(Value buffer) {
  auto type = cast<MemDescType>(buffer.getType());
  return MemDescType::get(type.getShape().drop_front(), type.getElementType(), type.getEncoding(),
                          type.getMemorySpace(), /*mutableMemory=*/true);
}

// A view of `value` through memdesc_trans/reshape/subslice, back to what it views.
Value stripViews(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

// The mbarrier layout: one 8-byte barrier per buffer.
MemDescType barrierRingType(MLIRContext *context, int64_t count) {
  auto encoding = SwizzledSharedEncodingAttr::get(context, 1, 1, 1, ArrayRef<unsigned>{0},
                                                  CGALayout::oneCTA(1));
  return MemDescType::get({count, 1}, IntegerType::get(context, 64), encoding,
                          SharedMemorySpaceAttr::get(context), /*mutableMemory=*/true);
}

class LoopPipeliner {
public:
  LoopPipeliner(scf::ForOp loop, int numStages, const ModuleAxisInfoAnalysis &axisInfo)
      : loop(loop), distance(numStages - 1), axisInfo(axisInfo) {}

  // The loop run() made (it replaces the original).
  Operation *pipelinedLoop() { return loop.getOperation(); }

  // Issues the warp-group dots of a loop that is not pipelined asynchronously
  // (makeWarpGroupDotsAsync with no pipelined buffers).
  void launchDotsAsync() { makeWarpGroupDotsAsync(); }

  // Pipelines the loop when it has the supported shape; otherwise leaves it untouched.
  bool run() {
    if (!collectLoads() || !collectStageZero()) {
      dropOtherSelects();
      return false;
    }
    bool asyncReads =
        llvm::any_of(loads, [](const PipelinedLoad &entry) { return entry.readByWarpGroupDot; });
    FailureOr<bool> conditional = readOnlyInConditionals();
    if (failed(conditional)) {
      dropOtherSelects();
      return false;
    }
    copiesFirst = *conditional;
    numBuffers = asyncReads || copiesFirst ? distance + 1 : distance;
    groupBarriers();
    rewrite();
    if (onlyLoad)
      return true;
    makeWarpGroupDotsAsync();
    if (!indirectLoads.empty())
      pipelineIndirect();
    return true;
  }

  // The second round of a loop with an index load (separateIndirectLoads): the index load the
  // body now runs D iterations ahead is pipelined D iterations further (into a ring of D
  // buffers read in its own layout), and the prologue's index loads become copies into that
  // ring, each waited for and read back before the tiles' copies that use it. The body waits
  // once for both rounds' copies, and the ring is freed after the first round's buffers.
  void pipelineIndirect() {
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
    for (auto [stage, entry] : llvm::enumerate(ArrayRef(indirectClones).drop_back())) {
      auto load = cast<tt::LoadOp>(entry.first);
      Value valid = entry.second;
      OpBuilder builder(load);
      Location loc = load.getLoc();
      Value index = arith::ConstantOp::create(
          builder, loc,
          builder.getIntegerAttr(i32, static_cast<int64_t>(stage) % second.numBuffers));
      Value view = MemDescIndexOp::create(builder, loc, viewOf(ring.buffer), ring.buffer, index);
      auto loadType = cast<RankedTensorType>(load.getType());
      auto maskType =
          RankedTensorType::get(loadType.getShape(), builder.getI1Type(), loadType.getEncoding());
      Value mask = tt::SplatOp::create(builder, loc, maskType, valid);
      if (Value loadMask = load.getMask())
        mask = arith::AndIOp::create(builder, loc, mask, loadMask);
      Value token = AsyncCopyGlobalToLocalOp::create(
          builder, loc, load.getPtr(), view, mask, load.getOther(), load.getCache(),
          load.getEvict(), /*isVolatile=*/false, static_cast<uint32_t>(ring.contiguity));
      Value group = AsyncCommitGroupOp::create(builder, loc, AsyncTokenType::get(loop.getContext()),
                                               ValueRange{token});
      Value wait = AsyncWaitOp::create(builder, loc, ValueRange{group}, uint32_t{0});
      Value read = LocalLoadOp::create(builder, loc, load.getType(), view, wait);
      load.getResult().replaceAllUsesWith(read);
      load.erase();
    }
    // One wait in the body: the second round's (the first, at the top) for both.
    SmallVector<AsyncWaitOp> waits = llvm::to_vector(loop.getBody()->getOps<AsyncWaitOp>());
    if (waits.size() == 2) {
      waits[0].setNum(std::min(waits[0].getNum(), waits[1].getNum()));
      // It names the first round's groups, then the second's.
      SmallVector<Value> tokens = llvm::to_vector(waits[1].getAsyncToken());
      llvm::append_range(tokens, waits[0].getAsyncToken());
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

  // Masks `load` off where `valid` (i1) is false.
  static void maskLoad(tt::LoadOp load, Value valid) {
    OpBuilder builder(load);
    auto loadType = cast<RankedTensorType>(load.getType());
    auto maskType =
        RankedTensorType::get(loadType.getShape(), builder.getI1Type(), loadType.getEncoding());
    Value mask = tt::SplatOp::create(builder, load.getLoc(), maskType, valid);
    if (Value loadMask = load.getMask())
      mask = arith::AndIOp::create(builder, load.getLoc(), mask, loadMask);
    load.getMaskMutable().assign(mask);
  }

private:
  // A loop that asks for its own depth (tl.range(num_stages=...)) and holds no dot: Triton's
  // assign-latencies pipelines its loads whatever reads them ("pipelineWithoutDot").
  bool pipelinesWithoutDot() {
    if (!loop->hasAttr("tt.num_stages"))
      return false;
    return llvm::none_of(loop.getBody()->getOperations(), [](Operation &op) {
      return isa<tt::DotOp, tt::DotScaledOp, ttng::WarpGroupDotOp>(op);
    });
  }

  // A load of a dot-less loop (pipelinesWithoutDot): read back in its own layout from an
  // unswizzled buffer. Loads whose values reach another load's pointer or mask (an indirect
  // load) are left alone. A non-zero `other` is kept on the copy (which fills zeros) and
  // applied by a select on the load's mask after the read, as Triton's createAsyncCopy does;
  // the select is made now (run() takes it back where the loop is not pipelined).
  void collectLoadWithoutDot(tt::LoadOp load) {
    auto type = cast<RankedTensorType>(load.getType());
    auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
    if (!distributed || load.getResult().use_empty())
      return;
    Region *body = load->getParentRegion();
    SetVector<Operation *> slice;
    ForwardSliceOptions options;
    // (The commit-group tokens of a first round's copies, which the loop carries to its wait,
    // are not the loaded values.)
    options.filter = [&](Operation *op) {
      return body->isAncestor(op->getParentRegion()) && !isa<AsyncCommitGroupOp>(op);
    };
    getForwardSlice(load.getOperation(), &slice, options);
    if (llvm::any_of(slice, [](Operation *op) { return isa<tt::LoadOp>(op); }))
      return;
    // A load whose value is carried to the next iteration (`acc += tl.load(...)`) is left alone:
    // Triton 3.6 does not pipeline such a loop (recorded in the layouts of
    // test/frontend/tl-range.py).
    Operation *yield = loop.getBody()->getTerminator();
    if (slice.contains(yield))
      return;
    PipelinedLoad entry;
    entry.load = load;
    entry.sharedEncoding = SwizzledSharedEncodingAttr::get(
        load.getContext(), 1, 1, 1, getOrder(type.getEncoding(), type.getRank()),
        distributed.getCGALayout());
    entry.plain = true;
    if (!finishCopyEntry(entry))
      return;
    if (load.getOther() && !isZeroConstant(load.getOther()) && load.getMask()) {
      OpBuilder builder(load->getContext());
      builder.setInsertionPointAfter(load);
      auto select = arith::SelectOp::create(builder, load.getLoc(), load.getMask(),
                                            load.getResult(), load.getOther());
      load.getResult().replaceAllUsesExcept(select.getResult(), select);
      otherSelects.push_back(select);
    }
    loads.push_back(entry);
  }

  // The copy's contiguity (what one cp.async of a thread moves), false where it is under 4
  // bytes or the elements are narrower than a byte.
  bool finishCopyEntry(PipelinedLoad &entry) {
    tt::LoadOp load = entry.load;
    auto type = cast<RankedTensorType>(load.getType());
    unsigned bits = type.getElementType().getIntOrFloatBitWidth();
    if (bits < 8)
      return false;
    unsigned contiguity = axisInfo.getPtrAlignment(load.getPtr());
    if (Value mask = load.getMask())
      contiguity = std::min(contiguity, axisInfo.getMaskAlignment(mask));
    contiguity = std::min({contiguity, kMaxCopyBytes * 8 / bits, contiguityPerThread(type)});
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
      contiguity = std::min(
          contiguity, contiguityInBuffer(entry.sharedEncoding, type, blocked.getOrder().front()));
    if (contiguity * bits < kMinCopyBytes * 8)
      return false;
    entry.contiguity = contiguity;
    return true;
  }

  // Whether the loads of a dot-less loop are read only in scf.ifs whose results nothing reads
  // (a conditional store of the loaded value): Triton's scheduler moves such an if to an
  // epilogue cluster at the end of the body, after the copies of iteration k + D, which then
  // need a buffer more than D (copiesFirst). Failure where some loads are read so and others
  // not (their buffers would differ in depth).
  FailureOr<bool> readOnlyInConditionals() {
    if (!pipelinesWithoutDot())
      return false;
    Block *body = loop.getBody();
    auto conditionalOnly = [&](PipelinedLoad &entry) {
      SmallVector<Value> values{entry.load.getResult()};
      for (arith::SelectOp select : otherSelects)
        if (select.getTrueValue() == entry.load.getResult())
          values = {select.getResult()};
      for (Value value : values)
        for (Operation *user : value.getUsers()) {
          auto ifOp = dyn_cast_or_null<scf::IfOp>(body->findAncestorOpInBlock(*user));
          if (!ifOp || ifOp == user || !ifOp->use_empty())
            return false;
        }
      return true;
    };
    unsigned conditional = llvm::count_if(loads, conditionalOnly);
    if (conditional != 0 && conditional != loads.size())
      return failure();
    return conditional != 0;
  }

  // Takes back the selects collectLoadWithoutDot made (the loop is left as it was).
  void dropOtherSelects() {
    for (arith::SelectOp select : otherSelects) {
      select.getResult().replaceAllUsesWith(select.getTrueValue());
      select.erase();
    }
    otherSelects.clear();
  }

  bool collectLoads() {
    if (loop.getUnsignedCmp() || !loop.getInductionVar().getType().isIntOrIndex())
      return false;
    if (onlyLoad) {
      if (auto load = dyn_cast<tt::LoadOp>(onlyLoad))
        collectLoadWithoutDot(load);
      return !loads.empty();
    }
    bool withoutDot = pipelinesWithoutDot();
    for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
      if (auto descriptorLoad = dyn_cast<tt::DescriptorLoadOp>(&op)) {
        collectDescriptorLoad(descriptorLoad);
        continue;
      }
      auto load = dyn_cast<tt::LoadOp>(&op);
      if (!load || !isa<RankedTensorType>(load.getPtr().getType()) || load.getIsVolatile())
        continue;
      if (withoutDot) {
        collectLoadWithoutDot(load);
        continue;
      }
      // cp.async fills masked-off elements with zeros only.
      if (load.getOther() && !isZeroConstant(load.getOther()))
        continue;
      bool readByWarpGroupDot = false;
      Attribute encoding = sharedEncodingOfUsers(load, readByWarpGroupDot);
      auto type = cast<RankedTensorType>(load.getType());
      bool plain = false;
      if (!encoding) {
        bool dotOperandUser = llvm::any_of(load->getUsers(), [](Operation *user) {
          auto convert = dyn_cast<ConvertLayoutOp>(user);
          return isa<LocalAllocOp>(user) ||
                 (convert && isa<DotOperandEncodingAttr>(convert.getType().getEncoding()));
        });
        auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
        if (dotOperandUser || !distributed || !feedsDotIndirectly(load))
          continue;
        encoding = SwizzledSharedEncodingAttr::get(load.getContext(), 1, 1, 1,
                                                   getOrder(type.getEncoding(), type.getRank()),
                                                   distributed.getCGALayout());
        plain = true;
      }
      PipelinedLoad entry;
      entry.load = load;
      entry.sharedEncoding = encoding;
      entry.readByWarpGroupDot = readByWarpGroupDot;
      entry.plain = plain;
      if (!finishCopyEntry(entry))
        continue;
      loads.push_back(entry);
    }
    if (!withoutDot && !separateIndirectLoads())
      return false;
    return !loads.empty();
  }

  // Loads whose values reach another pipelined load's operands (an index load that the
  // pointers of the tiles a dot reads are computed from) are not copied with those: they run
  // ahead with stage 0 as loads (`indirectLoads`), and pipelineIndirect copies them ahead once
  // more, as Triton's assign-latencies gives each indirection level its share of the stages.
  // One such load, read in its own layout only, with no non-zero `other`, and no deeper
  // indirection (false: the loop is left alone).
  bool separateIndirectLoads() {
    DenseSet<Operation *> candidates;
    for (PipelinedLoad &entry : loads)
      if (!entry.tmaLoad)
        candidates.insert(entry.op());
    SmallVector<PipelinedLoad> direct;
    for (PipelinedLoad &entry : loads) {
      if (entry.tmaLoad) {
        direct.push_back(entry);
        continue;
      }
      Region *body = entry.op()->getParentRegion();
      SetVector<Operation *> slice;
      ForwardSliceOptions options;
      options.filter = [&](Operation *op) { return body->isAncestor(op->getParentRegion()); };
      getForwardSlice(entry.op(), &slice, options);
      if (llvm::none_of(slice, [&](Operation *op) { return candidates.contains(op); })) {
        direct.push_back(entry);
        continue;
      }
      if (!entry.plain || (entry.load.getOther() && !isZeroConstant(entry.load.getOther())))
        return false;
      indirectLoads.push_back(entry.load);
    }
    if (indirectLoads.empty())
      return true;
    if (indirectLoads.size() != 1 || direct.empty())
      return false;
    // The stages are shared between the two levels: the tiles run D / 2 iterations ahead, the
    // index load D / 2 more.
    distance /= 2;
    if (distance < 1)
      return false;
    loads = std::move(direct);
    return true;
  }

  // A descriptor load that feeds a dot: TMA copies into buffers in the descriptor's layout. One
  // whose descriptor is made in the loop is left to triton-nvidia-tma-lowering (copies issued
  // ahead would need a descriptor per buffer, Triton's lowerTMADescriptors).
  void collectDescriptorLoad(tt::DescriptorLoadOp load) {
    auto desc = cast<tt::TensorDescType>(load.getDesc().getType());
    RankedTensorType type = load.getType();
    Attribute encoding = desc.getBlockType().getEncoding();
    if (!isa_and_nonnull<NVMMASharedEncodingAttr>(encoding) ||
        desc.getBlockType().getShape() != type.getShape() ||
        !loop.isDefinedOutsideOfLoop(load.getDesc()) || !feedsDotIndirectly(load))
      return;
    PipelinedLoad entry;
    entry.tmaLoad = load;
    entry.sharedEncoding = encoding;
    // The tile's one reader is a local_alloc in the TMA layout that a warp-group dot reads
    // (perhaps through a transposed view): the dot keeps reading the buffer after it is issued,
    // so the ring gets one more buffer (Triton's loadRequiresAdditionalBuffer).
    if (LocalAllocOp alloc = tileAlloc(entry))
      entry.readByWarpGroupDot = llvm::any_of(alloc->getUsers(), [](Operation *user) {
        while (isa<MemDescTransOp>(user) && user->hasOneUse())
          user = *user->getUsers().begin();
        return isa<ttng::WarpGroupDotOp>(user);
      });
    loads.push_back(entry);
  }

  // The local_alloc that copies a descriptor load's tile into shared memory in the buffer's
  // layout, when that is the load's only use (it then becomes the buffer's tile).
  static LocalAllocOp tileAlloc(const PipelinedLoad &entry) {
    Operation *load = entry.op();
    if (!load->hasOneUse())
      return {};
    auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
    if (!alloc || alloc.getType().getEncoding() != entry.sharedEncoding)
      return {};
    return alloc;
  }

  // Descriptor loads share one mbarrier per buffer while they follow one another with nothing
  // in between that reads one of them (a tile turned into the buffer's tile is read where its
  // local_alloc is read), as Triton's createTMABarrierAndWait groups them: a matmul's A and B
  // share one, an attention's K and V (V loaded after the dot that reads K) do not.
  void groupBarriers() {
    DenseMap<Operation *, unsigned> descriptorLoads;
    for (auto [index, entry] : llvm::enumerate(loads))
      if (entry.tmaLoad)
        descriptorLoads[entry.op()] = index;
    Block *body = loop.getBody();
    DenseSet<Operation *> grouped;
    for (unsigned first = 0; first < loads.size(); ++first) {
      if (!loads[first].tmaLoad || grouped.contains(loads[first].op()))
        continue;
      BarrierGroup group;
      DenseSet<Operation *> readers;
      auto add = [&](unsigned index) {
        PipelinedLoad &entry = loads[index];
        entry.group = groups.size();
        group.loads.push_back(index);
        grouped.insert(entry.op());
        RankedTensorType type = entry.type();
        group.bytes +=
            type.getNumElements() * std::max(type.getElementType().getIntOrFloatBitWidth() / 8, 1u);
        auto noteReader = [&](Operation *user) {
          if (Operation *inBody = body->findAncestorOpInBlock(*user))
            readers.insert(inBody);
        };
        if (LocalAllocOp alloc = tileAlloc(entry))
          llvm::for_each(alloc->getUsers(), noteReader);
        else
          llvm::for_each(entry.op()->getUsers(), noteReader);
      };
      add(first);
      for (Operation *next = loads[first].op()->getNextNode(); next; next = next->getNextNode()) {
        if (readers.contains(next))
          break;
        auto found = descriptorLoads.find(next);
        if (found != descriptorLoads.end() && !grouped.contains(next))
          add(found->second);
      }
      groups.push_back(std::move(group));
    }
  }

  // Stage 0 (LoopStages.h): what runs ahead with the loads.
  bool collectStageZero() {
    SmallVector<Operation *> loadOps;
    for (PipelinedLoad &entry : loads)
      loadOps.push_back(entry.op());
    StageZeroOptions options;
    options.conditionals = true;
    options.carryValues = true;
    for (tt::LoadOp load : indirectLoads)
      options.loadsAhead.insert(load.getOperation());
    FailureOr<StageZero> stage = ttg::collectStageZero(loop, loadOps, options);
    if (failed(stage))
      return false;
    orderedStageZero = std::move(stage->ordered);
    stageArgs = std::move(stage->iterArgs);
    carried = std::move(stage->carried);
    // An iter_arg whose yielded value the loads' own iteration computes (`ki` and the tile
    // offsets of a persistent matmul) is carried D iterations ahead and advanced by stage 0
    // itself; one advanced only for the next iteration's loads (`ptrs += BLOCK_K`) is carried
    // D - 1 iterations ahead and advanced just before the copies, as Triton schedules such an
    // advance one stage after the loads. Where that advance reads values the loads' iteration
    // computed (`j + 1` of a fused loop's `j = 0 if T == 0 else j`), the loop carries those of
    // iteration k + D - 1 for it.
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned index : stageArgs) {
      Operation *def = yield.getOperand(index).getDefiningOp();
      if (def && stage->direct.contains(def))
        directArgs.insert(index);
    }
    for (unsigned index : stageArgs) {
      if (directArgs.contains(index))
        continue;
      Operation *def = yield.getOperand(index).getDefiningOp();
      if (!def || !stage->ops.contains(def))
        continue;
      BackwardSliceOptions sliceOptions;
      sliceOptions.inclusive = true;
      sliceOptions.filter = [&](Operation *op) {
        return stage->ops.contains(op) && !stage->direct.contains(op);
      };
      SetVector<Operation *> slice;
      (void)getBackwardSlice(def, &slice, sliceOptions);
      for (Operation *op : slice) {
        SmallVector<Value> read(op->getOperands());
        if (op->getNumRegions() != 0) {
          SetVector<Value> above;
          getUsedValuesDefinedAbove(op->getRegions(), above);
          read.append(above.begin(), above.end());
        }
        for (Value value : read)
          if (Operation *input = value.getDefiningOp(); input && stage->direct.contains(input))
            advanceInputs.insert(value);
      }
    }
    directOps = std::move(stage->direct);
    return true;
  }

  Value constant(OpBuilder &builder, Type type, int64_t value) {
    return arith::ConstantOp::create(builder, loop.getLoc(), builder.getIntegerAttr(type, value));
  }

  bool hasCopies() const {
    return llvm::any_of(loads, [](const PipelinedLoad &entry) { return !entry.tmaLoad; });
  }

  // Clones stage 0 with `mapping` (the induction variable and stage-0 iter_args of the
  // iteration being prefetched) and starts its copies into buffer `index`, masked off where
  // `valid` (i1: the iteration exists) is false; each load's cp.async copy is its own group, as
  // Triton commits them, and each barrier group's TMA copies follow the barrier_expect that
  // arms its barrier for their bytes.
  void issueIteration(OpBuilder &builder, IRMapping &mapping, Value index, Value valid,
                      ArrayRef<Operation *> stageOps) {
    Location loc = loop.getLoc();
    for (Operation *op : stageOps)
      builder.clone(*op, mapping);
    for (tt::LoadOp load : indirectLoads)
      indirectClones.push_back({mapping.lookup(load.getResult()).getDefiningOp(), valid});
    commitTokens.clear();
    SmallVector<Value> armed(groups.size());
    for (PipelinedLoad &entry : loads) {
      if (auto descriptorLoad = entry.tmaLoad) {
        Value &barrier = armed[entry.group];
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
            builder, descriptorLoad.getLoc(), descriptorLoad.getDesc(), indices, view, barrier,
            valid, descriptorLoad.getCache(), descriptorLoad.getEvict(), /*isVolatile=*/false);
        continue;
      }
      tt::LoadOp load = entry.load;
      Value pointers = mapping.lookupOrDefault(load.getPtr());
      auto maskType = RankedTensorType::get(cast<RankedTensorType>(load.getType()).getShape(),
                                            builder.getI1Type(),
                                            cast<RankedTensorType>(load.getType()).getEncoding());
      Value mask = tt::SplatOp::create(builder, loc, maskType, valid);
      if (Value loadMask = load.getMask())
        mask = arith::AndIOp::create(builder, loc, mask, mapping.lookupOrDefault(loadMask));
      Value other = load.getOther() ? mapping.lookupOrDefault(load.getOther()) : Value();
      Value view = MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, index);
      Value token = AsyncCopyGlobalToLocalOp::create(
          builder, loc, pointers, view, mask, other, load.getCache(), load.getEvict(),
          /*isVolatile=*/false, static_cast<uint32_t>(entry.contiguity));
      commitTokens.push_back(AsyncCommitGroupOp::create(
          builder, loc, AsyncTokenType::get(loop.getContext()), ValueRange{token}));
    }
  }

  // A descriptor load's readers, once its barrier group's copies of this iteration are waited
  // for (`barrier` at the extract index, with the phase): the local_alloc of the tile becomes
  // the buffer's tile, any other reader gets a local_load of it (after the view, as Triton
  // places them: each load's view right after the wait).
  void readDescriptorTile(OpBuilder &builder, PipelinedLoad &entry, Operation *wait,
                          Value readIndex) {
    Location loc = entry.op()->getLoc();
    builder.setInsertionPointAfter(wait);
    Value view =
        MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, readIndex);
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

  void rewrite() {
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
      SmallVector<int64_t> shape{numBuffers};
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
    // One mbarrier per buffer for each barrier group, each expecting one arrival (the
    // barrier_expect; the copies' bytes complete the phase).
    for (BarrierGroup &group : groups) {
      group.barriers = LocalAllocOp::create(builder, loc, barrierRingType(context, numBuffers),
                                            Value(), IntegerAttr());
      for (int64_t index = 0; index < numBuffers; ++index) {
        Value barrier = MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers,
                                               constant(builder, i32, index));
        ttng::InitBarrierOp::create(builder, loc, barrier, 1);
      }
    }

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
                      ? static_cast<unsigned>(llvm::count_if(
                            loads, [](const PipelinedLoad &e) { return !e.tmaLoad; }))
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
        Value further = arith::MulIOp::create(builder, loc, step,
                                              constant(builder, ivType, stage + validAhead));
        loadsFor = arith::AddIOp::create(builder, loc, lower, further);
      }
      Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, loadsFor, upper);
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
      issueIteration(builder, mapping, constant(builder, i32, stage), valid, ownOps);
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
    SmallVector<Value> firstIndices{constant(rewriter, i32, distance - 1), minusOne};
    // With descriptor loads, the barriers' phase.
    if (!groups.empty())
      firstIndices.push_back(constant(rewriter, i32, 0));
    // Then, for each carried value, D iter_args: the value of iterations k .. k + D - 1.
    llvm::append_range(firstIndices, carriedInits);
    // Then the advance inputs of iteration k + D - 1, then the tokens of iterations
    // k .. k + D - 1 of each cp.async load.
    llvm::append_range(firstIndices, advanceInputInits);
    llvm::append_range(firstIndices, tokenInits);
    auto advance = [&](OpBuilder &b, Value index, Value *wrapped) -> Value {
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
    Value insertArg = loop.getRegionIterArgs()[indexArg];
    Value extractArg = loop.getRegionIterArgs()[indexArg + 1];
    unsigned carriedArg = indexArg + (groups.empty() ? 2 : 3);
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
    Value stepAhead =
        arith::MulIOp::create(builder, loc, step, constant(builder, ivType, distance));
    Value lastPrefetching = arith::SubIOp::create(
        builder, loc, upper,
        validAhead == 0 ? stepAhead
                        : arith::MulIOp::create(builder, loc, step,
                                                constant(builder, ivType, distance + validAhead))
                              .getResult());
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, inductionVar,
                                        lastPrefetching);

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

    Value wraps;
    // In the second round of an indirect loop one buffer is always buffer 0 (Triton's
    // indices of that ring fold away).
    bool singleRing = onlyLoad && numBuffers == 1;
    Value readIndex = singleRing ? constant(builder, i32, 0) : advance(builder, extractArg, &wraps);
    yield->setOperand(indexArg + 1, singleRing ? extractArg : readIndex);
    Value phase;
    if (!groups.empty()) {
      Value phaseArg = loop.getRegionIterArgs()[indexArg + 2];
      Value flipped = arith::XOrIOp::create(builder, loc, phaseArg, constant(builder, i32, 1));
      phase = arith::SelectOp::create(builder, loc, wraps, flipped, phaseArg);
      yield->setOperand(indexArg + 2, phase);
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
      Value wait = AsyncWaitOp::create(builder, loc, tokens, static_cast<uint32_t>(pendingGroups));
      firstWait = wait.getDefiningOp();
      for (PipelinedLoad &entry : loads)
        if (!entry.tmaLoad)
          readCopiedTile(builder, entry, wait, readIndex);
    }
    // Each barrier group is waited for where its last load was (its readers all follow).
    for (BarrierGroup &group : groups) {
      Operation *last = loads[group.loads.back()].op();
      builder.setInsertionPointAfter(last);
      Value barrier =
          MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers, readIndex);
      auto wait = ttng::WaitBarrierOp::create(builder, loc, barrier, phase, Value());
      for (unsigned index : group.loads)
        readDescriptorTile(builder, loads[index], wait, readIndex);
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
    bool sharedIndex = onlyLoad && numBuffers == distance;
    Value writeIndex = numBuffers == 1 ? constant(builder, i32, 0)
                       : sharedIndex   ? readIndex
                                       : advance(builder, insertArg, nullptr);
    yield->setOperand(indexArg, numBuffers == 1 || sharedIndex ? insertArg : writeIndex);
    if (!ivAhead) {
      ivAhead = arith::AddIOp::create(builder, loc, inductionVar, stepAhead);
      mapping.map(inductionVar, ivAhead);
    }
    SmallVector<Operation *> restOfStageZero;
    for (Operation *op : orderedStageZero)
      if (directOps.contains(op) && !prologueOps.contains(op))
        restOfStageZero.push_back(op);
    issueIteration(builder, mapping, writeIndex, valid, restOfStageZero);
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
      for (PipelinedLoad &entry : loads)
        LocalDeallocOp::create(builder, loc, entry.buffer);
      return;
    }
    for (BarrierGroup &group : llvm::reverse(groups)) {
      for (int64_t index = 0; index < numBuffers; ++index) {
        Value barrier = MemDescIndexOp::create(builder, loc, viewOf(group.barriers), group.barriers,
                                               constant(builder, i32, index));
        ttng::InvalBarrierOp::create(builder, loc, barrier);
      }
      LocalDeallocOp::create(builder, loc, group.barriers);
    }
    for (PipelinedLoad &entry : llvm::reverse(loads))
      LocalDeallocOp::create(builder, loc, entry.buffer);
  }

  // A fused loop's prologue (the next tile's offsets, in an scf.if of stage 0) and the stage-0
  // ops it reads (`prologueOps`) run first, with the advance they read (`prologueAdvance`),
  // as Triton's schedulePrologueAndEpilogue puts such an if in a cluster at the front of the
  // loop; the rest of stage 0 runs with the copies at the end.
  void collectPrologue(const SetVector<Operation *> &advanceSlice,
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

  // The body's epilogue: scf.ifs outside stage 0 whose results only the next iteration reads (a
  // fused loop's epilogue, storing a finished tile and resetting the accumulator), with the
  // ops only they read. The pipelined body runs them last, after the copies, as Triton's
  // schedulePrologueAndEpilogue pushes such ifs to the end of the loop. An if reading a
  // pipelined load's tile, or followed by an op that touches memory (which it might reorder
  // with its own stores), stays where it is.
  SmallVector<Operation *> collectEpilogue() {
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

  // The iter_args the pipeliner adds for carried values, advance inputs and commit tokens (from
  // `first` on), in
  // the order the body first reads them, as Triton's expander adds them while it emits the
  // body: the values each D-deep chain of a carried value holds stay together.
  void orderAddedIterArgs(unsigned first) {
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

  // A cp.async load's readers, after the wait for this iteration's groups: local_loads of its
  // buffer in the layouts they read (or the buffer itself for a warp-group dot).
  void readCopiedTile(OpBuilder &builder, PipelinedLoad &entry, Value wait, Value readIndex) {
    Location loc = loop.getLoc();
    Value view =
        MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, readIndex);
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
  // Every warp-group dot of the pipelined loop is issued asynchronously, as Triton's
  // asyncLaunchDots does. One that is "properly async" runs on: its fp32 accumulator is carried
  // to the next iteration and used by nothing else in the loop, its shared-memory operands are
  // tiles of pipelined buffers (or made outside the loop). A warp_group_dot_wait
  // {pendings = 1} after it waits for the previous iteration's (so the copies at the end of the
  // body may overwrite what that one read) unless the body waits {pendings = 0} for another
  // dot anyway, and one with {pendings = 0} after the loop collects the last. A dot whose
  // result is carried to the next iteration and read there by other ops first (flash
  // attention's second dot, A in registers) is issued too: where those reads follow the
  // body's first wait {pendings = 0} (for the first dot), that wait completes it (Triton's
  // rule); otherwise it is waited for {pendings = 0} just before that first reader. Any other
  // dot (an fp16 accumulator, an operand stored to shared memory in the loop, a result used in
  // the loop) is waited for {pendings = 0} right after it is issued.
  void makeWarpGroupDotsAsync() {
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
          return llvm::any_of(loads,
                              [&](const PipelinedLoad &entry) { return entry.buffer == view.getSrc(); });
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
        auto wait = ttng::WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                                     TypeRange{carried.getType()},
                                                     ValueRange{carried}, uint32_t{0});
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

  // Where the previous iteration's result of an async dot, `carried`, is read only after the
  // loop's first warp_group_dot_wait {pendings = 0} (attention's `acc * alpha` after the wait
  // for `q @ k`), that wait also completes the dot: `carried` is threaded through it and read
  // from its result, as Triton's threadValuesThroughWait does.
  bool threadThroughFirstWait(BlockArgument carried) {
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

  scf::ForOp loop;
  int64_t distance;
  int64_t numBuffers = 0;
  const ModuleAxisInfoAnalysis &axisInfo;
  SmallVector<PipelinedLoad> loads;
  // An index load run ahead with stage 0 (separateIndirectLoads), its clones (the prologue's,
  // then the body's) with whether their iteration exists; the second round's one load; the
  // wait after the loop.
  SmallVector<tt::LoadOp> indirectLoads;
  SmallVector<std::pair<Operation *, Value>> indirectClones;
  Operation *onlyLoad = nullptr;
  // The second round's copies are for iterations this much further than the loop's: its
  // predicates test those (the index loads of iterations past the end are masked off).
  int64_t validAhead = 0;
  Operation *postLoopWait = nullptr;
  // The copies of iteration k + D are issued before iteration k's wait (readOnlyInConditionals),
  // the wait that copiesFirst puts them before.
  bool copiesFirst = false;
  Operation *firstWait = nullptr;
  // The selects that apply the non-zero `other` of loads of a dot-less loop.
  SmallVector<arith::SelectOp> otherSelects;
  SmallVector<BarrierGroup> groups;
  // Stage 0 in body order (the order clones are made in), and the iter_args it advances.
  SmallVector<Operation *> orderedStageZero;
  llvm::SetVector<unsigned> stageArgs;
  // The stage-0 iter_args carried D iterations ahead (the rest: D - 1, see collectStageZero).
  llvm::SetVector<unsigned> directArgs;
  // Stage-0 values the rest of the body reads (StageZero::carried).
  SmallVector<Value> carried;
  // The ops the loads read in their own iteration (StageZero::direct), and those of their
  // values a later advance reads (carried one iteration, see collectStageZero).
  llvm::DenseSet<Operation *> directOps;
  llvm::SetVector<Value> advanceInputs;
  SmallVector<Value> advanceInputInits;
  // The commit groups' tokens of the last issueIteration, one per cp.async load in body order;
  // how many D-deep chains of iter_args carry them (the last iter_args the pipeliner adds).
  SmallVector<Value> commitTokens;
  unsigned tokenChains = 0;
  int64_t tokenDepth = 0;
};

} // namespace

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
