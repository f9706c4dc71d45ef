// gpu.barrier (what tl.debug_barrier becomes) and ttg.barrier to the target's CTA barrier.
//
// Both wait for every thread of the program and make its earlier shared- and global-memory
// accesses visible to the others: bar.sync on NVIDIA; on AMD s_barrier between a workgroup
// release and acquire fence (rocdl.barrier).
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;

namespace trex {

namespace {

template <typename Op> struct BarrierOpConversion : public ConvertOpToLLVMPattern<Op> {
  BarrierOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<Op>(converter), target(target) {}

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<BarrierOpConversion<gpu::BarrierOp>, BarrierOpConversion<ttg::BarrierOp>>(
      converter, target);
}

} // namespace trex
