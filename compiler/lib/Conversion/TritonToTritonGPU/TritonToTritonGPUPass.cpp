// convert-triton-to-tritongpu: checks the launch options, records them on the
// module and runs the partial conversion with the patterns of this folder.
#include "trex/Conversion/TritonToTritonGPU/Passes.h"

#include "TritonGPUConversion.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex {

#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "trex/Conversion/TritonToTritonGPU/Passes.h.inc"

LogicalResult convertTritonToTritonGPU(ModuleOp module, const TritonToTritonGPUOptions &options) {
  if (options.target.empty())
    return emitError(module.getLoc(), "convert-triton-to-tritongpu needs a target "
                                      "(cuda:<capability> or hip:<gfx arch>)");
  for (auto [name, value] : {std::pair<StringRef, int>{"num-warps", options.numWarps},
                             {"threads-per-warp", options.threadsPerWarp},
                             {"num-ctas", options.numCTAs}})
    if (value <= 0 || !llvm::isPowerOf2_32(value))
      return emitError(module.getLoc(), "convert-triton-to-tritongpu: ")
             << name << " must be a power of two, got " << value;

  MLIRContext *context = module.getContext();
  Builder builder(context);
  module->setAttr(ttg::kNumWarpsAttr, builder.getI32IntegerAttr(options.numWarps));
  module->setAttr(ttg::kThreadsPerWarpAttr, builder.getI32IntegerAttr(options.threadsPerWarp));
  module->setAttr(ttg::kNumCTAsAttr, builder.getI32IntegerAttr(options.numCTAs));
  module->setAttr(ttg::kTargetAttr, builder.getStringAttr(options.target));

  TritonGPUTypeConverter typeConverter(context, options.numWarps, options.threadsPerWarp,
                                       options.numCTAs);
  TritonGPUConversionTarget target(*context, typeConverter);
  RewritePatternSet patterns(context);
  populateElementwiseConversionPatterns(typeConverter, patterns);
  populateTritonOpConversionPatterns(typeConverter, patterns);
  populateControlFlowConversionPatterns(typeConverter, patterns);
  return applyPartialConversion(module, target, std::move(patterns));
}

namespace {

struct ConvertTritonToTritonGPUPass
    : impl::ConvertTritonToTritonGPUBase<ConvertTritonToTritonGPUPass> {
  using ConvertTritonToTritonGPUBase::ConvertTritonToTritonGPUBase;

  void runOnOperation() override {
    TritonToTritonGPUOptions options;
    options.target = target;
    options.numWarps = numWarps;
    options.threadsPerWarp = threadsPerWarp;
    options.numCTAs = numCTAs;
    if (failed(convertTritonToTritonGPU(getOperation(), options)))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex
