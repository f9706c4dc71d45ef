// triton-nvidia-gpu-plan-cta: CTA planning for thread-block clusters; one
// CTA per cluster needs none.
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

LogicalResult planCTAs(ModuleOp module) {
  int numCTAs = ttg::TTGDialect::getNumCTAs(module);
  if (numCTAs == 1)
    return success();
  return module.emitError("triton-nvidia-gpu-plan-cta: trex compiles one CTA per cluster, but "
                          "the module has \"")
         << ttg::kNumCTAsAttr << "\" = " << numCTAs;
}

namespace {

struct TritonNvidiaGPUPlanCTAPass : impl::TritonNvidiaGPUPlanCTABase<TritonNvidiaGPUPlanCTAPass> {
  void runOnOperation() override {
    if (failed(planCTAs(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttng
