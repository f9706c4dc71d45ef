// Backward rematerialization and hoisting of tritongpu-remove-layout-
// conversions: a conversion whose operand can be recomputed in the target
// layout is replaced by that recomputation (the "slice" of producers is
// cloned in the new layout); conversions that must stay move to where they
// are cheaper.
#include "LayoutConversionRemoval.h"

#include "trex/Dialect/TritonGPU/Transforms/ControlFlowRewrites.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace trex::ttg {

namespace {

using Slice = llvm::SetVector<Value>;
using SliceLayouts = DenseMap<Value, Attribute>;
using StopFn = std::function<bool(Operation *)>;

// Whether `op` may be cloned into another layout.
bool canBeRematerialized(Operation *op) {
  if (isa<tt::LoadOp, tt::StoreOp>(op))
    return !isExpensiveLoadOrStore(op);
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp, tt::DotOp, tt::DescriptorLoadOp>(op))
    return false;
  if (auto gather = dyn_cast<tt::GatherOp>(op))
    return !gather.getEfficientLayout();
  return !isa<scf::WhileOp, scf::ConditionOp>(op);
}

// A conversion that only permutes registers costs nothing to look through.
bool isFreeConvert(Operation *op) {
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  return convert && cvtReordersRegisters(convert.getSrc().getType(), convert.getType());
}

RankedTensorType withEncoding(Type type, Attribute encoding) {
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}

class LayoutRematerialization {
public:
  explicit LayoutRematerialization(tt::FuncOp function)
      : function(function), dominance(function), postDominance(function) {}

  void backwardRematerialization();
  void hoistConvertOnTopOfExtOrBroadcast();
  void hoistConvertIntoConditionals();
  void hoistConvertDotOperand();
  void cleanup();

private:
  // Runs `transform` on every conversion; the survivors are remembered as
  // existing rematerializations of their operand.
  void forEachConversion(llvm::function_ref<void(ConvertLayoutOp)> transform);
  void backwardRematerialization(ConvertLayoutOp convert);
  void hoistConvertOnTopOfExtOrBroadcast(ConvertLayoutOp convert);
  void hoistConvertIntoConditionals(ConvertLayoutOp convert);
  void hoistConvertDotOperand(ConvertLayoutOp convert);

  void addRematValue(Value oldValue, Attribute encoding, Value newValue);
  Value getRematValue(Value value, Attribute encoding) const {
    return rematMapping.lookup({value, encoding});
  }
  void updateRematMapping(SmallVectorImpl<std::tuple<Value, Value>> &replacements);

  LogicalResult getConvertBackwardSlice(OpOperand &root, Attribute rootEncoding, Slice &slice,
                                        SliceLayouts &layouts, const StopFn &stop);
  LogicalResult getRematerializableSlice(OpOperand &root, Attribute rootEncoding, Slice &slice,
                                         SliceLayouts &layouts, const StopFn &stop = nullptr);
  void rewriteSlice(Slice &slice, SliceLayouts &layouts, ConvertLayoutOp convert,
                    IRMapping &mapping);

  tt::FuncOp function;
  DominanceInfo dominance;
  PostDominanceInfo postDominance;
  // (value, layout) -> the value recomputed (or converted) in that layout.
  DenseMap<std::pair<Value, Attribute>, Value> rematMapping;
  // The layout each rematerialized value was recorded under, to follow it
  // when scf ops are rebuilt.
  DenseMap<Value, Attribute> mappedValues;
  llvm::SetVector<Operation *> opsToDelete;
};

void LayoutRematerialization::addRematValue(Value oldValue, Attribute encoding, Value newValue) {
  rematMapping[{oldValue, encoding}] = newValue;
  mappedValues[oldValue] = encoding;
}

void LayoutRematerialization::cleanup() {
  for (Operation *op : llvm::reverse(opsToDelete))
    op->erase();
  opsToDelete.clear();
}

void LayoutRematerialization::updateRematMapping(
    SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  for (auto [oldValue, newValue] : replacements) {
    auto it = mappedValues.find(oldValue);
    if (it == mappedValues.end())
      continue;
    Attribute encoding = it->second;
    auto rematIt = rematMapping.find({oldValue, encoding});
    Value replaced = rematIt->second;
    rematMapping.erase(rematIt);
    mappedValues.erase(it);
    // The rematerialized value may itself be a rebuilt scf result.
    for (auto [before, after] : replacements)
      if (before == replaced) {
        replaced = after;
        break;
      }
    rematMapping[{newValue, encoding}] = replaced;
    mappedValues[newValue] = encoding;
  }
}

