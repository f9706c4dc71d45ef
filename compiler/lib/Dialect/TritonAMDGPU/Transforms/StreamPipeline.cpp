// tritonamdgpu-stream-pipeline: software pipelining of scf.for loops whose tt.dot operands are
// tt.load-ed in the loop, through shared-memory buffers written with plain loads and
// ttg.local_store (AMD has no asynchronous global-to-shared copy before gfx950).
//
// A simplified form of Triton 3.6's AMD stream pipeliner: NB = num_stages - 1 buffers per
// pipelined operand (Triton's count: 3 for the num_stages = 4 matmul, 2 for num_stages = 3),
// and the global loads run NB iterations ahead of the dot that uses them:
//
//   prologue: for s in [0, NB): load iteration s's tiles, store them into buffer s
//   loop k:   read buffer k % NB into the dot operand layout
//             load iteration k + NB's tiles into registers (masked off past the end)
//             ... the dot (the loads' latency hides behind it) ...
//             store the registers into buffer k % NB, which this iteration has read
//   after:    free the buffers
//
// The lowering of ttg.local_store puts a workgroup barrier before and after the store, so
// every wavefront has read buffer k % NB before it is overwritten, and the store is complete
// before iteration k + 1 reads the next buffer. Triton instead places the local store in a
// stage of its own and peels the last iterations into an epilogue; here the loop runs all
// iterations and the loads past the end are masked off (their values are never read).
//
// As in trex's NVIDIA pipeliner, stage 0 is the loads and the ops that compute their
// operands (pointers, masks) including the loop-carried values those ops advance; it must
// feed nothing but itself (checked; other loops are left alone), so the stage-0 iter_args
// start NB iterations advanced and the originals become dead.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUSTREAMPIPELINE
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

// The frontend's tl.range(num_stages=...) sets this on a loop.
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";
// Triton's mark of the loads a pipeliner peels into a loop's prologue (read by
// tritonamdgpu-move-up-prologue-loads).
constexpr llvm::StringLiteral kPipelinerPartAttr = "amd.pipeliner_part";

struct PipelinedLoad {
  tt::LoadOp load;
  // How the dot reads the tile: this shared layout, the buffer of NB such tiles.
  Attribute sharedEncoding;
  Value buffer;
  // In the loop: the view of this iteration's buffer and the tile loaded for k + NB.
  Value view;
  Value ahead;
};

// The shared layout the dot-operand conversions of `load` read it through (the one
// tritongpu-reduce-data-duplication would give them), or null when some user is not such a
// conversion.
Attribute sharedEncodingOfUsers(tt::LoadOp load) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || type.getRank() != 2 || load.getResult().use_empty())
    return {};
  auto distributed = dyn_cast_or_null<ttg::DistributedEncodingTrait>(type.getEncoding());
  if (!distributed)
    return {};
  Attribute encoding;
  for (Operation *user : load->getUsers()) {
    auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
    if (!convert)
      return {};
    auto operand = dyn_cast<ttg::DotOperandEncodingAttr>(convert.getType().getEncoding());
    if (!operand)
      return {};
    SmallVector<unsigned> order = ttg::getOrder(type.getEncoding(), type.getRank());
    Attribute candidate = ttg::getSharedEncodingForDotOperand(
        operand, type.getShape(), order, distributed.getCGALayout(),
        type.getElementType().getIntOrFloatBitWidth(), /*needTrans=*/false);
    if (!candidate || (encoding && candidate != encoding))
      return {};
    encoding = candidate;
  }
  return encoding;
}

// One tile of a multi-buffered allocation (what memdesc_index gives).
ttg::MemDescType viewOf(Value buffer) {
  auto type = cast<ttg::MemDescType>(buffer.getType());
  return ttg::MemDescType::get(type.getShape().drop_front(), type.getElementType(),
                               type.getEncoding(), type.getMemorySpace(),
                               /*mutableMemory=*/true);
}

class StreamPipeliner {
public:
  StreamPipeliner(scf::ForOp loop, int numStages) : loop(loop), numBuffers(numStages - 1) {}

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
      Attribute encoding = sharedEncodingOfUsers(load);
      if (!encoding)
        continue;
      loads.push_back({load, encoding, Value(), Value(), Value()});
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
    // The loop's results for stage-0 iter_args would be NB iterations advanced.
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
  // iteration being loaded) and loads its tiles, masked off where `valid` (i1: the iteration
  // exists) is false. Returns the tiles, one per pipelined load.
  SmallVector<Value> loadIteration(OpBuilder &builder, IRMapping &mapping, Value valid) {
    Location loc = loop.getLoc();
    for (Operation *op : orderedStageZero)
      builder.clone(*op, mapping);
    SmallVector<Value> tiles;
    for (PipelinedLoad &entry : loads) {
      tt::LoadOp load = entry.load;
      auto type = cast<RankedTensorType>(load.getType());
      auto maskType =
          RankedTensorType::get(type.getShape(), builder.getI1Type(), type.getEncoding());
      Value mask = tt::SplatOp::create(builder, loc, maskType, valid);
      if (Value loadMask = load.getMask())
        mask = arith::AndIOp::create(builder, loc, mask, mapping.lookupOrDefault(loadMask));
      Value other = load.getOther() ? mapping.lookupOrDefault(load.getOther()) : Value();
      auto clone =
          tt::LoadOp::create(builder, load.getLoc(), mapping.lookupOrDefault(load.getPtr()), mask,
                             other, ArrayRef<int32_t>{}, tt::PaddingOptionAttr(), load.getCache(),
                             load.getEvict(), /*isVolatile=*/false);
      tiles.push_back(clone.getResult());
    }
    return tiles;
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
      auto bufferType =
          ttg::MemDescType::get(shape, type.getElementType(), entry.sharedEncoding,
                                ttg::SharedMemorySpaceAttr::get(context), /*mutableMemory=*/true);
      entry.buffer = ttg::LocalAllocOp::create(builder, entry.load.getLoc(), bufferType, Value(),
                                               IntegerAttr());
    }

