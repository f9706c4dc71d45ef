// tritongpu-combine-tensor-select-and-if: a tensor select on the condition of an
// scf.if becomes an extra result of the if (Triton 3.6 leaves scalar selects).
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUCOMBINETENSORSELECTANDIF
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

void combineTensorSelectAndIf(ModuleOp module) {
  // A select read inside an scf.if on its own condition reads its true value in the then
  // branch and its false value in the else branch.
  module.walk([&](arith::SelectOp select) {
    for (Operation *user : select.getCondition().getUsers()) {
      auto ifOp = dyn_cast<scf::IfOp>(user);
      if (!ifOp)
        continue;
      select.getResult().replaceUsesWithIf(select.getTrueValue(), [&](OpOperand &use) {
        return ifOp.getThenRegion().findAncestorOpInRegion(*use.getOwner()) != nullptr;
      });
      select.getResult().replaceUsesWithIf(select.getFalseValue(), [&](OpOperand &use) {
        return ifOp.getElseRegion().findAncestorOpInRegion(*use.getOwner()) != nullptr;
      });
    }
  });

  // Each tensor select (scalars are cheap to predicate) joins the first if on the same
  // condition in its block that comes after it and before all its users.
  DominanceInfo dominance(module);
  llvm::MapVector<scf::IfOp, SmallVector<arith::SelectOp>> selectsOfIf;
  module.walk([&](arith::SelectOp select) {
    if (!isa<RankedTensorType>(select.getType()))
      return;
    scf::IfOp first;
    for (Operation *user : select.getCondition().getUsers()) {
      auto ifOp = dyn_cast<scf::IfOp>(user);
      if (!ifOp || ifOp->getBlock() != select->getBlock() ||
          !dominance.dominates(select.getOperation(), ifOp.getOperation()) ||
          !llvm::all_of(select->getUsers(),
                        [&](Operation *use) { return dominance.dominates(ifOp, use); }))
        continue;
      if (!first || ifOp->isBeforeInBlock(first))
        first = ifOp;
    }
    if (first)
      selectsOfIf[first].push_back(select);
  });

  for (auto &[ifOp, selects] : selectsOfIf) {
    OpBuilder builder(ifOp);
    Location loc = ifOp.getLoc();
    SmallVector<Type> resultTypes(ifOp.getResultTypes());
    for (arith::SelectOp select : selects)
      resultTypes.push_back(select.getType());
    auto newIf = scf::IfOp::create(builder, loc, resultTypes, ifOp.getCondition(),
                                   /*withElseRegion=*/true);
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    if (ifOp.elseBlock()) {
      newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    } else {
      OpBuilder elseBuilder = OpBuilder::atBlockEnd(newIf.elseBlock());
      scf::YieldOp::create(elseBuilder, loc);
    }
    auto appendToYield = [&](scf::YieldOp yield, bool thenBranch) {
      SmallVector<Value> operands(yield.getOperands());
      for (arith::SelectOp select : selects)
        operands.push_back(thenBranch ? select.getTrueValue() : select.getFalseValue());
      builder.setInsertionPoint(yield);
      scf::YieldOp::create(builder, loc, operands);
      yield.erase();
    };
    appendToYield(newIf.thenYield(), true);
    appendToYield(newIf.elseYield(), false);
    unsigned next = 0;
    for (OpResult result : ifOp.getResults())
      result.replaceAllUsesWith(newIf->getResult(next++));
    for (arith::SelectOp select : selects) {
      select.replaceAllUsesWith(newIf->getResult(next++));
      select.erase();
    }
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
