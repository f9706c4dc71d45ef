// The ttir pipeline: the passes Triton 3.6's make_ttir runs, in its order, for
// an NVIDIA or an AMD target.
#ifndef TREX_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
#define TREX_DIALECT_TRITON_TRANSFORMS_PIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace trex::tt {

// The target the ttir pipeline prepares a kernel for; the NVIDIA and AMD
// backends run slightly different ttir pipelines.
struct TTIRPipelineOptions {
  enum class Backend { CUDA, HIP };
  Backend backend = Backend::CUDA;
  // CUDA: compute capability as major * 10 + minor (90 for sm_90).
  int computeCapability = 90;
  // HIP: the gfx architecture ("gfx942").
  std::string arch;

  // Parses Triton's target spelling: "cuda:90" or "hip:gfx942".
  static mlir::FailureOr<TTIRPipelineOptions> fromTarget(llvm::StringRef target);
};

// Appends the make_ttir passes to `pm` (which must run on builtin.module):
//   inline (with canonicalize, as Triton configures the inliner),
//   triton-rewrite-tensor-pointer, [CUDA before sm_90 and HIP:
//   triton-rewrite-tensor-descriptor-to-pointer,] canonicalize, triton-combine,
//   triton-reorder-broadcast, cse, [HIP: triton-licm,] symbol-dce,
//   triton-loop-unroll.
void buildTTIRPipeline(mlir::OpPassManager &pm, const TTIRPipelineOptions &options);

} // namespace trex::tt

#endif // TREX_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
