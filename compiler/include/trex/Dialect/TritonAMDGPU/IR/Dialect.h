// Public C++ API of the `amdg` dialect (AMD buffer operations and transposes).
#ifndef TREX_DIALECT_TRITONAMDGPU_IR_DIALECT_H
#define TREX_DIALECT_TRITONAMDGPU_IR_DIALECT_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/TritonAMDGPU/IR/Ops.h.inc"

#endif // TREX_DIALECT_TRITONAMDGPU_IR_DIALECT_H