LogicalResult LayoutRematerialization::getConvertBackwardSlice(OpOperand &root,
                                                               Attribute rootEncoding,
                                                               Slice &slice,
                                                               SliceLayouts &layouts,
                                                               const StopFn &stop) {
  DenseSet<std::pair<OpOperand *, Attribute>> seen;
  SmallVector<std::pair<OpOperand *, Attribute>> worklist;
  auto enqueue = [&](OpOperand &operand, Attribute encoding) {
    if (seen.insert({&operand, encoding}).second)
      worklist.push_back({&operand, encoding});
  };
  // Records the layout `value` must take; it joins the slice unless it
  // already has that layout (nothing to recompute then).
  auto assign = [&](Value value, Attribute encoding) -> LogicalResult {
    Attribute &existing = layouts[value];
    if (existing && existing != encoding)
      return failure();
    existing = encoding;
    if (cast<RankedTensorType>(value.getType()).getEncoding() != encoding)
      slice.insert(value);
    return success();
  };
  // An existing conversion of the value to this layout that dominates the
  // use can be reused instead of recomputing.
  auto existingConversion = [&](OpOperand &use, Attribute encoding) -> Value {
    Value remat = getRematValue(use.get(), encoding);
    if (remat && dominance.properlyDominates(remat, use.getOwner()))
      return remat;
    return Value();
  };

  enqueue(root, rootEncoding);
  while (!worklist.empty()) {
    auto [use, encoding] = worklist.pop_back_val();
    Value value = use->get();
    if (!isa<RankedTensorType>(value.getType()))
      continue;
    // Loop results would need the whole loop rematerialized.
    if (value.getDefiningOp<scf::ForOp>())
      return failure();
    if (failed(assign(value, encoding)))
      return failure();
    // A value already in the layout is used as it is; its producers stay.
    if (cast<RankedTensorType>(value.getType()).getEncoding() == encoding)
      continue;
    if (Value existing = existingConversion(*use, encoding)) {
      if (failed(assign(existing, encoding)))
        return failure();
      value = existing;
    }
    if (auto ifOp = value.getDefiningOp<scf::IfOp>()) {
      if (stop && stop(ifOp))
        continue;
      unsigned index = cast<OpResult>(value).getResultNumber();
      enqueue(ifOp.thenYield()->getOpOperand(index), encoding);
      enqueue(ifOp.elseYield()->getOpOperand(index), encoding);
      continue;
    }
    if (Operation *def = value.getDefiningOp()) {
      for (Value result : def->getResults())
        if (result != value && isa<RankedTensorType>(result.getType()) &&
            failed(assign(result, encoding)))
          return failure();
      if (isFreeConvert(def)) {
        enqueue(def->getOpOperand(0), encoding);
        continue;
      }
      if (canFoldIntoConversion(def, encoding))
        continue;
      if (stop && stop(def))
        continue;
      if (isa<tt::CatOp>(def))
        return failure();
      if (auto gather = dyn_cast<tt::GatherOp>(def)) {
        // Only the indices follow the result's layout.
        Attribute indicesEncoding = inferSrcEncoding(gather, encoding);
        if (!indicesEncoding)
          return failure();
        enqueue(gather.getIndicesMutable(), indicesEncoding);
        continue;
      }
      for (OpOperand &operand : def->getOpOperands()) {
        Attribute operandEncoding = inferSrcEncoding(def, encoding);
        if (!operandEncoding)
          return failure();
        enqueue(operand, operandEncoding);
      }
      continue;
    }
    auto blockArg = cast<BlockArgument>(value);
    auto forOp = dyn_cast<scf::ForOp>(blockArg.getOwner()->getParentOp());
    if (!forOp)
      return failure();
    enqueue(*forOp.getTiedLoopInit(blockArg), encoding);
    enqueue(forOp.getBody()->getTerminator()->getOpOperand(blockArg.getArgNumber() -
                                                           forOp.getNumInductionVars()),
            encoding);
  }
  return success();
}

LogicalResult LayoutRematerialization::getRematerializableSlice(OpOperand &root,
                                                                Attribute rootEncoding,
                                                                Slice &slice,
                                                                SliceLayouts &layouts,
                                                                const StopFn &stop) {
  if (failed(getConvertBackwardSlice(root, rootEncoding, slice, layouts, stop)) || slice.empty())
    return failure();
  for (Value value : slice)
    if (Operation *op = value.getDefiningOp(); op && !canBeRematerialized(op))
      return failure();
  return success();
}

