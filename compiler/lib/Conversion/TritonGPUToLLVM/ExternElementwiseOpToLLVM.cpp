// tt.extern_elementwise (libdevice.* in the kernel) to calls of the device-library function.
//
// The function is declared in the module with the converted element types and called once
// per element; the back end links its body (libdevice on NVIDIA) before optimizing, so the
// call is inlined. The target decides which symbols it can resolve.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace trex {

namespace {

struct ExternElementwiseOpConversion : public ConvertOpToLLVMPattern<tt::ExternElementwiseOp> {
  ExternElementwiseOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::ExternElementwiseOp>(converter), target(target) {}

  // The declaration of `symbol`, created at the top of the module on first use.
  FailureOr<LLVM::LLVMFuncOp> declare(tt::ExternElementwiseOp op,
                                      ConversionPatternRewriter &rewriter,
                                      LLVM::LLVMFunctionType type) const {
    auto module = op->getParentOfType<ModuleOp>();
    StringRef symbol = op.getSymbol();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
      if (existing.getFunctionType() != type)
        return op.emitError() << "tt.extern_elementwise calls '" << symbol << "' as " << type
                              << ", but the module already declares it as "
                              << existing.getFunctionType();
      return existing;
    }
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    return LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), symbol, type);
  }

  LogicalResult matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getLibpath().empty())
      return op.emitError() << "tt.extern_elementwise names the bitcode library '"
                            << op.getLibpath() << "'; trex links only the target's own "
                            << "device library, not libraries given by path";
    if (failed(target.verifyDeviceLibraryCall(loc, op.getSymbol())))
      return failure();

    auto elementType = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor ? tensor.getElementType() : type;
    };
    Type resultType = getTypeConverter()->convertType(elementType(op.getType()));
    SmallVector<Type> parameterTypes;
    for (Value source : op.getSrcs())
      parameterTypes.push_back(getTypeConverter()->convertType(elementType(source.getType())));
    FailureOr<LLVM::LLVMFuncOp> function =
        declare(op, rewriter, LLVM::LLVMFunctionType::get(resultType, parameterTypes));
    if (failed(function))
      return failure();

    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType) {
      rewriter.replaceOp(op, LLVM::CallOp::create(rewriter, loc, *function, adaptor.getSrcs()));
      return success();
    }
    SmallVector<SmallVector<Value>> operands;
    for (Value source : adaptor.getSrcs())
      operands.push_back(unpackElements(loc, source, rewriter));
    size_t count = operands.empty() ? elementsPerThread(tensorType) : operands.front().size();
    SmallVector<Value> results;
    for (size_t i = 0; i < count; ++i) {
      SmallVector<Value> arguments;
      for (const SmallVector<Value> &elements : operands)
        arguments.push_back(elements[i]);
      results.push_back(LLVM::CallOp::create(rewriter, loc, *function, arguments).getResult());
    }
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, tensorType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateExternElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                               RewritePatternSet &patterns,
                                               const TargetInfo &target) {
  patterns.add<ExternElementwiseOpConversion>(converter, target);
}

} // namespace trex
