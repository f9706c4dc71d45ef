// tt ops in convert-triton-to-tritongpu. Most take the default layout of
// their types; the ones whose result layout is tied to the operand's
// (broadcast, trans, reduce, expand_dims, join, split, cat, dot, the
// descriptor gathers) derive it here instead.
#include "TritonGPUConversion.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;

namespace trex {

namespace {

// tt ops with their own pattern below; the generic one leaves them alone.
bool hasDedicatedPattern(Operation *op) {
  return isa<tt::ExpandDimsOp, tt::DotOp, tt::CatOp, tt::JoinOp, tt::SplitOp, tt::TransOp,
             tt::BroadcastOp, tt::ReduceOp, tt::ScanOp, tt::DescriptorGatherOp,
             tt::DescriptorScatterOp, tt::FuncOp>(op);
}

// Any other tt op: same op, operands in their converted types, results in
// the default layout.
struct TritonGenericPattern : ConversionPattern {
  TritonGenericPattern(TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<tt::TTDialect>(op->getDialect()) || hasDedicatedPattern(op))
      return failure();
    FailureOr<Operation *> newOp = retypeOp(op, operands, *getTypeConverter(), rewriter);
    if (failed(newOp))
      return failure();
    rewriter.replaceOp(op, (*newOp)->getResults());
    return success();
  }
};

template <typename OpTy> struct TritonOpPattern : OpConversionPattern<OpTy> {
  TritonOpPattern(TritonGPUTypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern<OpTy>(typeConverter, context, /*benefit=*/2) {}

  const TritonGPUTypeConverter &converter() const {
    return *static_cast<const TritonGPUTypeConverter *>(this->getTypeConverter());
  }
};

// broadcast keeps the operand's layout; only the shape grows.
struct BroadcastPattern : TritonOpPattern<tt::BroadcastOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto resultType = op.getType().cloneWithEncoding(srcType.getEncoding());
    rewriter.replaceOp(op, cloneWithTypes(op, adaptor.getOperands(), resultType, rewriter));
    return success();
  }
};

// expand_dims reads a slice of its result's layout: the result is the
// operand's blocked layout with a size-1 dimension inserted, and the
// operand is converted to the slice of it.
struct ExpandDimsPattern : TritonOpPattern<tt::ExpandDimsOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(srcType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "operand layout is not blocked");
    unsigned axis = op.getAxis();
    auto insertOne = [axis](ArrayRef<unsigned> values) {
      SmallVector<unsigned> result(values);
      result.insert(result.begin() + axis, 1);
      return result;
    };
    // Triton gives the expanded layout the order 0, 1, ...: the layout only
    // has to admit the slice, remove-layout-conversions picks the real one.
    SmallVector<unsigned> order(blocked.getRank() + 1);
    std::iota(order.begin(), order.end(), 0);
    ttg::CGALayout cga = blocked.getCGALayout();
    cga.rank += 1;
    for (ttg::Basis &basis : cga.blockBases)
      basis.insert(basis.begin() + axis, 0);
    auto resultEncoding = ttg::BlockedEncodingAttr::get(
        getContext(), insertOne(blocked.getSizePerThread()), insertOne(blocked.getThreadsPerWarp()),
        insertOne(blocked.getWarpsPerCTA()), order, cga);
    auto sliceType =
        srcType.cloneWithEncoding(ttg::SliceEncodingAttr::get(getContext(), axis, resultEncoding));
    Value src = ttg::ConvertLayoutOp::create(rewriter, op.getLoc(), sliceType, adaptor.getSrc());
    rewriter.replaceOp(op, cloneWithTypes(op, src, op.getType().cloneWithEncoding(resultEncoding),
                                          rewriter));
    return success();
  }
};

