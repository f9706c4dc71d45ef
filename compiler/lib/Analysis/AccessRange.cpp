// AccessRange: a host interpreter of ttir's address arithmetic, one program at a time, that
// records the element range each load, store and atomic touches.
#include "trex/Analysis/AccessRange.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace trex {

namespace {

// The width an integer (or index) type wraps at; nullopt for anything else.
std::optional<unsigned> integerWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth();
  if (isa<IndexType>(element))
    return 64u;
  return std::nullopt;
}

llvm::ArrayRef<std::int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

// Bytes of a pointer's pointee, to tell which tt.bitcasts between pointers keep element
// offsets meaningful; 0 when the pointee is not a plain scalar.
unsigned pointeeBytes(Type pointerType) {
  auto pointer = dyn_cast<tt::PointerType>(getElementTypeOrSelf(pointerType));
  if (!pointer || !pointer.getPointeeType().isIntOrFloat())
    return 0;
  return (pointer.getPointeeType().getIntOrFloatBitWidth() + 7) / 8;
}

std::optional<IntegerOp> binaryIntegerOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<IntegerOp>>(op)
      .Case([](arith::AddIOp) { return IntegerOp::Add; })
      .Case([](arith::SubIOp) { return IntegerOp::Sub; })
      .Case([](arith::MulIOp) { return IntegerOp::Mul; })
      .Case([](arith::DivSIOp) { return IntegerOp::DivS; })
      .Case([](arith::DivUIOp) { return IntegerOp::DivU; })
      .Case([](arith::RemSIOp) { return IntegerOp::RemS; })
      .Case([](arith::RemUIOp) { return IntegerOp::RemU; })
      .Case([](arith::CeilDivSIOp) { return IntegerOp::CeilDivS; })
      .Case([](arith::CeilDivUIOp) { return IntegerOp::CeilDivU; })
      .Case([](arith::FloorDivSIOp) { return IntegerOp::FloorDivS; })
      .Case([](arith::AndIOp) { return IntegerOp::And; })
      .Case([](arith::OrIOp) { return IntegerOp::Or; })
      .Case([](arith::XOrIOp) { return IntegerOp::Xor; })
      .Case([](arith::ShLIOp) { return IntegerOp::Shl; })
      .Case([](arith::ShRSIOp) { return IntegerOp::ShrS; })
      .Case([](arith::ShRUIOp) { return IntegerOp::ShrU; })
      .Case([](arith::MaxSIOp) { return IntegerOp::MaxS; })
      .Case([](arith::MinSIOp) { return IntegerOp::MinS; })
      .Case([](arith::MaxUIOp) { return IntegerOp::MaxU; })
      .Case([](arith::MinUIOp) { return IntegerOp::MinU; })
      .Default([](Operation *) { return std::nullopt; });
}

IntegerOp comparisonOp(arith::CmpIPredicate predicate) {
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return IntegerOp::Eq;
  case arith::CmpIPredicate::ne:
    return IntegerOp::Ne;
  case arith::CmpIPredicate::slt:
    return IntegerOp::Slt;
  case arith::CmpIPredicate::sle:
    return IntegerOp::Sle;
  case arith::CmpIPredicate::sgt:
    return IntegerOp::Sgt;
  case arith::CmpIPredicate::sge:
    return IntegerOp::Sge;
  case arith::CmpIPredicate::ult:
    return IntegerOp::Ult;
  case arith::CmpIPredicate::ule:
    return IntegerOp::Ule;
  case arith::CmpIPredicate::ugt:
    return IntegerOp::Ugt;
  case arith::CmpIPredicate::uge:
    return IntegerOp::Uge;
  }
  return IntegerOp::Eq;
}

bool isKnownScalarInteger(const ProgramValue &value) {
  return value.kind == ProgramValue::Kind::Integer && value.elements.size() == 1;
}

