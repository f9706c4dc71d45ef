// SharedMemory: where a function finds shared memory and an op its shared-memory scratch.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H

#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace trex {

// Whether the LLVM function is a kernel (set by the function conversion while lowering).
bool isKernelFunction(mlir::LLVM::LLVMFuncOp function);
// The base of shared memory in the function that holds `op`: the module's shared symbol in a
// kernel, the hidden shared-memory argument in a device function.
mlir::Value sharedMemoryBase(mlir::OpBuilder &builder, mlir::Operation *op,
                             const TargetInfo &target);
// The name of the attribute the shared-memory allocation gives ops that need scratch space
// (their byte offset in shared memory), as Triton names it.
inline constexpr llvm::StringLiteral kAllocationOffsetAttr = "allocation.offset";
// `op`'s shared-memory scratch (base + its allocation offset); emits an error and fails when
// the op was not allocated.
mlir::FailureOr<mlir::Value> scratchPointer(mlir::OpBuilder &builder, mlir::Operation *op,
                                            const TargetInfo &target);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
