// PipelineSuffix: the passes of a pipeline from a position on, for a compilation resumed after
// a pass (the explorer re-running from an edited pass snapshot).
//
// MLIR offers no way to take single passes out of a pass manager (Pass::clone is protected),
// so the passes after the position are printed in their textual form (argument and options,
// as `mlir-opt --pass-pipeline` takes them) and parsed back into the new pass manager.
// Parsing goes through the pass registry; registerPipelinePasses puts every pass of trex's
// pipelines there. test/unit/ResumeCompilationTest checks that resuming after any pass of each
// pipeline ends with the very IR the whole pipeline produces.
#include "Driver.h"

#include "trex/Conversion/TritonGPUToLLVM/Passes.h"
#include "trex/Conversion/TritonToTritonGPU/Passes.h"
#include "trex/Dialect/Triton/Transforms/Passes.h"
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

using namespace mlir;

namespace trex::driver {

namespace {

// The passes only; the pipelines' own registrations (--trex-ttir-pipeline, ...) are left to
// the tools, since registering a pipeline name twice is an error.
void registerPipelinePasses() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    mlir::registerTransformsPasses();
    tt::registerTritonTransformsPasses();
    registerTritonToTritonGPUPasses();
    ttg::registerTritonGPUTransformsPasses();
    ttng::registerTritonNvidiaGPUTransformsPasses();
    amdg::registerTritonAMDGPUTransformsPasses();
    registerTritonGPUToLLVMPasses();
    mlir::registerPass([] { return createSCFToControlFlowPass(); });
    mlir::registerPass([] { return createReconcileUnrealizedCastsPass(); });
    mlir::registerPass([] { return LLVM::createDIScopeForLLVMFuncOpPass(); });
  });
}

} // namespace

LogicalResult addPipelineSuffix(OpPassManager &pipeline, int firstStep, OpPassManager &into,
                                std::string &error) {
  registerPipelinePasses();
  std::string text;
  llvm::raw_string_ostream stream(text);
  int position = 0;
  for (Pass &pass : pipeline.getPasses()) {
    if (position++ < firstStep)
      continue;
    if (!text.empty())
      stream << ",";
    pass.printAsTextualPipeline(stream);
  }
  if (position < firstStep) {
    error = "the pipeline has " + std::to_string(position) + " passes; there is no pass " +
            std::to_string(firstStep + 1) + " to resume from";
    return failure();
  }
  if (text.empty())
    return success();
  std::string parseError;
  llvm::raw_string_ostream errorStream(parseError);
  if (succeeded(parsePassPipeline(text, into, errorStream)))
    return success();
  error = "the rest of the pipeline could not be rebuilt from '" + text + "': " + parseError;
  return failure();
}

} // namespace trex::driver
