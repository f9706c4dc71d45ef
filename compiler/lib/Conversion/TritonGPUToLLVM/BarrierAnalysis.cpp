// BarrierAnalysis: the CTA barriers a function's shared-memory accesses need (see the header).
#include "trex/Conversion/TritonGPUToLLVM/BarrierAnalysis.h"

#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

#include "llvm/ADT/SetVector.h"

#include <deque>
#include <limits>
#include <optional>
#include <set>
#include <tuple>

using namespace mlir;

namespace trex {

namespace {

// Bytes [begin, end) of the function's shared memory.
struct Interval {
  int64_t begin;
  int64_t end;
  bool intersects(const Interval &other) const { return begin < other.end && other.begin < end; }
};

// What cannot be traced to a buffer may be anywhere.
constexpr Interval kEverything{0, std::numeric_limits<int64_t>::max()};

// The shared-memory accesses of one op, as the barrier analysis sees them.
struct Effects {
  // The op's lowering starts (ends) with a CTA barrier of its own, before (after) all its
  // accesses.
  bool syncBefore = false;
  bool syncAfter = false;
  llvm::SmallVector<Interval, 2> reads;
  llvm::SmallVector<Interval, 2> writes;
  // The op's scratch: written first, read last.
  std::optional<Interval> scratch;
  // The lowering puts a CTA barrier between the scratch's writes and reads, whatever the op.
  bool scratchSyncs = false;

  bool empty() const {
    return !syncBefore && !syncAfter && reads.empty() && writes.empty() && !scratch;
  }
};

// The accesses made since the last barrier: the bytes and the op that made them.
using Access = std::tuple<int64_t, int64_t, Operation *>;

struct Pending {
  std::set<Access> reads;
  std::set<Access> writes;

  // Adds `other`'s accesses; whether any was new.
  bool join(const Pending &other) {
    size_t before = reads.size() + writes.size();
    reads.insert(other.reads.begin(), other.reads.end());
    writes.insert(other.writes.begin(), other.writes.end());
    return reads.size() + writes.size() != before;
  }
  void clear() {
    reads.clear();
    writes.clear();
  }
  bool operator==(const Pending &other) const {
    return reads == other.reads && writes == other.writes;
  }

  static Pending everything() {
    Pending pending;
    pending.reads.insert({kEverything.begin, kEverything.end, nullptr});
    pending.writes.insert({kEverything.begin, kEverything.end, nullptr});
    return pending;
  }
};

// Pairs of mbarrier ops that need no CTA barrier between them although they touch the same
// mbarrier (Triton's NVIDIA filter): initialisations, invalidations and expects are made by
// thread 0 alone, so they are ordered among themselves; a wait cannot complete before the TMA
// copy it waits for has arrived, whichever thread issued it.
bool canSkipBarrier(Operation *before, Operation *after) {
  if (!before)
    return false;
  auto singleThreaded = [](Operation *op) {
    return isa<ttng::InitBarrierOp, ttng::InvalBarrierOp, ttng::BarrierExpectOp>(op);
  };
  if (singleThreaded(before) && singleThreaded(after))
    return true;
  return isa<ttng::AsyncTMACopyGlobalToLocalOp>(before) && isa<ttng::WaitBarrierOp>(after);
}

// Ops whose lowering ends with a CTA barrier: an explicit one, the waits for asynchronous
// copies (every thread's copies are then visible to all) and the fences for the async proxy.
// (A tensor assertion does too; its condition's type tells.)
bool endsWithBarrier(Operation *op) {
  return isa<ttg::BarrierOp, gpu::BarrierOp, ttg::AsyncWaitOp, ttng::TMAStoreWaitOp,
             ttng::TensormapFenceproxyAcquireOp, ttng::FenceAsyncSharedOp>(op);
}

bool conflicts(const std::set<Access> &pending, Operation *op, ArrayRef<Interval> accesses) {
  for (const Interval &access : accesses)
    for (const auto &[begin, end, before] : pending)
      if (access.intersects({begin, end}) && !canSkipBarrier(before, op))
        return true;
  return false;
}

// The local_allocs each memdesc value of a function may name; `unknown` when it may also name
// memory the function did not allocate (an argument, the result of an op not followed here).
class BufferSources {
public:
  explicit BufferSources(Region &body) {
    bool changed = true;
    while (changed) {
      changed = false;
      body.walk([&](Block *block) {
        for (BlockArgument argument : block->getArguments())
          if (isa<ttg::MemDescType>(argument.getType()))
            changed |= merge(argument, incoming(argument));
        for (Operation &op : *block)
          for (OpResult result : op.getResults())
            if (isa<ttg::MemDescType>(result.getType()))
              changed |= merge(result, definedBy(result));
      });
    }
  }

