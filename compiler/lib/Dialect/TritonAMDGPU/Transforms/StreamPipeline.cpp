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
#include "trex/Dialect/TritonGPU/Transforms/LoopStages.h"
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

  // Stage 0 (LoopStages.h): what runs ahead with the loads.
  bool collectStageZero() {
    SmallVector<Operation *> loadOps;
    for (PipelinedLoad &entry : loads)
      loadOps.push_back(entry.load);
    FailureOr<ttg::StageZero> stage = ttg::collectStageZero(loop, loadOps);
    if (failed(stage))
      return false;
    orderedStageZero = std::move(stage->ordered);
    stageArgs = std::move(stage->iterArgs);
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
  // Stage 0 in body order (the order clones are made in), and the iter_args it advances.
  SmallVector<Operation *> orderedStageZero;
  llvm::SetVector<unsigned> stageArgs;
};

} // namespace

int streamPipelineLoops(ModuleOp module, int numStages) {
  int pipelined = 0;
  for (auto [loop, stages] : ttg::pipelineCandidates(module, numStages))
    if (stages >= 2 && StreamPipeliner(loop, stages).run())
      ++pipelined;
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
