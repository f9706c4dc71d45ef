// SharedMemory: where a function finds shared memory and an op its shared-memory scratch.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H

#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"
#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <cstdint>
#include <vector>

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

// The CTA barriers that order one op's shared-memory accesses against other ops' are placed
// before lowering by the barrier analysis (BarrierAnalysis.h), as ttg.barrier ops; a pattern
// emits only those between the phases of its own accesses (a layout conversion's stores and
// loads through its scratch).

class LLVMBuilder;

// Per-thread addressing of a shared-memory access whose element offsets are each register's
// constant offset XOR the thread's offset (LocalMemoryAccess, LayoutConversionPlan): the XOR,
// over the set bits of the lane and warp ids, of their offsets (`value`, null when every one
// is zero), and the offset bits any thread can set (`bits`).
struct ThreadOffset {
  mlir::Value value;
  int32_t bits = 0;
};
ThreadOffset threadOffsetOf(LLVMBuilder &b, mlir::Value lane, mlir::Value warp,
                            const std::vector<int32_t> &laneOffsets,
                            const std::vector<int32_t> &warpOffsets);
// A register's element index: the thread's offset XOR the register's. The register's bits no
// thread offset has are added after the XOR of the others (XOR-ing disjoint bits is adding
// them), so that the address is one per-thread register plus a constant, which LLVM and
// ptxas fold into the instruction's immediate offset, as in Triton's addressing.
mlir::Value registerIndex(LLVMBuilder &b, const ThreadOffset &thread, int32_t offset);

// Reads the registers of `access` with ldmatrix as `matrix` plans it (MatrixLoad.h), one
// instruction per 2 * matrices registers, from the buffer of `elementType` (16-bit) at `base`;
// the values of registers 0, 1, ... of the access in order.
llvm::SmallVector<mlir::Value> loadMatrices(mlir::OpBuilder &builder, mlir::Location loc,
                                            const TargetInfo &target, mlir::Value base,
                                            mlir::Type elementType, const LocalMemoryAccess &access,
                                            const MatrixLoadPlan &matrix);
// Writes `values` (registers 0, 1, ... of `access`, 16-bit) with stmatrix, addressed as
// `matrix` plans the ldmatrix of the same access: one instruction per 2 * matrices registers.
void storeMatrices(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target,
                   mlir::Value base, mlir::Type elementType, const LocalMemoryAccess &access,
                   const MatrixLoadPlan &matrix, llvm::ArrayRef<mlir::Value> values);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
