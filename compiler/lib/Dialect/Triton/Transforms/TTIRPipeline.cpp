// The ttir pipeline (Triton 3.6's make_ttir) and the registration of the ttir
// passes and of --trex-ttir-pipeline for tools.
#include "trex/Dialect/Triton/Transforms/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"
#include "trex/Dialect/Triton/Transforms/Passes.h"

using namespace mlir;

namespace trex::tt {

FailureOr<TTIRPipelineOptions> TTIRPipelineOptions::fromTarget(StringRef target) {
  auto [backend, detail] = target.split(':');
  TTIRPipelineOptions options;
  if (backend == "cuda") {
    options.backend = Backend::CUDA;
    if (detail.getAsInteger(10, options.computeCapability) || options.computeCapability <= 0)
      return failure();
    return options;
  }
  if (backend == "hip" && detail.starts_with("gfx")) {
    options.backend = Backend::HIP;
    options.arch = detail.str();
    return options;
  }
  return failure();
}

void buildTTIRPipeline(OpPassManager &pm, const TTIRPipelineOptions &options) {
  // Triton's add_inliner is MLIR's inliner with its default simplification
  // pipeline, canonicalize, run on every function before and after calls
  // into it are inlined (here trex's canonicalize, which shares the compile's
  // patterns).
  pm.addPass(createInlinerPass({}, [](OpPassManager &nested) {
    nested.addPass(trex::createCanonicalizerPass());
  }));
  pm.addPass(createTritonRewriteTensorPointer());
  // Without TMA (before sm_90, and on AMD) tensor descriptors become pointers.
  bool hasTMA = options.backend == TTIRPipelineOptions::Backend::CUDA &&
                options.computeCapability / 10 >= 9;
  if (!hasTMA)
    pm.addPass(createTritonRewriteTensorDescriptorToPointer());
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  // The AMD backend also hoists loop invariants (loads included) here; the
  // NVIDIA backend leaves that to its ttgir pipeline.
  if (options.backend == TTIRPipelineOptions::Backend::HIP)
    pm.addPass(createTritonLoopInvariantCodeMotion());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

namespace {

struct TTIRPipelineCommandLine : PassPipelineOptions<TTIRPipelineCommandLine> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("Triton target: cuda:<capability> or hip:<gfx arch>"),
                             llvm::cl::init("cuda:90")};
};

} // namespace

void registerTritonTransforms() {
  registerTritonTransformsPasses();
  registerPassPipeline(
      "trex-ttir-pipeline", "Triton 3.6's make_ttir passes, in order, for the given target",
      [](OpPassManager &pm, StringRef optionText,
         function_ref<LogicalResult(const Twine &)> errorHandler) -> LogicalResult {
        TTIRPipelineCommandLine commandLine;
        if (failed(commandLine.parseFromString(optionText)))
          return failure();
        FailureOr<TTIRPipelineOptions> options =
            TTIRPipelineOptions::fromTarget(commandLine.target);
        if (failed(options))
          return errorHandler("trex-ttir-pipeline: target '" + commandLine.target +
                              "' is neither cuda:<capability> nor hip:gfx<arch>");
        buildTTIRPipeline(pm, *options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> printOptions) {
        printOptions(TTIRPipelineCommandLine());
      });
}

} // namespace trex::tt
