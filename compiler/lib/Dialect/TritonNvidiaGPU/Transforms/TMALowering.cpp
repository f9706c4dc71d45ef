// triton-nvidia-tma-lowering: tensor-descriptor accesses on Hopper. trex
// reports them instead of leaving them unlowered (see Passes.td).
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

LogicalResult lowerTMAAccesses(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (!isa<tt::DescriptorLoadOp, tt::DescriptorStoreOp, tt::DescriptorGatherOp,
             tt::DescriptorScatterOp, tt::DescriptorReduceOp>(op))
      return WalkResult::advance();
    op->emitError("triton-nvidia-tma-lowering: trex does not emit TMA copies; tensor "
                  "descriptors on this target have no lowering");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

namespace {

struct TritonNvidiaGPUTMALoweringPass
    : impl::TritonNvidiaGPUTMALoweringBase<TritonNvidiaGPUTMALoweringPass> {
  void runOnOperation() override {
    if (failed(lowerTMAAccesses(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttng
