// Public C++ API of the `ttng` dialect (NVIDIA wgmma, mbarrier and TMA ops).
#ifndef TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/TritonNvidiaGPU/IR/Ops.h.inc"

namespace trex::ttng {

// The box one TMA copy moves for a descriptor `block` in its #ttg.nvmma_shared layout: at most
// 256 elements a dimension, and rows exactly one swizzle pattern wide when swizzled (a wider
// block takes several copies).
llvm::SmallVector<int64_t> tmaBoxShape(mlir::RankedTensorType block);
// The TMA element type of a descriptor element as the device numbers it (tensormap.replace's
// .elemtype, Triton's TMA_ELEMENT_TYPES): floats by name, integers as words of their size
// (32- and 64-bit signed ones signed); none for sizes TMA cannot move.
std::optional<int> tmaElementType(mlir::Type element);

} // namespace trex::ttng

#endif // TREX_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
