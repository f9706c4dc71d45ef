// The `proton` dialect: registration and the record op's verifier.
#include "trex/Dialect/Proton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include "trex/Dialect/Proton/IR/Dialect.cpp.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/Proton/IR/Ops.cpp.inc"

using namespace mlir;

namespace trex::proton {

void ProtonDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/Proton/IR/Ops.cpp.inc"
      >();
}

LogicalResult RecordOp::verify() {
  if (getName().empty())
    return emitOpError("needs a scope name");
  return success();
}

} // namespace trex::proton
