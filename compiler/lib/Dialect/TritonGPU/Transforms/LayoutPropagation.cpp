// Forward layout propagation of tritongpu-remove-layout-conversions: anchors
// (ops whose layout is kept) pass their layout to every value computed from
// them; where several meet, one wins; then the function is rewritten so that
// every value has its chosen layout, with conversions only where needed.
#include "LayoutConversionRemoval.h"

#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <deque>
#include <numeric>

using namespace mlir;

namespace trex::ttg {

bool isLayoutAnchor(Operation *op) {
  if (isa<tt::LoadOp, tt::StoreOp>(op))
    return isExpensiveLoadOrStore(op);
  if (isa<tt::DotOp, ttng::WarpGroupDotOp, tt::AtomicRMWOp, tt::AtomicCASOp>(op))
    return true;
  // A tensor-descriptor load keeps the layout coalesce gave it and propagates it to its users,
  // as in Triton 3.6 (a reshape of a transposed descriptor load ends in a linear layout there).
  if (isa<tt::DescriptorLoadOp>(op))
    return true;
  if (auto gather = dyn_cast<tt::GatherOp>(op))
    return gather.getEfficientLayout();
  // A reordering reshape may produce any layout; anchoring it stops forward
  // propagation through it, and backward rematerialization fixes its users.
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    return reshape.getAllowReorder();
  return false;
}

namespace {

// A reduction to scalars: its operand layout does not show in its results.
bool reducesToScalar(Operation *op) {
  return isa<tt::ReduceOp>(op) && !isa<RankedTensorType>(op->getResultTypes()[0]);
}

RankedTensorType withEncoding(Type type, Attribute encoding) {
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}

class LayoutPropagation {
public:
  explicit LayoutPropagation(tt::FuncOp function) : function(function) {}

  void initAnchorLayouts();
  void propagate();
  void resolveConflicts();
  LogicalResult rewrite();

private:
  using Encodings = llvm::SmallSetVector<Attribute, 8>;

  SmallVector<Value> propagateToUsers(Value value, const Encodings &encodings);
  void addEncodings(ValueRange values, const Encodings &encodings, Operation *user,
                    SmallVectorImpl<Value> &changed);
  Attribute chosenEncoding(Value value) const;

  void rewriteRegion(Region &region);
  Operation *rewriteOp(Operation *op);
  Operation *rewriteForOp(scf::ForOp forOp);
  Operation *rewriteWhileOp(scf::WhileOp whileOp);
  Operation *rewriteIfOp(scf::IfOp ifOp);
  void rewriteYieldOp(scf::YieldOp yield);
  void rewriteConditionOp(scf::ConditionOp condition);
  void rewriteOperandsAs(Operation *op, ArrayRef<unsigned> operandIndices, Attribute encoding);
  Operation *cloneWithEncoding(OpBuilder &builder, Operation *op, Attribute encoding);
  bool canRewrite(Operation *op, Attribute encoding) const;
  Attribute operandEncodingFor(Operation *op, Attribute encoding) const;

  // Records that `newValue` is `oldValue` in newValue's layout.
  void map(Value oldValue, Value newValue);
  // `value` (as rewritten) in `encoding`, converting if it has another one.
  Value getValueAs(Value value, Attribute encoding);
  void remapAsRewritten(Value oldValue, Value newValue);

