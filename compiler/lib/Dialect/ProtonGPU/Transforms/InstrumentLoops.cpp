// proton-instrument-loops: scopes around an unannotated kernel's top-level loops and epilogue.
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace trex::proton_gpu {

#define GEN_PASS_DEF_PROTONINSTRUMENTLOOPS
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h.inc"

using namespace mlir;

namespace {

void record(OpBuilder &builder, Location loc, bool isStart, const std::string &name) {
  proton::RecordOp::create(builder, loc, isStart ? builder.getUnitAttr() : UnitAttr(),
                           builder.getStringAttr(name));
}

} // namespace

int instrumentTopLevelLoops(ModuleOp module) {
  int added = 0;
  for (tt::FuncOp function : module.getOps<tt::FuncOp>()) {
    if (!function.isPublic() || function.getBody().empty())
      continue;
    bool annotated = false;
    function.walk([&](proton::RecordOp) { annotated = true; });
    if (annotated)
      continue;
    Block &body = function.getBody().front();
    SmallVector<Operation *> loops;
    for (Operation &op : body)
      if (isa<scf::ForOp, scf::WhileOp>(op))
        loops.push_back(&op);
    if (loops.empty())
      continue;
    OpBuilder builder(module.getContext());
    for (auto [index, loop] : llvm::enumerate(loops)) {
      std::string name = "loop" + std::to_string(index);
      builder.setInsertionPoint(loop);
      record(builder, loop->getLoc(), true, name);
      builder.setInsertionPointAfter(loop);
      record(builder, loop->getLoc(), false, name);
      ++added;
    }
    Operation *terminator = body.getTerminator();
    Operation *afterLoops = loops.back()->getNextNode()->getNextNode(); // past its end record
    if (afterLoops != terminator) {
      builder.setInsertionPoint(afterLoops);
      record(builder, afterLoops->getLoc(), true, "epilogue");
      builder.setInsertionPoint(terminator);
      record(builder, terminator->getLoc(), false, "epilogue");
      ++added;
    }
  }
  return added;
}

namespace {

struct ProtonInstrumentLoopsPass : impl::ProtonInstrumentLoopsBase<ProtonInstrumentLoopsPass> {
  void runOnOperation() override { instrumentTopLevelLoops(getOperation()); }
};

} // namespace

} // namespace trex::proton_gpu
