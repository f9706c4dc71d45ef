// tritongpu-fuse-nested-loops: the pass of Triton's pipeline that flattens
// loop nests marked tt.flatten; trex keeps such nests as they are (see
// Passes.td).
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

struct TritonGPUFuseNestedLoopsPass
    : impl::TritonGPUFuseNestedLoopsBase<TritonGPUFuseNestedLoopsPass> {
  void runOnOperation() override { markAllAnalysesPreserved(); }
};

} // namespace

} // namespace trex::ttg
