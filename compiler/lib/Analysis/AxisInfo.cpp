// The AxisInfo dataflow analysis: the lattice, the initial facts (function
// argument attributes, tt.* hints on ops), loop induction variables, and the
// module-level driver that carries facts from call sites into callees.
#include "trex/Analysis/AxisInfo.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

using namespace mlir;

namespace trex {

namespace {

constexpr llvm::StringLiteral kContiguityAttr = "tt.contiguity";
constexpr llvm::StringLiteral kDivisibilityAttr = "tt.divisibility";
constexpr llvm::StringLiteral kConstancyAttr = "tt.constancy";

int rankOf(Value value) {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor.getRank();
  if (auto pointer = dyn_cast<tt::PointerType>(value.getType()))
    if (auto tensor = dyn_cast<RankedTensorType>(pointer.getPointeeType()))
      return tensor.getRank();
  return 1;
}

// A hint attribute: one integer for every dimension, or one per dimension.
// A hint that is not that (a float, a value wider than 62 bits or not positive, a count of
// values that is neither 1 nor the rank: hand-written IR) is ignored, which is what no hint
// means: nothing is assumed.
void readHint(Attribute attr, AxisInfo::DimVector &values) {
  auto usable = [](const APInt &value) {
    return value.getBitWidth() <= 64 && value.getActiveBits() <= 62 && !value.isZero();
  };
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr)) {
    if (isa<IntegerType>(integer.getType()) && usable(integer.getValue()))
      values.assign(values.size(), static_cast<int64_t>(integer.getValue().getZExtValue()));
    return;
  }
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!dense || (dense.getNumElements() != 1 &&
                 dense.getNumElements() != static_cast<int64_t>(values.size())))
    return;
  AxisInfo::DimVector read;
  for (const APInt &value : dense.getValues<APInt>()) {
    if (!usable(value))
      return;
    read.push_back(static_cast<int64_t>(value.getZExtValue()));
  }
  if (read.size() == 1)
    values.assign(values.size(), read.front());
  else
    values = std::move(read);
}

using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

class AxisInfoAnalysis : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;
  using SparseForwardDataFlowAnalysis::getLatticeElement;

  LogicalResult visitOperation(Operation *op, ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    // Operands nobody has reached yet (values of regions the solver has not
    // entered) count with their initial facts.
    SmallVector<const AxisInfo *> operandInfos;
    for (const AxisInfoLattice *operand : operands) {
      if (operand->getValue().getRank() == 0)
        setToEntryState(const_cast<AxisInfoLattice *>(operand));
      operandInfos.push_back(&operand->getValue());
    }
    AxisInfo info = detail::visitOperation(op, operandInfos);
    if (info.getRank() == 0) {
      setAllToEntryStates(results);
      return success();
    }
    // Hints the user wrote (tl.multiple_of, tl.max_contiguous, ...) override
    // what was derived.
    AxisInfo::DimVector contiguity = info.getContiguity();
    AxisInfo::DimVector divisibility = info.getDivisibility();
    AxisInfo::DimVector constancy = info.getConstancy();
    readHint(op->getDiscardableAttr(kContiguityAttr), contiguity);
    readHint(op->getDiscardableAttr(kDivisibilityAttr), divisibility);
    readHint(op->getDiscardableAttr(kConstancyAttr), constancy);
    info = AxisInfo(contiguity, divisibility, constancy, info.getConstantValue());
    for (AxisInfoLattice *result : results)
      propagateIfChanged(result, result->join(info));
    return success();
  }