  tt::FuncOp function;
  llvm::MapVector<Value, Encodings> layouts;
  DenseMap<std::pair<Value, Attribute>, Value> rewriteMapping;
  llvm::SetVector<Operation *> opsToDelete;
};

void LayoutPropagation::initAnchorLayouts() {
  auto addAnchor = [&](Value value) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      layouts[value].insert(type.getEncoding());
  };
  // Function arguments keep their layout too (tests pass tensors in).
  for (Value argument : function.getArguments())
    addAnchor(argument);
  function.walk([&](Operation *op) {
    if (isLayoutAnchor(op))
      for (Value result : op->getResults())
        addAnchor(result);
  });
}

void LayoutPropagation::addEncodings(ValueRange values, const Encodings &encodings,
                                     Operation *user, SmallVectorImpl<Value> &changed) {
  for (Value value : values) {
    if (!value || !isa<RankedTensorType>(value.getType()))
      continue;
    bool grew = false;
    for (Attribute encoding : encodings) {
      // A conversion passes its operand's layout on, to remove itself.
      Attribute resultEncoding =
          isa<ConvertLayoutOp>(user) ? encoding : inferDstEncoding(user, encoding);
      if (resultEncoding)
        grew |= layouts[value].insert(resultEncoding);
    }
    if (grew)
      changed.push_back(value);
  }
}

SmallVector<Value> LayoutPropagation::propagateToUsers(Value value, const Encodings &encodings) {
  SmallVector<Value> changed;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      if (Value arg = forOp.getTiedLoopRegionIterArg(&use))
        addEncodings({arg, forOp.getTiedLoopResult(&use)}, encodings, user, changed);
      continue;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
      addEncodings(whileOp.getBeforeArguments()[use.getOperandNumber()], encodings, user, changed);
      continue;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      unsigned index = use.getOperandNumber();
      SmallVector<Value> targets;
      if (isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent))
        targets.push_back(parent->getResult(index));
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        targets.push_back(forOp.getRegionIterArg(index));
      if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
        targets.push_back(whileOp.getBeforeArguments()[index]);
      if (!targets.empty())
        addEncodings(targets, encodings, user, changed);
      continue;
    }
    if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      // Operand 0 is the condition itself.
      if (use.getOperandNumber() == 0)
        continue;
      auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
      unsigned index = use.getOperandNumber() - 1;
      addEncodings({whileOp.getAfterArguments()[index], whileOp->getResult(index)}, encodings,
                   user, changed);
      continue;
    }
    if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(user)) {
      addEncodings(wait->getResult(use.getOperandNumber()), encodings, user, changed);
      continue;
    }
    if (auto gather = dyn_cast<tt::GatherOp>(user)) {
      // Only the indices decide a gather's result layout.
      if (!gather.getEfficientLayout() && &use == &gather.getIndicesMutable())
        addEncodings(gather.getResult(), encodings, user, changed);
      continue;
    }
    // A conversion to an AMD dot operand stays: what follows it (the casts
    // optimize-dot-operands moved after it, the bf16 split of an f32 operand)
    // is computed in the operand layout, so that shared memory carries the
    // narrower loaded type, as in Triton's ttgir (fp8 and bf16x3 dots on gfx942).
    // Conversions to NVIDIA and FMA operands pass the layout on as Triton's do: the
    // hoisting phase moves those to NVIDIA tensor-core operands back up to the loads
    // (hoistConvertDotOperand), while wgmma's shared-memory operands and FMA operands
    // keep the loaded layout (an f32 dot's bf16 split of its B operand on sm_90).
    if (auto convert = dyn_cast<ConvertLayoutOp>(user))
      if (auto operand = dyn_cast<DotOperandEncodingAttr>(convert.getType().getEncoding()))
        if (isa<AMDMfmaEncodingAttr, AMDWmmaEncodingAttr>(operand.getParent()))
          continue;
    if (user->hasTrait<tt::SameOperandsAndResultEncoding>() ||
        user->hasTrait<OpTrait::Elementwise>() ||
        isa<tt::ReduceOp, tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp, tt::JoinOp, tt::SplitOp,
            ConvertLayoutOp>(user))
      addEncodings(user->getResults(), encodings, user, changed);
  }
  return changed;
}

void LayoutPropagation::propagate() {
  SmallVector<Value> worklist;
  for (auto &entry : layouts)
    worklist.push_back(entry.first);
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Encodings encodings = layouts[value];
    SmallVector<Value> changed = propagateToUsers(value, encodings);
    worklist.append(changed.begin(), changed.end());
  }
}

void LayoutPropagation::resolveConflicts() {
  for (auto &[value, encodings] : layouts) {
    if (encodings.size() <= 1)
      continue;
    // Memory ops prefer the blocked (coalesced) layout, everything else the
    // tensor-core layout; otherwise the first that arrived.
    Operation *op = value.getDefiningOp();
    bool isMemoryOp = op && isa<tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(op);
    Attribute chosen = encodings.front();
    for (Attribute encoding : encodings) {
      if ((isMemoryOp && isa<BlockedEncodingAttr>(encoding)) ||
          (!isMemoryOp && isa<MmaEncodingTrait>(encoding))) {
        chosen = encoding;
        break;
      }
    }
    encodings.clear();
    encodings.insert(chosen);
  }
}

Attribute LayoutPropagation::chosenEncoding(Value value) const {
  auto it = layouts.find(value);
  return it == layouts.end() ? Attribute() : it->second.front();
}

