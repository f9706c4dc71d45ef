// tt.assert to LLVM: the threads holding a false condition element report and abort.
//
// A thread whose elements are not all true branches to the target's assertion failure
// (__assertfail on NVIDIA, which prints the message with the file, line and function and
// traps; a trap on AMD). The file and line come from the op's location (the callee's, for a
// call site), the function is the one holding the op. For a tensor condition a barrier
// follows, so that no thread runs ahead into code the assertion guards (its elements may be
// in other threads' hands in the next op's layout).
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/PredicatedRegion.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace trex {

namespace {

// The first file:line:column in `loc` (a call site's callee comes before its caller).
std::optional<FileLineColLoc> fileLineColOf(Location loc) {
  std::optional<FileLineColLoc> found;
  loc->walk([&](Location nested) {
    if (auto fileLineCol = dyn_cast<FileLineColLoc>(nested)) {
      found = fileLineCol;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

struct AssertOpConversion : public ConvertOpToLLVMPattern<tt::AssertOp> {
  AssertOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::AssertOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Value anyFalse;
    for (Value element : unpackElements(loc, adaptor.getCondition(), rewriter)) {
      Value isFalse = b.xor_(element, b.i1(true));
      anyFalse = anyFalse ? b.or_(anyFalse, isFalse) : isFalse;
    }

    std::string file = "unknown";
    int line = 0;
    if (std::optional<FileLineColLoc> fileLineCol = fileLineColOf(loc)) {
      file = fileLineCol->getFilename().str();
      line = static_cast<int>(fileLineCol->getLine());
    }
    std::string function = "unknown";
    if (auto enclosing = op->getParentOfType<FunctionOpInterface>())
      function = enclosing.getName().str();

    emitPredicatedRegion(rewriter, loc, anyFalse, {}, [&] {
      target.assertFail(rewriter, loc, op.getMessage(), file, line, function);
      return SmallVector<Value>{};
    });
    if (isa<RankedTensorType>(op.getCondition().getType()))
      target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateAssertOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<AssertOpConversion>(converter, target);
}

} // namespace trex
