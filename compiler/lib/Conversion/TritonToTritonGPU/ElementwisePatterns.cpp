// arith, math and ub ops in convert-triton-to-tritongpu: they compute element
// by element, so their results simply take the default layout of their type.
#include "TritonGPUConversion.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

// Any arith/math/ub op without regions: same op, converted result types.
struct ElementwiseOpPattern : ConversionPattern {
  ElementwiseOpPattern(TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect, ub::UBDialect>(op->getDialect()) ||
        op->getNumRegions() != 0)
      return failure();
    FailureOr<Operation *> newOp = retypeOp(op, operands, *getTypeConverter(), rewriter);
    if (failed(newOp))
      return failure();
    rewriter.replaceOp(op, (*newOp)->getResults());
    return success();
  }
};

// A tensor constant keeps its values and gains the layout of its type.
struct ConstantPattern : OpConversionPattern<arith::ConstantOp> {
  ConstantPattern(TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return failure();
    auto values = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!values)
      return rewriter.notifyMatchFailure(op, "only dense tensor constants get a layout");
    auto newOp = rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, tensorType,
                                                                values.reshape(tensorType));
    // Discardable attributes (tt.divisibility hints, say) stay with the value.
    for (NamedAttribute attr : op->getDiscardableAttrs())
      newOp->setAttr(attr.getName(), attr.getValue());
    return success();
  }
};

} // namespace

void populateElementwiseConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                           RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpPattern, ConstantPattern>(typeConverter, patterns.getContext());
}

} // namespace trex