  // The bytes `value` may name.
  void intervalsOf(Value value, SmallVectorImpl<Interval> &intervals) const {
    if (std::optional<Interval> slot = constantSlot(value)) {
      intervals.push_back(*slot);
      return;
    }
    auto found = sources.find(value);
    if (found == sources.end() || found->second.unknown) {
      intervals.push_back(kEverything);
      return;
    }
    for (Operation *alloc : found->second.allocs) {
      auto offset = alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
      if (!offset) {
        intervals.push_back(kEverything);
        continue;
      }
      intervals.push_back(
          {offset.getInt(), offset.getInt() + localAllocBytes(cast<ttg::LocalAllocOp>(alloc))});
    }
  }

private:
  // A slot of a multi-buffered allocation at a constant index (the pipeline's prologue fills
  // its stages so): the buffer's slots are consecutive, so only the slot's bytes. (Triton's
  // analysis takes the whole buffer for any index; a dynamic one, or any other view, does so
  // here too.)
  static std::optional<Interval> constantSlot(Value value) {
    auto index = value.getDefiningOp<ttg::MemDescIndexOp>();
    if (!index)
      return std::nullopt;
    auto alloc = index.getSrc().getDefiningOp<ttg::LocalAllocOp>();
    APInt constant;
    if (!alloc || !matchPattern(index.getIndex(), m_ConstantInt(&constant)))
      return std::nullopt;
    auto offset = alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    ttg::MemDescType type = alloc.getType();
    if (!offset || type.getShape() != type.getAllocShape() || type.getShape().empty())
      return std::nullopt;
    // Where the lowering puts the slot: the index times the view's elements.
    int64_t slotBytes = scratchElementBytes(index.getType().getElementType());
    for (int64_t size : index.getType().getShape())
      slotBytes *= size;
    int64_t slot = constant.getSExtValue();
    if (slot < 0 || slot >= type.getShape().front() ||
        (slot + 1) * slotBytes > localAllocBytes(alloc))
      return std::nullopt;
    int64_t begin = offset.getInt() + slot * slotBytes;
    return Interval{begin, begin + slotBytes};
  }

  struct Sources {
    llvm::SmallSetVector<Operation *, 2> allocs;
    bool unknown = false;
  };

  Sources unknownSources() const {
    Sources result;
    result.unknown = true;
    return result;
  }

  Sources lookup(Value value) const {
    auto found = sources.find(value);
    return found == sources.end() ? Sources() : found->second;
  }

  Sources definedBy(OpResult result) const {
    Operation *op = result.getOwner();
    if (isa<ttg::LocalAllocOp>(op)) {
      Sources own;
      own.allocs.insert(op);
      return own;
    }
    if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp, ttg::MemDescReshapeOp,
            ttg::MemDescReinterpretOp>(op))
      return lookup(op->getOperand(0));
    // A wait on asynchronous dots passes its operands through.
    if (isa<ttng::WarpGroupDotWaitOp>(op) && result.getResultNumber() < op->getNumOperands())
      return lookup(op->getOperand(result.getResultNumber()));
    return unknownSources();
  }

  // What the branches to the argument's block pass it.
  Sources incoming(BlockArgument argument) const {
    Block *block = argument.getOwner();
    if (block->isEntryBlock())
      return unknownSources();
    Sources result;
    for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
      auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
      if (!branch)
        return unknownSources();
      SuccessorOperands operands = branch.getSuccessorOperands(it.getSuccessorIndex());
      unsigned index = argument.getArgNumber();
      if (index < operands.getProducedOperandCount())
        return unknownSources();
      Value passed = operands[index];
      if (!passed)
        return unknownSources();
      Sources from = lookup(passed);
      result.unknown |= from.unknown;
      result.allocs.insert(from.allocs.begin(), from.allocs.end());
    }
    return result;
  }

  bool merge(Value value, const Sources &from) {
    Sources &into = sources[value];
    bool changed = from.unknown && !into.unknown;
    into.unknown |= from.unknown;
    for (Operation *alloc : from.allocs)
      changed |= into.allocs.insert(alloc);
    return changed;
  }

  llvm::DenseMap<Value, Sources> sources;
};