void LayoutPropagation::map(Value oldValue, Value newValue) {
  rewriteMapping[{oldValue, cast<RankedTensorType>(newValue.getType()).getEncoding()}] = newValue;
}

void LayoutPropagation::remapAsRewritten(Value oldValue, Value newValue) {
  if (oldValue.getType() == newValue.getType())
    oldValue.replaceAllUsesWith(newValue);
  else
    map(oldValue, newValue);
}

Value LayoutPropagation::getValueAs(Value value, Attribute encoding) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return value;
  Value rewritten = value;
  if (Attribute chosen = chosenEncoding(value); chosen && chosen != type.getEncoding())
    rewritten = rewriteMapping.lookup({value, chosen});
  if (!rewritten)
    rewritten = value;
  if (cast<RankedTensorType>(rewritten.getType()).getEncoding() == encoding)
    return rewritten;
  OpBuilder builder(value.getContext());
  builder.setInsertionPointAfterValue(rewritten);
  return ConvertLayoutOp::create(builder, value.getLoc(), type.cloneWithEncoding(encoding),
                                 rewritten);
}

bool LayoutPropagation::canRewrite(Operation *op, Attribute encoding) const {
  if (isa<scf::ForOp, scf::WhileOp, scf::IfOp, ConvertLayoutOp>(op) ||
      canFoldIntoConversion(op, encoding))
    return true;
  if (!(op->hasTrait<tt::SameOperandsAndResultEncoding>() ||
        op->hasTrait<OpTrait::Elementwise>() ||
        isa<tt::ReduceOp, tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp, tt::JoinOp, tt::SplitOp,
            tt::GatherOp, ttng::WarpGroupDotWaitOp>(op)))
    return false;
  return op->getNumOperands() == 0 || operandEncodingFor(op, encoding);
}

// The layout `op`'s operands take when its result takes `encoding`: the one an operand already
// has (or was given) when `op` maps it to `encoding` (Triton's cloneElementwise prefers it:
// the inverse of a split or reshape is not unique, and inferring it backwards would convert
// what needs no conversion), else the one inferred backwards.
Attribute LayoutPropagation::operandEncodingFor(Operation *op, Attribute encoding) const {
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      continue;
    Attribute current = chosenEncoding(operand);
    if (!current)
      current = type.getEncoding();
    if (current && inferDstEncoding(op, current) == encoding)
      return current;
  }
  return inferSrcEncoding(op, encoding);
}

Operation *LayoutPropagation::cloneWithEncoding(OpBuilder &builder, Operation *op,
                                                Attribute encoding) {
  Operation *newOp = builder.clone(*op);
  Attribute operandEncoding;
  if (op->getNumOperands() > 0)
    operandEncoding = operandEncodingFor(op, encoding);
  for (OpOperand &operand : op->getOpOperands())
    newOp->setOperand(operand.getOperandNumber(), getValueAs(operand.get(), operandEncoding));
  for (auto [oldResult, newResult] : llvm::zip(op->getResults(), newOp->getResults()))
    if (isa<RankedTensorType>(oldResult.getType()))
      newResult.setType(withEncoding(oldResult.getType(), encoding));
  return newOp;
}

Operation *LayoutPropagation::rewriteForOp(scf::ForOp forOp) {
  SmallVector<Value> inits;
  for (auto [init, result] : llvm::zip(forOp.getInitArgs(), forOp.getResults())) {
    Attribute encoding = chosenEncoding(result);
    inits.push_back(encoding ? getValueAs(init, encoding) : init);
  }
  OpBuilder builder(forOp);
  auto newForOp = scf::ForOp::create(builder, forOp.getLoc(), forOp.getLowerBound(),
                                     forOp.getUpperBound(), forOp.getStep(), inits);
  newForOp->setAttrs(forOp->getAttrs());
  newForOp.getBody()->getOperations().splice(newForOp.getBody()->begin(),
                                             forOp.getBody()->getOperations());
  for (auto [oldResult, newResult] : llvm::zip(forOp.getResults(), newForOp.getResults()))
    remapAsRewritten(oldResult, newResult);
  for (auto [oldArg, newArg] :
       llvm::zip(forOp.getBody()->getArguments(), newForOp.getBody()->getArguments()))
    remapAsRewritten(oldArg, newArg);
  return newForOp;
}