private:
  void setToEntryState(AxisInfoLattice *lattice) override {
    propagateIfChanged(lattice,
                       lattice->join(AxisInfo::getPessimisticValueState(lattice->getAnchor())));
  }

  // A for loop's induction variable runs lb, lb + step, ...: each value is
  // divisible by what divides both.
  void visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp) {
      SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(op, successor, argLattices,
                                                                  firstIndex);
      return;
    }
    ProgramPoint *point = getProgramPointAfter(op);
    const AxisInfo &lowerBound = getLatticeElementFor(point, forOp.getLowerBound())->getValue();
    const AxisInfo &step = getLatticeElementFor(point, forOp.getStep())->getValue();
    int64_t divisibility = lowerBound.getRank() && step.getRank()
                               ? std::gcd(lowerBound.getDivisibility(0), step.getDivisibility(0))
                               : 1;
    AxisInfo inductionVar({1}, {divisibility}, {1});
    propagateIfChanged(argLattices[0], argLattices[0]->join(inductionVar));
  }
};

} // namespace

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  int rank = rankOf(value);
  DimVector contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1);
  // Values joined over control flow start at "anything" so that the join
  // with each incoming value decides.
  auto setUnknown = [&] {
    int64_t any = highestPowerOf2Divisor(0);
    contiguity.assign(rank, any);
    divisibility.assign(rank, any);
    constancy.assign(rank, any);
  };
  if (auto blockArg = dyn_cast<BlockArgument>(value)) {
    if (blockArg.getOwner()->isEntryBlock()) {
      Operation *parent = blockArg.getOwner()->getParentOp();
      if (auto function = dyn_cast<FunctionOpInterface>(parent)) {
        unsigned index = blockArg.getArgNumber();
        readHint(function.getArgAttr(index, kContiguityAttr), contiguity);
        readHint(function.getArgAttr(index, kDivisibilityAttr), divisibility);
        readHint(function.getArgAttr(index, kConstancyAttr), constancy);
      } else if (isa<RegionBranchOpInterface>(parent)) {
        setUnknown();
      }
    }
  } else if (Operation *op = value.getDefiningOp()) {
    if (isa<RegionBranchOpInterface>(op))
      setUnknown();
    readHint(op->getDiscardableAttr(kDivisibilityAttr), divisibility);
    readHint(op->getDiscardableAttr(kContiguityAttr), contiguity);
    readHint(op->getDiscardableAttr(kConstancyAttr), constancy);
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (lhs.getRank() == 0)
    return rhs;
  if (rhs.getRank() == 0)
    return lhs;
  DimVector contiguity, divisibility, constancy;
  for (int dim = 0; dim < lhs.getRank(); ++dim) {
    contiguity.push_back(std::gcd(lhs.getContiguity(dim), rhs.getContiguity(dim)));
    divisibility.push_back(std::gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim)));
    constancy.push_back(std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)));
  }
  std::optional<int64_t> constantValue;
  if (lhs.getConstantValue() && lhs.getConstantValue() == rhs.getConstantValue())
    constantValue = lhs.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constantValue);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printDims = [&](StringRef name, const DimVector &values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printDims("contiguity", contiguity);
  printDims(", divisibility", divisibility);
  printDims(", constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module) {
  // Callers before callees: a depth-first post-order over the call graph,
  // reversed.
  SymbolTable symbols(module);
  SmallVector<FunctionOpInterface> functions;
  DenseMap<Operation *, SmallVector<FunctionOpInterface>> callees;
  DenseSet<Operation *> called;
  module.walk([&](FunctionOpInterface function) {
    functions.push_back(function);
    function.walk([&](CallOpInterface call) {
      auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!symbol)
        return;
      if (auto callee = symbols.lookup<FunctionOpInterface>(symbol.getRootReference())) {
        callees[function].push_back(callee);
        called.insert(callee);
      }
    });
  });
  llvm::SetVector<Operation *> postOrder;
  DenseSet<Operation *> visiting;
  std::function<void(FunctionOpInterface)> visit = [&](FunctionOpInterface function) {
    if (postOrder.contains(function) || !visiting.insert(function).second)
      return;
    for (FunctionOpInterface callee : callees[function])
      visit(callee);
    postOrder.insert(function);
  };
  for (FunctionOpInterface function : functions)
    if (!called.contains(function))
      visit(function);
  for (FunctionOpInterface function : functions)
    visit(function);

  for (Operation *op : llvm::reverse(postOrder)) {
    auto function = cast<FunctionOpInterface>(op);
    analyze(function);
    function.walk([&](CallOpInterface call) {
      auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!symbol)
        return;
      if (auto callee = symbols.lookup<FunctionOpInterface>(symbol.getRootReference()))
        passFactsToCallee(call, callee);
    });
  }
}

void ModuleAxisInfoAnalysis::analyze(FunctionOpInterface function) {
  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  auto *analysis = solver.load<AxisInfoAnalysis>();
  if (failed(solver.initializeAndRun(function)))
    return;
  auto record = [&](Value value) {
    const AxisInfoLattice *lattice = analysis->getLatticeElement(value);
    AxisInfo info = lattice ? lattice->getValue() : AxisInfo();
    auto [it, inserted] = facts.try_emplace(value, info);
    if (!inserted)
      it->second = AxisInfo::join(info, it->second);
  };
  function.walk([&](Operation *op) {
    for (Value result : op->getResults())
      record(result);
  });
  function.walk([&](Block *block) {
    for (Value argument : block->getArguments())
      record(argument);
  });
}

void ModuleAxisInfoAnalysis::passFactsToCallee(CallOpInterface call, FunctionOpInterface callee) {
  MLIRContext *context = callee.getContext();
  for (auto [index, operand] : llvm::enumerate(call.getArgOperands())) {
    auto it = facts.find(operand);
    if (it == facts.end() || it->second.getRank() != 1)
      continue;
    const AxisInfo &info = it->second;
    auto merge = [&](StringRef name, int64_t fact) {
      int64_t previous = highestPowerOf2Divisor(0);
      if (auto attr = callee.getArgAttrOfType<IntegerAttr>(index, name))
        previous = attr.getInt();
      callee.setArgAttr(index, name,
                        IntegerAttr::get(IntegerType::get(context, 64), std::gcd(previous, fact)));
    };
    merge(kContiguityAttr, info.getContiguity(0));
    merge(kDivisibilityAttr, info.getDivisibility(0));
    merge(kConstancyAttr, info.getConstancy(0));
  }
}

const AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  auto it = facts.find(value);
  if (it == facts.end() || it->second.getRank() == 0)
    return nullptr;
  return &it->second;
}

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  const AxisInfo *info = getAxisInfo(ptr);
  if (!type || !info)
    return 1;
  unsigned fastest = ttg::getOrder(type.getEncoding(), type.getRank()).front();
  int64_t elementBytes = 1;
  if (auto pointer = dyn_cast<tt::PointerType>(type.getElementType()))
    if (pointer.getPointeeType().isIntOrFloat())
      elementBytes = std::max<int64_t>(1, pointer.getPointeeType().getIntOrFloatBitWidth() / 8);
  int64_t maxMultiple = std::max<int64_t>(info->getDivisibility(fastest) / elementBytes, 1);
  return static_cast<unsigned>(std::min(maxMultiple, info->getContiguity(fastest)));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) const {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  const AxisInfo *info = getAxisInfo(mask);
  if (!type || !info)
    return 1;
  unsigned fastest = ttg::getOrder(type.getEncoding(), type.getRank()).front();
  return static_cast<unsigned>(std::max<int64_t>(info->getConstancy(fastest), 1));
}

} // namespace trex
