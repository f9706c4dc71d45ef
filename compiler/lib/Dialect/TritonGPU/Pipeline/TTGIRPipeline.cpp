// The ttgir pipeline (Triton 3.6's make_ttgir for NVIDIA and AMD) and the
// registration of the ttgir passes and of --trex-ttgir-pipeline for tools.
#include "trex/Dialect/TritonGPU/Transforms/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "trex/Conversion/TritonToTritonGPU/Passes.h"
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"
#include "trex/Dialect/Triton/Transforms/Passes.h"
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

using namespace mlir;

namespace trex::ttg {

FailureOr<TTGIRPipelineOptions> TTGIRPipelineOptions::fromTarget(StringRef target) {
  auto [backend, detail] = target.split(':');
  TTGIRPipelineOptions options;
  if (backend == "cuda") {
    options.backend = Backend::CUDA;
    if (detail.getAsInteger(10, options.computeCapability) || options.computeCapability <= 0)
      return failure();
    return options;
  }
  if (backend == "hip" && detail.starts_with("gfx") && detail.size() > 5) {
    options.backend = Backend::HIP;
    options.arch = detail.str();
    return options;
  }
  return failure();
}

std::string TTGIRPipelineOptions::target() const {
  if (backend == Backend::CUDA)
    return "cuda:" + std::to_string(computeCapability);
  return "hip:" + arch;
}

int TTGIRPipelineOptions::threadsPerWarp() const {
  if (backend == Backend::CUDA)
    return 32;
  // gfx<major><minor><stepping>: the minor and stepping are the last two
  // characters; CDNA/GCN (major 9) runs 64-wide waves, RDNA 32-wide.
  int major = 0;
  if (StringRef(arch).drop_front(3).drop_back(2).getAsInteger(10, major))
    return 64;
  return major >= 10 ? 32 : 64;
}

static void buildNvidiaPipeline(OpPassManager &pm, const TTGIRPipelineOptions &options) {
  int capability = options.computeCapability;
  pm.addPass(createTritonGPUCoalesce());
  // bf16x3 / bf16x6 (and from sm_80 on tf32x3) f32 dots become several tensor-core dots.
  TritonGPUF32DotTCOptions f32Dots;
  f32Dots.emuTF32 = capability / 10 >= 8;
  pm.addPass(createTritonGPUF32DotTC(f32Dots));
  pm.addPass(ttng::createTritonNvidiaGPUPlanCTA());
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUOptimizeThreadLocality());
  // Without tensor cores dots keep the blocked FMA layout of the conversion.
  if (options.tensorCores) {
    TritonGPUAccelerateMatmulOptions accelerate;
    accelerate.maxMmaVersion = options.maxMmaVersion;
    accelerate.mmaV2Types.assign(options.mmaV2Types.begin(), options.mmaV2Types.end());
    pm.addPass(createTritonGPUAccelerateMatmul(accelerate));
  } else {
    // accelerate-matmul decomposes scaled dots first; without it they still must be.
    TritonGPUDecomposeScaledDotOptions scaledDots;
    scaledDots.moveScaleToLhs = true;
    scaledDots.fmaLayout = true;
    pm.addPass(createTritonGPUDecomposeScaledDot(scaledDots));
  }
  pm.addPass(createTritonGPURemoveLayoutConversions());
  // From sm_80 on, conversions to dot operands also move above casts after loads.
  TritonGPUOptimizeDotOperandsOptions dotOperands;
  dotOperands.hoistLayoutConversion = capability >= 80;
  pm.addPass(createTritonGPUOptimizeDotOperands(dotOperands));
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(ttng::createTritonNvidiaGPUOptimizeDescriptorEncoding());
  pm.addPass(tt::createTritonLoopAwareCSE());
  if (capability / 10 >= 8) {
    pm.addPass(createTritonGPUFuseNestedLoops());
    pm.addPass(trex::createCanonicalizerPass());
    pm.addPass(tt::createTritonLoopInvariantCodeMotion());
    pm.addPass(trex::createCanonicalizerPass());
    pm.addPass(createTritonGPUCombineTensorSelectAndIf());
    // Warp specialization goes here. Latency assignment, loop scheduling and
    // the pipeliner: one simplified pass (cp.async copies, TMA copies of descriptor loads with
    // mbarriers, async wgmma).
    if (options.pipeline) {
      TritonGPUPipelineOptions pipelineOptions;
      pipelineOptions.numStages = options.numStages;
      pm.addPass(createTritonGPUPipeline(pipelineOptions));
    }
  } else {
    pm.addPass(tt::createTritonLoopInvariantCodeMotion());
  }
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(tt::createTritonLoopAwareCSE());
  pm.addPass(createTritonGPUPrefetch());
  pm.addPass(createTritonGPUOptimizeDotOperands(dotOperands));
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createTritonGPUCoalesceAsyncCopy());
  if (capability / 10 >= 9)
    pm.addPass(ttng::createTritonNvidiaGPUTMALowering());
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUReduceDataDuplication());
  pm.addPass(createTritonGPUReorderInstructions());
  pm.addPass(tt::createTritonLoopAwareCSE());
  pm.addPass(createSymbolDCEPass());
  if (capability / 10 >= 9)
    pm.addPass(ttng::createTritonNvidiaGPUFenceInsertion());
  pm.addPass(createSCCPPass());
  pm.addPass(createCSEPass());
  pm.addPass(trex::createCanonicalizerPass());
  // Triton's make_ttgir ends here: its last combine-tensor-select-and-if runs first thing in
  // make_llir (LLVMLoweringOptions::combineSelectAndIf), so the ttgir keeps the selects the
  // canonicalizer hoists out of ifs (a pipelined persistent matmul's accumulator reset).
}