// Interprets one program. The functions return false when the work budget is spent (the
// whole evaluation stops); anything merely unknown continues with Unknown values.
class ProgramEvaluator {
public:
  ProgramEvaluator(const GridSize &grid, ProgramId program, const AccessRangeOptions &options,
                   std::int64_t &work)
      : grid(grid), program(program), options(options), work(work) {}

  bool callFunction(tt::FuncOp function, llvm::ArrayRef<ProgramValue> arguments,
                    llvm::SmallVectorImpl<ProgramValue> &results, unsigned depth);

  std::vector<AccessRange> takeAccesses() {
    std::vector<AccessRange> accesses;
    for (auto &entry : records)
      accesses.push_back(std::move(entry.second));
    return accesses;
  }

private:
  using Frame = llvm::DenseMap<Value, ProgramValue>;

  const ProgramValue &get(const Frame &frame, Value value) const {
    static const ProgramValue unknownValue;
    auto found = frame.find(value);
    return found == frame.end() ? unknownValue : found->second;
  }
  void set(Frame &frame, Value value, ProgramValue result) { frame[value] = std::move(result); }
  void setAllUnknown(Frame &frame, ValueRange values) {
    for (Value value : values)
      set(frame, value, ProgramValue::unknown());
  }
  bool withinBudget() const { return work <= options.workBudget; }

  bool runBlock(Block &block, Frame &frame, llvm::SmallVectorImpl<ProgramValue> &terminatorValues,
                unsigned depth);
  bool runOp(Operation &op, Frame &frame, unsigned depth);
  bool runFor(scf::ForOp loop, Frame &frame, unsigned depth);
  bool runIf(scf::IfOp branch, Frame &frame, unsigned depth);
  bool runWhile(scf::WhileOp loop, Frame &frame, unsigned depth);
  bool runCall(tt::CallOp call, Frame &frame, unsigned depth);
  void evaluateValueOp(Operation &op, Frame &frame);
  void evaluateConstant(arith::ConstantOp constant, Frame &frame);
  void evaluateMakeTensorPointer(tt::MakeTensorPtrOp make, Frame &frame);
  void evaluateAdvance(tt::AdvanceOp advance, Frame &frame);

  void recordAccess(Operation *op, AccessKind kind, const ProgramValue &pointer,
                    const ProgramValue *mask, llvm::ArrayRef<std::int32_t> boundaryCheck);
  AccessRange &recordFor(Operation *op, AccessKind kind);

  const GridSize &grid;
  ProgramId program;
  const AccessRangeOptions &options;
  std::int64_t &work;
  // The launch inputs the conditions and trip counts around the current op came from.
  LaunchDependencies controlDependencies = 0;
  llvm::MapVector<Operation *, AccessRange> records;
};

bool ProgramEvaluator::callFunction(tt::FuncOp function, llvm::ArrayRef<ProgramValue> arguments,
                                    llvm::SmallVectorImpl<ProgramValue> &results, unsigned depth) {
  results.assign(function.getNumResults(), ProgramValue::unknown());
  Region &body = function.getBody();
  // Unstructured control flow (cf branches) is not followed.
  if (body.empty() || !llvm::hasSingleElement(body) ||
      body.front().getNumArguments() != arguments.size())
    return true;
  Frame frame;
  for (auto [argument, value] : llvm::zip(body.front().getArguments(), arguments))
    set(frame, argument, value);
  llvm::SmallVector<ProgramValue> returned;
  if (!runBlock(body.front(), frame, returned, depth))
    return false;
  if (returned.size() == results.size())
    results.assign(returned.begin(), returned.end());
  return true;
}

bool ProgramEvaluator::runBlock(Block &block, Frame &frame,
                                llvm::SmallVectorImpl<ProgramValue> &terminatorValues,
                                unsigned depth) {
  for (Operation &op : block) {
    ++work;
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      terminatorValues.clear();
      for (Value operand : op.getOperands())
        terminatorValues.push_back(get(frame, operand));
      return true;
    }
    if (!runOp(op, frame, depth) || !withinBudget())
      return false;
  }
  terminatorValues.clear();
  return true;
}

