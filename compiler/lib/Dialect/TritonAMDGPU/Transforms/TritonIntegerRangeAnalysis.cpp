// Integer ranges of the tt ops offsets are made of, on top of MLIR's
// integer range analysis.
#include "TritonIntegerRangeAnalysis.h"

#include "mlir/Analysis/DataFlow/Utils.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::dataflow;

namespace trex::amdg {

namespace {

unsigned bitWidthOf(Value value) {
  Type element = getElementTypeOrSelf(value.getType());
  return element.isIntOrIndex() ? ConstantIntRanges::getStorageBitwidth(element) : 0;
}

ConstantIntRanges signedRange(unsigned width, int64_t min, int64_t max) {
  return ConstantIntRanges::fromSigned(APInt(width, min, /*isSigned=*/true),
                                       APInt(width, max, /*isSigned=*/true));
}

} // namespace

LogicalResult
TritonIntegerRangeAnalysis::visitOperation(Operation *op,
                                           ArrayRef<const IntegerValueRangeLattice *> operands,
                                           ArrayRef<IntegerValueRangeLattice *> results) {
  auto setResult = [&](const IntegerValueRange &range) {
    for (IntegerValueRangeLattice *result : results)
      propagateIfChanged(result, result->join(range));
    return success();
  };
  if (auto range = dyn_cast<tt::MakeRangeOp>(op)) {
    unsigned width = bitWidthOf(range.getResult());
    return setResult(IntegerValueRange(signedRange(width, range.getStart(), range.getEnd() - 1)));
  }
  if (isa<tt::GetProgramIdOp>(op)) {
    unsigned width = bitWidthOf(op->getResult(0));
    return setResult(IntegerValueRange(signedRange(width, 0, INT32_MAX)));
  }
  if (isa<tt::GetNumProgramsOp>(op)) {
    unsigned width = bitWidthOf(op->getResult(0));
    return setResult(IntegerValueRange(signedRange(width, 1, INT32_MAX)));
  }
  // Ops that move values around without changing them.
  if (isa<tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp, ttg::ConvertLayoutOp, tt::ReshapeOp,
          tt::TransOp>(op)) {
    if (operands.empty() || bitWidthOf(op->getOperand(0)) == 0 ||
        operands[0]->getValue().isUninitialized())
      return IntegerRangeAnalysis::visitOperation(op, operands, results);
    return setResult(operands[0]->getValue());
  }
  return IntegerRangeAnalysis::visitOperation(op, operands, results);
}

std::unique_ptr<DataFlowSolver> solveIntegerRanges(Operation *root) {
  auto solver = std::make_unique<DataFlowSolver>();
  loadBaselineAnalyses(*solver);
  solver->load<TritonIntegerRangeAnalysis>();
  if (failed(solver->initializeAndRun(root)))
    return nullptr;
  return solver;
}

} // namespace trex::amdg
