// Shared-memory scratch sizes and the two allocation passes that run before lowering.
//
// Ops that exchange data between warps (a reduction across warps, a layout conversion that
// moves data between threads, a scan, a histogram, an atomic whose old values threads other
// than the one that did it need) use shared memory for the time they run. The size each one needs is computed here, so the
// allocation and the lowering agree on it.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <cstdint>

namespace trex {

// Bytes one element of `type` (an LLVM or builtin scalar type, or a pointer) takes in
// shared-memory scratch.
int64_t scratchElementBytes(mlir::Type type);

// The number of elements of the result of reducing `type` along `axis`.
int64_t reductionOutputCount(mlir::RankedTensorType type, unsigned axis);

// Bytes of shared-memory scratch `op` needs while it runs; 0 when it needs none.
int64_t scratchSizeInBytes(mlir::Operation *op);

// Bytes of the buffer a ttg.local_alloc allocates.
int64_t localAllocBytes(ttg::LocalAllocOp alloc);

// Gives every ttg.local_alloc, every op that needs scratch and every call of a function that
// uses shared memory an "allocation.offset", and the module "ttg.shared" (the bytes of shared
// memory a program needs). Scratch is live only while its op runs, a call's buffer while the
// callee runs, and a local_alloc's buffer while the buffer or a view of it is live (MLIR's
// liveness over the function's CFG); buffers live at the same time never overlap, the others
// share memory (first fit, largest first, 16-byte aligned).
void allocateSharedMemory(mlir::ModuleOp module);

// Offsets global-scratch allocation gives ttg.global_scratch_alloc ops and calls (a call's
// offsets are where the callee's scratch starts in the caller's).
inline constexpr llvm::StringLiteral kGlobalScratchOffsetAttr = "ttg.global_scratch_memory_offset";
inline constexpr llvm::StringLiteral kProfileScratchOffsetAttr =
    "ttg.profile_scratch_memory_offset";
// trex's own module attribute: the kernel's global-scratch buffers,
// [{offset, size, align, what, source}], for the metadata (set by the allocation below, which
// runs after ttgir is printed).
inline constexpr llvm::StringLiteral kGlobalScratchAllocationsAttr =
    "ttg.global_scratch_allocations";

// Gives every ttg.global_scratch_alloc an offset ("ttg.global_scratch_memory_offset") in its
// buffer, the global scratch or, for backend = "proton", the profile scratch, and the module
// the total size and alignment of each ("ttg.global_scratch_memory_size/alignment",
// "ttg.profile_scratch_memory_size/alignment").
void allocateGlobalScratchMemory(mlir::ModuleOp module);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H
