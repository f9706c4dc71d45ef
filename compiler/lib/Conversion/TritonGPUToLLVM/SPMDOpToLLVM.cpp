// tt.get_program_id and tt.get_num_programs to the target's block id and grid size.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;

namespace trex {

namespace {

struct GetProgramIdOpConversion : public ConvertOpToLLVMPattern<tt::GetProgramIdOp> {
  GetProgramIdOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::GetProgramIdOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.programId(rewriter, op.getLoc(),
                                            static_cast<int>(op.getAxis())));
    return success();
  }

  const TargetInfo &target;
};

struct GetNumProgramsOpConversion : public ConvertOpToLLVMPattern<tt::GetNumProgramsOp> {
  GetNumProgramsOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::GetNumProgramsOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.numPrograms(rewriter, op.getLoc(),
                                              static_cast<int>(op.getAxis())));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<GetProgramIdOpConversion, GetNumProgramsOpConversion>(converter, target);
}

} // namespace trex