void LayoutRematerialization::rewriteSlice(Slice &slice, SliceLayouts &layouts,
                                           ConvertLayoutOp convert, IRMapping &mapping) {
  llvm::SetVector<Operation *> opsToRewrite;
  // Yield operands to duplicate, per yield, for loop-carried/if results.
  DenseMap<Operation *, SmallVector<int>> yieldOperands;
  Slice alreadyRematerialized;
  for (Value value : slice) {
    Attribute encoding = layouts.lookup(value);
    if (Value remat = getRematValue(value, encoding)) {
      mapping.map(value, remat);
      alreadyRematerialized.insert(value);
      continue;
    }
    if (Operation *def = value.getDefiningOp()) {
      opsToRewrite.insert(def);
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        int index = cast<OpResult>(value).getResultNumber();
        opsToRewrite.insert(ifOp.thenYield());
        yieldOperands[ifOp.thenYield()].push_back(index);
        opsToRewrite.insert(ifOp.elseYield());
        yieldOperands[ifOp.elseYield()].push_back(index);
      }
      continue;
    }
    auto blockArg = cast<BlockArgument>(value);
    if (auto loop = dyn_cast<LoopLikeOpInterface>(blockArg.getOwner()->getParentOp())) {
      opsToRewrite.insert(loop);
      OpOperand *yielded = loop.getTiedLoopYieldedValue(blockArg);
      Operation *yield = blockArg.getOwner()->getTerminator();
      yieldOperands[yield].push_back(yielded->getOperandNumber());
      opsToRewrite.insert(yield);
    }
  }
  slice.set_subtract(alreadyRematerialized);
  opsToRewrite = topologicalSort(opsToRewrite);

  // Uses of rebuilt scf ops are replaced at the end, so that membership in
  // the slice still means the old values while rewriting.
  SmallVector<std::tuple<Value, Value>> replacements;
  SmallVector<Operation *> deadOps;
  IRRewriter builder(function.getContext());
  for (Operation *op : opsToRewrite) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      SmallVector<std::pair<size_t, size_t>> argMapping;
      SmallVector<Value> newInits;
      for (BlockArgument arg : forOp.getRegionIterArgs()) {
        if (!slice.count(arg))
          continue;
        OpOperand &init = *forOp.getTiedLoopInit(arg);
        argMapping.push_back({forOp.getTiedLoopResult(&init).getResultNumber(),
                              forOp.getInitArgs().size() + newInits.size()});
        newInits.push_back(mapping.lookupOrDefault(init.get()));
      }
      scf::ForOp newForOp = replaceForOpWithNewSignature(builder, forOp, newInits, replacements);
      deadOps.push_back(forOp);
      Block &body = *newForOp.getBody();
      unsigned numInductionVars = newForOp.getNumInductionVars();
      for (auto [oldIndex, newIndex] : argMapping) {
        mapping.map(forOp.getResult(oldIndex), newForOp.getResult(newIndex));
        BlockArgument oldArg = body.getArgument(oldIndex + numInductionVars);
        mapping.map(oldArg, body.getArgument(newIndex + numInductionVars));
        Attribute encoding = layouts.lookup(oldArg);
        addRematValue(newForOp.getResult(oldIndex), encoding, newForOp.getResult(newIndex));
        addRematValue(oldArg, encoding, body.getArgument(newIndex + numInductionVars));
      }
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<Type> newTypes;
      for (Value result : ifOp.getResults())
        if (slice.count(result))
          newTypes.push_back(withEncoding(result.getType(), layouts.lookup(result)));
      scf::IfOp newIfOp = replaceIfOpWithNewSignature(builder, ifOp, newTypes, replacements);
      unsigned newIndex = ifOp.getNumResults();
      for (Value result : ifOp.getResults()) {
        if (!slice.count(result))
          continue;
        mapping.map(result, newIfOp.getResult(newIndex));
        addRematValue(result, layouts.lookup(result), newIfOp.getResult(newIndex));
        ++newIndex;
      }
      deadOps.push_back(ifOp);
      continue;
    }
    builder.setInsertionPoint(op);
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      SmallVector<Value> operands(yield.getOperands());
      SmallVector<int> extra = yieldOperands[op];
      // In the order the new scf results and arguments were appended.
      llvm::sort(extra);
      for (int index : extra)
        operands.push_back(mapping.lookupOrDefault(yield.getOperand(index)));
      scf::YieldOp::create(builder, op->getLoc(), operands);
      op->erase();
      continue;
    }
    if (isa<arith::ConstantOp>(op)) {
      // A converted copy; canonicalization turns it into a constant of the
      // new layout.
      Operation *newOp = builder.clone(*op);
      Value result = op->getResult(0);
      Attribute encoding = layouts.lookup(result);
      auto newConvert = ConvertLayoutOp::create(builder, op->getLoc(),
                                                withEncoding(result.getType(), encoding),
                                                newOp->getResult(0));
      mapping.map(result, newConvert);
      addRematValue(result, encoding, newConvert);
      continue;
    }
    Operation *newOp = builder.clone(*op, mapping);
    for (auto [oldResult, newResult] : llvm::zip(op->getResults(), newOp->getResults())) {
      auto it = layouts.find(oldResult);
      if (it == layouts.end())
        continue;
      newResult.setType(withEncoding(oldResult.getType(), it->second));
      addRematValue(oldResult, it->second, newResult);
    }
  }
  convert.replaceAllUsesWith(mapping.lookupOrDefault(convert.getSrc()));
  opsToDelete.insert(convert);
  updateRematMapping(replacements);
  for (auto [oldValue, newValue] : replacements)
    builder.replaceAllUsesWith(oldValue, newValue);
  for (Operation *op : deadOps)
    opsToDelete.insert(op);
}