AccessRange &ProgramEvaluator::recordFor(Operation *op, AccessKind kind) {
  auto [entry, inserted] = records.try_emplace(op);
  if (inserted) {
    entry->second.op = op;
    entry->second.kind = kind;
    entry->second.program = program;
  }
  return entry->second;
}

void ProgramEvaluator::recordAccess(Operation *op, AccessKind kind, const ProgramValue &pointer,
                                    const ProgramValue *mask,
                                    llvm::ArrayRef<std::int32_t> boundaryCheck) {
  bool haveLane = false;
  std::int64_t low = 0, high = 0;
  LaunchDependencies dependencies = pointer.dependencies | controlDependencies;
  auto addLane = [&](std::int64_t offset) {
    low = haveLane ? std::min(low, offset) : offset;
    high = haveLane ? std::max(high, offset) : offset;
    haveLane = true;
  };

  if (pointer.kind == ProgramValue::Kind::Pointer) {
    if (mask && (mask->kind != ProgramValue::Kind::Integer ||
                 mask->elements.size() != pointer.elements.size())) {
      ++recordFor(op, kind).unknownExecutions;
      return;
    }
    if (mask)
      dependencies |= mask->dependencies;
    work += static_cast<std::int64_t>(pointer.elements.size());
    for (std::size_t lane = 0; lane < pointer.elements.size(); ++lane)
      if (!mask || mask->elements[lane])
        addLane(pointer.elements[lane]);
  } else if (pointer.kind == ProgramValue::Kind::BlockPointer && pointer.block) {
    // Every element of the block at its coordinates in the parent tensor; lanes outside the
    // parent along a checked dimension are not accessed.
    const BlockPointerValue &block = *pointer.block;
    llvm::ArrayRef<std::int64_t> blockShape =
        shapeOf(cast<tt::PointerType>(op->getOperand(0).getType()).getPointeeType());
    std::size_t rank = blockShape.size();
    if (rank != block.offsets.size()) {
      ++recordFor(op, kind).unknownExecutions;
      return;
    }
    llvm::SmallVector<bool, 4> checked(rank, false);
    for (std::int32_t dimension : boundaryCheck)
      if (dimension >= 0 && static_cast<std::size_t>(dimension) < rank)
        checked[dimension] = true;
    std::int64_t count = elementCount(blockShape);
    work += count;
    if (!withinBudget())
      return;
    llvm::SmallVector<std::int64_t, 4> index(rank, 0);
    for (std::int64_t element = 0; element < count; ++element) {
      bool inside = true;
      std::int64_t offset = block.baseOffset;
      for (std::size_t dimension = 0; dimension < rank; ++dimension) {
        std::int64_t coordinate = block.offsets[dimension] + index[dimension];
        if (checked[dimension] && (coordinate < 0 || coordinate >= block.parentShape[dimension]))
          inside = false;
        offset += coordinate * block.strides[dimension];
      }
      if (inside)
        addLane(offset);
      for (int dimension = static_cast<int>(rank) - 1; dimension >= 0; --dimension) {
        if (++index[dimension] < blockShape[dimension])
          break;
        index[dimension] = 0;
      }
    }
  } else {
    ++recordFor(op, kind).unknownExecutions;
    return;
  }

  if (!haveLane)
    return; // every lane masked off: no memory is touched
  AccessRange &range = recordFor(op, kind);
  if (range.known && range.argument != pointer.argument) {
    // Pointers into different arguments from one op: not a range of one buffer.
    ++range.unknownExecutions;
    return;
  }
  range.minOffset = range.known ? std::min(range.minOffset, low) : low;
  range.maxOffset = range.known ? std::max(range.maxOffset, high) : high;
  range.known = true;
  range.argument = pointer.argument;
  range.dependencies |= dependencies;
}

