// Control flow and functions in convert-triton-to-tritongpu: loop-carried
// values, branch arguments, function arguments and results get layouts like
// every other tensor.
#include "TritonGPUConversion.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

// Results take the converted types; the regions move over and their block
// arguments are converted as well.
template <typename OpTy> struct RegionOpPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult matchAndRewrite(OpTy op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    for (Type type : op->getResultTypes()) {
      Type converted = this->getTypeConverter()->convertType(type);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "a result type has no conversion");
      resultTypes.push_back(converted);
    }
    Operation *newOp = rewriter.cloneWithoutRegions(*op.getOperation());
    for (auto [oldRegion, newRegion] : llvm::zip(op->getRegions(), newOp->getRegions())) {
      rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
      if (failed(rewriter.convertRegionTypes(&newRegion, *this->getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "could not convert the region's arguments");
    }
    rewriter.modifyOpInPlace(newOp, [&] {
      newOp->setOperands(adaptor.getOperands());
      for (auto [result, type] : llvm::zip(newOp->getResults(), resultTypes))
        result.setType(type);
    });
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

// Terminators and other operand-only ops: the converted operands replace
// the old ones in place.
template <typename OpTy> struct OperandsPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult matchAndRewrite(OpTy op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(adaptor.getOperands()); });
    return success();
  }
};

// The block a branch jumps to takes converted argument types. The function
// pattern usually converted it already; converting a block twice would
// replace it a second time, so only an unconverted one is touched.
LogicalResult convertSuccessor(Block *block, const TypeConverter &typeConverter,
                               ConversionPatternRewriter &rewriter) {
  if (typeConverter.isLegal(block->getArgumentTypes()))
    return success();
  TypeConverter::SignatureConversion conversion(block->getNumArguments());
  for (auto [index, type] : llvm::enumerate(block->getArgumentTypes())) {
    Type converted = typeConverter.convertType(type);
    if (!converted)
      return failure();
    conversion.addInputs(index, converted);
  }
  rewriter.applySignatureConversion(block, conversion, &typeConverter);
  return success();
}

// A branch passes converted values to converted blocks.
struct BranchPattern : OpConversionPattern<cf::BranchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(cf::BranchOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (failed(convertSuccessor(op.getSuccessor(), *getTypeConverter(), rewriter)))
      return failure();
    rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getSuccessor(), adaptor.getOperands());
    return success();
  }
};

struct CondBranchPattern : OpConversionPattern<cf::CondBranchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(cf::CondBranchOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (failed(convertSuccessor(op.getTrueDest(), *getTypeConverter(), rewriter)) ||
        failed(convertSuccessor(op.getFalseDest(), *getTypeConverter(), rewriter)))
      return failure();
    auto newOp = rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, adaptor.getCondition(), op.getTrueDest(), adaptor.getTrueDestOperands(),
        op.getFalseDest(), adaptor.getFalseDestOperands());
    for (NamedAttribute attr : op->getDiscardableAttrs())
      newOp->setAttr(attr.getName(), attr.getValue());
    return success();
  }
};

} // namespace

void populateControlFlowConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                           RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<RegionOpPattern<scf::ForOp>, RegionOpPattern<scf::IfOp>,
               RegionOpPattern<scf::WhileOp>, OperandsPattern<scf::YieldOp>,
               OperandsPattern<scf::ConditionOp>, BranchPattern, CondBranchPattern>(typeConverter,
                                                                                    context);
  // tt.func: the signature and the entry block's arguments.
  populateFunctionOpInterfaceTypeConversionPattern<tt::FuncOp>(patterns, typeConverter);
}

} // namespace trex
