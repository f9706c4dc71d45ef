// The last resort of the TritonGPU-to-LLVM conversion: a located error for a Triton op that no
// pattern lowers.
//
// Without it the only message would be MLIR's generic "failed to legalize operation". Ops
// that do have patterns report their own, more precise errors when those patterns fail, so
// this one speaks only for ops with none.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace trex {

namespace {

struct UnsupportedOpConversion : public ConversionPattern {
  UnsupportedOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                          llvm::DenseSet<OperationName> lowered)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          &converter.getContext()),
        target(target), lowered(std::move(lowered)) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value>,
                                ConversionPatternRewriter &) const override {
    if (!isa<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect, amdg::AMDGDialect>(
            op->getDialect()) ||
        lowered.contains(op->getName()))
      return failure();
    return op->emitError() << op->getName() << " is not supported for " << target.targetName()
                           << ": trex has no lowering of it to LLVM";
  }

  const TargetInfo &target;
  llvm::DenseSet<OperationName> lowered;
};

} // namespace

void populateUnsupportedOpPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   RewritePatternSet &patterns, const TargetInfo &target) {
  llvm::DenseSet<OperationName> lowered;
  for (const std::unique_ptr<RewritePattern> &pattern : patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      lowered.insert(*root);
  patterns.add<UnsupportedOpConversion>(converter, target, std::move(lowered));
}

} // namespace trex
