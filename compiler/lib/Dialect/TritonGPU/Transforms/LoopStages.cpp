// LoopStages: the stage-0 slice of a loop the pipeliners run ahead.
#include "trex/Dialect/TritonGPU/Transforms/LoopStages.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace trex::ttg {

namespace {

// The values `op` reads: its operands and, inside its regions, the values defined above it.
SmallVector<Value> valuesReadBy(Operation *op) {
  SmallVector<Value> values(op->getOperands());
  if (op->getNumRegions() != 0) {
    SetVector<Value> above;
    getUsedValuesDefinedAbove(op->getRegions(), above);
    values.append(above.begin(), above.end());
  }
  return values;
}

// Ops that may run ahead: side-effect-free ops directly in the body and, where allowed, scf.ifs
// (every op of theirs side-effect free: a persistent matmul's next-tile offsets).
bool canRunAhead(Operation *op, Block *body, const StageZeroOptions &options) {
  if (op->getBlock() == body && options.loadsAhead.contains(op))
    return true;
  if (op->getBlock() != body || !isMemoryEffectFree(op))
    return false;
  if (op->getNumRegions() == 0)
    return true;
  return options.conditionals && isa<scf::IfOp>(op);
}

} // namespace

FailureOr<StageZero> collectStageZero(scf::ForOp loop, ArrayRef<Operation *> loads,
                                      const StageZeroOptions &options) {
  StageZero stage;
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  DenseSet<Operation *> loadOps(loads.begin(), loads.end());
  SmallVector<Value> worklist;
  for (Operation *load : loads)
    for (Value operand : load->getOperands())
      worklist.push_back(operand);
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() != body || argument == loop.getInductionVar())
        continue;
      unsigned index = argument.getArgNumber() - 1;
      if (stage.iterArgs.insert(index))
        worklist.push_back(yield.getOperand(index));
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (!loop->isAncestor(def))
      continue;
    // Only side-effect-free ops directly in the body can run early (loads of other values,
    // other nested regions: not supported).
    if (!canRunAhead(def, body, options) || loadOps.contains(def))
      return failure();
    if (stage.ops.insert(def).second)
      for (Value operand : valuesReadBy(def))
        worklist.push_back(operand);
  }
  // The ops the loads read in their own iteration (not through an iter_arg).
  SmallVector<Operation *> directWorklist;
  auto addDirect = [&](Value value) {
    if (Operation *def = value.getDefiningOp(); def && stage.ops.contains(def))
      if (stage.direct.insert(def).second)
        directWorklist.push_back(def);
  };
  for (Operation *load : loads)
    for (Value operand : load->getOperands())
      addDirect(operand);
  while (!directWorklist.empty())
    for (Value operand : valuesReadBy(directWorklist.pop_back_val()))
      addDirect(operand);
  // Stage-0 values must feed only stage 0 (and the yields of stage-0 iter_args): running them
  // ahead changes what they hold in a given iteration. A use inside a stage-0 scf.if is one of
  // stage 0.
  auto isStageZeroUse = [&](OpOperand &use) {
    Operation *user = body->findAncestorOpInBlock(*use.getOwner());
    return user && (stage.ops.contains(user) || loadOps.contains(user) ||
                    (user == yield && stage.iterArgs.contains(use.getOperandNumber())));
  };
  auto usedOnlyByStageZero = [&](Value value) {
    return llvm::all_of(value.getUses(), isStageZeroUse);
  };
  // A stage-0 value that the rest of the body reads too (`K - k * BLOCK_K` masking a pipelined
  // and an unpipelined load) is computed once more for those readers, where it depends on
  // nothing but the induction variable and values from outside the loop: the copy then holds
  // the current iteration's value. Where values can be carried, those the loads read in their
  // own iteration are carried instead, as Triton's pipeline expander hands a value to the
  // stage that reads it rather than recomputing it there.
  DenseSet<Operation *> readsAdvancedArgs;
  for (Operation &op : *body) {
    if (!stage.ops.contains(&op))
      continue;
    for (Value operand : valuesReadBy(&op)) {
      auto argument = dyn_cast<BlockArgument>(operand);
      Operation *def = operand.getDefiningOp();
      if ((argument && argument.getOwner() == body && argument != loop.getInductionVar()) ||
          (def && readsAdvancedArgs.contains(def)))
        readsAdvancedArgs.insert(&op);
    }
  }
  IRMapping copies;
  for (Operation &op : llvm::make_early_inc_range(*body)) {
    if (!stage.ops.contains(&op) || readsAdvancedArgs.contains(&op) ||
        (options.carryValues && stage.direct.contains(&op)) ||
        llvm::all_of(op.getResults(), usedOnlyByStageZero))
      continue;
    OpBuilder builder(op.getContext());
    builder.setInsertionPointAfter(&op);
    // Its stage-0 operands were cloned before it (body order) where they had other readers;
    // the others are cloned now.
    SetVector<Operation *> slice;
    SmallVector<Operation *> pending{&op};
    while (!pending.empty()) {
      Operation *current = pending.pop_back_val();
      if (!slice.insert(current))
        continue;
      for (Value operand : valuesReadBy(current))
        if (Operation *def = operand.getDefiningOp();
            def && stage.ops.contains(def) && !copies.contains(operand))
          pending.push_back(def);
    }
    for (Operation &candidate : *body)
      if (slice.contains(&candidate) && !copies.contains(candidate.getResult(0)))
        builder.clone(candidate, copies);
    for (Value result : op.getResults()) {
      Value copy = copies.lookup(result);
      result.replaceUsesWithIf(copy, [&](OpOperand &use) { return !isStageZeroUse(use); });
    }
  }
  for (Operation &op : *body) {
    if (!stage.ops.contains(&op))
      continue;
    for (Value result : op.getResults()) {
      if (usedOnlyByStageZero(result))
        continue;
      // Carried to the iteration that reads it (only values the loads' own iteration computes;
      // an advance for a later iteration's loads holds another iteration's value).
      if (!options.carryValues || !stage.direct.contains(&op))
        return failure();
      stage.carried.push_back(result);
    }
  }
  // The loop's results for stage-0 iter_args would be D iterations advanced. An iter_arg the
  // rest of the body reads too (a fused loop's tile counter, read by the epilogue's condition)
  // is carried like a stage-0 value.
  for (unsigned index : stage.iterArgs) {
    BlockArgument argument = loop.getRegionIterArgs()[index];
    if (!loop->getResult(index).use_empty())
      return failure();
    if (usedOnlyByStageZero(argument))
      continue;
    bool yieldedElsewhere = llvm::any_of(argument.getUses(), [&](OpOperand &use) {
      return use.getOwner() == yield && !isStageZeroUse(use);
    });
    if (!options.carryValues || yieldedElsewhere)
      return failure();
    stage.carried.push_back(argument);
  }
  for (Operation &op : *body)
    if (stage.ops.contains(&op))
      stage.ordered.push_back(&op);
  return stage;
}

SmallVector<std::pair<scf::ForOp, int>> pipelineCandidates(ModuleOp module, int numStages) {
  SmallVector<std::pair<scf::ForOp, int>> loops;
  module.walk([&](scf::ForOp loop) {
    bool innermost = true;
    loop.getBody()->walk([&](scf::ForOp) { innermost = false; });
    if (!innermost)
      return;
    int64_t stages = numStages;
    if (auto attr = loop->getAttrOfType<IntegerAttr>("tt.num_stages"))
      stages = attr.getInt();
    if (stages > kMaxNumStages) {
      loop.emitWarning() << "num_stages " << stages << " is deeper than trex pipelines; the loop "
                         << "is pipelined " << kMaxNumStages << " stages deep";
      stages = kMaxNumStages;
    }
    loops.push_back({loop, static_cast<int>(stages)});
  });
  return loops;
}

} // namespace trex::ttg
