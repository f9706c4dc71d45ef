// Public C++ API of the `proton` dialect (profiling scope markers).
#ifndef TREX_DIALECT_PROTON_IR_DIALECT_H
#define TREX_DIALECT_PROTON_IR_DIALECT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trex/Dialect/Proton/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/Proton/IR/Ops.h.inc"

#endif // TREX_DIALECT_PROTON_IR_DIALECT_H