bool ProgramEvaluator::runOp(Operation &op, Frame &frame, unsigned depth) {
  if (auto load = dyn_cast<tt::LoadOp>(op)) {
    const ProgramValue *mask = load.getMask() ? &get(frame, load.getMask()) : nullptr;
    recordAccess(&op, AccessKind::Load, get(frame, load.getPtr()), mask, load.getBoundaryCheck());
    setAllUnknown(frame, op.getResults());
    return true;
  }
  if (auto store = dyn_cast<tt::StoreOp>(op)) {
    const ProgramValue *mask = store.getMask() ? &get(frame, store.getMask()) : nullptr;
    recordAccess(&op, AccessKind::Store, get(frame, store.getPtr()), mask,
                 store.getBoundaryCheck());
    return true;
  }
  if (auto atomic = dyn_cast<tt::AtomicRMWOp>(op)) {
    const ProgramValue *mask = atomic.getMask() ? &get(frame, atomic.getMask()) : nullptr;
    recordAccess(&op, AccessKind::AtomicRMW, get(frame, atomic.getPtr()), mask, {});
    setAllUnknown(frame, op.getResults());
    return true;
  }
  if (auto atomic = dyn_cast<tt::AtomicCASOp>(op)) {
    recordAccess(&op, AccessKind::AtomicCAS, get(frame, atomic.getPtr()), nullptr, {});
    setAllUnknown(frame, op.getResults());
    return true;
  }
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return runFor(loop, frame, depth);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return runIf(branch, frame, depth);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return runWhile(loop, frame, depth);
  if (auto call = dyn_cast<tt::CallOp>(op))
    return runCall(call, frame, depth);
  evaluateValueOp(op, frame);
  return true;
}

bool ProgramEvaluator::runFor(scf::ForOp loop, Frame &frame, unsigned depth) {
  const ProgramValue &lower = get(frame, loop.getLowerBound());
  const ProgramValue &upper = get(frame, loop.getUpperBound());
  const ProgramValue &step = get(frame, loop.getStep());
  if (!isKnownScalarInteger(lower) || !isKnownScalarInteger(upper) || !isKnownScalarInteger(step) ||
      step.elements.front() <= 0) {
    setAllUnknown(frame, loop.getResults());
    return true;
  }
  unsigned width = lower.bitWidth;
  bool unsignedBounds = loop.getUnsignedCmp();
  std::int64_t upperBound = upper.elements.front();
  std::int64_t stepSize = step.elements.front();
  LaunchDependencies boundDependencies =
      lower.dependencies | upper.dependencies | step.dependencies;
  LaunchDependencies outerControl = controlDependencies;
  controlDependencies |= boundDependencies;

  llvm::SmallVector<ProgramValue> carried;
  for (Value init : loop.getInitArgs())
    carried.push_back(get(frame, init));
  Block &body = *loop.getBody();
  llvm::SmallVector<ProgramValue> yielded;
  bool complete = true;
  for (std::int64_t induction = lower.elements.front();;) {
    bool inRange = unsignedBounds
                       ? unsignedValue(induction, width) < unsignedValue(upperBound, width)
                       : induction < upperBound;
    if (!inRange)
      break;
    ++work;
    set(frame, loop.getInductionVar(), ProgramValue::integer(induction, width, boundDependencies));
    for (auto [argument, value] : llvm::zip(loop.getRegionIterArgs(), carried))
      set(frame, argument, value);
    if (!runBlock(body, frame, yielded, depth))
      return false;
    if (yielded.size() != carried.size()) {
      complete = false;
      break;
    }
    carried.swap(yielded);
    std::int64_t next = 0;
    // An induction variable that would wrap past its width ends the evaluation of this loop:
    // what the hardware does then is not worth modelling.
    if (__builtin_add_overflow(induction, stepSize, &next) || wrapToWidth(next, width) != next) {
      complete = false;
      break;
    }
    induction = next;
  }
  controlDependencies = outerControl;
  if (!complete) {
    setAllUnknown(frame, loop.getResults());
    return true;
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), carried)) {
    value.dependencies |= value.isKnown() ? boundDependencies : 0;
    set(frame, result, value);
  }
  return true;
}