class BarrierAnalysis {
public:
  explicit BarrierAnalysis(ModuleOp module) : module(module) {}

  void runOnFunction(tt::FuncOp function) {
    BufferSources buffers(function.getBody());
    // A kernel starts with nothing pending; a device function may follow anything its caller
    // did (calls are treated as touching everything, so this only matters for its first
    // access).
    runOnRegion(function.getBody(), buffers,
                function.isPublic() ? Pending() : Pending::everything());
  }

private:
  // Computes the accesses pending at each block's entry (to a fixed point), then inserts the
  // barriers; a region nested in an op is analysed on its own, from everything pending.
  void runOnRegion(Region &region, const BufferSources &buffers, const Pending &entry) {
    if (region.empty())
      return;
    llvm::DenseMap<Block *, Pending> in, out;
    in[&region.front()] = entry;
    std::deque<Block *> worklist;
    for (Block &block : region)
      worklist.push_back(&block);
    llvm::DenseSet<Block *> visited;
    while (!worklist.empty()) {
      Block *block = worklist.front();
      worklist.pop_front();
      Pending state = in[block];
      for (Operation &op : *block)
        transfer(&op, effectsOf(&op, buffers), state);
      bool first = visited.insert(block).second;
      if (!out[block].join(state) && !first)
        continue;
      for (Block *successor : block->getSuccessors())
        if (in[successor].join(out[block]) || !visited.contains(successor))
          worklist.push_back(successor);
    }

    OpBuilder builder(module.getContext());
    for (Block &block : region) {
      Pending state = in[&block];
      llvm::SmallVector<Operation *> ops;
      for (Operation &op : block)
        ops.push_back(&op);
      for (Operation *op : ops) {
        if (transfer(op, effectsOf(op, buffers), state)) {
          builder.setInsertionPoint(op);
          ttg::BarrierOp::create(builder, op->getLoc(), ttg::AddrSpace::Local);
        }
        if (nestedSharedMemoryUse(op))
          for (Region &nested : op->getRegions())
            runOnRegion(nested, BufferSources(nested), Pending::everything());
      }
    }
  }

  // Applies `op`'s accesses to what is pending; whether `op` needs a barrier before it.
  static bool transfer(Operation *op, const Effects &effects, Pending &pending) {
    if (effects.syncBefore)
      pending.clear();
    llvm::SmallVector<Interval, 3> writes(effects.writes.begin(), effects.writes.end());
    if (effects.scratch)
      writes.push_back(*effects.scratch);
    bool barrier = conflicts(pending.writes, op, effects.reads) ||
                   conflicts(pending.writes, op, writes) || conflicts(pending.reads, op, writes);
    if (barrier || (effects.scratch && effects.scratchSyncs))
      pending.clear();
    for (const Interval &read : effects.reads)
      pending.reads.insert({read.begin, read.end, op});
    for (const Interval &write : writes)
      pending.writes.insert({write.begin, write.end, op});
    if (effects.scratch)
      pending.reads.insert({effects.scratch->begin, effects.scratch->end, op});
    if (effects.syncAfter)
      pending.clear();
    return barrier;
  }

