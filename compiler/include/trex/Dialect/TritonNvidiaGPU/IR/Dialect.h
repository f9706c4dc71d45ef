// Public C++ API of the `ttng` dialect (NVIDIA wgmma, mbarrier and TMA ops).
#ifndef TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/TritonNvidiaGPU/IR/Ops.h.inc"

#endif // TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
