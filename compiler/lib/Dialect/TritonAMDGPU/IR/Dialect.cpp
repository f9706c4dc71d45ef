// Registration of the `amdg` dialect and the verifiers of its ops.
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"

#include "trex/Dialect/TritonAMDGPU/IR/Dialect.cpp.inc"

#include "trex/Layout/LinearLayoutViews.h"

using namespace mlir;

namespace trex::amdg {

void AMDGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/TritonAMDGPU/IR/Ops.cpp.inc"
      >();
}

LogicalResult BufferLoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("other needs a mask");
  return success();
}

LogicalResult InThreadTransposeOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = cast<RankedTensorType>(getResult().getType());
  auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked)
    return emitOpError("transposes the registers of a tensor in a #ttg.blocked layout");
  if (srcType.getRank() != 2)
    return emitOpError("transposes rank-2 tensors only");
  auto emitter = [&] { return emitOpError(); };
  FailureOr<ttg::LinearEncodingAttr> expected =
      layout::inThreadTransposedEncoding(blocked, srcType.getShape(), emitter);
  if (failed(expected))
    return failure();
  FailureOr<layoutviz::LinearLayout> expectedLayout =
      layout::toLinearLayout(*expected, srcType.getShape(), emitter);
  if (failed(expectedLayout) || !dstType.getEncoding())
    return emitOpError("needs a layout on its result");
  FailureOr<layoutviz::LinearLayout> dstLayout =
      layout::toLinearLayout(dstType.getEncoding(), dstType.getShape(), emitter);
  if (failed(dstLayout))
    return failure();
  if (*dstLayout != *expectedLayout)
    return emitOpError("result layout must be the source's with each thread's registers "
                       "transposed: ")
           << *expected;
  return success();
}

LogicalResult UpcastMXFPOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  auto scaleType = cast<RankedTensorType>(getScale().getType());
  if (srcType.getRank() != 2 || scaleType.getRank() != 2 || resultType.getRank() != 2)
    return emitOpError("takes rank-2 operands and scales");
  Type element = resultType.getElementType();
  if (!element.isBF16() && !element.isF16())
    return emitOpError("result must be bf16 or f16, got ") << element;
  auto operand = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(srcType.getEncoding());
  bool packed = getFpType() == tt::ScaleDotElemType::E2M1;
  if (!operand && srcType.getEncoding())
    return emitOpError("operand must be in a dot-operand layout");
  int kDim = operand && operand.getOpIdx() == 1 ? 0 : 1;
  int mnDim = 1 - kDim;
  if (packed != srcType.getElementType().isInteger(8))
    return emitOpError(packed ? "e2m1 operands come packed as i8"
                              : "an upcast operand is bf16 or f16 already");
  int64_t k = srcType.getDimSize(kDim) * (packed ? 2 : 1);
  if (resultType.getDimSize(kDim) != k || resultType.getDimSize(mnDim) != srcType.getDimSize(mnDim))
    return emitOpError("result shape must be the operand's") << (packed ? " with K doubled" : "");
  if (scaleType.getDimSize(0) != srcType.getDimSize(mnDim) || scaleType.getDimSize(1) * 32 != k)
    return emitOpError("scale shape must be [M or N, K / 32] = [")
           << srcType.getDimSize(mnDim) << ", " << k / 32 << "]";
  return success();
}

} // namespace trex::amdg

#define GET_OP_CLASSES
#include "trex/Dialect/TritonAMDGPU/IR/Ops.cpp.inc"