bool ProgramEvaluator::runIf(scf::IfOp branch, Frame &frame, unsigned depth) {
  const ProgramValue &condition = get(frame, branch.getCondition());
  if (!isKnownScalarInteger(condition)) {
    setAllUnknown(frame, branch.getResults());
    return true;
  }
  bool taken = condition.elements.front() != 0;
  // Copied: running the region adds values to the frame, which may move `condition`.
  LaunchDependencies conditionDependencies = condition.dependencies;
  Region &region = taken ? branch.getThenRegion() : branch.getElseRegion();
  if (region.empty()) {
    setAllUnknown(frame, branch.getResults());
    return true;
  }
  LaunchDependencies outerControl = controlDependencies;
  controlDependencies |= conditionDependencies;
  llvm::SmallVector<ProgramValue> yielded;
  bool ok = runBlock(region.front(), frame, yielded, depth);
  controlDependencies = outerControl;
  if (!ok)
    return false;
  if (yielded.size() != branch.getNumResults()) {
    setAllUnknown(frame, branch.getResults());
    return true;
  }
  // Which branch ran decided the results, so they come from the condition's inputs too.
  for (auto [result, value] : llvm::zip(branch.getResults(), yielded)) {
    value.dependencies |= value.isKnown() ? conditionDependencies : 0;
    set(frame, result, value);
  }
  return true;
}

bool ProgramEvaluator::runWhile(scf::WhileOp loop, Frame &frame, unsigned depth) {
  llvm::SmallVector<ProgramValue> carried;
  for (Value init : loop.getInits())
    carried.push_back(get(frame, init));
  LaunchDependencies outerControl = controlDependencies;
  // The conditions that decided the trip count, for the results.
  LaunchDependencies conditionDependencies = 0;
  llvm::SmallVector<ProgramValue> forwarded;
  llvm::SmallVector<ProgramValue> yielded;
  bool complete = false;
  while (true) {
    ++work;
    Block &before = loop.getBefore().front();
    if (before.getNumArguments() != carried.size())
      break;
    for (auto [argument, value] : llvm::zip(before.getArguments(), carried))
      set(frame, argument, value);
    if (!runBlock(before, frame, forwarded, depth)) {
      controlDependencies = outerControl;
      return false;
    }
    // scf.condition's operands: the condition, then the values passed on.
    if (forwarded.empty() || !isKnownScalarInteger(forwarded.front()))
      break;
    conditionDependencies |= forwarded.front().dependencies;
    controlDependencies |= forwarded.front().dependencies;
    bool proceed = forwarded.front().elements.front() != 0;
    forwarded.erase(forwarded.begin());
    if (!proceed) {
      complete = forwarded.size() == loop.getNumResults();
      break;
    }
    Block &after = loop.getAfter().front();
    if (after.getNumArguments() != forwarded.size())
      break;
    for (auto [argument, value] : llvm::zip(after.getArguments(), forwarded))
      set(frame, argument, value);
    if (!runBlock(after, frame, yielded, depth)) {
      controlDependencies = outerControl;
      return false;
    }
    carried = yielded;
  }
  controlDependencies = outerControl;
  if (!complete) {
    setAllUnknown(frame, loop.getResults());
    return true;
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), forwarded)) {
    value.dependencies |= value.isKnown() ? conditionDependencies : 0;
    set(frame, result, value);
  }
  return true;
}

bool ProgramEvaluator::runCall(tt::CallOp call, Frame &frame, unsigned depth) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<tt::FuncOp>(call, call.getCalleeAttr());
  if (!callee || depth >= options.callDepthLimit) {
    setAllUnknown(frame, call.getResults());
    return true;
  }
  llvm::SmallVector<ProgramValue> arguments;
  for (Value operand : call.getOperands())
    arguments.push_back(get(frame, operand));
  llvm::SmallVector<ProgramValue> results;
  if (!callFunction(callee, arguments, results, depth + 1))
    return false;
  if (results.size() != call.getNumResults()) {
    setAllUnknown(frame, call.getResults());
    return true;
  }
  for (auto [result, value] : llvm::zip(call.getResults(), results))
    set(frame, result, value);
  return true;
}

