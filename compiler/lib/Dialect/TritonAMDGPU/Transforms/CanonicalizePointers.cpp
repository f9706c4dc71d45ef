// tritonamdgpu-canonicalize-pointers: the uniform part of a tensor of
// offsets moves into the scalar base pointer.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUCANONICALIZEPOINTERS
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

// True if `base` is (an addptr chain on) a kernel argument marked
// tt.pointer_range = 32 or less.
bool isSmallBuffer(Value base) {
  while (auto addptr = base.getDefiningOp<tt::AddPtrOp>())
    base = addptr.getPtr();
  auto arg = dyn_cast<BlockArgument>(base);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto function = dyn_cast<tt::FuncOp>(arg.getOwner()->getParentOp());
  if (!function)
    return false;
  auto range = function.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), "tt.pointer_range");
  return range && range.getInt() <= 32;
}

// addptr(splat(b), splat(s) + o) -> addptr(splat(addptr(b, s)), o)
bool foldUniformOffset(tt::AddPtrOp op, RewriterBase &rewriter) {
  auto splat = op.getPtr().getDefiningOp<tt::SplatOp>();
  auto add = op.getOffset().getDefiningOp<arith::AddIOp>();
  if (!splat || !add || !isSmallBuffer(splat.getSrc()))
    return false;
  for (unsigned uniformIndex : {0u, 1u}) {
    auto uniform = add->getOperand(uniformIndex).getDefiningOp<tt::SplatOp>();
    if (!uniform)
      continue;
    Value rest = add->getOperand(1 - uniformIndex);
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value base = tt::AddPtrOp::create(rewriter, loc, splat.getSrc().getType(), splat.getSrc(),
                                      uniform.getSrc());
    Value newSplat = tt::SplatOp::create(rewriter, loc, op.getPtr().getType(), base);
    rewriter.replaceOpWithNewOp<tt::AddPtrOp>(op, op.getType(), newSplat, rest);
    return true;
  }
  return false;
}

} // namespace

LogicalResult canonicalizePointers(ModuleOp module) {
  IRRewriter rewriter(module.getContext());
  // Each fold may expose another on the new offset (nested sums).
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<tt::AddPtrOp> candidates;
    module.walk([&](tt::AddPtrOp op) { candidates.push_back(op); });
    for (tt::AddPtrOp op : candidates)
      changed |= foldUniformOffset(op, rewriter);
  }
  return success();
}

namespace {

struct CanonicalizePointersPass
    : impl::TritonAMDGPUCanonicalizePointersBase<CanonicalizePointersPass> {
  void runOnOperation() override {
    if (failed(canonicalizePointers(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::amdg