// The FMA layout of a dot: a blocked accumulator with 2x2 or 4x4 elements
// per thread when the tile has enough elements, operands as #ttg.dot_op of
// it. accelerate-matmul replaces it with tensor-core layouts.
struct DotPattern : TritonOpPattern<tt::DotOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    ArrayRef<int64_t> shape = type.getShape();
    unsigned rank = shape.size();
    SmallVector<unsigned> sizePerThread = ttg::fmaDotSizePerThread(
        shape, converter().getNumWarps() * converter().getThreadsPerWarp());
    SmallVector<unsigned> order;
    for (unsigned dim = rank; dim > 0; --dim)
      order.push_back(dim - 1);
    Attribute resultEncoding = ttg::buildBlockedEncoding(
        getContext(), shape, sizePerThread, order, converter().getNumWarps(),
        converter().getThreadsPerWarp(), converter().getNumCTAs());
    RankedTensorType resultType = type.cloneWithEncoding(resultEncoding);

    auto asOperand = [&](Value value, unsigned opIdx) -> Value {
      auto valueType = cast<RankedTensorType>(value.getType());
      if (isa_and_nonnull<ttg::DotOperandEncodingAttr>(valueType.getEncoding()))
        return value;
      auto encoding = ttg::DotOperandEncodingAttr::get(getContext(), opIdx, resultEncoding,
                                                       /*kWidth=*/0);
      return ttg::ConvertLayoutOp::create(rewriter, value.getLoc(),
                                          valueType.cloneWithEncoding(encoding), value);
    };
    Value a = asOperand(adaptor.getA(), 0);
    Value b = asOperand(adaptor.getB(), 1);
    Value c = ttg::ConvertLayoutOp::create(rewriter, adaptor.getC().getLoc(), resultType,
                                           adaptor.getC());
    rewriter.replaceOp(op, cloneWithTypes(op, {a, b, c}, resultType, rewriter));
    return success();
  }
};

// A cat must let each thread hold the elements of both operands: the result
// layout grows sizePerThread along the fastest dimension to the next power
// of two of their sum.
struct CatPattern : TritonOpPattern<tt::CatOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(converter().convertType(op.getType()));
    auto encoding = cast<ttg::BlockedEncodingAttr>(resultType.getEncoding());
    auto lhsElems = ttg::getTotalElemsPerThread(cast<RankedTensorType>(adaptor.getLhs().getType()));
    auto rhsElems = ttg::getTotalElemsPerThread(cast<RankedTensorType>(adaptor.getRhs().getType()));
    auto resultElems = ttg::getTotalElemsPerThread(resultType);
    if (!lhsElems || !rhsElems || !resultElems)
      return rewriter.notifyMatchFailure(op, "operand layouts are not blocked");
    unsigned needed = llvm::NextPowerOf2(*lhsElems + *rhsElems - 1);
    SmallVector<unsigned> sizePerThread(encoding.getSizePerThread());
    unsigned fastest = encoding.getOrder().front();
    sizePerThread[fastest] *= std::max(1u, needed / *resultElems);
    auto newEncoding = ttg::BlockedEncodingAttr::get(
        getContext(), sizePerThread, encoding.getThreadsPerWarp(), encoding.getWarpsPerCTA(),
        encoding.getOrder(), encoding.getCGALayout());
    rewriter.replaceOp(op, cloneWithTypes(op, adaptor.getOperands(),
                                          resultType.cloneWithEncoding(newEncoding), rewriter));
    return success();
  }
};

// join stacks its operands along a new minor dimension each thread holds
// both halves of.
struct JoinPattern : TritonOpPattern<tt::JoinOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    FailureOr<Attribute> encoding = ttg::inferJoinEncoding(lhsType.getEncoding());
    if (failed(encoding))
      return rewriter.notifyMatchFailure(op, "operand layout is not blocked");
    rewriter.replaceOp(op, cloneWithTypes(op, adaptor.getOperands(),
                                          op.getType().cloneWithEncoding(*encoding), rewriter));
    return success();
  }
};

// split needs each thread to hold both elements of the minor dimension: if
// the operand's layout does not, it is converted to the default layout of a
// result with that dimension appended (2 per thread, fastest).
struct SplitPattern : TritonOpPattern<tt::SplitOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    FailureOr<Attribute> resultEncoding = ttg::inferSplitEncoding(srcType.getEncoding());
    if (failed(resultEncoding)) {
      auto base = ttg::getDefaultBlockedEncoding(
          getContext(), op.getOutLHS().getType().getShape(), converter().getNumWarps(),
          converter().getThreadsPerWarp(), converter().getNumCTAs());
      FailureOr<Attribute> splittable = ttg::inferJoinEncoding(base);
      if (failed(splittable))
        return failure();
      src = ttg::ConvertLayoutOp::create(rewriter, op.getLoc(),
                                         srcType.cloneWithEncoding(*splittable), src);
      resultEncoding = Attribute(base);
    }
    auto resultType = op.getOutLHS().getType().cloneWithEncoding(*resultEncoding);
    rewriter.replaceOp(op, cloneWithTypes(op, src, {resultType, resultType}, rewriter));
    return success();
  }
};

