// Registration of the `amdg` dialect and the verifiers of its ops.
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"

#include "trex/Dialect/TritonAMDGPU/IR/Dialect.cpp.inc"

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

} // namespace trex::amdg

#define GET_OP_CLASSES
#include "trex/Dialect/TritonAMDGPU/IR/Ops.cpp.inc"
