// The pattern sets of the TritonGPU-to-LLVM conversion, one population function per group
// of ops (one file each in lib/Conversion/TritonGPUToLLVM).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trex/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>
#include <optional>

namespace trex {

// Hidden arguments appended to every function (seed "Triton Hidden Kernel Parameters"):
// device functions get the shared-memory base, then every function the global-scratch and
// profile-scratch pointers. Offsets from the end of the argument list.
inline constexpr int kSharedMemoryArgumentOffset = -3;
inline constexpr int kGlobalScratchArgumentOffset = -2;
inline constexpr int kProfileScratchArgumentOffset = -1;

// The largest vector (in elements) a global load or store op (tt.load, tt.store, AMD buffer
// ops) may use: how many consecutive elements of a thread are contiguous in memory, aligned,
// and under one mask value. The conversion pass computes it from the axis information of
// the ttgir module before rewriting.
using VectorSizeFn = std::function<unsigned(mlir::Operation *access)>;

// Per-dimension constancy of a ttgir tensor value from the axis information (how many
// consecutive elements, in aligned blocks, are known equal); nullopt when unknown.
using ConstancyFn =
    std::function<std::optional<llvm::SmallVector<int64_t>>(mlir::Value value)>;

void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateElementwiseInlineAsmOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                                  mlir::RewritePatternSet &patterns);
// tt.map_elementwise: the scalar region copied in once per packed group of elements.
void populateMapElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                            mlir::RewritePatternSet &patterns);
void populateExternElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                               mlir::RewritePatternSet &patterns,
                                               const TargetInfo &target);
void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns,
                                         const TargetInfo &target,
                                         ConstancyFn constancy = nullptr);
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns, const TargetInfo &target,
                                       VectorSizeFn vectorSize);
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns, const TargetInfo &target);
// proton_gpu (instrumented profiling scopes): segments, clock reads, records, finalize.
void populateProtonGPUOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateHistogramOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populatePrintOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateAssertOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns, const TargetInfo &target);
// `copyContiguity`: the elements of an async copy's source known contiguous, aligned and under
// one mask value from the axis information (as VectorSizeFn; null: the op's hint alone).
void populateLocalMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns,
                                         const TargetInfo &target,
                                         VectorSizeFn copyContiguity = nullptr);
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateMmaV2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                      mlir::RewritePatternSet &patterns, const TargetInfo &target);
// ttng.warp_group_dot (wgmma), warp_group_dot_wait and fence_async_shared.
// TMA descriptors, mbarriers and TMA copies (NVIDIA sm_90 and later).
// Marks the TMA loads into buffers no ordinary (generic-proxy) access reads or writes, such as
// a pipelined matmul's operand stages, which only TMA writes and wgmma reads: their copies
// need no proxy fence (Triton emits none for TMA loads). Run before the patterns.
void markAsyncProxyOnlyCopies(mlir::ModuleOp module);
void populateTMAToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                               mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateWarpGroupDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns,
                                          const TargetInfo &target);
void populateMfmaDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns, const TargetInfo &target);
void populateConvertLayoutOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                           mlir::RewritePatternSet &patterns,
                                           const TargetInfo &target);

// A located "<op> is not supported for <target>" for tt, ttg and amdg ops that none of the
// patterns already in `patterns` lowers; add it after all the others.
void populateUnsupportedOpPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns, const TargetInfo &target);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
