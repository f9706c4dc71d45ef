// The software pipeliner's parts (tritongpu-pipeline, SoftwarePipeline.cpp says how it
// works): the loads it pipelines and the LoopPipeliner, whose load selection, loop rewrite and
// asynchronous dots are defined in SoftwarePipelineLoads.cpp, SoftwarePipelineBody.cpp and
// SoftwarePipelineAsyncDots.cpp.
#ifndef TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_SOFTWAREPIPELINE_H
#define TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_SOFTWAREPIPELINE_H

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

#include <optional>

namespace trex::ttg::pipeliner {

// (Only the pipeliner's files include this header.)
using namespace ::mlir;

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
  // The ring (BufferRing) whose indices pick its buffer.
  unsigned ring = 0;

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
  unsigned ring = 0;           // the ring of its loads (all share one)
};

// The loads whose buffers are equally deep share an insert and an extract index (and, with
// descriptor loads, a barrier phase), as Triton's lowerLoads groups loads by their number of
// buffers: D for tiles read into registers, D + 1 for a tile a warp-group dot reads from
// shared memory while it runs (or where the copies are issued before the wait: copiesFirst).
// Rings are numbered in the order of their first load in the body.
struct BufferRing {
  int64_t numBuffers = 0;
  bool hasBarriers = false;
  // The iter_args of its insert and extract index (and phase), and this iteration's values.
  unsigned insertArg = 0;
  Value readIndex, writeIndex, phase, wraps;
};

// One tile of a multi-buffered allocation (what memdesc_index gives).
inline MemDescType viewOf(Value buffer) {
  auto type = cast<MemDescType>(buffer.getType());
  return MemDescType::get(type.getShape().drop_front(), type.getElementType(), type.getEncoding(),
                          type.getMemorySpace(), /*mutableMemory=*/true);
}