static void buildAmdPipeline(OpPassManager &pm, const TTGIRPipelineOptions &options) {
  pm.addPass(createTritonGPUCoalesce());
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUOptimizeThreadLocality());
  // Without matrix cores dots keep the blocked FMA layout of the conversion.
  if (options.tensorCores) {
    amdg::TritonAMDGPUAccelerateMatmulOptions accelerate;
    accelerate.mfmaTypes.assign(options.mfmaTypes.begin(), options.mfmaTypes.end());
    pm.addPass(amdg::createTritonAMDGPUAccelerateMatmul(accelerate));
  } else {
    TritonGPUDecomposeScaledDotOptions scaledDots;
    scaledDots.fmaLayout = true;
    pm.addPass(createTritonGPUDecomposeScaledDot(scaledDots));
  }
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(amdg::createTritonAMDGPUOptimizeEpilogue());
  TritonGPUOptimizeDotOperandsOptions dotOperands;
  dotOperands.hoistLayoutConversion = true;
  pm.addPass(createTritonGPUOptimizeDotOperands(dotOperands));
  pm.addPass(amdg::createTritonAMDGPUHoistLayoutConversions());
  pm.addPass(amdg::createTritonAMDGPUSinkLayoutConversions());
  // Triton fuses tl.range(flatten=True) nests here too, but trex's stream pipeliner does not
  // take a fused loop yet (its stage 0 has no scf.if): the nest stays, its inner loop pipelined.
  TritonGPUFuseNestedLoopsOptions fusion;
  fusion.fuse = false;
  pm.addPass(createTritonGPUFuseNestedLoops(fusion));
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(tt::createTritonLoopInvariantCodeMotion());
  pm.addPass(trex::createCanonicalizerPass());
  // The stream pipeliner: one simplified pass (plain loads into shared buffers).
  if (options.pipeline) {
    amdg::TritonAMDGPUStreamPipelineOptions pipelineOptions;
    pipelineOptions.numStages = options.numStages;
    pm.addPass(amdg::createTritonAMDGPUStreamPipeline(pipelineOptions));
  }
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createTritonGPUOptimizeDotOperands(dotOperands));
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUReduceDataDuplication());
  // As Triton 3.6, on gfx942 only: MFMA operands loaded along M/N are written to LDS K-major.
  if (options.arch == "gfx942") {
    pm.addPass(amdg::createTritonAMDGPUInThreadTranspose());
    pm.addPass(createTritonGPURemoveLayoutConversions());
  }
  pm.addPass(amdg::createTritonAMDGPUMoveUpPrologueLoads());
  // Block ping-pong scheduling of pipelined dots goes here.
  pm.addPass(amdg::createTritonAMDGPUCanonicalizePointers());
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(amdg::createTritonAMDGPUConvertToBufferOps());
  pm.addPass(amdg::createTritonAMDGPUFoldTrueCmpI());
  pm.addPass(trex::createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

void buildTTGIRPipeline(OpPassManager &pm, const TTGIRPipelineOptions &options) {
  ConvertTritonToTritonGPUOptions conversion;
  conversion.target = options.target();
  conversion.numWarps = options.numWarps;
  conversion.threadsPerWarp = options.threadsPerWarp();
  conversion.numCTAs = options.numCTAs;
  // No target has native scaled dots in trex: as in Triton, accelerate-matmul turns them into
  // ordinary dots once layouts exist (on gfx942 with amdg.upcast_mxfp where one is scaled).
  pm.addPass(createConvertTritonToTritonGPU(conversion));
  if (options.backend == TTGIRPipelineOptions::Backend::CUDA)
    buildNvidiaPipeline(pm, options);
  else
    buildAmdPipeline(pm, options);
}

namespace {

struct TTGIRPipelineCommandLine : PassPipelineOptions<TTGIRPipelineCommandLine> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("Triton target: cuda:<capability> or hip:<gfx arch>"),
                             llvm::cl::init("cuda:90")};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps per CTA"), llvm::cl::init(4)};
  Option<int> numCTAs{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"), llvm::cl::init(1)};
  Option<int> numStages{*this, "num-stages", llvm::cl::desc("software-pipelining depth"),
                        llvm::cl::init(3)};
  Option<bool> pipeline{*this, "pipeline",
                        llvm::cl::desc("software-pipeline dot operand loads (cp.async)"),
                        llvm::cl::init(false)};
  Option<bool> tensorCores{
      *this, "tensor-cores",
      llvm::cl::desc("give dots tensor-core / matrix-core layouts (accelerate-matmul)"),
      llvm::cl::init(true)};
  Option<int> maxMmaVersion{
      *this, "max-mma-version",
      llvm::cl::desc("the newest NVIDIA MMA generation to choose (2: mma.sync on sm_90)"),
      llvm::cl::init(3)};
  ListOption<std::string> mmaV2Types{
      *this, "mma-v2-types",
      llvm::cl::desc("operand types mma.sync may take (f16, bf16, tf32, i8, f16acc: f16 into "
                     "f16); default any")};
  ListOption<std::string> mfmaTypes{
      *this, "mfma-types",
      llvm::cl::desc("operand types MFMA instructions may take (f16, bf16, f32, tf32, i8, fp8, "
                     "f64); default any")};
};

} // namespace

