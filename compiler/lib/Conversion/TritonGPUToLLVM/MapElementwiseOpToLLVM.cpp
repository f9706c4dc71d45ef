// tt.map_elementwise (tl.map_elementwise) to straight-line code: the scalar region is copied
// into the function once for every `pack` consecutive elements a thread holds, entered by a
// branch with those elements and left, from each of its returns, by a branch to the block
// that continues the function with the results as arguments. The region's own branches (a
// scalar function with early returns) come along; their ops are lowered afterwards like any
// others.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace trex {

namespace {

struct MapElementwiseOpConversion : public ConvertOpToLLVMPattern<tt::MapElementwiseOp> {
  using ConvertOpToLLVMPattern<tt::MapElementwiseOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::MapElementwiseOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    int64_t pack = op.getPack();
    SmallVector<SmallVector<Value>> operands;
    for (Value operand : adaptor.getSrcs())
      operands.push_back(unpackElements(loc, operand, rewriter));
    size_t count = operands.front().size();
    if (count % pack != 0)
      return op.emitError() << "map_elementwise packs " << pack << " elements per call, but each "
                            << "thread holds " << count << " of this layout";
    SmallVector<Type> scalarResults;
    for (Type type : op.getResultTypes()) {
      Type element = converter.convertType(cast<RankedTensorType>(type).getElementType());
      if (!element)
        return op.emitError() << "map_elementwise: no LLVM type for " << type;
      scalarResults.append(pack, element);
    }
    SmallVector<SmallVector<Value>> results(op.getNumResults(), SmallVector<Value>(count));
    Region &scalarOp = op.getScalarOp();
    for (size_t group = 0; group < count; group += pack) {
      Block *current = rewriter.getInsertionBlock();
      Block *after = rewriter.splitBlock(current, rewriter.getInsertionPoint());
      for (Type type : scalarResults)
        after->addArgument(type, loc);
      IRMapping mapping;
      rewriter.cloneRegionBefore(scalarOp, *after->getParent(), after->getIterator(), mapping);
      SmallVector<Block *> copies;
      for (Block &block : scalarOp)
        copies.push_back(mapping.lookup(&block));
      // Scalars of types LLVM spells differently (fp8 as i8) change the blocks' signatures.
      for (Block *&copy : copies) {
        TypeConverter::SignatureConversion signature(copy->getNumArguments());
        bool changes = false;
        for (BlockArgument argument : copy->getArguments()) {
          Type type = converter.convertType(argument.getType());
          if (!type)
            return op.emitError() << "map_elementwise: no LLVM type for " << argument.getType();
          changes |= type != argument.getType();
          signature.addInputs(argument.getArgNumber(), type);
        }
        if (changes)
          copy = rewriter.applySignatureConversion(copy, signature, &converter);
      }
      SmallVector<Value> entryArguments;
      for (const SmallVector<Value> &elements : operands)
        entryArguments.append(elements.begin() + group, elements.begin() + group + pack);
      rewriter.setInsertionPointToEnd(current);
      LLVM::BrOp::create(rewriter, loc, entryArguments, copies.front());
      for (Block *copy : copies) {
        auto ret = dyn_cast<tt::MapElementwiseReturnOp>(copy->getTerminator());
        if (!ret)
          continue;
        rewriter.setInsertionPoint(ret);
        rewriter.replaceOpWithNewOp<LLVM::BrOp>(ret, ret.getResult(), after);
      }
      for (size_t r = 0; r < results.size(); ++r)
        for (int64_t i = 0; i < pack; ++i)
          results[r][group + i] = after->getArgument(r * pack + i);
      rewriter.setInsertionPointToStart(after);
    }
    SmallVector<Value> packed;
    for (auto [values, result] : llvm::zip(results, op.getResults()))
      packed.push_back(packElements(loc, converter, values, result.getType(), rewriter));
    rewriter.replaceOp(op, packed);
    return success();
  }
};

} // namespace

void populateMapElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<MapElementwiseOpConversion>(converter);
}

} // namespace trex
