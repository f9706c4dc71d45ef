// tritongpu-remove-layout-conversions: the driver of the three phases
// (LayoutConversionRemoval.h) and the clean-ups between them.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "LayoutConversionRemoval.h"
#include "trex/Dialect/TritonGPU/Transforms/ControlFlowRewrites.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// Folds the conversions the phases leave behind (chains, conversions of
// constants and splats, ...).
LogicalResult canonicalizeConversions(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, module.getContext());
  return applyPatternsGreedily(module, std::move(patterns));
}

} // namespace

LogicalResult removeLayoutConversions(ModuleOp module) {
  MLIRContext *context = module.getContext();
  WalkResult propagated = module.walk([](tt::FuncOp function) {
    return failed(propagateLayoutsForward(function)) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
  });
  if (propagated.wasInterrupted() || failed(canonicalizeConversions(module)))
    return failure();

  module.walk([](tt::FuncOp function) { rematerializeBackward(function); });
  if (failed(canonicalizeConversions(module)))
    return failure();

  module.walk([](tt::FuncOp function) { hoistConversions(function); });

  // Dead loop-carried values and branches the rewrites left behind.
  RewritePatternSet deadArguments(context);
  populateForOpDeadArgumentElimination(deadArguments);
  if (failed(applyPatternsGreedily(module, std::move(deadArguments))))
    return failure();
  RewritePatternSet patterns(context);
  scf::ForOp::getCanonicalizationPatterns(patterns, context);
  scf::IfOp::getCanonicalizationPatterns(patterns, context);
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, context);
  return applyPatternsGreedily(module, std::move(patterns));
}

namespace {

struct TritonGPURemoveLayoutConversionsPass
    : impl::TritonGPURemoveLayoutConversionsBase<TritonGPURemoveLayoutConversionsPass> {
  void runOnOperation() override {
    if (failed(removeLayoutConversions(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttg
