// tt.gather (tl.gather) to LLVM through shared memory.
//
// result[..., i, ...] = src[..., indices[..., i, ...], ...] along `axis`. Every thread writes
// its source elements to the op's scratch, row-major over the source shape (copies that
// several threads hold write the same value), and after a barrier reads, for each element
// of the result, the source element at its own coordinates with the axis coordinate
// replaced by its index. This is Triton's general lowering; trex has no counterpart of its
// warp-shuffle variant for gathers that stay within a warp, so `efficient_layout` is ignored.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

struct GatherOpConversion : public ConvertOpToLLVMPattern<tt::GatherOp> {
  GatherOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::GatherOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto indexType = cast<RankedTensorType>(op.getIndices().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    unsigned axis = op.getAxis();
    ArrayRef<int64_t> shape = sourceType.getShape();

    FailureOr<Value> scratch = scratchPointer(rewriter, op, target);
    if (failed(scratch))
      return failure();
    // Elements narrower than a byte (i1) are stored as bytes.
    Type element = getTypeConverter()->convertType(sourceType.getElementType());
    Type stored = element;
    if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() < 8)
      stored = rewriter.getI8Type();

    // Row-major offset of a coordinate tuple in the source.
    auto offsetOf = [&](ArrayRef<Value> coordinates) {
      Value offset = coordinates.front();
      for (size_t dim = 1; dim < shape.size(); ++dim)
        offset = b.add(b.mul(offset, b.i32(shape[dim])), coordinates[dim]);
      return offset;
    };
    auto slot = [&](Value offset) {
      return b.gep(scratch->getType(), stored, *scratch, offset);
    };

    SmallVector<Value> sources = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<SmallVector<Value>> sourceIndices = emitIndices(rewriter, loc, target, sourceType);
    for (auto [value, coordinates] : llvm::zip(sources, sourceIndices)) {
      Value word = stored == element ? value : b.zext(value, stored);
      LLVM::StoreOp::create(rewriter, loc, word, slot(offsetOf(coordinates)));
    }
    target.barrier(rewriter, loc);

    SmallVector<Value> indices = unpackElements(loc, adaptor.getIndices(), rewriter);
    SmallVector<SmallVector<Value>> resultIndices = emitIndices(rewriter, loc, target, indexType);
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> results;
    for (auto [index, coordinates] : llvm::zip(indices, resultIndices)) {
      unsigned bits = index.getType().getIntOrFloatBitWidth();
      Value axisCoordinate = bits == 32  ? index
                             : bits > 32 ? b.trunc(index, i32)
                                         : b.sext(index, i32);
      SmallVector<Value> gathered(coordinates.begin(), coordinates.end());
      gathered[axis] = axisCoordinate;
      Value loaded = LLVM::LoadOp::create(rewriter, loc, stored, slot(offsetOf(gathered)));
      results.push_back(stored == element ? loaded : b.trunc(loaded, element));
    }
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<GatherOpConversion>(converter, target);
}

} // namespace trex
