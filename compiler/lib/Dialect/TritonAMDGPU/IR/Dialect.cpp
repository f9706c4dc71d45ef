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

} // namespace trex::amdg

#define GET_OP_CLASSES
#include "trex/Dialect/TritonAMDGPU/IR/Ops.cpp.inc"
