// ThreadData: which tensor elements a thread holds, and moving them between lanes.
//
// A tensor with a distributed layout becomes, in each thread, the elements the layout gives
// that thread: an `!llvm.struct<(T, T, ...)>` with one field per register. Patterns unpack
// operands into per-register values, compute, and pack results. Which tensor element a
// register holds comes from the layout's linear layout: (register, lane, warp, block) ->
// coordinates, evaluated with the runtime lane and warp ids (emitIndices).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_THREADDATA_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_THREADDATA_H

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

#include "layoutviz/LinearLayout.h"

#include "llvm/ADT/BitVector.h"

#include <optional>

namespace trex {

// Values of the struct a tensor lowers to, one per register.
llvm::SmallVector<mlir::Value> unpackElements(mlir::Location loc, mlir::Value packed,
                                              mlir::OpBuilder &builder);
// Packs per-register values into the struct type `type` (a converted tensor type).
mlir::Value packElements(mlir::Location loc, const mlir::TypeConverter &converter,
                         llvm::ArrayRef<mlir::Value> elements, mlir::Type tensorType,
                         mlir::OpBuilder &builder);

// The linear layout of a distributed tensor type (register, lane, warp, block -> dims).
std::optional<layoutviz::LinearLayout> linearLayoutOf(mlir::RankedTensorType type);
// Registers each thread holds for `type`.
int64_t elementsPerThread(mlir::RankedTensorType type);

// The warps of a program in the module `op` is in (its ttg.num-warps, 4 without one).
int numWarpsOf(mlir::Operation *op);

// Lane and warp of the running thread, and the thread id they come from (lane in its low
// `laneBits` bits, warp above them).
struct ThreadIds {
  mlir::Value lane;
  mlir::Value warp;
  mlir::Value thread;
  int laneBits = 0;
};
ThreadIds threadIds(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target);

// The warp id, made uniform over the warp (lane 0's, shuffled), computed once at the entry of
// the function `op` is in: LLVM cannot move the convergent shuffle out of a loop, where it
// would cost one per iteration (Triton computes it at the entry too).
mlir::Value uniformWarpId(mlir::OpBuilder &builder, mlir::Operation *op, const TargetInfo &target);
// Marks the op giving a function's uniform warp id while the patterns run (the conversion
// pass removes it).
inline constexpr llvm::StringLiteral kUniformWarpIdAttr = "trex.uniform_warp_id";

// Evaluates in-dims `lane` and `warp` of `layout` (block = 0) at run time, giving one i32 per
// out-dim; the register part is added by the caller (it is a compile-time constant). Where
// the ids come from one thread id, its lane and warp bits are taken together, as Triton does.
llvm::SmallVector<mlir::Value> applyLaneWarp(mlir::OpBuilder &builder, mlir::Location loc,
                                             const layoutviz::LinearLayout &layout,
                                             const ThreadIds &ids);

// For each register of the tensor type, the tensor coordinates it holds (i32 per dim).
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
emitIndices(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target,
            mlir::RankedTensorType type);

// Where a layout gives the same element to several registers, lanes or warps (a broadcast),
// the copy an effect (a store, an atomic) is done for: registers that repeat an earlier
// register are skipped, and threads that only repeat other threads' elements are masked off,
// so every element is written once.
struct UniqueCopies {
  llvm::BitVector writesRegister;
  // Register bits whose basis is zero: register r repeats register (r & ~freeRegisterMask).
  int64_t freeRegisterMask = 0;
  // Lane and warp bits whose basis is zero (the threads that repeat other threads).
  int32_t freeLaneMask = 0;
  int32_t freeWarpMask = 0;
  mlir::Value threadPredicate; // null: every thread writes
};
UniqueCopies uniqueCopies(mlir::OpBuilder &builder, mlir::Location loc, mlir::RankedTensorType type,
                          const TargetInfo &target, int64_t registers);

// Cross-lane exchange of a scalar of any width up to 64 bits (or a pointer): done on 32-bit
// words, so narrower values are widened and 64-bit ones split.
mlir::Value shuffleXorAny(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target,
                          mlir::Value value, int mask);
mlir::Value shuffleUpAny(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target,
                         mlir::Value value, int delta);
mlir::Value shuffleIndexAny(mlir::OpBuilder &builder, mlir::Location loc, const TargetInfo &target,
                            mlir::Value value, mlir::Value srcLane);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_THREADDATA_H