    // Prologue: iterations 0 .. NB-1 into buffers 0 .. NB-1.
    SmallVector<Value> current = llvm::to_vector(loop.getInitArgs());
    Value lower = loop.getLowerBound(), upper = loop.getUpperBound(), step = loop.getStep();
    for (int64_t stage = 0; stage < numBuffers; ++stage) {
      IRMapping mapping;
      Value offset = arith::MulIOp::create(builder, loc, step, constant(builder, ivType, stage));
      Value iv = arith::AddIOp::create(builder, loc, lower, offset);
      Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, iv, upper);
      mapping.map(inductionVar, iv);
      for (unsigned index : stageArgs)
        mapping.map(loop.getRegionIterArgs()[index], current[index]);
      SmallVector<Value> tiles = loadIteration(builder, mapping, valid);
      for (auto [entry, tile] : llvm::zip(loads, tiles)) {
        tile.getDefiningOp()->setAttr(kPipelinerPartAttr, builder.getStringAttr("prologue"));
        Location at = entry.load.getLoc();
        Value view = ttg::MemDescIndexOp::create(builder, at, viewOf(entry.buffer), entry.buffer,
                                                 constant(builder, i32, stage));
        ttg::LocalStoreOp::create(builder, at, tile, view);
      }
      for (unsigned index : stageArgs)
        current[index] = mapping.lookupOrDefault(yield.getOperand(index));
    }
    for (unsigned index : stageArgs)
      loop.getInitArgsMutable()[index].set(current[index]);

    // The loop body: read this iteration's buffers, then load iteration k + NB.
    builder.setInsertionPointToStart(body);
    Value sinceStart = arith::SubIOp::create(builder, loc, inductionVar, lower);
    Value iteration = toI32(builder, arith::DivSIOp::create(builder, loc, sinceStart, step));
    Value index =
        arith::RemSIOp::create(builder, loc, iteration, constant(builder, i32, numBuffers));
    for (PipelinedLoad &entry : loads) {
      entry.view = ttg::MemDescIndexOp::create(builder, entry.load.getLoc(), viewOf(entry.buffer),
                                               entry.buffer, index);
      for (Operation *user : llvm::make_early_inc_range(entry.load->getUsers())) {
        auto convert = cast<ttg::ConvertLayoutOp>(user);
        Value read = ttg::LocalLoadOp::create(builder, entry.load.getLoc(), convert.getType(),
                                              entry.view, Value());
        convert.replaceAllUsesWith(read);
        convert.erase();
      }
    }
    IRMapping mapping;
    Value stepsAhead =
        arith::MulIOp::create(builder, loc, step, constant(builder, ivType, numBuffers));
    Value ivAhead = arith::AddIOp::create(builder, loc, inductionVar, stepsAhead);
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, ivAhead, upper);
    mapping.map(inductionVar, ivAhead);
    SmallVector<Value> tiles = loadIteration(builder, mapping, valid);
    for (unsigned index : stageArgs)
      yield->setOperand(index, mapping.lookupOrDefault(yield.getOperand(index)));
    // The buffer this iteration read takes iteration k + NB, after the dot.
    builder.setInsertionPoint(yield);
    for (auto [entry, tile] : llvm::zip(loads, tiles))
      ttg::LocalStoreOp::create(builder, entry.load.getLoc(), tile, entry.view);
    builder.setInsertionPointAfter(loop);
    for (PipelinedLoad &entry : loads)
      ttg::LocalDeallocOp::create(builder, entry.load.getLoc(), entry.buffer);

    for (PipelinedLoad &entry : loads)
      entry.load.erase();
    for (Operation *op : llvm::reverse(orderedStageZero))
      op->erase();
  }

  scf::ForOp loop;
  int64_t numBuffers;
  SmallVector<PipelinedLoad> loads;
  DenseSet<Operation *> stageZero;
  // stageZero in body order (the order clones are made in).
  SmallVector<Operation *> orderedStageZero;
  llvm::SetVector<unsigned> stageArgs;
};

} // namespace

int streamPipelineLoops(ModuleOp module, int numStages) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    // Innermost loops only, as Triton's pipeliner.
    bool innermost = true;
    loop.getBody()->walk([&](scf::ForOp) { innermost = false; });
    if (innermost)
      loops.push_back(loop);
  });
  int pipelined = 0;
  for (scf::ForOp loop : loops) {
    int stages = numStages;
    if (auto attr = loop->getAttrOfType<IntegerAttr>(kNumStagesAttr))
      stages = attr.getInt();
    if (stages < 2)
      continue;
    if (StreamPipeliner(loop, stages).run())
      ++pipelined;
  }
  return pipelined;
}

namespace {

struct TritonAMDGPUStreamPipelinePass
    : impl::TritonAMDGPUStreamPipelineBase<TritonAMDGPUStreamPipelinePass> {
  using Base::Base;
  void runOnOperation() override { streamPipelineLoops(getOperation(), numStages); }
};

} // namespace

} // namespace trex::amdg