  Effects effectsOf(Operation *op, const BufferSources &buffers) {
    Effects effects;
    auto reads = [&](Value value) { buffers.intervalsOf(value, effects.reads); };
    auto writes = [&](Value value) { buffers.intervalsOf(value, effects.writes); };

    if (endsWithBarrier(op)) {
      effects.syncAfter = true;
      return effects;
    }
    if (auto assertion = dyn_cast<tt::AssertOp>(op)) {
      effects.syncAfter = isa<RankedTensorType>(assertion.getCondition().getType());
      return effects;
    }
    if (isa<ttg::LocalDeallocOp, ttg::AsyncCommitGroupOp, ttg::MemDescIndexOp,
            ttg::MemDescSubsliceOp, ttg::MemDescTransOp, ttg::MemDescReshapeOp,
            ttg::MemDescReinterpretOp>(op))
      return effects;
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (alloc.getSrc())
        writes(alloc.getResult());
      return effects;
    }
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      reads(load.getSrc());
      return effects;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
      writes(store.getDst());
      return effects;
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      writes(copy.getDst());
      return effects;
    }
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
      for (Value operand : {Value(dot.getA()), Value(dot.getB())})
        if (isa<ttg::MemDescType>(operand.getType()))
          reads(operand);
      return effects;
    }
    if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(op)) {
      for (Value input : wait.getInputs())
        if (isa<ttg::MemDescType>(input.getType()))
          reads(input);
      return effects;
    }
    // mbarriers: initialisation ends with a CTA barrier (every thread sees the initialised
    // barrier before it uses it); the others are accesses of the barrier's bytes.
    if (auto init = dyn_cast<ttng::InitBarrierOp>(op)) {
      writes(init.getAlloc());
      effects.syncAfter = true;
      return effects;
    }
    if (auto inval = dyn_cast<ttng::InvalBarrierOp>(op)) {
      writes(inval.getAlloc());
      return effects;
    }
    if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op)) {
      writes(expect.getAlloc());
      return effects;
    }
    if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(op)) {
      writes(arrive.getAlloc());
      return effects;
    }
    if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
      reads(wait.getAlloc());
      writes(wait.getAlloc());
      return effects;
    }
    // A TMA load fences the async proxy and waits for every thread before it overwrites the
    // buffer; its completion is counted on the mbarrier.
    if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op)) {
      effects.syncBefore = true;
      writes(copy.getResult());
      writes(copy.getBarrier());
      return effects;
    }
    if (auto copy = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op)) {
      reads(copy.getSrc());
      return effects;
    }
    if (auto call = dyn_cast<tt::CallOp>(op)) {
      if (calleeMayUseSharedMemory(call)) {
        effects.reads.push_back(kEverything);
        effects.writes.push_back(kEverything);
      }
      return effects;
    }
    // Ops with scratch (a layout conversion through shared memory, a reduction or scan across
    // warps, a histogram, a gather, an atomic whose old values are broadcast, a device-side TMA
    // descriptor). Layout conversions, gathers and histograms always put a CTA barrier between
    // their scratch's writes and reads; the others may not (a tensormap is built by warp 0
    // alone), and what was pending before them stays pending.
    if (auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr)) {
      effects.scratch = Interval{offset.getInt(), offset.getInt() + scratchSizeInBytes(op)};
      effects.scratchSyncs = isa<ttg::ConvertLayoutOp, tt::GatherOp, tt::HistogramOp>(op);
      return effects;
    }
    // An op holding a region whose ops use shared memory: everything (the region is analysed
    // on its own).
    if (nestedSharedMemoryUse(op)) {
      effects.reads.push_back(kEverything);
      effects.writes.push_back(kEverything);
      return effects;
    }
    // Any other op working on a buffer may read and write it.
    for (Value operand : op->getOperands())
      if (isa<ttg::MemDescType>(operand.getType())) {
        reads(operand);
        writes(operand);
      }
    return effects;
  }

  // Whether an op nested in `op`'s regions may touch shared memory or hold a barrier.
  bool nestedSharedMemoryUse(Operation *op) {
    if (op->getNumRegions() == 0)
      return false;
    auto found = nestedUse.find(op);
    if (found != nestedUse.end())
      return found->second;
    bool uses = false;
    op->walk([&](Operation *nested) {
      if (nested == op)
        return WalkResult::advance();
      if (mayTouchSharedMemory(nested)) {
        uses = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    nestedUse[op] = uses;
    return uses;
  }

  // A cheap over-approximation: buffers in or out, scratch, a call, a barrier or a wait.
  static bool mayTouchSharedMemory(Operation *op) {
    auto isBuffer = [](Type type) { return isa<ttg::MemDescType>(type); };
    return op->hasAttr(kAllocationOffsetAttr) || isa<tt::CallOp>(op) ||
           endsWithBarrier(op) || isa<tt::AssertOp>(op) ||
           llvm::any_of(op->getOperandTypes(), isBuffer) ||
           llvm::any_of(op->getResultTypes(), isBuffer);
  }

  bool calleeMayUseSharedMemory(tt::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<tt::FuncOp>(call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return true;
    auto found = calleeUse.find(callee);
    if (found != calleeUse.end())
      return found->second;
    bool uses = false;
    callee.walk([&](Operation *op) {
      if (mayTouchSharedMemory(op)) {
        uses = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    calleeUse[callee] = uses;
    return uses;
  }

  ModuleOp module;
  llvm::DenseMap<Operation *, bool> nestedUse;
  llvm::DenseMap<Operation *, bool> calleeUse;
};

} // namespace

void insertSharedMemoryBarriers(ModuleOp module) {
  BarrierAnalysis analysis(module);
  module.walk([&](tt::FuncOp function) {
    if (!function.isExternal())
      analysis.runOnFunction(function);
  });
}

} // namespace trex