void ProgramEvaluator::evaluateConstant(arith::ConstantOp constant, Frame &frame) {
  std::optional<unsigned> width = integerWidth(constant.getType());
  Attribute attribute = constant.getValue();
  if (!width) {
    set(frame, constant.getResult(), ProgramValue::unknown());
    return;
  }
  if (auto integer = dyn_cast<IntegerAttr>(attribute)) {
    set(frame, constant.getResult(),
        ProgramValue::integer(integer.getValue().getSExtValue(), *width));
    return;
  }
  auto dense = dyn_cast<DenseIntElementsAttr>(attribute);
  if (!dense) {
    set(frame, constant.getResult(), ProgramValue::unknown());
    return;
  }
  ProgramValue result;
  result.kind = ProgramValue::Kind::Integer;
  result.bitWidth = *width;
  llvm::ArrayRef<std::int64_t> shape = shapeOf(constant.getType());
  result.shape.assign(shape.begin(), shape.end());
  work += elementCount(shape);
  if (dense.isSplat()) {
    result.elements.assign(static_cast<std::size_t>(elementCount(shape)),
                           dense.getSplatValue<APInt>().getSExtValue());
  } else {
    for (const APInt &element : dense.getValues<APInt>())
      result.elements.push_back(element.getSExtValue());
  }
  set(frame, constant.getResult(), std::move(result));
}

void ProgramEvaluator::evaluateMakeTensorPointer(tt::MakeTensorPtrOp make, Frame &frame) {
  const ProgramValue &base = get(frame, make.getBase());
  if (base.kind != ProgramValue::Kind::Pointer || base.elements.size() != 1) {
    set(frame, make.getResult(), ProgramValue::unknown());
    return;
  }
  auto block = std::make_shared<BlockPointerValue>();
  block->baseOffset = base.elements.front();
  LaunchDependencies dependencies = base.dependencies;
  auto readAll = [&](ValueRange values, llvm::SmallVectorImpl<std::int64_t> &out) {
    for (Value value : values) {
      const ProgramValue &known = get(frame, value);
      if (!isKnownScalarInteger(known))
        return false;
      out.push_back(known.elements.front());
      dependencies |= known.dependencies;
    }
    return true;
  };
  if (!readAll(make.getShape(), block->parentShape) ||
      !readAll(make.getStrides(), block->strides) || !readAll(make.getOffsets(), block->offsets)) {
    set(frame, make.getResult(), ProgramValue::unknown());
    return;
  }
  ProgramValue result;
  result.kind = ProgramValue::Kind::BlockPointer;
  result.argument = base.argument;
  result.block = std::move(block);
  result.dependencies = dependencies;
  set(frame, make.getResult(), std::move(result));
}

void ProgramEvaluator::evaluateAdvance(tt::AdvanceOp advance, Frame &frame) {
  const ProgramValue &source = get(frame, advance.getPtr());
  if (source.kind != ProgramValue::Kind::BlockPointer || !source.block ||
      source.block->offsets.size() != advance.getOffsets().size()) {
    set(frame, advance.getResult(), ProgramValue::unknown());
    return;
  }
  auto block = std::make_shared<BlockPointerValue>(*source.block);
  LaunchDependencies dependencies = source.dependencies;
  for (auto [index, value] : llvm::enumerate(advance.getOffsets())) {
    const ProgramValue &delta = get(frame, value);
    if (!isKnownScalarInteger(delta)) {
      set(frame, advance.getResult(), ProgramValue::unknown());
      return;
    }
    block->offsets[index] = wrapToWidth(block->offsets[index] + delta.elements.front(), 32);
    dependencies |= delta.dependencies;
  }
  ProgramValue result = source;
  result.block = std::move(block);
  result.dependencies = dependencies;
  set(frame, advance.getResult(), std::move(result));
}

