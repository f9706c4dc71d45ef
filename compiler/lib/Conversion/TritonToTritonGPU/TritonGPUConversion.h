// The type converter, legality rules and pattern sets of
// convert-triton-to-tritongpu, shared by the files that define the patterns.
#ifndef TREX_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H
#define TREX_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H

#include "mlir/Transforms/DialectConversion.h"

namespace trex {

// Gives a tensor without a layout Triton's default blocked layout for its
// shape; types that already have a layout, and non-tensor types, stay. When
// an operand's layout differs from the one a rewritten op needs, a
// ttg.convert_layout bridges the two.
class TritonGPUTypeConverter : public mlir::TypeConverter {
public:
  TritonGPUTypeConverter(mlir::MLIRContext *context, int numWarps, int threadsPerWarp,
                         int numCTAs);

  int getNumWarps() const { return numWarps; }
  int getThreadsPerWarp() const { return threadsPerWarp; }
  int getNumCTAs() const { return numCTAs; }

private:
  mlir::MLIRContext *context;
  int numWarps;
  int threadsPerWarp;
  int numCTAs;
};

// An op is legal once every tensor it touches (results, operands, region
// arguments) has a layout; tt.dot additionally needs #ttg.dot_op operands.
class TritonGPUConversionTarget : public mlir::ConversionTarget {
public:
  TritonGPUConversionTarget(mlir::MLIRContext &context, TritonGPUTypeConverter &typeConverter);
};

// Ops whose results simply take the converted types: arith, math and ub.
void populateElementwiseConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                           mlir::RewritePatternSet &patterns);
// tt ops, those whose layouts are tied to their operands' included.
void populateTritonOpConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                        mlir::RewritePatternSet &patterns);
// scf and cf control flow, tt.func and tt.call.
void populateControlFlowConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                           mlir::RewritePatternSet &patterns);

// Recreates `op` (attributes and regions included) on `operands` with the
// given result types.
mlir::Operation *cloneWithTypes(mlir::Operation *op, mlir::ValueRange operands,
                                llvm::ArrayRef<mlir::Type> resultTypes,
                                mlir::ConversionPatternRewriter &rewriter);
// Same, with the result types the type converter gives. Fails if a result
// type has no conversion.
mlir::FailureOr<mlir::Operation *> retypeOp(mlir::Operation *op, mlir::ValueRange operands,
                                            const mlir::TypeConverter &typeConverter,
                                            mlir::ConversionPatternRewriter &rewriter);

} // namespace trex

#endif // TREX_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H
