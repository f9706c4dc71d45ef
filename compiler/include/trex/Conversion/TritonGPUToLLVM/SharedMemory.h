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

// Ops that touch shared memory before anything else can have in their program (no op using
// shared memory precedes them on any path through the function, loops included) need no
// barrier before they first write it: no other warp can still be reading. Triton's barrier
// analysis finds the same; here the ops are marked with `kFirstSharedUseAttr` before lowering
// (the CFG after scf-to-cf), and the patterns skip their leading barrier.
inline constexpr llvm::StringLiteral kFirstSharedUseAttr = "allocation.first_use";
void markFirstSharedMemoryUses(mlir::ModuleOp module);
inline bool isFirstSharedMemoryUse(mlir::Operation *op) { return op->hasAttr(kFirstSharedUseAttr); }

// Ops that follow a ttg.async_wait (whose lowering ends with a CTA barrier) with nothing
// touching shared memory in between (as the matmul epilogue's layout conversion follows the
// pipeline's last wait) need no barrier of their own either: every thread is done with what
// it read or wrote before the wait. Triton's barrier analysis puts none there; such ops are
// marked with `kAfterBarrierAttr` before lowering.
inline constexpr llvm::StringLiteral kAfterBarrierAttr = "allocation.after_barrier";
void markSharedMemoryUsesAfterBarriers(mlir::ModuleOp module);
// Whether an op's first shared-memory access needs a barrier before it.
inline bool needsLeadingBarrier(mlir::Operation *op) {
  return !isFirstSharedMemoryUse(op) && !op->hasAttr(kAfterBarrierAttr);
}

// Asynchronous copies (cp.async) write shared memory another thread may still be reading: a
// buffer the same loop iteration read through local_loads or an asynchronous warp-group dot
// (the pipeliner issues the next iteration's copies after the dot), or bytes the allocation
// reuses. A CTA barrier before each run of copies makes them safe: every copy that follows
// another one with only side-effect-free ops in between (the address and mask arithmetic of
// the next copy, commit groups) shares its barrier; the others, marked with
// `kBarrierBeforeAttr` before lowering, get one. Triton's barrier analysis puts its barriers
// at the same places in pipelined loops.
inline constexpr llvm::StringLiteral kBarrierBeforeAttr = "allocation.barrier_before";
void markAsyncCopyBarriers(mlir::ModuleOp module);
inline bool needsBarrierBefore(mlir::Operation *op) { return op->hasAttr(kBarrierBeforeAttr); }

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