// Ops without regions or memory effects the evaluator follows; everything else gives
// Unknown results.
void ProgramEvaluator::evaluateValueOp(Operation &op, Frame &frame) {
  auto unknownResults = [&] { setAllUnknown(frame, op.getResults()); };
  if (op.getNumResults() != 1) {
    unknownResults();
    return;
  }
  Value resultValue = op.getResult(0);
  Type resultType = resultValue.getType();
  auto operand = [&](unsigned index) -> const ProgramValue & {
    return get(frame, op.getOperand(index));
  };

  if (std::optional<IntegerOp> integerOp = binaryIntegerOp(&op)) {
    set(frame, resultValue, combineIntegers(*integerOp, operand(0), operand(1), work));
    return;
  }
  if (auto compare = dyn_cast<arith::CmpIOp>(op)) {
    set(frame, resultValue,
        combineIntegers(comparisonOp(compare.getPredicate()), operand(0), operand(1), work));
    return;
  }
  std::optional<unsigned> resultWidth = integerWidth(resultType);
  if (isa<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>(op) && resultWidth) {
    set(frame, resultValue, extendOrTruncate(operand(0), *resultWidth, true, work));
    return;
  }
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op) && resultWidth) {
    set(frame, resultValue, extendOrTruncate(operand(0), *resultWidth, false, work));
    return;
  }
  if (isa<arith::BitcastOp>(op) && resultWidth &&
      integerWidth(op.getOperand(0).getType()) == resultWidth) {
    set(frame, resultValue, operand(0));
    return;
  }

  llvm::TypeSwitch<Operation *>(&op)
      .Case([&](arith::ConstantOp constant) { evaluateConstant(constant, frame); })
      .Case([&](arith::SelectOp select) {
        set(frame, resultValue, selectValue(operand(0), operand(1), operand(2), work));
      })
      .Case([&](tt::GetProgramIdOp programId) {
        std::int64_t ids[3] = {program.x, program.y, program.z};
        unsigned axis = static_cast<unsigned>(programId.getAxis());
        set(frame, resultValue, ProgramValue::integer(ids[axis % 3], 32, kGridDependency));
      })
      .Case([&](tt::GetNumProgramsOp numPrograms) {
        unsigned axis = static_cast<unsigned>(numPrograms.getAxis());
        set(frame, resultValue, ProgramValue::integer(grid[axis % 3], 32, kGridDependency));
      })
      .Case([&](tt::MakeRangeOp range) {
        ProgramValue result;
        result.kind = ProgramValue::Kind::Integer;
        result.bitWidth = 32;
        result.shape.assign(shapeOf(resultType).begin(), shapeOf(resultType).end());
        for (std::int64_t value = range.getStart(); value < range.getEnd(); ++value)
          result.elements.push_back(value);
        work += static_cast<std::int64_t>(result.elements.size());
        set(frame, resultValue, std::move(result));
      })
      .Case([&](tt::SplatOp) {
        set(frame, resultValue, splatValue(operand(0), shapeOf(resultType), work));
      })
      .Case([&](tt::BroadcastOp) {
        set(frame, resultValue, broadcastValue(operand(0), shapeOf(resultType), work));
      })
      .Case([&](tt::UnsplatOp) {
        set(frame, resultValue, reshapeValue(operand(0), shapeOf(resultType)));
      })
      .Case([&](tt::ExpandDimsOp) {
        set(frame, resultValue, reshapeValue(operand(0), shapeOf(resultType)));
      })
      .Case([&](tt::ReshapeOp reshape) {
        // A reshape that may reorder elements pairs them differently with masks; not followed.
        set(frame, resultValue,
            reshape.getAllowReorder() ? ProgramValue::unknown()
                                      : reshapeValue(operand(0), shapeOf(resultType)));
      })
      .Case([&](tt::TransOp trans) {
        set(frame, resultValue, transposeValue(operand(0), trans.getOrder(), work));
      })
      .Case([&](tt::AddPtrOp) {
        set(frame, resultValue, addPointerOffsets(operand(0), operand(1), work));
      })
      .Case([&](tt::BitcastOp) {
        // Element offsets stay meaningful only between pointees of one size.
        unsigned from = pointeeBytes(op.getOperand(0).getType());
        bool samePointee = from != 0 && from == pointeeBytes(resultType);
        set(frame, resultValue, samePointee ? operand(0) : ProgramValue::unknown());
      })
      .Case([&](ttg::ConvertLayoutOp) { set(frame, resultValue, operand(0)); })
      .Case([&](tt::MakeTensorPtrOp make) { evaluateMakeTensorPointer(make, frame); })
      .Case([&](tt::AdvanceOp advance) { evaluateAdvance(advance, frame); })
      .Default([&](Operation *) { unknownResults(); });
}

