// tritonamdgpu-expand-upcast-mxfp: amdg.upcast_mxfp as the generic scaled-dot ops (the e2m1
// unpacking and the scale multiplication), which the lowering to LLVM takes on any target.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUEXPANDUPCASTMXFP
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

LogicalResult expandUpcastMXFP(ModuleOp module) {
  SmallVector<UpcastMXFPOp> upcasts;
  module.walk([&](UpcastMXFPOp op) { upcasts.push_back(op); });
  for (UpcastMXFPOp op : upcasts) {
    auto resultType = cast<RankedTensorType>(op.getType());
    auto operand = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(resultType.getEncoding());
    if (!operand)
      return op.emitError() << "trex expands amdg.upcast_mxfp only in a dot-operand layout";
    int opIdx = static_cast<int>(operand.getOpIdx());
    Value value = op.getSrc();
    if (op.getFpType() == tt::ScaleDotElemType::E2M1) {
      FailureOr<Value> unpacked =
          ttg::unpackFp4(op, value, opIdx == 0 ? 1 : 0, resultType.getElementType());
      if (failed(unpacked))
        return failure();
      value = *unpacked;
      if (value.getType() != resultType) {
        OpBuilder builder(op);
        value = ttg::ConvertLayoutOp::create(builder, op.getLoc(), resultType, value);
      }
    }
    FailureOr<Value> product =
        ttg::multiplyByScales(op, value, op.getScale(), opIdx, op.getFastMath());
    if (failed(product))
      return failure();
    op.replaceAllUsesWith(*product);
    op.erase();
  }
  return success();
}

namespace {

struct TritonAMDGPUExpandUpcastMXFPPass
    : impl::TritonAMDGPUExpandUpcastMXFPBase<TritonAMDGPUExpandUpcastMXFPPass> {
  void runOnOperation() override {
    if (failed(expandUpcastMXFP(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::amdg
