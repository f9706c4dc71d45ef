// The ttgir -> LLVM-dialect pipeline and its --trex-llvm-pipeline registration.
#include "trex/Conversion/TritonGPUToLLVM/Pipeline.h"

#include "trex/Conversion/TritonGPUToLLVM/Passes.h"
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h"
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace trex {

void buildLLVMLoweringPipeline(OpPassManager &pm, const LLVMLoweringOptions &options) {
  // A cluster kernel becomes one CTA's program first (nothing for one CTA).
  pm.addPass(createLocalizeClusterTensors());
  if (options.combineSelectAndIf)
    pm.addPass(ttg::createTritonGPUCombineTensorSelectAndIf());
  if (options.instrumentLoops)
    pm.addPass(proton_gpu::createProtonInstrumentLoops());
  if (options.expandUpcastMXFP)
    pm.addPass(amdg::createTritonAMDGPUExpandUpcastMXFP());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createAllocateSharedMemory());
  if (options.profileScopes) {
    proton_gpu::ConvertProtonToProtonGPUOptions proton;
    proton.maxSharedMemory = static_cast<int>(options.maxSharedMemory);
    pm.addPass(proton_gpu::createConvertProtonToProtonGPU(proton));
    pm.addPass(proton_gpu::createAllocateProtonSharedMemory());
  }
  pm.addPass(createGlobalScratchAllocation());
  ConvertTritonGPUToLLVMOptions conversion;
  conversion.deviceLibrary = options.deviceLibrary;
  conversion.intrinsicDialects = options.intrinsicDialects;
  pm.addPass(createConvertTritonGPUToLLVM(conversion));
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  if (options.lineInfo) {
    pm.addPass(createSimplifyCallSiteLocations());
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
  }
}

namespace {

struct LLVMPipelineCommandLine : PassPipelineOptions<LLVMPipelineCommandLine> {
  Option<bool> deviceLibrary{*this, "device-library",
                             llvm::cl::desc("call libdevice for transcendental math"),
                             llvm::cl::init(true)};
  Option<bool> lineInfo{*this, "line-info", llvm::cl::desc("attach debug line scopes"),
                        llvm::cl::init(true)};
  Option<bool> expandUpcastMXFP{
      *this, "expand-upcast-mxfp",
      llvm::cl::desc("write amdg.upcast_mxfp as generic ttgir ops first (AMD)"),
      llvm::cl::init(false)};
  Option<bool> combineSelectAndIf{
      *this, "combine-select-and-if",
      llvm::cl::desc("merge selects into ifs on the same condition first (NVIDIA)"),
      llvm::cl::init(false)};
  Option<bool> profileScopes{*this, "profile-scopes",
                             llvm::cl::desc("instrument proton.record profiling scopes"),
                             llvm::cl::init(false)};
};

} // namespace

void registerLLVMLoweringPipeline() {
  PassPipelineRegistration<LLVMPipelineCommandLine>(
      "trex-llvm-pipeline",
      "Triton 3.6's make_llir MLIR passes: ttgir to the LLVM dialect (NVVM / ROCDL)",
      [](OpPassManager &pm, const LLVMPipelineCommandLine &commandLine) {
        LLVMLoweringOptions options;
        options.deviceLibrary = commandLine.deviceLibrary;
        options.lineInfo = commandLine.lineInfo;
        options.expandUpcastMXFP = commandLine.expandUpcastMXFP;
        options.profileScopes = commandLine.profileScopes;
        options.combineSelectAndIf = commandLine.combineSelectAndIf;
        buildLLVMLoweringPipeline(pm, options);
      });
}

} // namespace trex
