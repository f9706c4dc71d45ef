// tritonamdgpu-fold-true-cmpi: comparisons integer range analysis proves
// always true become constants.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "TritonIntegerRangeAnalysis.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUFOLDTRUECMPI
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

bool isAlwaysTrue(DataFlowSolver &solver, arith::CmpIOp cmp) {
  auto *lhs = solver.lookupState<dataflow::IntegerValueRangeLattice>(cmp.getLhs());
  auto *rhs = solver.lookupState<dataflow::IntegerValueRangeLattice>(cmp.getRhs());
  if (!lhs || !rhs || lhs->getValue().isUninitialized() || rhs->getValue().isUninitialized())
    return false;
  auto predicate = static_cast<intrange::CmpPredicate>(cmp.getPredicate());
  std::optional<bool> result = intrange::evaluatePred(predicate, lhs->getValue().getValue(),
                                                      rhs->getValue().getValue());
  return result && *result;
}

} // namespace

LogicalResult foldTrueComparisons(ModuleOp module) {
  std::unique_ptr<DataFlowSolver> solver = solveIntegerRanges(module);
  if (!solver)
    return failure();
  SmallVector<arith::CmpIOp> alwaysTrue;
  module.walk([&](arith::CmpIOp cmp) {
    if (isAlwaysTrue(*solver, cmp))
      alwaysTrue.push_back(cmp);
  });
  IRRewriter rewriter(module.getContext());
  for (arith::CmpIOp cmp : alwaysTrue) {
    rewriter.setInsertionPoint(cmp);
    Type type = cmp.getType();
    TypedAttr value = rewriter.getBoolAttr(true);
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      value = DenseElementsAttr::get(tensor, true);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(cmp, type, value);
  }
  return success();
}

namespace {

struct FoldTrueCmpIPass : impl::TritonAMDGPUFoldTrueCmpIBase<FoldTrueCmpIPass> {
  void runOnOperation() override {
    if (failed(foldTrueComparisons(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::amdg
