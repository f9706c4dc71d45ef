// tritongpu-reduce-data-duplication: conversions to dot operands that would
// go through shared memory anyway do so explicitly, storing each element
// once and reading it back in the operand layout.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Layout/LayoutAdapter.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// The K dimension of an FMA operand already sits in one thread when the
// source is the dot's own blocked layout without lanes or warps along K:
// the conversion is then a register read.
bool isBlockedToDotShortcut(RankedTensorType srcType, DotOperandEncodingAttr operand) {
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked || operand.getParent() != blocked)
    return false;
  unsigned rank = blocked.getRank();
  unsigned kDim = operand.getOpIdx() == 0 ? rank - 1 : rank - 2;
  return blocked.getThreadsPerWarp()[kDim] == 1 && blocked.getWarpsPerCTA()[kDim] == 1;
}

// The order of a tensor's dimensions from the one consecutive lanes move along first (its
// thread order), read off the lane bases of its linear layout; dimensions no lane moves
// along follow in `fallback`'s order. A transposed MFMA result holds four consecutive
// columns per lane but lines its lanes up along the rows: [0, 1], where Triton stores it.
SmallVector<unsigned> threadOrder(RankedTensorType type, ArrayRef<unsigned> fallback) {
  MLIRContext *context = type.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> linear = layout::toLinearLayout(
      type.getEncoding(), type.getShape(), [&] { return emitError(UnknownLoc::get(context)); });
  if (failed(linear) || !linear->hasInDim("lane"))
    return SmallVector<unsigned>(fallback);
  SmallVector<unsigned> order;
  for (const layoutviz::LinearLayout::Basis &basis : linear->getInDimBases("lane"))
    for (unsigned dim = 0; dim < basis.size(); ++dim)
      if (basis[dim] != 0 && !llvm::is_contained(order, dim))
        order.push_back(dim);
  for (unsigned dim : fallback)
    if (!llvm::is_contained(order, dim))
      order.push_back(dim);
  return order;
}

} // namespace

void reduceDataDuplication(ModuleOp module) {
  module.walk([&](ConvertLayoutOp convert) {
    RankedTensorType srcType = convert.getSrc().getType();
    RankedTensorType dstType = convert.getType();
    auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(dstType.getEncoding());
    if (!operand || isBlockedToDotShortcut(srcType, operand) ||
        !cvtNeedsSharedMemory(srcType, dstType))
      return;
    auto distributed = dyn_cast<DistributedEncodingTrait>(srcType.getEncoding());
    if (!distributed)
      return;
    // An MMA result is stored in its thread order (the lanes' fastest dimension first), as
    // Triton does; other layouts in their own order.
    SmallVector<unsigned> srcOrder = getOrder(srcType.getEncoding(), srcType.getRank());
    if (isa<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr>(srcType.getEncoding()))
      srcOrder = threadOrder(srcType, srcOrder);
    // A batch dimension (3-D operands) goes last in shared memory.
    SmallVector<unsigned> sharedOrder;
    if (srcOrder.size() == 3) {
      for (unsigned dim : srcOrder)
        if (dim != 0)
          sharedOrder.push_back(dim);
      sharedOrder.push_back(0);
    } else {
      sharedOrder = srcOrder;
    }
    SwizzledSharedEncodingAttr shared = getSharedEncodingForDotOperand(
        operand, srcType.getShape(), sharedOrder, distributed.getCGALayout(),
        getElementTypeOrSelf(srcType).getIntOrFloatBitWidth(), /*needTrans=*/false);
    if (!shared)
      return;
    OpBuilder builder(convert);
    auto memDescType = MemDescType::get(dstType.getShape(), dstType.getElementType(), shared,
                                        SharedMemorySpaceAttr::get(module.getContext()),
                                        /*mutableMemory=*/false);
    Value alloc = LocalAllocOp::create(builder, convert.getLoc(), memDescType, convert.getSrc(),
                                      IntegerAttr());
    Value load = LocalLoadOp::create(builder, convert.getLoc(), dstType, alloc, Value());
    convert.replaceAllUsesWith(load);
    convert.erase();
  });
}

namespace {

struct TritonGPUReduceDataDuplicationPass
    : impl::TritonGPUReduceDataDuplicationBase<TritonGPUReduceDataDuplicationPass> {
  void runOnOperation() override { reduceDataDuplication(getOperation()); }
};

} // namespace

} // namespace trex::ttg