Operation *LayoutPropagation::rewriteWhileOp(scf::WhileOp whileOp) {
  SmallVector<Value> inits;
  for (auto [init, arg] : llvm::zip(whileOp->getOperands(), whileOp.getBeforeArguments())) {
    Attribute encoding = chosenEncoding(arg);
    inits.push_back(encoding ? getValueAs(init, encoding) : init);
  }
  SmallVector<Type> resultTypes;
  for (Value result : whileOp.getResults()) {
    Attribute encoding = chosenEncoding(result);
    resultTypes.push_back(encoding ? withEncoding(result.getType(), encoding) : result.getType());
  }
  OpBuilder builder(whileOp);
  auto newWhileOp = scf::WhileOp::create(builder, whileOp.getLoc(), resultTypes, inits);
  SmallVector<Type> beforeTypes(ValueRange(inits).getTypes());
  SmallVector<Location> beforeLocs(inits.size(), whileOp.getLoc());
  SmallVector<Location> afterLocs(resultTypes.size(), whileOp.getLoc());
  builder.createBlock(&newWhileOp.getBefore(), {}, beforeTypes, beforeLocs);
  builder.createBlock(&newWhileOp.getAfter(), {}, resultTypes, afterLocs);
  for (unsigned i = 0; i < whileOp->getNumRegions(); ++i)
    newWhileOp->getRegion(i).front().getOperations().splice(
        newWhileOp->getRegion(i).front().begin(), whileOp->getRegion(i).front().getOperations());
  for (auto [oldValue, newValue] : llvm::zip(whileOp.getResults(), newWhileOp.getResults()))
    remapAsRewritten(oldValue, newValue);
  for (auto [oldValue, newValue] :
       llvm::zip(whileOp.getBeforeArguments(), newWhileOp.getBeforeArguments()))
    remapAsRewritten(oldValue, newValue);
  for (auto [oldValue, newValue] :
       llvm::zip(whileOp.getAfterArguments(), newWhileOp.getAfterArguments()))
    remapAsRewritten(oldValue, newValue);
  return newWhileOp;
}

Operation *LayoutPropagation::rewriteIfOp(scf::IfOp ifOp) {
  SmallVector<Type> resultTypes(ifOp->getResultTypes());
  for (auto [index, result] : llvm::enumerate(ifOp.getResults()))
    if (Attribute encoding = chosenEncoding(result))
      resultTypes[index] = withEncoding(result.getType(), encoding);
  OpBuilder builder(ifOp);
  auto newIfOp = scf::IfOp::create(builder, ifOp.getLoc(), resultTypes, ifOp.getCondition(),
                                   /*addThenBlock=*/true, /*addElseBlock=*/true);
  newIfOp.getThenRegion().takeBody(ifOp.getThenRegion());
  newIfOp.getElseRegion().takeBody(ifOp.getElseRegion());
  for (auto [oldResult, newResult] : llvm::zip(ifOp.getResults(), newIfOp.getResults()))
    remapAsRewritten(oldResult, newResult);
  return newIfOp;
}

void LayoutPropagation::rewriteYieldOp(scf::YieldOp yield) {
  Operation *parent = yield->getParentOp();
  for (OpOperand &operand : yield->getOpOperands()) {
    Type expected = operand.get().getType();
    if (isa<scf::ForOp, scf::IfOp>(parent))
      expected = parent->getResult(operand.getOperandNumber()).getType();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
      expected = whileOp.getBeforeArguments()[operand.getOperandNumber()].getType();
    if (auto type = dyn_cast<RankedTensorType>(expected))
      operand.set(getValueAs(operand.get(), type.getEncoding()));
  }
}

void LayoutPropagation::rewriteConditionOp(scf::ConditionOp condition) {
  auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
  for (unsigned i = 1; i < condition->getNumOperands(); ++i) {
    OpOperand &operand = condition->getOpOperand(i);
    if (auto type = dyn_cast<RankedTensorType>(whileOp->getResult(i - 1).getType()))
      operand.set(getValueAs(operand.get(), type.getEncoding()));
  }
}

void LayoutPropagation::rewriteOperandsAs(Operation *op, ArrayRef<unsigned> operandIndices,
                                          Attribute encoding) {
  for (unsigned index : operandIndices)
    op->setOperand(index, getValueAs(op->getOperand(index), encoding));
}

