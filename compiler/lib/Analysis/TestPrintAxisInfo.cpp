// test-print-axis-info: the AxisInfo of every op result, as remarks.
#include "trex/Analysis/AxisInfo.h"
#include "trex/Analysis/TestPasses.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace trex {

#define GEN_PASS_DEF_TESTPRINTAXISINFO
#include "trex/Analysis/Passes.h.inc"

void printAxisInfo(ModuleOp module) {
  ModuleAxisInfoAnalysis analysis(module);
  module.walk([&](FunctionOpInterface function) {
    function.walk([&](Operation *op) {
      if (op == function.getOperation())
        return;
      for (OpResult result : op->getResults()) {
        InFlightDiagnostic remark = op->emitRemark();
        if (op->getNumResults() > 1)
          remark << "result " << result.getResultNumber() << ": ";
        const AxisInfo *info = analysis.getAxisInfo(result);
        if (!info) {
          remark << "<no axis info>";
          continue;
        }
        std::string text;
        llvm::raw_string_ostream os(text);
        info->print(os);
        remark << text;
      }
    });
  });
}

namespace {

struct TestPrintAxisInfoPass : impl::TestPrintAxisInfoBase<TestPrintAxisInfoPass> {
  void runOnOperation() override { printAxisInfo(getOperation()); }
};

} // namespace

} // namespace trex
