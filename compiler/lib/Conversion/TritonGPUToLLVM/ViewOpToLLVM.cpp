// Ops that create tensors or rearrange which register holds which element without moving data
// between threads: dense constants, tt.splat, tt.make_range, tt.broadcast and tt.expand_dims
// (layout conversions are in ConvertLayoutOpToLLVM.cpp).
//
// For the rearranging ops the source and result layouts put the same elements in the same
// thread (Triton's layout rules guarantee it), so only register order changes: a result
// register is matched with the source register at the same compile-time offset (the
// register part of the linear layout; lane and warp parts agree by construction).
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

#include <map>

using namespace mlir;

namespace trex {

namespace {

// The register part of each register's coordinates.
std::vector<std::vector<int32_t>> registerOffsets(const layoutviz::LinearLayout &layout) {
  int numDims = layout.getNumOutDims();
  int32_t count = layout.hasInDim("register") ? layout.getInDimSize("register") : 1;
  std::vector<std::vector<int32_t>> offsets;
  for (int32_t reg = 0; reg < count; ++reg) {
    std::vector<int32_t> offset(numDims, 0);
    if (layout.hasInDim("register")) {
      const auto &bases = layout.getInDimBases("register");
      for (size_t bit = 0; bit < bases.size(); ++bit)
        if (reg & (1 << bit))
          for (int dim = 0; dim < numDims; ++dim)
            offset[dim] ^= bases[bit][dim];
    }
    offsets.push_back(std::move(offset));
  }
  return offsets;
}

// Values of the result registers taken from source registers. `project` maps a result
// register's offset to the source offset it reads.
FailureOr<SmallVector<Value>>
remapRegisters(ArrayRef<Value> source, const layoutviz::LinearLayout &sourceLayout,
               const layoutviz::LinearLayout &resultLayout,
               const std::function<std::vector<int32_t>(const std::vector<int32_t> &)> &project) {
  std::map<std::vector<int32_t>, size_t> sourceIndex;
  std::vector<std::vector<int32_t>> sourceOffsets = registerOffsets(sourceLayout);
  for (size_t i = 0; i < sourceOffsets.size(); ++i)
    sourceIndex.emplace(sourceOffsets[i], i);
  SmallVector<Value> result;
  for (const std::vector<int32_t> &offset : registerOffsets(resultLayout)) {
    auto it = sourceIndex.find(project(offset));
    if (it == sourceIndex.end())
      return failure();
    result.push_back(source[it->second]);
  }
  return result;
}

// Outranks MLIR's arith.constant lowering, which does not know tensors become structs.
struct ConstantOpConversion : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  explicit ConstantOpConversion(TritonGPUToLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<arith::ConstantOp>(converter, /*benefit=*/20) {}

  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.getEncoding())
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(op, "only splat tensor constants are supported");
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    Attribute scalar = dense.getSplatValue<Attribute>();
    if (elementType != type.getElementType()) {
      // fp8 constants are their bit pattern.
      auto floatAttr = cast<FloatAttr>(scalar);
      scalar = IntegerAttr::get(elementType, floatAttr.getValue().bitcastToAPInt());
    }
    Value value = LLVM::ConstantOp::create(rewriter, op.getLoc(), elementType,
                                           cast<TypedAttr>(scalar));
    SmallVector<Value> elements(elementsPerThread(type), value);
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, type, rewriter));
    return success();
  }
};

struct PoisonOpConversion : public ConvertOpToLLVMPattern<ub::PoisonOp> {
  using ConvertOpToLLVMPattern<ub::PoisonOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ub::PoisonOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
    return success();
  }
};

struct SplatOpConversion : public ConvertOpToLLVMPattern<tt::SplatOp> {
  using ConvertOpToLLVMPattern<tt::SplatOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> elements(elementsPerThread(type), adaptor.getSrc());
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, type, rewriter));
    return success();
  }
};

struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<tt::MakeRangeOp> {
  MakeRangeOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::MakeRangeOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    LLVMBuilder b(rewriter, loc);
    Value start = b.i32(op.getStart());
    SmallVector<Value> elements;
    for (const SmallVector<Value> &coordinates : emitIndices(rewriter, loc, target, type))
      elements.push_back(b.add(coordinates[0], start));
    if (elements.empty())
      return rewriter.notifyMatchFailure(op, "the result has no distributed layout");
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), elements, type, rewriter));
    return success();
  }

  const TargetInfo &target;
};

struct BroadcastOpConversion : public ConvertOpToLLVMPattern<tt::BroadcastOp> {
  using ConvertOpToLLVMPattern<tt::BroadcastOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto sourceLayout = linearLayoutOf(sourceType);
    auto resultLayout = linearLayoutOf(resultType);
    if (!sourceLayout || !resultLayout)
      return failure();
    ArrayRef<int64_t> sourceShape = sourceType.getShape();
    auto remapped = remapRegisters(
        unpackElements(op.getLoc(), adaptor.getSrc(), rewriter), *sourceLayout, *resultLayout,
        [&](const std::vector<int32_t> &offset) {
          std::vector<int32_t> projected = offset;
          for (size_t dim = 0; dim < projected.size(); ++dim)
            if (sourceShape[dim] == 1)
              projected[dim] = 0;
          return projected;
        });
    if (failed(remapped))
      return rewriter.notifyMatchFailure(op, "layouts of the broadcast do not correspond");
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), *remapped, resultType,
                                        rewriter));
    return success();
  }
};

struct ExpandDimsOpConversion : public ConvertOpToLLVMPattern<tt::ExpandDimsOp> {
  using ConvertOpToLLVMPattern<tt::ExpandDimsOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto sourceLayout = linearLayoutOf(sourceType);
    auto resultLayout = linearLayoutOf(resultType);
    if (!sourceLayout || !resultLayout)
      return failure();
    unsigned axis = op.getAxis();
    auto remapped = remapRegisters(unpackElements(op.getLoc(), adaptor.getSrc(), rewriter),
                                   *sourceLayout, *resultLayout,
                                   [&](const std::vector<int32_t> &offset) {
                                     std::vector<int32_t> projected = offset;
                                     projected.erase(projected.begin() + axis);
                                     return projected;
                                   });
    if (failed(remapped))
      return rewriter.notifyMatchFailure(op, "layouts of expand_dims do not correspond");
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), *remapped, resultType,
                                        rewriter));
    return success();
  }
};

} // namespace

void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<ConstantOpConversion, PoisonOpConversion, SplatOpConversion, BroadcastOpConversion,
               ExpandDimsOpConversion>(converter);
  patterns.add<MakeRangeOpConversion>(converter, target);
}

} // namespace trex