// trans keeps each element on its thread: the result layout is the
// operand's, permuted.
struct TransPattern : TritonOpPattern<tt::TransOp> {
  using TritonOpPattern::TritonOpPattern;

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    Attribute srcEncoding = srcType.getEncoding();
    auto *infer = srcEncoding.getDialect().getRegisteredInterface<tt::DialectInferLayoutInterface>();
    Attribute resultEncoding;
    if (!infer ||
        failed(infer->inferTransOpEncoding(srcEncoding, op.getOrder(), resultEncoding, op.getLoc())))
      return failure();
    if (!resultEncoding)
      return rewriter.notifyMatchFailure(op, "no transposed form of the operand layout");
    rewriter.replaceOp(op, cloneWithTypes(op, adaptor.getOperands(),
                                          op.getType().cloneWithEncoding(resultEncoding),
                                          rewriter));
    return success();
  }
};

// reduce produces the slice of its operand layout along the axis (scalars
// for 1-D operands); scan keeps the operand layout.
template <typename OpTy> struct ReductionPattern : TritonOpPattern<OpTy> {
  using TritonOpPattern<OpTy>::TritonOpPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult matchAndRewrite(OpTy op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    for (auto [operand, result] : llvm::zip(adaptor.getOperands(), op->getResults())) {
      auto operandType = cast<RankedTensorType>(operand.getType());
      auto resultType = dyn_cast<RankedTensorType>(result.getType());
      if (!resultType) {
        resultTypes.push_back(result.getType());
        continue;
      }
      Attribute encoding = operandType.getEncoding();
      if constexpr (std::is_same_v<OpTy, tt::ReduceOp>)
        encoding = ttg::SliceEncodingAttr::get(
            this->getContext(), op.getAxis(), cast<ttg::DistributedEncodingTrait>(encoding));
      resultTypes.push_back(resultType.cloneWithEncoding(encoding));
    }
    rewriter.replaceOp(op, cloneWithTypes(op, adaptor.getOperands(), resultTypes, rewriter));
    return success();
  }
};

// The index layout of the TMA gather4/scatter4 instructions: 4 consecutive
// row indices per thread, replicated over the warps.
RankedTensorType gatherIndicesType(RankedTensorType type, unsigned threadsPerWarp,
                                   unsigned numWarps, unsigned numCTAs) {
  MLIRContext *context = type.getContext();
  SmallVector<unsigned> order{1, 0};
  auto parent = ttg::BlockedEncodingAttr::get(
      context, {1, 4}, {threadsPerWarp, 1}, {1, numWarps}, order,
      ttg::CGALayout::fromSplitParams({1, numCTAs}, {1, numCTAs}, order));
  auto encoding = ttg::SliceEncodingAttr::get(context, 0, parent);
  return type.cloneWithEncoding(encoding);
}

template <typename OpTy> struct DescriptorGatherScatterPattern : TritonOpPattern<OpTy> {
  using TritonOpPattern<OpTy>::TritonOpPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult matchAndRewrite(OpTy op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    const TritonGPUTypeConverter &types = this->converter();
    SmallVector<Value> operands(adaptor.getOperands());
    Value indices = adaptor.getXOffsets();
    auto indicesType = gatherIndicesType(cast<RankedTensorType>(indices.getType()),
                                         types.getThreadsPerWarp(), types.getNumWarps(),
                                         types.getNumCTAs());
    for (Value &operand : operands)
      if (operand == indices && operand.getType() != indicesType)
        operand = ttg::ConvertLayoutOp::create(rewriter, op.getLoc(), indicesType, operand);
    FailureOr<Operation *> newOp = retypeOp(op, operands, types, rewriter);
    if (failed(newOp))
      return failure();
    rewriter.replaceOp(op, (*newOp)->getResults());
    return success();
  }
};

} // namespace

void populateTritonOpConversionPatterns(TritonGPUTypeConverter &typeConverter,
                                        RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TritonGenericPattern>(typeConverter, context);
  patterns.add<BroadcastPattern, ExpandDimsPattern, DotPattern, CatPattern, JoinPattern,
               SplitPattern, TransPattern, ReductionPattern<tt::ReduceOp>,
               ReductionPattern<tt::ScanOp>, DescriptorGatherScatterPattern<tt::DescriptorGatherOp>,
               DescriptorGatherScatterPattern<tt::DescriptorScatterOp>>(typeConverter, context);
}

} // namespace trex
