// Public C++ API of the `ttg` dialect: layouts, shared-memory types and ops.
#ifndef TREX_DIALECT_TRITONGPU_IR_DIALECT_H
#define TREX_DIALECT_TRITONGPU_IR_DIALECT_H

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutParams.h"

#include "trex/Dialect/TritonGPU/IR/AttrInterfaces.h.inc"
#include "trex/Dialect/TritonGPU/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "trex/Dialect/TritonGPU/IR/AttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/TritonGPU/IR/Types.h.inc"

#include "trex/Dialect/TritonGPU/IR/OpsEnums.h.inc"

namespace trex::ttg {

// Module and function attribute names of the launch shape and allocations.
inline constexpr llvm::StringLiteral kNumWarpsAttr = "ttg.num-warps";
inline constexpr llvm::StringLiteral kNumCTAsAttr = "ttg.num-ctas";
inline constexpr llvm::StringLiteral kThreadsPerWarpAttr = "ttg.threads-per-warp";
inline constexpr llvm::StringLiteral kTargetAttr = "ttg.target";
inline constexpr llvm::StringLiteral kSharedAttr = "ttg.shared";
inline constexpr llvm::StringLiteral kGlobalScratchSizeAttr = "ttg.global_scratch_memory_size";
inline constexpr llvm::StringLiteral kGlobalScratchAlignAttr =
    "ttg.global_scratch_memory_alignment";
inline constexpr llvm::StringLiteral kProfileScratchSizeAttr = "ttg.profile_scratch_memory_size";
inline constexpr llvm::StringLiteral kProfileScratchAlignAttr =
    "ttg.profile_scratch_memory_alignment";

// Shared memory, the resource of local_alloc/load/store effects.
struct SharedMemory : public mlir::SideEffects::Resource::Base<SharedMemory> {
  llvm::StringRef getName() final { return "<SharedMemory>"; }
};

} // namespace trex::ttg

#define GET_OP_CLASSES
#include "trex/Dialect/TritonGPU/IR/Ops.h.inc"

namespace trex::ttg {

// Replaces the uses of `value`, an immutable shared-memory view of a tile (a local_alloc of a
// loaded tensor), with `buffer`, a mutable buffer that holds the same data (the TMA buffer the
// tile was loaded into): the memdesc views taken of it (memdesc_trans, _reshape, _subslice,
// _index, _reinterpret) become mutable views too, as Triton's replaceUsesAndPropagateType.
void replaceWithMutableBuffer(mlir::Value value, mlir::Value buffer);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_IR_DIALECT_H