Operation *LayoutPropagation::rewriteOp(Operation *op) {
  opsToDelete.insert(op);
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return rewriteForOp(forOp);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return rewriteWhileOp(whileOp);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return rewriteIfOp(ifOp);
  OpBuilder builder(op);
  Attribute encoding;
  for (Value result : op->getResults())
    if ((encoding = chosenEncoding(result)))
      break;
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    Attribute srcEncoding = convert.getSrc().getType().getEncoding();
    if (Attribute chosen = chosenEncoding(convert.getSrc()))
      srcEncoding = chosen;
    Value src = getValueAs(convert.getSrc(), srcEncoding);
    auto newConvert = ConvertLayoutOp::create(
        builder, op->getLoc(), withEncoding(op->getResult(0).getType(), encoding), src);
    map(op->getResult(0), newConvert);
    return newConvert;
  }
  if (canFoldIntoConversion(op, encoding)) {
    // The op stays as it is; a conversion that canonicalization folds into
    // it produces the new layout.
    Operation *newOp = builder.clone(*op);
    auto newConvert = ConvertLayoutOp::create(
        builder, op->getLoc(), withEncoding(op->getResult(0).getType(), encoding),
        newOp->getResult(0));
    map(op->getResult(0), newConvert);
    return newConvert;
  }
  Operation *newOp = cloneWithEncoding(builder, op, encoding);
  for (auto [oldResult, newResult] : llvm::zip(op->getResults(), newOp->getResults()))
    remapAsRewritten(oldResult, newResult);
  return newOp;
}

void LayoutPropagation::rewriteRegion(Region &region) {
  std::deque<Region *> regions = {&region};
  while (!regions.empty()) {
    Region *current = regions.front();
    regions.pop_front();
    for (Operation &op : current->getOps()) {
      bool needsRewrite = false;
      for (Value result : op.getResults()) {
        Attribute chosen = chosenEncoding(result);
        if (chosen && chosen != cast<RankedTensorType>(result.getType()).getEncoding())
          needsRewrite = true;
      }
      if (needsRewrite) {
        Operation *newOp = rewriteOp(&op);
        for (Region &nested : newOp->getRegions())
          regions.push_back(&nested);
        continue;
      }
      if (auto yield = dyn_cast<scf::YieldOp>(&op)) {
        rewriteYieldOp(yield);
      } else if (auto condition = dyn_cast<scf::ConditionOp>(&op)) {
        rewriteConditionOp(condition);
      } else if (reducesToScalar(&op)) {
        // All operands of a reduce share one layout: the first one's.
        Attribute encoding;
        for (Value operand : op.getOperands())
          if ((encoding = chosenEncoding(operand)))
            break;
        if (encoding) {
          SmallVector<unsigned> all(op.getNumOperands());
          std::iota(all.begin(), all.end(), 0);
          rewriteOperandsAs(&op, all, encoding);
        }
      } else if (isa<tt::AssertOp>(op)) {
        if (Attribute encoding = chosenEncoding(op.getOperand(0)))
          rewriteOperandsAs(&op, {0}, encoding);
      } else {
        // Unchanged op: its operands are read in the layout it has.
        for (OpOperand &operand : op.getOpOperands()) {
          if (!chosenEncoding(operand.get()))
            continue;
          auto type = cast<RankedTensorType>(operand.get().getType());
          operand.set(getValueAs(operand.get(), type.getEncoding()));
        }
        for (Region &nested : op.getRegions())
          regions.push_back(&nested);
      }
    }
  }
  for (Operation *op : llvm::reverse(opsToDelete))
    op->erase();
  opsToDelete.clear();
}

LogicalResult LayoutPropagation::rewrite() {
  // Values whose defining op cannot be rewritten in the chosen layout keep
  // their layout; their users convert.
  SmallVector<Value> unrewritable;
  for (auto &[value, encodings] : layouts) {
    Operation *op = value.getDefiningOp();
    if (!op || !isa<RankedTensorType>(value.getType()))
      continue;
    Attribute chosen = encodings.front();
    if (chosen != cast<RankedTensorType>(value.getType()).getEncoding() &&
        !canRewrite(op, chosen))
      unrewritable.push_back(value);
  }
  for (Value value : unrewritable)
    layouts.erase(value);
  rewriteRegion(function.getBody());
  return success();
}

} // namespace

LogicalResult propagateLayoutsForward(tt::FuncOp function) {
  LayoutPropagation propagation(function);
  propagation.initAnchorLayouts();
  propagation.propagate();
  propagation.resolveConflicts();
  return propagation.rewrite();
}

} // namespace trex::ttg
