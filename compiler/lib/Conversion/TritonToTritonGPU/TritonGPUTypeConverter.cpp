// The type converter and conversion target of convert-triton-to-tritongpu:
// which types get a layout, how mismatched layouts are bridged, which ops are
// done.
#include "TritonGPUConversion.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

using namespace mlir;

namespace trex {

TritonGPUTypeConverter::TritonGPUTypeConverter(MLIRContext *context, int numWarps,
                                               int threadsPerWarp, int numCTAs)
    : context(context), numWarps(numWarps), threadsPerWarp(threadsPerWarp), numCTAs(numCTAs) {
  addConversion([](Type type) { return type; });
  addConversion([this](RankedTensorType type) -> RankedTensorType {
    if (type.getEncoding())
      return type;
    return type.cloneWithEncoding(ttg::getDefaultBlockedEncoding(
        this->context, type.getShape(), this->numWarps, this->threadsPerWarp, this->numCTAs));
  });
  // A value whose layout differs from the one its new user expects (the
  // result of a reduce feeding an elementwise op, say) is converted.
  addTargetMaterialization([](OpBuilder &builder, RankedTensorType type, ValueRange inputs,
                              Location loc) -> Value {
    if (inputs.size() != 1 || !isa<RankedTensorType>(inputs.front().getType()))
      return Value();
    return ttg::ConvertLayoutOp::create(builder, loc, type, inputs.front());
  });
}

// Every type the op and its regions touch is already converted.
static bool hasLegalTypes(Operation *op, const TypeConverter &typeConverter) {
  for (Region &region : op->getRegions())
    if (!typeConverter.isLegal(&region))
      return false;
  return typeConverter.isLegal(op);
}

TritonGPUConversionTarget::TritonGPUConversionTarget(MLIRContext &context,
                                                     TritonGPUTypeConverter &typeConverter)
    : ConversionTarget(context) {
  addLegalDialect<ttg::TTGDialect>();
  // Parallel loops and reductions have no Triton lowering.
  addIllegalOp<scf::ExecuteRegionOp, scf::ParallelOp, scf::ReduceOp, scf::ReduceReturnOp>();
  addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect, tt::TTDialect,
                             cf::ControlFlowDialect, scf::SCFDialect, ub::UBDialect>(
      [&typeConverter](Operation *op) { return hasLegalTypes(op, typeConverter); });
  // A dot is legal once its operands carry dot-operand layouts.
  addDynamicallyLegalOp<tt::DotOp>([](tt::DotOp dot) {
    return isa_and_nonnull<ttg::DotOperandEncodingAttr>(dot.getA().getType().getEncoding()) &&
           isa_and_nonnull<ttg::DotOperandEncodingAttr>(dot.getB().getType().getEncoding());
  });
  // A function is legal once its signature and entry block are converted;
  // the other blocks' arguments are converted by the branches into them.
  addDynamicallyLegalOp<tt::FuncOp>([&typeConverter](tt::FuncOp function) {
    return typeConverter.isSignatureLegal(function.getFunctionType()) &&
           (function.getBody().empty() ||
            typeConverter.isLegal(function.getBody().front().getArgumentTypes()));
  });
}

Operation *cloneWithTypes(Operation *op, ValueRange operands, ArrayRef<Type> resultTypes,
                          ConversionPatternRewriter &rewriter) {
  IRMapping mapping;
  mapping.map(op->getOperands(), operands);
  Operation *newOp = rewriter.clone(*op, mapping);
  // A mapping is keyed by value: an op that uses one value twice (tt.dot(a, a)) would get
  // the last replacement in both places, so the operands are set by position.
  newOp->setOperands(operands);
  for (auto [result, type] : llvm::zip(newOp->getResults(), resultTypes))
    result.setType(type);
  return newOp;
}

FailureOr<Operation *> retypeOp(Operation *op, ValueRange operands,
                                const TypeConverter &typeConverter,
                                ConversionPatternRewriter &rewriter) {
  SmallVector<Type> resultTypes;
  if (failed(typeConverter.convertTypes(op->getResultTypes(), resultTypes)))
    return failure();
  return cloneWithTypes(op, operands, resultTypes, rewriter);
}

} // namespace trex
