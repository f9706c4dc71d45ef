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

// The order in which dimensions first appear among `bases`, then `fallback`'s.
SmallVector<unsigned> basesOrder(ArrayRef<layoutviz::LinearLayout::Basis> bases,
                                 ArrayRef<unsigned> fallback) {
  SmallVector<unsigned> order;
  for (const layoutviz::LinearLayout::Basis &basis : bases)
    for (unsigned dim = 0; dim < basis.size(); ++dim)
      if (basis[dim] != 0 && !llvm::is_contained(order, dim))
        order.push_back(dim);
  for (unsigned dim : fallback)
    if (!llvm::is_contained(order, dim))
      order.push_back(dim);
  return order;
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
  return basesOrder(linear->getInDimBases("lane"), fallback);
}

// Triton's memory order of a distributed tensor: its register order (dimensions the
// registers move along, in the order they do, then the others from the last to the first),
// unless its thread order differs and the lanes' fastest dimension holds one element per
// thread, where the thread order is taken. For a blocked tensor whose registers repeat along
// a batch dimension before the others (order = [2, 0, 1]) that is [2, 0, 1], not the
// layout's default [2, 1, 0].
SmallVector<unsigned> memoryOrder(RankedTensorType type, ArrayRef<unsigned> fallback) {
  MLIRContext *context = type.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> linear = layout::toLinearLayout(
      type.getEncoding(), type.getShape(), [&] { return emitError(UnknownLoc::get(context)); });
  if (failed(linear) || !linear->hasInDim("register") || !linear->hasInDim("lane"))
    return SmallVector<unsigned>(fallback);
  unsigned rank = type.getRank();
  SmallVector<unsigned> descending;
  for (unsigned dim = rank; dim-- > 0;)
    descending.push_back(dim);
  auto registers = linear->getInDimBases("register");
  SmallVector<unsigned> registerOrder = basesOrder(registers, descending);
  SmallVector<unsigned> laneOrder = basesOrder(linear->getInDimBases("lane"), registerOrder);
  if (registerOrder == laneOrder)
    return registerOrder;
  bool registersAlongLanes =
      llvm::any_of(registers, [&](const auto &basis) { return basis[laneOrder.front()] != 0; });
  return registersAlongLanes ? registerOrder : laneOrder;
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
    // Other layouts in Triton's memory order (no batch-last reordering here: that is the
    // pipeliner's, for the buffers of loads it pipelines).
    SmallVector<unsigned> sharedOrder = getOrder(srcType.getEncoding(), srcType.getRank());
    if (isa<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr>(srcType.getEncoding()))
      sharedOrder = threadOrder(srcType, sharedOrder);
    else
      sharedOrder = memoryOrder(srcType, sharedOrder);
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
