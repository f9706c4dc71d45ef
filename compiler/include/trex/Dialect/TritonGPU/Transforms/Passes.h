// The ttgir passes (Passes.td) and the free functions that do their work, so
// that the compiler driver, the explorer and tests can run one without a
// pass manager.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

namespace trex::ttg {

#define GEN_PASS_DECL
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

// tritongpu-decompose-scaled-dot: every tt.dot_scaled under `module` becomes
// widened, scaled operands and a tt.dot (fails, with an error, on formats it
// cannot widen).
// `markDots`: the tt.dot of each scaled dot with layouts gets kDecomposedScaledDotAttr, which
// accelerate-matmul reads (a dot kept on FMA gets the FMA layout) and removes.
mlir::LogicalResult decomposeScaledDots(mlir::ModuleOp module, bool moveScaleToLhs = false,
                                        bool markDots = false);
// The marked dots of such a decomposition that no tensor core took (still blocked) get the FMA
// layout convert-triton-to-tritongpu gives a tt.dot (2x2 or 4x4 elements per thread); the
// marks are removed.
void giveFmaLayoutToDecomposedScaledDots(mlir::ModuleOp module);
inline constexpr llvm::StringLiteral kDecomposedScaledDotAttr = "trex.decomposed_scaled_dot";
// The pieces of that decomposition on ttgir, built before `anchor`: `value` (an operand in
// its compute type and layout; opIdx 0: K is the last dim, 1: the one before) times its e8m0
// `scales` ([M or N, K/32]), NaN where a scale is 0xFF unless `fastMath`; and e2m1 pairs
// packed along `axis` unpacked to `elementType` (ttg.fp4_to_fp).
mlir::FailureOr<mlir::Value> multiplyByScales(mlir::Operation *anchor, mlir::Value value,
                                              mlir::Value scales, int opIdx, bool fastMath);
mlir::FailureOr<mlir::Value> unpackFp4(mlir::Operation *anchor, mlir::Value packed, int axis,
                                       mlir::Type elementType);

// tritongpu-coalesce: rewrites every global memory access on a tensor of
// pointers under `module` into its coalesced layout.
void coalesceMemoryAccesses(mlir::ModuleOp module);

// tritongpu-remove-layout-conversions: propagates layouts from anchors,
// rematerializes and hoists conversions, then cleans up.
mlir::LogicalResult removeLayoutConversions(mlir::ModuleOp module);

// tritongpu-optimize-thread-locality.
mlir::LogicalResult optimizeThreadLocality(mlir::ModuleOp module);

// tritongpu-accelerate-matmul: NVIDIA tensor-core layouts for the dots
// under `module` (reads the target from ttg.target; no-op off NVIDIA).
mlir::LogicalResult accelerateMatmul(mlir::ModuleOp module,
                                     const TritonGPUAccelerateMatmulOptions &options = {});

// The #ttg.nvmma_shared layout wgmma (and TMA) read a tile of `shape` stored
// in `order` with: the widest swizzle a contiguous row fills.
NVMMASharedEncodingAttr getNVMMASharedEncoding(llvm::ArrayRef<int64_t> shape,
                                               llvm::ArrayRef<unsigned> order,
                                               const CGALayout &cgaLayout,
                                               mlir::Type elementType);

// tritongpu-optimize-dot-operands.
mlir::LogicalResult optimizeDotOperands(mlir::ModuleOp module, bool hoistLayoutConversion = false);

// tritongpu-combine-tensor-select-and-if.
void combineTensorSelectAndIf(mlir::ModuleOp module);

// tritongpu-pipeline: pipelines the innermost loops under `module` whose dot
// operands are loaded in the loop; returns how many it pipelined.
int pipelineLoops(mlir::ModuleOp module, int numStages);

// tritongpu-prefetch on every loop of `module`; returns how many it rewrote.
int prefetchLoops(mlir::ModuleOp module);

// tritongpu-coalesce-async-copy.
void coalesceAsyncCopies(mlir::ModuleOp module);

// tritongpu-reduce-data-duplication.
void reduceDataDuplication(mlir::ModuleOp module);

// tritongpu-reorder-instructions.
void reorderInstructions(mlir::ModuleOp module);

// The shared-memory layout a tensor of `shape` stored in `order` should
// have to be read as the dot operand `operand` (transposed if
// `needTrans`): unswizzled for FMA operands, the mma.sync swizzle for
// Ampere operands, the ds_read swizzle for MFMA operands; null for other
// parents.
SwizzledSharedEncodingAttr getSharedEncodingForDotOperand(DotOperandEncodingAttr operand,
                                                          llvm::ArrayRef<int64_t> shape,
                                                          llvm::ArrayRef<unsigned> order,
                                                          const CGALayout &cgaLayout,
                                                          unsigned elementBitWidth,
                                                          bool needTrans);

// Triton's 3xBF16 / 6xBF16 emulation of an f32 dot (tritongpu-F32DotTC, and the MFMA path on
// AMD): the f32 tensor `value` as `parts` bf16 tensors whose sum approximates it (each the bf16
// rounding of what the previous ones left) ...
llvm::SmallVector<mlir::Value, 3> splitIntoBf16(mlir::OpBuilder &builder, mlir::Location loc,
                                                mlir::Value value, unsigned parts);
// ... and `accumulator` + the IEEE dots of such parts of A and B (2 or 3 each): the products
// below hi x hi first, smallest first, the NaNs those give for infinite inputs dropped, then
// hi x hi.
mlir::Value sumOfBf16PartDots(mlir::OpBuilder &builder, mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> a, llvm::ArrayRef<mlir::Value> b,
                              mlir::Value accumulator);

#define GEN_PASS_REGISTRATION
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