void LayoutRematerialization::forEachConversion(
    llvm::function_ref<void(ConvertLayoutOp)> transform) {
  SmallVector<ConvertLayoutOp> converts;
  function.walk([&](ConvertLayoutOp convert) { converts.push_back(convert); });
  for (ConvertLayoutOp convert : converts) {
    transform(convert);
    if (!opsToDelete.contains(convert))
      addRematValue(convert.getSrc(), convert.getType().getEncoding(), convert.getResult());
  }
}

void LayoutRematerialization::backwardRematerialization() {
  forEachConversion([&](ConvertLayoutOp convert) { backwardRematerialization(convert); });
}

void LayoutRematerialization::backwardRematerialization(ConvertLayoutOp convert) {
  // Conversions to dot operands are hoisted to their loads instead.
  RankedTensorType targetType = convert.getType();
  if (isa<DotOperandEncodingAttr>(targetType.getEncoding()))
    return;
  Value existing = getRematValue(convert.getSrc(), targetType.getEncoding());
  if (existing && dominance.properlyDominates(existing, convert)) {
    convert.replaceAllUsesWith(existing);
    opsToDelete.insert(convert);
    return;
  }
  Slice slice;
  SliceLayouts layouts;
  if (failed(getRematerializableSlice(convert.getSrcMutable(), targetType.getEncoding(), slice,
                                      layouts)))
    return;
  if (!isRematerializationBeneficial(convert, slice))
    return;
  IRMapping mapping;
  rewriteSlice(slice, layouts, convert, mapping);
}

void LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast() {
  forEachConversion([&](ConvertLayoutOp convert) { hoistConvertOnTopOfExtOrBroadcast(convert); });
}

