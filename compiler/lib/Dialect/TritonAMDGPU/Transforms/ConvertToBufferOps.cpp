// tritonamdgpu-convert-buffer-ops: global accesses through a uniform base
// and provably non-negative i32 offsets become AMD buffer accesses.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "TritonIntegerRangeAnalysis.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUCONVERTTOBUFFEROPS
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

bool isKernelArgWithSmallRange(Value base) {
  auto arg = dyn_cast<BlockArgument>(base);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto function = dyn_cast<tt::FuncOp>(arg.getOwner()->getParentOp());
  if (!function)
    return false;
  auto range = function.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), "tt.pointer_range");
  return range && range.getInt() <= 32;
}

// The (base, offsets) of `pointer` if it is a uniform base plus offsets a
// buffer access can take.
std::optional<std::pair<Value, Value>> bufferAddress(Value pointer, DataFlowSolver &solver) {
  auto addptr = pointer.getDefiningOp<tt::AddPtrOp>();
  if (!addptr)
    return std::nullopt;
  auto splat = addptr.getPtr().getDefiningOp<tt::SplatOp>();
  if (!splat)
    return std::nullopt;
  Value offsets = addptr.getOffset();
  if (getElementTypeOrSelf(offsets.getType()).getIntOrFloatBitWidth() != 32)
    return std::nullopt;
  // Offsets are unsigned in a buffer access.
  if (!isKernelArgWithSmallRange(splat.getSrc()) &&
      failed(dataflow::staticallyNonNegative(solver, offsets)))
    return std::nullopt;
  return std::make_pair(splat.getSrc(), offsets);
}

bool isConstantZero(Value value) {
  return value && (matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat()));
}

} // namespace

LogicalResult convertToBufferOps(ModuleOp module) {
  std::unique_ptr<DataFlowSolver> solver = solveIntegerRanges(module);
  if (!solver)
    return failure();
  IRRewriter rewriter(module.getContext());
  SmallVector<Operation *> accesses;
  module.walk([&](Operation *op) {
    if (isa<tt::LoadOp, tt::StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    rewriter.setInsertionPoint(op);
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      std::optional<std::pair<Value, Value>> address = bufferAddress(load.getPtr(), *solver);
      if (!address)
        continue;
      // A zero `other` is what a masked buffer load returns anyway.
      Value other = isConstantZero(load.getOther()) ? Value() : load.getOther();
      rewriter.replaceOpWithNewOp<BufferLoadOp>(load, load.getType(), address->first,
                                                address->second, /*stride=*/Value(),
                                                load.getCache(), load.getMask(), other);
      continue;
    }
    auto store = cast<tt::StoreOp>(op);
    std::optional<std::pair<Value, Value>> address = bufferAddress(store.getPtr(), *solver);
    if (!address)
      continue;
    rewriter.replaceOpWithNewOp<BufferStoreOp>(store, store.getValue(), address->first,
                                               address->second, /*stride=*/Value(),
                                               store.getCache(), store.getMask());
  }
  return success();
}

namespace {

struct ConvertToBufferOpsPass
    : impl::TritonAMDGPUConvertToBufferOpsBase<ConvertToBufferOpsPass> {
  void runOnOperation() override {
    if (failed(convertToBufferOps(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::amdg
