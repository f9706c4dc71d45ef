// tritonamdgpu-hoist-layout-conversions and tritonamdgpu-sink-layout-
// conversions: where a layout conversion sits decides how often it runs and
// how much shared memory is live while it does.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUHOISTLAYOUTCONVERSIONS
#define GEN_PASS_DEF_TRITONAMDGPUSINKLAYOUTCONVERSIONS
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

void hoistDotOperandConversions(ModuleOp module) {
  SmallVector<ttg::ConvertLayoutOp> converts;
  module.walk([&](ttg::ConvertLayoutOp convert) { converts.push_back(convert); });
  for (ttg::ConvertLayoutOp convert : converts) {
    if (!isa_and_nonnull<ttg::DotOperandEncodingAttr>(convert.getType().getEncoding()))
      continue;
    Operation *def = convert.getSrc().getDefiningOp();
    auto loop = convert->getParentOfType<scf::ForOp>();
    if (def && loop && !loop->isAncestor(def))
      convert->moveAfter(def);
  }
}

namespace {

// The first op of `op`'s block that uses it, directly or inside a region.
Operation *firstUseInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers())
    if (Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user))
      if (!first || ancestor->isBeforeInBlock(first))
        first = ancestor;
  return first;
}

} // namespace

void sinkLayoutConversions(ModuleOp module) {
  SmallVector<ttg::ConvertLayoutOp> converts;
  module.walk([&](ttg::ConvertLayoutOp convert) { converts.push_back(convert); });
  for (ttg::ConvertLayoutOp convert : converts) {
    Operation *firstUse = firstUseInBlock(convert);
    for (auto it = Block::iterator(convert), end = convert->getBlock()->end();
         it != end && &*it != firstUse; ++it)
      if (isa<ttg::LocalDeallocOp>(&*it))
        convert->moveAfter(&*it);
  }
}

namespace {

struct HoistLayoutConversionsPass
    : impl::TritonAMDGPUHoistLayoutConversionsBase<HoistLayoutConversionsPass> {
  void runOnOperation() override { hoistDotOperandConversions(getOperation()); }
};

struct SinkLayoutConversionsPass
    : impl::TritonAMDGPUSinkLayoutConversionsBase<SinkLayoutConversionsPass> {
  void runOnOperation() override { sinkLayoutConversions(getOperation()); }
};

} // namespace

} // namespace trex::amdg