// Converting before a broadcast, expand_dims or widening cast moves fewer
// or narrower elements than after it.
void LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast(ConvertLayoutOp convert) {
  RankedTensorType targetType = convert.getType();
  if (isa<DotOperandEncodingAttr>(targetType.getEncoding()))
    return;
  auto isExtOrBroadcast = [](Operation *op) {
    if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::ExtFOp, tt::BroadcastOp, tt::ExpandDimsOp>(op))
      return true;
    if (auto fpToFp = dyn_cast<tt::FpToFpOp>(op))
      return getElementTypeOrSelf(fpToFp.getSrc().getType()).getIntOrFloatBitWidth() <
             getElementTypeOrSelf(fpToFp.getType()).getIntOrFloatBitWidth();
    return false;
  };
  Slice slice;
  SliceLayouts layouts;
  if (failed(getRematerializableSlice(convert.getSrcMutable(), targetType.getEncoding(), slice,
                                      layouts, isExtOrBroadcast)))
    return;

  Operation *extOrBroadcast = nullptr;
  unsigned sliceSize = slice.size();
  for (unsigned i = 0; i < sliceSize; ++i) {
    Value value = slice[i];
    Operation *op = value.getDefiningOp();
    if (!op || !isExtOrBroadcast(op))
      continue;
    Attribute srcEncoding = inferSrcEncoding(op, layouts.lookup(value));
    if (!srcEncoding)
      return;
    Slice operandSlice;
    SliceLayouts operandLayouts;
    // If what feeds the extension can be rematerialized too, it needs no
    // conversion at all.
    if (succeeded(getRematerializableSlice(op->getOpOperand(0), srcEncoding, operandSlice,
                                           operandLayouts))) {
      slice.insert(operandSlice.begin(), operandSlice.end());
      layouts.insert(operandLayouts.begin(), operandLayouts.end());
      continue;
    }
    // Two extensions would each need their own conversion.
    if (extOrBroadcast)
      return;
    extOrBroadcast = op;
  }
  if (!extOrBroadcast)
    return;
  Attribute dstEncoding = layouts.lookup(extOrBroadcast->getResult(0));
  Attribute srcEncoding = inferSrcEncoding(extOrBroadcast, dstEncoding);
  if (!srcEncoding)
    return;
  OpBuilder builder(extOrBroadcast);
  auto newConvert = ConvertLayoutOp::create(
      builder, convert.getLoc(), withEncoding(extOrBroadcast->getOperand(0).getType(), srcEncoding),
      extOrBroadcast->getOperand(0));
  Operation *newExt = builder.clone(*extOrBroadcast);
  newExt->setOperand(0, newConvert);
  newExt->getResult(0).setType(withEncoding(extOrBroadcast->getResult(0).getType(), dstEncoding));
  IRMapping mapping;
  mapping.map(extOrBroadcast->getResult(0), newExt->getResult(0));
  slice.remove(extOrBroadcast->getResult(0));
  rewriteSlice(slice, layouts, convert, mapping);
}

void LayoutRematerialization::hoistConvertIntoConditionals() {
  forEachConversion([&](ConvertLayoutOp convert) { hoistConvertIntoConditionals(convert); });
}

// When only one branch of an scf.if (inside a loop) needs the conversion,
// converting in that branch runs less often than after the if.
void LayoutRematerialization::hoistConvertIntoConditionals(ConvertLayoutOp convert) {
  Slice slice;
  SliceLayouts layouts;
  auto isIf = [](Operation *op) { return isa<scf::IfOp>(op); };
  if (failed(getRematerializableSlice(convert.getSrcMutable(), convert.getType().getEncoding(),
                                      slice, layouts, isIf)))
    return;
  // (if result, the branch operand above which the conversion goes)
  SmallVector<std::pair<Value, OpOperand *>> hoistAbove;
  // if results neither branch can rematerialize: converted right after.
  SmallVector<OpResult> terminals;
  for (unsigned i = 0; i != slice.size(); ++i) {
    Value value = slice[i];
    auto ifOp = value.getDefiningOp<scf::IfOp>();
    if (!ifOp)
      continue;
    Attribute encoding = layouts.lookup(value);
    unsigned index = cast<OpResult>(value).getResultNumber();
    OpOperand &thenOperand = ifOp.thenYield()->getOpOperand(index);
    OpOperand &elseOperand = ifOp.elseYield()->getOpOperand(index);
    Slice thenSlice, elseSlice;
    SliceLayouts thenLayouts, elseLayouts;
    LogicalResult thenResult =
        getRematerializableSlice(thenOperand, encoding, thenSlice, thenLayouts, isIf);
    LogicalResult elseResult =
        getRematerializableSlice(elseOperand, encoding, elseSlice, elseLayouts, isIf);
    if (succeeded(thenResult) && succeeded(elseResult)) {
      slice.insert(thenSlice.begin(), thenSlice.end());
      slice.insert(elseSlice.begin(), elseSlice.end());
      layouts.insert(thenLayouts.begin(), thenLayouts.end());
      layouts.insert(elseLayouts.begin(), elseLayouts.end());
      continue;
    }
    if ((failed(thenResult) && failed(elseResult)) || !isa<scf::ForOp>(ifOp->getParentOp())) {
      terminals.push_back(cast<OpResult>(value));
      continue;
    }
    if (succeeded(thenResult)) {
      hoistAbove.push_back({value, &elseOperand});
      slice.insert(thenSlice.begin(), thenSlice.end());
      layouts.insert(thenLayouts.begin(), thenLayouts.end());
    } else {
      hoistAbove.push_back({value, &thenOperand});
      slice.insert(elseSlice.begin(), elseSlice.end());
      layouts.insert(elseLayouts.begin(), elseLayouts.end());
    }
  }
  if (hoistAbove.empty())
    return;
  IRMapping mapping;
  auto convertAt = [&](OpBuilder &builder, Value value, Attribute encoding) {
    Value converted = ConvertLayoutOp::create(builder, convert.getLoc(),
                                              withEncoding(value.getType(), encoding), value);
    mapping.map(value, converted);
    slice.remove(value);
  };
  for (OpResult value : terminals) {
    OpBuilder builder(value.getContext());
    builder.setInsertionPointAfter(value.getDefiningOp());
    convertAt(builder, value, layouts.lookup(value));
  }
  for (auto [result, edge] : hoistAbove) {
    OpBuilder builder(edge->getOwner());
    convertAt(builder, edge->get(), layouts.lookup(result));
  }
  rewriteSlice(slice, layouts, convert, mapping);
}

void LayoutRematerialization::hoistConvertDotOperand() {
  forEachConversion([&](ConvertLayoutOp convert) { hoistConvertDotOperand(convert); });
}

// Conversions to NVIDIA tensor-core operands move next to the loads that
// feed them (through ops that need no data movement), so the pipeliner can
// overlap the load and the conversion.
void LayoutRematerialization::hoistConvertDotOperand(ConvertLayoutOp convert) {
  Operation *parent = convert->getParentOp();
  SmallVector<Operation *> dots;
  // tt.dot (mma.sync) and wgmma with its A operand in registers.
  parent->walk([&](Operation *op) {
    if (!isa<tt::DotOp, ttng::WarpGroupDotOp>(op))
      return;
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto operand = type ? dyn_cast_or_null<DotOperandEncodingAttr>(type.getEncoding())
                        : DotOperandEncodingAttr();
    if (operand && isa<NvidiaMmaEncodingAttr>(operand.getParent()))
      dots.push_back(op);
  });
  if (llvm::none_of(dots, [&](Operation *dot) {
        return postDominance.postDominates(dot, convert);
      }))
    return;
  auto noDataMovement = [](Operation *op) {
    return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
           isa<tt::BroadcastOp, tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp, tt::JoinOp,
               tt::SplitOp, Fp4ToFpOp, ConvertLayoutOp>(op);
  };
  Slice slice;
  SliceLayouts layouts;
  if (failed(getConvertBackwardSlice(convert.getSrcMutable(), convert.getType().getEncoding(),
                                     slice, layouts,
                                     [&](Operation *op) { return !noDataMovement(op); })))
    return;
  IRMapping mapping;
  OpBuilder builder(convert.getContext());
  Slice innerSlice;
  for (Value value : slice) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return;
    auto load = dyn_cast<tt::LoadOp>(def);
    // The leaves must be loads or constants.
    if (!load) {
      if (isa<arith::ConstantOp>(def) || noDataMovement(def)) {
        innerSlice.insert(value);
        continue;
      }
      return;
    }
    builder.setInsertionPointAfter(load);
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type)
      continue;
    RankedTensorType convertedType = type.cloneWithEncoding(layouts.lookup(load.getResult()));
    // A conversion an earlier hoist put right after the load is reused (two operands split
    // from one load, the parts of a bf16x3 dot): Triton converts again and CSE merges them.
    Value converted;
    for (Operation *next = load->getNextNode(); !converted && next; next = next->getNextNode()) {
      auto previous = dyn_cast<ConvertLayoutOp>(next);
      if (!previous || previous.getSrc() != load.getResult())
        break;
      if (previous.getType() == convertedType)
        converted = previous.getResult();
    }
    if (!converted)
      converted =
          ConvertLayoutOp::create(builder, convert.getLoc(), convertedType, load.getResult());
    mapping.map(load.getResult(), converted);
  }
  if (innerSlice.empty())
    return;
  rewriteSlice(innerSlice, layouts, convert, mapping);
}

} // namespace

void rematerializeBackward(tt::FuncOp function) {
  LayoutRematerialization rematerialization(function);
  rematerialization.backwardRematerialization();
  rematerialization.cleanup();
}

void hoistConversions(tt::FuncOp function) {
  {
    LayoutRematerialization rematerialization(function);
    rematerialization.hoistConvertOnTopOfExtOrBroadcast();
    rematerialization.cleanup();
  }
  {
    LayoutRematerialization rematerialization(function);
    rematerialization.hoistConvertIntoConditionals();
    rematerialization.cleanup();
  }
  {
    LayoutRematerialization rematerialization(function);
    rematerialization.hoistConvertDotOperand();
    rematerialization.cleanup();
  }
}

} // namespace trex::ttg
