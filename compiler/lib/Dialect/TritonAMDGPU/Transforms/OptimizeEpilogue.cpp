// tritonamdgpu-optimize-epilogue: a tile computed in an MFMA layout is stored from that layout.
//
// After accelerate-matmul a kernel's result goes accumulator (#mma) -> element-wise casts ->
// convert_layout to the coalesced #blocked of its tt.store. On AMD, Triton skips that
// conversion (an LDS round trip per tile): the store takes the accumulator's layout and its
// pointers and mask are converted instead, which remove-layout-conversions then turns into
// computing them in #mma from the start. Each lane of a transposed MFMA layout holds 4
// consecutive columns, so the store stays vectorized.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUOPTIMIZEEPILOGUE
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

// An op that maps each element of its one tensor operand to the same element of its one
// result, with no side effects: it can take any layout.
bool isUnaryElementwise(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      !op->hasTrait<OpTrait::Elementwise>())
    return false;
  if (auto external = dyn_cast<tt::ExternElementwiseOp>(op))
    return external.getPure();
  if (auto assembly = dyn_cast<tt::ElementwiseInlineAsmOp>(op))
    return assembly.getPure();
  return isMemoryEffectFree(op) && isa<RankedTensorType>(op->getOperand(0).getType()) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

// gfx950 (MFMA version 4) stores 32x32 transposed f16/bf16 tiles through a layout of its own
// (8 consecutive elements per lane), which trex does not build: those epilogues stay.
bool hasOwnStoreLayout(ttg::AMDMfmaEncodingAttr mfma, RankedTensorType stored) {
  Type element = stored.getElementType();
  return mfma.getVersion() == 4 && mfma.getIsTransposed() && stored.getRank() == 2 &&
         mfma.getInstrShape()[0] == 32 && mfma.getInstrShape()[1] == 32 &&
         (element.isF16() || element.isBF16());
}

// Rewrites `store` to store from the MFMA layout its value was converted from; false when
// the pattern does not match.
bool storeFromAccumulatorLayout(tt::StoreOp store) {
  auto pointerType = dyn_cast<RankedTensorType>(store.getPtr().getType());
  auto valueType = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!pointerType || !valueType ||
      !isa_and_nonnull<ttg::BlockedEncodingAttr>(pointerType.getEncoding()) ||
      !isa_and_nonnull<ttg::BlockedEncodingAttr>(valueType.getEncoding()))
    return false;

  // The single-use element-wise ops between the conversion and the store, last first.
  SmallVector<Operation *> chain;
  Value value = store.getValue();
  ttg::ConvertLayoutOp conversion;
  while (true) {
    Operation *definer = value.getDefiningOp();
    if (!definer)
      return false;
    if ((conversion = dyn_cast<ttg::ConvertLayoutOp>(definer)))
      break;
    if (!definer->hasOneUse() || !isUnaryElementwise(definer))
      return false;
    chain.push_back(definer);
    value = definer->getOperand(0);
  }
  auto mfma = dyn_cast_or_null<ttg::AMDMfmaEncodingAttr>(
      cast<RankedTensorType>(conversion.getSrc().getType()).getEncoding());
  if (!mfma || !conversion.getResult().hasOneUse() || hasOwnStoreLayout(mfma, valueType))
    return false;

  OpBuilder builder(store);
  auto toMfma = [&](Value operand) -> Value {
    if (!operand)
      return operand;
    auto type = cast<RankedTensorType>(operand.getType());
    return ttg::ConvertLayoutOp::create(builder, operand.getLoc(), type.cloneWithEncoding(mfma),
                                        operand);
  };
  Value stored = conversion.getSrc();
  for (Operation *op : llvm::reverse(chain)) {
    op->setOperand(0, stored);
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    op->getResult(0).setType(type.cloneWithEncoding(mfma));
    stored = op->getResult(0);
  }
  store.getPtrMutable().assign(toMfma(store.getPtr()));
  store.getValueMutable().assign(stored);
  if (Value mask = store.getMask())
    store.getMaskMutable().assign(toMfma(mask));
  if (conversion->use_empty())
    conversion.erase();
  return true;
}

struct OptimizeEpiloguePass : public impl::TritonAMDGPUOptimizeEpilogueBase<OptimizeEpiloguePass> {
  void runOnOperation() override { storeEpiloguesFromMfmaLayouts(getOperation()); }
};

} // namespace

int storeEpiloguesFromMfmaLayouts(ModuleOp module) {
  SmallVector<tt::StoreOp> stores;
  module.walk([&](tt::StoreOp store) { stores.push_back(store); });
  int rewritten = 0;
  for (tt::StoreOp store : stores)
    rewritten += storeFromAccumulatorLayout(store) ? 1 : 0;
  return rewritten;
}

} // namespace trex::amdg