ProgramValue launchValue(const LaunchArgument &argument, Type type, unsigned index) {
  if (argument.kind == LaunchArgument::Kind::Buffer && isa<tt::PointerType>(type) &&
      !tt::isTensorPointerType(type))
    return ProgramValue::pointer(index, 0);
  if (argument.kind == LaunchArgument::Kind::Integer)
    if (std::optional<unsigned> width = integerWidth(type))
      return ProgramValue::integer(argument.value, *width, argumentDependency(index));
  return ProgramValue::unknown();
}

} // namespace

std::vector<ProgramId> representativePrograms(const GridSize &grid, std::int64_t allProgramsLimit) {
  std::vector<ProgramId> programs;
  if (grid[0] < 1 || grid[1] < 1 || grid[2] < 1)
    return programs;
  if (grid[0] <= allProgramsLimit && grid[1] <= allProgramsLimit && grid[2] <= allProgramsLimit &&
      grid[0] * grid[1] * grid[2] <= allProgramsLimit) {
    for (std::int64_t z = 0; z < grid[2]; ++z)
      for (std::int64_t y = 0; y < grid[1]; ++y)
        for (std::int64_t x = 0; x < grid[0]; ++x)
          programs.push_back({x, y, z});
    return programs;
  }
  auto add = [&](ProgramId id) {
    if (llvm::find(programs, id) == programs.end())
      programs.push_back(id);
  };
  // Corners: bit d of `corner` puts axis d at 0, so corner 0 is the last program.
  for (unsigned corner = 0; corner < 8; ++corner) {
    std::int64_t at[3];
    for (unsigned axis = 0; axis < 3; ++axis)
      at[axis] = (corner >> axis) & 1 ? 0 : grid[axis] - 1;
    add({at[0], at[1], at[2]});
  }
  add({grid[0] / 2, grid[1] / 2, grid[2] / 2});
  add({grid[0] / 2, 0, 0});
  add({0, grid[1] / 2, 0});
  add({0, 0, grid[2] / 2});
  return programs;
}

AccessRangeResult evaluateAccessRanges(tt::FuncOp kernel, llvm::ArrayRef<LaunchArgument> arguments,
                                       const GridSize &grid, llvm::ArrayRef<ProgramId> programs,
                                       const AccessRangeOptions &options) {
  AccessRangeResult result;
  if (kernel.getNumArguments() != arguments.size())
    return result;
  llvm::SmallVector<ProgramValue> values;
  for (auto [index, argument] : llvm::enumerate(arguments))
    values.push_back(
        launchValue(argument, kernel.getArgument(index).getType(), static_cast<unsigned>(index)));
  for (const ProgramId &program : programs) {
    ProgramEvaluator evaluator(grid, program, options, result.work);
    llvm::SmallVector<ProgramValue> returned;
    bool finished = evaluator.callFunction(kernel, values, returned, 0);
    for (AccessRange &access : evaluator.takeAccesses())
      result.accesses.push_back(std::move(access));
    if (!finished) {
      result.budgetExhausted = true;
      break;
    }
    result.programs.push_back(program);
  }
  return result;
}

} // namespace trex
