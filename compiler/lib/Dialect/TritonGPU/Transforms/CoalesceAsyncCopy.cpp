// tritongpu-coalesce-async-copy: clips the per-thread vector of async copies
// to what one cp.async can move, spreading the lanes and warps anew.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUCOALESCEASYNCCOPY
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// Elements a thread may copy with one cp.async: at most 16 bytes, and no
// more than shared memory keeps contiguous along the same dimension.
unsigned maxCopyElements(MemDescType dstType, unsigned fastestDim) {
  unsigned elementBits = std::max(8u, dstType.getElementType().getIntOrFloatBitWidth());
  unsigned limit = std::max(1u, 128 / elementBits);
  if (auto swizzled = dyn_cast_or_null<SwizzledSharedEncodingAttr>(dstType.getEncoding())) {
    if (swizzled.getOrder().front() != fastestDim)
      return 1;
    if (swizzled.getMaxPhase() > 1)
      limit = std::min(limit, swizzled.getVec());
  }
  return limit;
}

void clipCopy(AsyncCopyGlobalToLocalOp copy) {
  RankedTensorType srcType = copy.getSrc().getType();
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  auto dstType = cast<MemDescType>(copy.getDst().getType());
  if (!blocked)
    return;
  unsigned fastest = blocked.getOrder().front();
  unsigned perThread = blocked.getSizePerThread()[fastest];
  unsigned limit = maxCopyElements(dstType, fastest);
  if (perThread <= limit)
    return;
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[fastest] = limit;
  // As Triton, the lanes and warps are laid out again for the smaller vector.
  auto clipped = buildBlockedEncoding(copy.getContext(), srcType.getShape(), sizePerThread,
                                      blocked.getOrder(), lookupNumWarps(copy),
                                      lookupThreadsPerWarp(copy), blocked.getCGALayout());
  OpBuilder builder(copy);
  auto convert = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    return ConvertLayoutOp::create(builder, copy.getLoc(), type.cloneWithEncoding(clipped), value);
  };
  // The pointers, the mask and a tensor `other` change layout together.
  copy.getSrcMutable().assign(convert(copy.getSrc()));
  if (Value mask = copy.getMask())
    copy.getMaskMutable().assign(convert(mask));
  if (Value other = copy.getOther(); other && isa<RankedTensorType>(other.getType()))
    copy.getOtherMutable().assign(convert(other));
  // As Triton: its axis analysis knows nothing of the new conversions, so the copy's
  // contiguity hint drops to 1 (the lowering takes the contiguity from the axis information).
  copy.setContiguity(1);
}

} // namespace

void coalesceAsyncCopies(ModuleOp module) { module.walk(clipCopy); }

namespace {

struct TritonGPUCoalesceAsyncCopyPass
    : impl::TritonGPUCoalesceAsyncCopyBase<TritonGPUCoalesceAsyncCopyPass> {
  void runOnOperation() override { coalesceAsyncCopies(getOperation()); }
};

} // namespace

} // namespace trex::ttg
