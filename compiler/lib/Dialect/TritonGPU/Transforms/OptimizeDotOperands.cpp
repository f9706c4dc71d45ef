// tritongpu-optimize-dot-operands: a transposed dot operand is stored
// untransposed in shared memory and read through a transposed view.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

SwizzledSharedEncodingAttr getSharedEncodingForDotOperand(DotOperandEncodingAttr operand,
                                                          ArrayRef<int64_t> shape,
                                                          ArrayRef<unsigned> order,
                                                          const CGALayout &cgaLayout,
                                                          unsigned elementBitWidth,
                                                          bool needTrans) {
  MLIRContext *context = operand.getContext();
  // FMA operands are read element by element: no swizzle needed.
  if (isa<BlockedEncodingAttr>(operand.getParent()))
    return SwizzledSharedEncodingAttr::get(context, 1, 1, 1, order, cgaLayout);
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(operand.getParent())) {
    // A wavefront reads kWidth K-elements per lane with one ds_read; rows
    // are XOR-swizzled by vectors so that the 16 lanes of a SIMD reading one
    // K-column hit different banks. With M/N contiguous the reads already
    // spread over the banks (gfx950's transposing reads aside).
    unsigned kDim = operand.getOpIdx() == 0 ? 1 : 0;
    if (needTrans)
      kDim = 1 - kDim;
    bool gfx950 = mfma.getVersion() == 4;
    bool swizzleNonKContiguous = gfx950 && (elementBitWidth == 8 || elementBitWidth == 16);
    if (order[0] != kDim && !swizzleNonKContiguous)
      return SwizzledSharedEncodingAttr::get(context, 1, 1, 1, order, cgaLayout);
    unsigned numBanks = gfx950 ? 64 : 32;
    int64_t innerDimLength = shape[order[0]];
    int64_t elementsPerBankRow = numBanks * 32 / std::max(1u, elementBitWidth);
    unsigned perPhase = std::max<int64_t>(1, elementsPerBankRow / innerDimLength);
    unsigned vec = operand.getKWidth();
    unsigned maxPhase =
        std::max<int64_t>(std::min<int64_t>(16 / perPhase, innerDimLength / std::max(1u, vec)), 1);
    if (mfma.getInstrShape()[0] == 4)
      maxPhase = 4;
    return SwizzledSharedEncodingAttr::get(context, vec, perPhase, maxPhase, order, cgaLayout);
  }
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(operand.getParent());
  if (!mma || !mma.isAmpere() || operand.getKWidth() == 0)
    return {};
  // ldmatrix reads 8x8 tiles of 16 bytes per row; rows of one tile must hit
  // different banks, hence an XOR phase over 128-byte lines.
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cgaLayout, shape);
  int kWidth = operand.getKWidth();
  int perPhase = 128 / std::max<int64_t>(1, shapePerCTA[order[0]] * 4 / kWidth);
  perPhase = std::max(perPhase, 1);
  int matShape[3] = {8, 8, 4 * kWidth};
  int vecWidth = 32 / std::max(1u, elementBitWidth);
  unsigned innerDim = operand.getOpIdx() == 0 ? 0 : 1;
  if (vecWidth != kWidth && order[0] == innerDim)
    perPhase = std::max(perPhase, 2 * vecWidth);
  int rank = order.size();
  bool kContiguous = order[0] == static_cast<unsigned>(rank - 1);
  int vec, stride;
  if (operand.getOpIdx() == 0) {
    int m = needTrans ? matShape[2] : matShape[0];
    int k = needTrans ? matShape[0] : matShape[2];
    vec = kContiguous ? k : m;
    stride = kContiguous ? m : k;
  } else {
    int n = needTrans ? matShape[2] : matShape[1];
    int k = needTrans ? matShape[1] : matShape[2];
    vec = kContiguous ? n : k;
    stride = kContiguous ? k : n;
  }
  return SwizzledSharedEncodingAttr::get(context, vec, perPhase, std::max(stride / perPhase, 1),
                                         order, cgaLayout);
}

namespace {

// The view of a swizzled shared buffer with dimensions permuted by `order`.
SwizzledSharedEncodingAttr transposeShared(SwizzledSharedEncodingAttr shared,
                                           ArrayRef<int32_t> order) {
  SmallVector<unsigned> inverse(order.size());
  for (auto [to, from] : llvm::enumerate(order))
    inverse[from] = to;
  SmallVector<unsigned> newOrder;
  for (unsigned dim : shared.getOrder())
    newOrder.push_back(inverse[dim]);
  CGALayout cga = shared.getCGALayout();
  for (Basis &basis : cga.blockBases) {
    Basis permuted;
    for (int32_t from : order)
      permuted.push_back(basis[from]);
    basis = permuted;
  }
  return SwizzledSharedEncodingAttr::get(shared.getContext(), shared.getVec(),
                                         shared.getPerPhase(), shared.getMaxPhase(), newOrder, cga);
}

// convert(trans(x)) to a dot operand -> local_load(memdesc_trans(local_alloc(x))).
struct TransposeThroughSharedMemory : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    if (!convert->hasOneUse() || !isa<tt::DotOp>(*convert->user_begin()))
      return failure();
    auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(convert.getType().getEncoding());
    auto trans = convert.getSrc().getDefiningOp<tt::TransOp>();
    if (!operand || !trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    // The layout the data had before any conversion decides the store order.
    RankedTensorType srcType = trans.getSrc().getType();
    if (auto inner = trans.getSrc().getDefiningOp<ConvertLayoutOp>())
      srcType = inner.getSrc().getType();
    auto distributed = dyn_cast_or_null<DistributedEncodingTrait>(srcType.getEncoding());
    if (!distributed)
      return failure();
    SwizzledSharedEncodingAttr shared = getSharedEncodingForDotOperand(
        operand, srcType.getShape(), getOrder(srcType.getEncoding(), srcType.getRank()),
        distributed.getCGALayout(), getElementTypeOrSelf(srcType).getIntOrFloatBitWidth(),
        /*needTrans=*/true);
    if (!shared)
      return failure();
    MLIRContext *context = getContext();
    auto smem = SharedMemorySpaceAttr::get(context);
    rewriter.setInsertionPoint(trans);
    auto allocType = MemDescType::get(srcType.getShape(), srcType.getElementType(), shared, smem);
    Value alloc =
        LocalAllocOp::create(rewriter, trans.getLoc(), allocType, trans.getSrc(), IntegerAttr());
    SmallVector<int64_t> transposedShape{srcType.getShape()[1], srcType.getShape()[0]};
    auto viewType = MemDescType::get(transposedShape, srcType.getElementType(),
                                     transposeShared(shared, trans.getOrder()), smem);
    Value view = MemDescTransOp::create(rewriter, trans.getLoc(), viewType, alloc,
                                        rewriter.getDenseI32ArrayAttr(trans.getOrder()));
    Value load = LocalLoadOp::create(rewriter, trans.getLoc(), convert.getType(), view, Value());
    rewriter.replaceOp(convert, load);
    return success();
  }
};

} // namespace

LogicalResult optimizeDotOperands(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  patterns.add<TransposeThroughSharedMemory>(module.getContext());
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, module.getContext());
  return applyPatternsGreedily(module, std::move(patterns));
}

namespace {

struct TritonGPUOptimizeDotOperandsPass
    : impl::TritonGPUOptimizeDotOperandsBase<TritonGPUOptimizeDotOperandsPass> {
  void runOnOperation() override {
    if (failed(optimizeDotOperands(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttg
