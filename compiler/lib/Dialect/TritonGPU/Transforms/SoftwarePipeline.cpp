// tritongpu-pipeline: software pipelining (cp.async) of scf.for loops whose tt.dot operands are
// tt.load-ed in the loop.
//
// A simplified form of Triton 3.6's assign-latencies / schedule-loops / pipeline: every load
// that feeds a dot gets latency num_stages - 1 (D), everything else latency 0, so the schedule
// has two stages. Stage 0 is the loads and the ops that compute their operands (pointers,
// masks) including the loop-carried values those ops advance (`ptrs += BLOCK_K`); stage 1 is
// the rest. Stage 0 runs D iterations ahead:
//
//   prologue: for s in [0, D): copy iteration s's tiles into buffer s      (one group each)
//   loop k:   wait until iteration k's group is complete (D - 1 groups may still be pending)
//             read buffer k % NB to the dot operand layout
//             copy iteration k + D's tiles into buffer (k + D) % NB       (one group)
//             ... the dot ...
//   after:    wait for all groups; free the buffers
//
// Copies for iterations past the end are masked off (cp.async zero-fills; nothing is read).
// NB = D + 1 buffers per operand: the buffer iteration k writes is the one iteration k - 1
// read, and every thread has passed iteration k's wait (a CTA barrier, see the lowering)
// after its reads of iteration k - 1, so the copy cannot overwrite data still being read.
// Triton uses D buffers plus a barrier between the read and the copy.
//
// The stage-0 values are used by nothing but stage 0 (checked; loops where they are, e.g.
// a pointer also stored in the loop, are left alone), so the loop keeps its iter_args: the
// stage-0 ones start D iterations advanced and the originals become dead.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "trex/Analysis/AxisInfo.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// The frontend's tl.range(num_stages=...) (and loop unrolling's remainder loops) set this.
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";

// cp.async moves 4, 8 or 16 bytes per thread.
constexpr unsigned kMinCopyBytes = 4;
constexpr unsigned kMaxCopyBytes = 16;

struct PipelinedLoad {
  tt::LoadOp load;
  // How the dot reads the tile: this shared layout, the buffer of NB such tiles.
  Attribute sharedEncoding;
  unsigned contiguity = 1;
  Value buffer;
};

// The shared layout the dot operand users of `load` read it through, or null when some user
// is not a conversion to a dot operand layout (or a local_alloc read only by local_loads).
Attribute sharedEncodingOfUsers(tt::LoadOp load) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getResult().use_empty())
    return {};
  Attribute encoding;
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
      if (!llvm::all_of(alloc->getUsers(), [](Operation *op) { return isa<LocalLoadOp>(op); }))
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
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return false;
    attr = dense.getSplatValue<Attribute>();
  }
  if (auto floating = dyn_cast<FloatAttr>(attr))
    return floating.getValue().isZero();
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().isZero();
  return false;
}

// One tile of a multi-buffered allocation (what memdesc_index gives).
MemDescType viewOf(Value buffer) {
  auto type = cast<MemDescType>(buffer.getType());
  return MemDescType::get(type.getShape().drop_front(), type.getElementType(), type.getEncoding(),
                          type.getMemorySpace(), /*mutableMemory=*/true);
}

class LoopPipeliner {
public:
  LoopPipeliner(scf::ForOp loop, int numStages, const ModuleAxisInfoAnalysis &axisInfo)
      : loop(loop), distance(numStages - 1), numBuffers(numStages), axisInfo(axisInfo) {}

  // Pipelines the loop when it has the supported shape; otherwise leaves it untouched.
  bool run() {
    if (!collectLoads() || !collectStageZero())
      return false;
    rewrite();
    return true;
  }

private:
  bool collectLoads() {
    if (loop.getUnsignedCmp() || !loop.getInductionVar().getType().isIntOrIndex())
      return false;
    for (Operation &op : *loop.getBody()) {
      auto load = dyn_cast<tt::LoadOp>(&op);
      if (!load || !isa<RankedTensorType>(load.getPtr().getType()) || load.getIsVolatile())
        continue;
      // cp.async fills masked-off elements with zeros only.
      if (load.getOther() && !isZeroConstant(load.getOther()))
        continue;
      Attribute encoding = sharedEncodingOfUsers(load);
      if (!encoding)
        continue;
      auto type = cast<RankedTensorType>(load.getType());
      unsigned bits = type.getElementType().getIntOrFloatBitWidth();
      if (bits < 8)
        continue;
      unsigned contiguity = axisInfo.getPtrAlignment(load.getPtr());
      if (Value mask = load.getMask())
        contiguity = std::min(contiguity, axisInfo.getMaskAlignment(mask));
      contiguity = std::min(contiguity, kMaxCopyBytes * 8 / bits);
      if (contiguity * bits < kMinCopyBytes * 8)
        continue;
      loads.push_back({load, encoding, contiguity, Value()});
    }
    return !loads.empty();
  }

  // Stage 0: the backward slice of the loads' operands inside the loop body, closed over the
  // iter_args it reads (their yielded values join the slice).
  bool collectStageZero() {
    Block *body = loop.getBody();
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    DenseSet<Operation *> loadOps;
    for (PipelinedLoad &entry : loads)
      loadOps.insert(entry.load);
    SmallVector<Value> worklist;
    for (PipelinedLoad &entry : loads)
      for (Value operand : entry.load->getOperands())
        worklist.push_back(operand);
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto argument = dyn_cast<BlockArgument>(value)) {
        if (argument.getOwner() != body || argument == loop.getInductionVar())
          continue;
        unsigned index = argument.getArgNumber() - 1;
        if (stageArgs.insert(index))
          worklist.push_back(yield.getOperand(index));
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (!loop->isAncestor(def))
        continue;
      // Only side-effect-free ops directly in the body can run early (loads of other
      // values, nested regions: not supported).
      if (def->getBlock() != body || def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
          loadOps.contains(def))
        return false;
      if (stageZero.insert(def).second)
        for (Value operand : def->getOperands())
          worklist.push_back(operand);
    }
    // Stage-0 values must feed only stage 0 (and the yields of stage-0 iter_args): running
    // them ahead changes what they hold in a given iteration.
    auto usedOnlyByStageZero = [&](Value value) {
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        if (stageZero.contains(user) || loadOps.contains(user))
          continue;
        if (user == yield && stageArgs.contains(use.getOperandNumber()))
          continue;
        return false;
      }
      return true;
    };
    for (Operation *op : stageZero)
      for (Value result : op->getResults())
        if (!usedOnlyByStageZero(result))
          return false;
    // The loop's results for stage-0 iter_args would be D iterations advanced.
    for (unsigned index : stageArgs)
      if (!usedOnlyByStageZero(loop.getRegionIterArgs()[index]) ||
          !loop->getResult(index).use_empty())
        return false;
    for (Operation &op : *body)
      if (stageZero.contains(&op))
        orderedStageZero.push_back(&op);
    return true;
  }

  Value constant(OpBuilder &builder, Type type, int64_t value) {
    return arith::ConstantOp::create(builder, loop.getLoc(), builder.getIntegerAttr(type, value));
  }

  // Clones stage 0 with `mapping` (the induction variable and stage-0 iter_args of the
  // iteration being prefetched) and starts its copies into buffer `index`, masked off where
  // `valid` (i1: the iteration exists) is false. Returns the group's token.
  Value issueIteration(OpBuilder &builder, IRMapping &mapping, Value index, Value valid) {
    Location loc = loop.getLoc();
    for (Operation *op : orderedStageZero)
      builder.clone(*op, mapping);
    SmallVector<Value> tokens;
    for (PipelinedLoad &entry : loads) {
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
      tokens.push_back(AsyncCopyGlobalToLocalOp::create(builder, loc, pointers, view, mask, other,
                                                        load.getCache(), load.getEvict(),
                                                        /*isVolatile=*/false,
                                                        static_cast<uint32_t>(entry.contiguity)));
    }
    return AsyncCommitGroupOp::create(builder, loc, AsyncTokenType::get(loop.getContext()),
                                      tokens);
  }

  void rewrite() {
    Location loc = loop.getLoc();
    MLIRContext *context = loop.getContext();
    Block *body = loop.getBody();
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    Value inductionVar = loop.getInductionVar();
    Type ivType = inductionVar.getType();
    Type i32 = IntegerType::get(context, 32);
    auto toI32 = [&](OpBuilder &builder, Value value) -> Value {
      if (value.getType() == i32)
        return value;
      if (value.getType().isIndex())
        return arith::IndexCastOp::create(builder, loc, i32, value);
      return arith::TruncIOp::create(builder, loc, i32, value);
    };

    OpBuilder builder(loop);
    for (PipelinedLoad &entry : loads) {
      auto type = cast<RankedTensorType>(entry.load.getType());
      SmallVector<int64_t> shape{numBuffers};
      shape.append(type.getShape().begin(), type.getShape().end());
      auto bufferType = MemDescType::get(shape, type.getElementType(), entry.sharedEncoding,
                                         SharedMemorySpaceAttr::get(context),
                                         /*mutableMemory=*/true);
      entry.buffer = LocalAllocOp::create(builder, loc, bufferType, Value(), IntegerAttr());
    }

    // Prologue: iterations 0 .. D-1.
    SmallVector<Value> current = llvm::to_vector(loop.getInitArgs());
    Value lower = loop.getLowerBound(), upper = loop.getUpperBound(), step = loop.getStep();
    for (int64_t stage = 0; stage < distance; ++stage) {
      IRMapping mapping;
      Value offset = arith::MulIOp::create(builder, loc, step, constant(builder, ivType, stage));
      Value iv = arith::AddIOp::create(builder, loc, lower, offset);
      Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, iv, upper);
      mapping.map(inductionVar, iv);
      for (unsigned index : stageArgs)
        mapping.map(loop.getRegionIterArgs()[index], current[index]);
      issueIteration(builder, mapping, constant(builder, i32, stage), valid);
      for (unsigned index : stageArgs)
        current[index] = mapping.lookupOrDefault(yield.getOperand(index));
    }
    for (unsigned index : stageArgs)
      loop.getInitArgsMutable()[index].set(current[index]);

    // The loop body: read this iteration's buffers, then prefetch iteration k + D.
    builder.setInsertionPointToStart(body);
    Value sinceStart = arith::SubIOp::create(builder, loc, inductionVar, lower);
    Value iteration = toI32(builder, arith::DivSIOp::create(builder, loc, sinceStart, step));
    Value readIndex =
        arith::RemSIOp::create(builder, loc, iteration, constant(builder, i32, numBuffers));
    Value ahead = arith::AddIOp::create(builder, loc, iteration, constant(builder, i32, distance));
    Value writeIndex =
        arith::RemSIOp::create(builder, loc, ahead, constant(builder, i32, numBuffers));
    Value wait = AsyncWaitOp::create(builder, loc, ValueRange{}, static_cast<uint32_t>(distance - 1));
    for (PipelinedLoad &entry : loads) {
      Value view =
          MemDescIndexOp::create(builder, loc, viewOf(entry.buffer), entry.buffer, readIndex);
      for (Operation *user : llvm::make_early_inc_range(entry.load->getUsers())) {
        if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
          Value read = LocalLoadOp::create(builder, loc, convert.getType(), view, wait);
          convert.replaceAllUsesWith(read);
          convert.erase();
          continue;
        }
        auto alloc = cast<LocalAllocOp>(user);
        for (Operation *reader : llvm::make_early_inc_range(alloc->getUsers())) {
          auto localLoad = cast<LocalLoadOp>(reader);
          Value read = LocalLoadOp::create(builder, loc, localLoad.getType(), view, wait);
          localLoad.replaceAllUsesWith(read);
          localLoad.erase();
        }
        alloc.erase();
      }
    }
    IRMapping mapping;
    Value stepAhead =
        arith::MulIOp::create(builder, loc, step, constant(builder, ivType, distance));
    Value ivAhead = arith::AddIOp::create(builder, loc, inductionVar, stepAhead);
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, ivAhead, upper);
    mapping.map(inductionVar, ivAhead);
    issueIteration(builder, mapping, writeIndex, valid);
    for (unsigned index : stageArgs)
      yield->setOperand(index, mapping.lookupOrDefault(yield.getOperand(index)));
    for (PipelinedLoad &entry : loads)
      entry.load.erase();
    for (Operation *op : llvm::reverse(orderedStageZero))
      op->erase();

    builder.setInsertionPointAfter(loop);
    AsyncWaitOp::create(builder, loc, ValueRange{}, uint32_t{0});
    for (PipelinedLoad &entry : loads)
      LocalDeallocOp::create(builder, loc, entry.buffer);
  }

  scf::ForOp loop;
  int64_t distance;
  int64_t numBuffers;
  const ModuleAxisInfoAnalysis &axisInfo;
  SmallVector<PipelinedLoad> loads;
  DenseSet<Operation *> stageZero;
  // stageZero in body order (the order clones are made in).
  SmallVector<Operation *> orderedStageZero;
  llvm::SetVector<unsigned> stageArgs;
};

} // namespace

int pipelineLoops(ModuleOp module, int numStages) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    // Innermost loops only, as Triton's pipeliner.
    bool innermost = true;
    loop.getBody()->walk([&](scf::ForOp) { innermost = false; });
    if (innermost)
      loops.push_back(loop);
  });
  ModuleAxisInfoAnalysis axisInfo(module);
  int pipelined = 0;
  for (scf::ForOp loop : loops) {
    int stages = numStages;
    if (auto attr = loop->getAttrOfType<IntegerAttr>(kNumStagesAttr))
      stages = attr.getInt();
    if (stages < 2)
      continue;
    if (LoopPipeliner(loop, stages, axisInfo).run())
      ++pipelined;
  }
  return pipelined;
}

namespace {

struct TritonGPUPipelinePass : impl::TritonGPUPipelineBase<TritonGPUPipelinePass> {
  using TritonGPUPipelineBase::TritonGPUPipelineBase;
  void runOnOperation() override { pipelineLoops(getOperation(), numStages); }
};

} // namespace

} // namespace trex::ttg
