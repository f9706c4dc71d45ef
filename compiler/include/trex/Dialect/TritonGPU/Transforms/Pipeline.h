// The ttgir pipeline: the passes Triton 3.6's make_ttgir runs, in its order,
// for an NVIDIA or an AMD target.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace trex::ttg {

// The target and launch shape the ttgir pipeline compiles for.
struct TTGIRPipelineOptions {
  enum class Backend { CUDA, HIP };
  Backend backend = Backend::CUDA;
  // CUDA: compute capability as major * 10 + minor (90 for sm_90).
  int computeCapability = 90;
  // HIP: the gfx architecture ("gfx942").
  std::string arch;
  int numWarps = 4;
  int numCTAs = 1;
  // Software-pipelining depth (buffers per pipelined operand).
  int numStages = 3;
  // Run the software pipeliner where Triton runs its own: tritongpu-pipeline
  // (cp.async prefetching of dot operands, sm_80 and later) on NVIDIA,
  // tritonamdgpu-stream-pipeline (loads into shared buffers) on AMD. Off in
  // this struct; the compile path turns it on (as Triton) unless --no-pipeline.
  bool pipeline = false;
  // Tensor-core (NVIDIA mma.sync/wgmma) and matrix-core (AMD MFMA) layouts
  // for tt.dot: when set, accelerate-matmul runs and dots get the layouts
  // Triton 3.6 gives them. Off in this struct: the compile path turns it on
  // (wgmma on sm_90, mma.sync on sm_80..sm_89, MFMA on CDNA3) with the types
  // those lowerings take (see CompileOptions::matmulUnit), and the fixture
  // tests and trex-opt's --trex-ttgir-pipeline (option tensor-cores, default
  // true) compare the layouts with Triton's.
  bool tensorCores = false;
  // With tensorCores, what accelerate-matmul may choose (its max-mma-version and
  // mma-v2-types): the newest NVIDIA MMA generation, and the operand types mma.sync may
  // take (empty: any, as Triton).
  int maxMmaVersion = 3;
  std::vector<std::string> mmaV2Types;
  // With tensorCores on AMD: the operand types of the MFMA instructions dots may get
  // (tritonamdgpu-accelerate-matmul's mfma-types; empty: any, as Triton).
  std::vector<std::string> mfmaTypes;

  // Parses Triton's target spelling, "cuda:90" or "hip:gfx942"; the other
  // fields keep their defaults.
  static mlir::FailureOr<TTGIRPipelineOptions> fromTarget(llvm::StringRef target);
  // "cuda:90" / "hip:gfx942".
  std::string target() const;
  // 32 on NVIDIA and RDNA (gfx10 and later), 64 on CDNA/GCN (gfx9).
  int threadsPerWarp() const;
};

// Appends the make_ttgir passes to `pm` (which must run on builtin.module).
//
// NVIDIA (passes 14-54 of Triton's sm_90 pipeline): convert-triton-to-
// tritongpu, tritongpu-coalesce, triton-nvidia-gpu-plan-cta,
// tritongpu-remove-layout-conversions, tritongpu-optimize-thread-locality,
// [tensor-core selection: tritongpu-accelerate-matmul when
// options.tensorCores], tritongpu-remove-layout-conversions,
// tritongpu-optimize-dot-operands, canonicalize, triton-loop-aware-cse,
// (sm_8x/9x:) tritongpu-fuse-nested-loops, canonicalize, triton-licm,
// canonicalize, tritongpu-combine-tensor-select-and-if, [warp
// specialization and software pipelining], (otherwise: triton-licm),
// canonicalize, triton-loop-aware-cse, [dot prefetch],
// tritongpu-optimize-dot-operands, canonicalize,
// tritongpu-coalesce-async-copy, (sm_90+:) triton-nvidia-tma-lowering,
// tritongpu-remove-layout-conversions, tritongpu-reduce-data-duplication,
// tritongpu-reorder-instructions, triton-loop-aware-cse, symbol-dce,
// (sm_90+:) triton-nvidia-gpu-fence-insertion, sccp, cse, canonicalize,
// tritongpu-combine-tensor-select-and-if.
//
// AMD (HIP make_ttgir): convert-triton-to-tritongpu, tritongpu-coalesce,
// tritongpu-remove-layout-conversions, tritongpu-optimize-thread-locality,
// [matrix-core selection: tritonamdgpu-accelerate-matmul when
// options.tensorCores], tritongpu-remove-layout-conversions,
// tritonamdgpu-hoist-layout-conversions, tritonamdgpu-sink-layout-
// conversions, tritongpu-fuse-nested-loops, canonicalize, triton-licm,
// canonicalize, [software pipelining], canonicalize,
// tritongpu-remove-layout-conversions, tritongpu-reduce-data-duplication,
// tritonamdgpu-move-up-prologue-loads, tritonamdgpu-canonicalize-pointers,
// canonicalize, tritonamdgpu-convert-buffer-ops, tritonamdgpu-fold-true-cmpi,
// canonicalize, cse, symbol-dce.
//
// The bracketed steps are the matmul passes, where the matmul work will
// plug in: accelerate-matmul (tensor-core / matrix-core layouts for tt.dot,
// with AMD's epilogue and operand optimizations, in-thread transposes and
// ping-pong scheduling), warp specialization, latency assignment, loop
// scheduling, the software pipeliner and the dot prefetcher. Until then every
// tt.dot keeps the blocked layout and #ttg.dot_op operands the conversion
// gave it (the FMA lowering), and loops run unpipelined. Triton's Blackwell
// tensor-memory passes (optimize-tmem-layouts, interleave-tmem,
// mma-lowering) and allocate-warp-groups have nothing to act on in trex's
// dialects and are not part of this pipeline.
void buildTTGIRPipeline(mlir::OpPassManager &pm, const TTGIRPipelineOptions &options);

// Registers the ttgir passes (TritonGPU, NVIDIA and AMD) and
// --trex-ttgir-pipeline=target=...,num-warps=...,num-ctas=...,num-stages=...,
// tensor-cores=...,max-mma-version=...,mma-v2-types=...,mfma-types=... for trex-opt.
void registerTritonGPUTransforms();

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H