void registerTritonGPUTransforms() {
  registerTritonToTritonGPUPasses();
  registerTritonGPUTransformsPasses();
  ttng::registerTritonNvidiaGPUTransformsPasses();
  amdg::registerTritonAMDGPUTransformsPasses();
  registerPassPipeline(
      "trex-ttgir-pipeline", "Triton 3.6's make_ttgir passes, in order, for the given target",
      [](OpPassManager &pm, StringRef optionText,
         function_ref<LogicalResult(const Twine &)> errorHandler) -> LogicalResult {
        TTGIRPipelineCommandLine commandLine;
        if (failed(commandLine.parseFromString(optionText)))
          return failure();
        FailureOr<TTGIRPipelineOptions> options =
            TTGIRPipelineOptions::fromTarget(commandLine.target);
        if (failed(options))
          return errorHandler("trex-ttgir-pipeline: target '" + commandLine.target +
                              "' is neither cuda:<capability> nor hip:gfx<arch>");
        options->numWarps = commandLine.numWarps;
        options->numCTAs = commandLine.numCTAs;
        options->numStages = commandLine.numStages;
        options->tensorCores = commandLine.tensorCores;
        options->pipeline = commandLine.pipeline;
        options->maxMmaVersion = commandLine.maxMmaVersion;
        options->mmaV2Types.assign(commandLine.mmaV2Types.begin(),
                                   commandLine.mmaV2Types.end());
        options->mfmaTypes.assign(commandLine.mfmaTypes.begin(), commandLine.mfmaTypes.end());
        buildTTGIRPipeline(pm, *options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> printOptions) {
        printOptions(TTGIRPipelineCommandLine());
      });
}

} // namespace trex::ttg
