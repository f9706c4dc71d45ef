// tritongpu-combine-tensor-select-and-if: a select on the condition of an
// scf.if becomes an extra result of the if.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUCOMBINETENSORSELECTANDIF
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

void combineTensorSelectAndIf(ModuleOp module) {
  DominanceInfo dominance(module);
  // Each select pairs with the first if on the same condition in its block
  // that comes after it and before all its users.
  llvm::MapVector<arith::SelectOp, scf::IfOp> selectToIf;
  module.walk([&](arith::SelectOp select) {
    for (Operation *user : select.getCondition().getUsers()) {
      auto ifOp = dyn_cast<scf::IfOp>(user);
      if (!ifOp || ifOp->getBlock() != select->getBlock() || selectToIf.count(select))
        continue;
      if (!dominance.dominates(select.getOperation(), ifOp.getOperation()))
        continue;
      if (llvm::all_of(select->getUsers(),
                       [&](Operation *use) { return dominance.dominates(ifOp, use); }))
        selectToIf[select] = ifOp;
    }
  });

  for (auto [select, ifOp] : selectToIf) {
    OpBuilder builder(ifOp);
    Location loc = ifOp.getLoc();
    SmallVector<Type> resultTypes(ifOp.getResultTypes());
    resultTypes.push_back(select.getType());
    auto newIf = scf::IfOp::create(builder, loc, resultTypes, ifOp.getCondition(),
                                   /*withElseRegion=*/true);
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    if (ifOp.elseBlock())
      newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    else {
      OpBuilder elseBuilder = OpBuilder::atBlockEnd(newIf.elseBlock());
      scf::YieldOp::create(elseBuilder, loc);
    }
    auto appendToYield = [&](scf::YieldOp yield, Value value) {
      SmallVector<Value> operands(yield.getOperands());
      operands.push_back(value);
      builder.setInsertionPoint(yield);
      scf::YieldOp::create(builder, loc, operands);
      yield.erase();
    };
    appendToYield(newIf.thenYield(), select.getTrueValue());
    appendToYield(newIf.elseYield(), select.getFalseValue());
    for (OpResult result : ifOp.getResults())
      result.replaceAllUsesWith(newIf->getResult(result.getResultNumber()));
    select.replaceAllUsesWith(newIf->getResult(newIf->getNumResults() - 1));
    select.erase();
    ifOp.erase();
  }
}

namespace {

struct TritonGPUCombineTensorSelectAndIfPass
    : impl::TritonGPUCombineTensorSelectAndIfBase<TritonGPUCombineTensorSelectAndIfPass> {
  void runOnOperation() override { combineTensorSelectAndIf(getOperation()); }
};

} // namespace

} // namespace trex::ttg