// A view of `value` through memdesc_trans/reshape/subslice, back to what it views.
inline Value stripViews(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

// The mbarrier layout: one 8-byte barrier per buffer.
inline MemDescType barrierRingType(MLIRContext *context, int64_t count) {
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
  bool run();

  // The second round of a loop with an index load (separateIndirectLoads): the index load the
  // body now runs D iterations ahead is pipelined D iterations further (into a ring of D
  // buffers read in its own layout), and the prologue's index loads become copies into that
  // ring, each waited for and read back before the tiles' copies that use it. The body waits
  // once for both rounds' copies, and the ring is freed after the first round's buffers.
  void pipelineIndirect();
  // The commit groups issued after the newest group whose token (a loop iter_arg carrying a
  // commit of an earlier iteration, started by a prologue commit) is among `tokens`, up to
  // `wait` in the body: the fewer of the count in the body and at the loop's entry. What a
  // wait for `tokens` there may leave pending; empty where a token is not such.
  std::optional<int64_t> groupsCommittedAfter(ValueRange tokens, Operation *wait);
  // The prologue of an indirect loop in Triton's order (its pipeline expander issues it stage
  // by stage): the index copies of iterations 0 .. D-1 first, then each iteration's tiles
  // followed by the second round's index copy of iteration D further; each prologue wait then
  // lets pending what was committed after its group. False where the prologue has another
  // shape (the waits keep their counts).
  bool issuePrologueByStage(SmallVector<AsyncCommitGroupOp> stageGroups,
                            SmallVector<AsyncWaitOp> stageWaits, Value ring);

  // Masks `load` off where `valid` (i1) is false.
  static void maskLoad(tt::LoadOp load, Value valid);

  // Moves the ops after `point` in its block that compute `value` right after `point`, in
  // their order, when their other operands are available there.
  static void hoistAfter(Value value, Operation *point);

private:
  // A loop that asks for its own depth (tl.range(num_stages=...)) and holds no dot: Triton's
  // assign-latencies pipelines its loads whatever reads them ("pipelineWithoutDot").
  bool pipelinesWithoutDot();

  // A load of a dot-less loop (pipelinesWithoutDot): read back in its own layout from an
  // unswizzled buffer. Loads whose values reach another load's pointer or mask (an indirect
  // load) are left alone. A non-zero `other` is kept on the copy (which fills zeros) and
  // applied by a select on the load's mask after the read, as Triton's createAsyncCopy does;
  // the select is made now (run() takes it back where the loop is not pipelined).
  void collectLoadWithoutDot(tt::LoadOp load);

  // The copy's contiguity (what one cp.async of a thread moves), false where it is under 4
  // bytes or the elements are narrower than a byte.
  bool finishCopyEntry(PipelinedLoad &entry);

  // Whether the loads of a dot-less loop are read only in scf.ifs whose results nothing reads
  // (a conditional store of the loaded value): Triton's scheduler moves such an if to an
  // epilogue cluster at the end of the body, after the copies of iteration k + D, which then
  // need a buffer more than D (copiesFirst). Failure where some loads are read so and others
  // not (their buffers would differ in depth).
  FailureOr<bool> readOnlyInConditionals();

  // Takes back the selects collectLoadWithoutDot made (the loop is left as it was).
  void dropOtherSelects();

  bool collectLoads();

  // Loads whose values reach another pipelined load's operands (an index load that the
  // pointers of the tiles a dot reads are computed from) are not copied with those: they run
  // ahead with stage 0 as loads (`indirectLoads`), and pipelineIndirect copies them ahead once
  // more, as Triton's assign-latencies gives each indirection level its share of the stages.
  // One such load, read in its own layout only, with no non-zero `other`, and no deeper
  // indirection (false: the loop is left alone).
  bool separateIndirectLoads();

  // A descriptor load that feeds a dot: TMA copies into buffers in the descriptor's layout. One
  // whose descriptor is made in the loop is left to triton-nvidia-tma-lowering (copies issued
  // ahead would need a descriptor per buffer, Triton's lowerTMADescriptors).
  void collectDescriptorLoad(tt::DescriptorLoadOp load);

  // The local_alloc that copies a descriptor load's tile into shared memory in the buffer's
  // layout, when that is the load's only use (it then becomes the buffer's tile).
  static LocalAllocOp tileAlloc(const PipelinedLoad &entry);

  // Descriptor loads share one mbarrier per buffer while they follow one another with nothing
  // in between that reads one of them (a tile turned into the buffer's tile is read where its
  // local_alloc is read), as Triton's createTMABarrierAndWait groups them: a matmul's A and B
  // share one, an attention's K and V (V loaded after the dot that reads K) do not.
  void groupBarriers();

  // Stage 0 (LoopStages.h): what runs ahead with the loads.
  bool collectStageZero();

  Value constant(OpBuilder &builder, Type type, int64_t value) {
    return arith::ConstantOp::create(builder, loop.getLoc(), builder.getIntegerAttr(type, value));
  }

  bool hasCopies() const {
    return llvm::any_of(loads, [](const PipelinedLoad &entry) { return !entry.tmaLoad; });
  }

  // Clones stage 0 with `mapping` (the induction variable and stage-0 iter_args of the
  // iteration being prefetched) and starts its copies into buffer `ringIndex[ring]` of each
  // load's ring, masked off where
  // `valid` (i1: the iteration exists) is false; each load's cp.async copy is its own group, as
  // Triton commits them, and each barrier group's TMA copies follow the barrier_expect that
  // arms its barrier for their bytes.
  void issueIteration(OpBuilder &builder, IRMapping &mapping, ArrayRef<Value> ringIndex,
                      Value valid, ArrayRef<Operation *> stageOps);

  // Each load's ring (BufferRing), from how many buffers it needs.
  void assignRings();

  // A descriptor load's readers, once its barrier group's copies of this iteration are waited
  // for (`barrier` at the extract index, with the phase): the local_alloc of the tile becomes
  // the buffer's tile, any other reader gets a local_load of it (after the view, as Triton
  // places them: each load's view right after the wait).
  void readDescriptorTile(OpBuilder &builder, PipelinedLoad &entry, Operation *wait,
                          Value readIndex);

  void rewrite();

  // A fused loop's prologue (the next tile's offsets, in an scf.if of stage 0) and the stage-0
  // ops it reads (`prologueOps`) run first, with the advance they read (`prologueAdvance`),
  // as Triton's schedulePrologueAndEpilogue puts such an if in a cluster at the front of the
  // loop; the rest of stage 0 runs with the copies at the end.
  void collectPrologue(const SetVector<Operation *> &advanceSlice,
                       llvm::DenseSet<Operation *> &prologueOps,
                       SetVector<Operation *> &prologueAdvance);

  // The body's epilogue: scf.ifs outside stage 0 whose results only the next iteration reads (a
  // fused loop's epilogue, storing a finished tile and resetting the accumulator), with the
  // ops only they read. The pipelined body runs them last, after the copies, as Triton's
  // schedulePrologueAndEpilogue pushes such ifs to the end of the loop. An if reading a
  // pipelined load's tile, or followed by an op that touches memory (which it might reorder
  // with its own stores), stays where it is.
  SmallVector<Operation *> collectEpilogue();

  // The iter_args the pipeliner adds for carried values, advance inputs and commit tokens (from
  // `first` on), in
  // the order the body first reads them, as Triton's expander adds them while it emits the
  // body: the values each D-deep chain of a carried value holds stay together.
  void orderAddedIterArgs(unsigned first);

  // A cp.async load's readers, after the wait for this iteration's groups: local_loads of its
  // buffer in the layouts they read (or the buffer itself for a warp-group dot).
  void readCopiedTile(OpBuilder &builder, PipelinedLoad &entry, Value wait, Value readIndex);
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
  // the loop) is waited for {pendings = 0} right after it is issued. An accumulating dot with
  // A in registers is async too (Triton 3.6); where no wait {pendings = 0} is left in the body
  // it is split along K into dots of the instruction's K, each waited for with all the loop's
  // other async dots left running when its A is made in the loop (Triton's splitRSDot and
  // rsDotNeedsWait).
  void makeWarpGroupDotsAsync();

  // Where the previous iteration's result of an async dot, `carried`, is read only after the
  // loop's first warp_group_dot_wait {pendings = 0} (attention's `acc * alpha` after the wait
  // for `q @ k`), that wait also completes the dot: `carried` is threaded through it and read
  // from its result, as Triton's threadValuesThroughWait does.
  bool threadThroughFirstWait(BlockArgument carried);

  scf::ForOp loop;
  int64_t distance;
  SmallVector<BufferRing> rings;
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
  // Whether each prologue iteration exists (its i1), in order.
  SmallVector<Value> prologueValid;
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

} // namespace trex::ttg::pipeliner

#endif // TREX_LIB_DIALECT_TRITONGPU_TRANSFORMS_SOFTWAREPIPELINE_H
