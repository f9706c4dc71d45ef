// tritongpu-optimize-dot-operands: a transposed dot operand is stored
// untransposed in shared memory and read through a transposed view; with
// hoist-layout-conversion, conversions to dot operands move above the casts
// between them and the load, so that shared memory holds the narrow type. A warp-group dot
// whose A operand is the result of an earlier warp-group dot (attention's probabilities)
// reads it from registers instead of a shared-memory copy, where the registers already hold
// what wgmma wants from each thread.
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/Analysis/SliceAnalysis.h"
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
  // Ampere's operands, and Hopper's A operand in registers (read the same way).
  if (!mma || !(mma.isAmpere() || mma.isHopper()) || operand.getKWidth() == 0)
    return {};
  // ldmatrix reads 8x8 tiles of 16-byte rows. Rows short enough to share one 1024-bit line of
  // the 32 banks share a phase; the XOR phase then spreads a tile's 8 rows (fewer where a
  // vector of kWidth 32-bit words already spans several banks) over the line.
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cgaLayout, shape);
  int bits = static_cast<int>(std::max(1u, elementBitWidth));
  int inner = static_cast<int>(shapePerCTA[order[0]]);
  int perPhase = std::max(1024 / std::max(1, bits * inner), 1);
  int mmaStride = 8;
  int vec = 4 * static_cast<int>(operand.getKWidth());
  // A transposed read swaps the roles, as does a buffer whose contiguous dimension is not K.
  if (needTrans)
    std::swap(vec, mmaStride);
  int rank = static_cast<int>(order.size());
  int kDim = operand.getOpIdx() == 0 ? rank - 1 : rank - 2;
  if (static_cast<int>(order[0]) != kDim)
    std::swap(vec, mmaStride);
  int maxPhase = std::max(std::min(mmaStride, 1024 / std::max(1, vec * bits)), 1);
  maxPhase = std::max(maxPhase / perPhase, 1);
  return SwizzledSharedEncodingAttr::get(context, vec, perPhase, maxPhase, order, cgaLayout);
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

// Whether the element-wise `op` may compute in the dot-operand layout `operand` instead of
// before the conversion to it: the casts and arithmetic the operand lowerings take (Triton's
// list). Not narrowing casts or selects, not f32 extensions into kWidth-1 operands (their
// width would be computed from the narrow type), not i1 -> float.
bool canComputeInOperandLayout(Operation *op, DotOperandEncodingAttr operand) {
  bool pureInlineAsm = false;
  if (auto assembly = dyn_cast<tt::ElementwiseInlineAsmOp>(op))
    pureInlineAsm = assembly.getPure() && op->getNumOperands() == 1 && op->getNumResults() == 1;
  if (!isa<tt::FpToFpOp, tt::BitcastOp>(op) && !pureInlineAsm &&
      !isa<arith::ArithDialect>(op->getDialect()))
    return false;
  if (isa<arith::ExtFOp>(op) && operand.getKWidth() == 1)
    return false;
  if (isa<arith::TruncIOp, arith::TruncFOp, arith::SelectOp>(op))
    return false;
  if (isa<arith::UIToFPOp>(op) && getElementTypeOrSelf(op->getOperand(0)).isInteger(1))
    return false;
  return true;
}

// convert(elementwise(x, ...)) to a dot operand -> elementwise(convert(x), ...), when every op
// between the conversion and a load (or a constant) above it could follow: repeated, the
// conversion ends next to the load, and the shared-memory round trip that implements it
// moves the loaded type rather than the computed one (fp8 instead of f16, i8 instead of f16).
// A conversion that would only be duplicated (above an add of two computed values) stays.
struct HoistConversionAboveElementwise : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = convert.getType();
    auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(type.getEncoding());
    if (!operand)
      return failure();
    Operation *producer = convert.getSrc().getDefiningOp();
    if (!producer || producer->getNumOperands() == 0 || producer->getNumResults() != 1 ||
        !isa<RankedTensorType>(producer->getResult(0).getType()) ||
        !llvm::all_of(producer->getOperandTypes(), llvm::IsaPred<RankedTensorType>) ||
        !canComputeInOperandLayout(producer, operand))
      return failure();
    // Walking up from the conversion, every op must be able to follow it until a load or a
    // constant starts the chain.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    (void)getBackwardSlice(convert.getOperation(), &slice, options);
    bool reachesSource = false;
    for (Operation *op : llvm::reverse(slice)) {
      if (isa<tt::LoadOp, arith::ConstantOp>(op)) {
        reachesSource = true;
        break;
      }
      if (!canComputeInOperandLayout(op, operand))
        return failure();
    }
    if (!reachesSource)
      return failure();
    SmallVector<Value> operands;
    for (Value input : producer->getOperands()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      operands.push_back(ConvertLayoutOp::create(
          rewriter, convert.getLoc(), inputType.cloneWithEncoding(type.getEncoding()), input));
    }
    Operation *moved = rewriter.clone(*producer);
    moved->setOperands(operands);
    moved->getResult(0).setType(
        cast<RankedTensorType>(producer->getResult(0).getType()).cloneWithEncoding(
            type.getEncoding()));
    rewriter.replaceOp(convert, moved->getResults());
    return success();
  }
};

} // namespace

namespace {

// Whether the two layouts give every thread the same elements (in whatever register order):
// converting between them moves nothing between lanes or warps.
bool sameElementsPerThread(RankedTensorType from, RankedTensorType to) {
  MLIRContext *context = from.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  auto report = [&] { return emitError(UnknownLoc::get(context)); };
  FailureOr<layoutviz::LinearLayout> source =
      layout::toLinearLayout(from.getEncoding(), from.getShape(), report);
  FailureOr<layoutviz::LinearLayout> target =
      layout::toLinearLayout(to.getEncoding(), to.getShape(), report);
  if (failed(source) || failed(target))
    return false;
  for (const char *dim : {"lane", "warp", "block"})
    if (source->hasInDim(dim) != target->hasInDim(dim) ||
        (source->hasInDim(dim) && source->getInDimBases(dim) != target->getInDimBases(dim)))
      return false;
  return source->hasInDim("register") && target->hasInDim("register") &&
         source->getInDimSize("register") == target->getInDimSize("register");
}

// A warp-group dot operand copied to shared memory from a transpose in registers,
// local_alloc(trans(x)), is x copied as it is and read through a transposed view,
// memdesc_trans(local_alloc(x)), as Triton's FuseTransMMAV3Plus does: wgmma reads 16-bit
// operands of either major order, so the transpose costs nothing.
struct WarpGroupDotTransposedOperand : OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp alloc, PatternRewriter &rewriter) const override {
    if (!alloc.getSrc() || !alloc->hasOneUse() ||
        !isa<ttng::WarpGroupDotOp>(*alloc->getUsers().begin()))
      return failure();
    auto trans = alloc.getSrc().getDefiningOp<tt::TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>({1, 0}))
      return failure();
    auto shared = dyn_cast<NVMMASharedEncodingAttr>(alloc.getType().getEncoding());
    RankedTensorType sourceType = trans.getSrc().getType();
    Type element = sourceType.getElementType();
    if (!shared || !(element.isF16() || element.isBF16()))
      return failure();
    // The buffer holds x; the view must be exactly the layout the dot reads, so x's layout
    // is that one transposed back (Triton derives it the same way). A layout chosen from x's
    // own order instead would give a view that claims the dot's layout over bytes stored in
    // the other major order (wrong results for a column-major operand).
    auto innerShared = dyn_cast_or_null<NVMMASharedEncodingAttr>(
        inferTransEncoding(shared, alloc.getType().getShape(), trans.getOrder()));
    if (!innerShared)
      return failure();
    auto innerType = MemDescType::get(sourceType.getShape(), element, innerShared,
                                      alloc.getType().getMemorySpace());
    Value inner = LocalAllocOp::create(rewriter, alloc.getLoc(), innerType, trans.getSrc(),
                                       IntegerAttr());
    rewriter.replaceOpWithNewOp<MemDescTransOp>(alloc, alloc.getType(), inner,
                                                rewriter.getDenseI32ArrayAttr({1, 0}));
    return success();
  }
};

// warp_group_dot(local_alloc(x)) with x in a Hopper #mma layout (the result of an earlier
// warp-group dot, converted to 16-bit): the dot takes x in registers, as a dot operand of
// x's own layout, which leaves each thread its elements. What Triton's MMAV3UseRegOperand
// does; it spares the store to shared memory, the fence and the barrier.
struct WarpGroupDotRegisterOperand : OpRewritePattern<ttng::WarpGroupDotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ttng::WarpGroupDotOp dot,
                                PatternRewriter &rewriter) const override {
    auto alloc = dot.getA().getDefiningOp<LocalAllocOp>();
    if (!alloc || !alloc.getSrc())
      return failure();
    auto sourceType = cast<RankedTensorType>(alloc.getSrc().getType());
    auto source = dyn_cast_or_null<NvidiaMmaEncodingAttr>(sourceType.getEncoding());
    auto result = dyn_cast_or_null<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    if (!source || !source.isHopper() || !result || !result.isHopper())
      return failure();
    // wgmma's register A: one warp group's rows per warp, 16-bit elements two per register;
    // the dot's warps must split M as the earlier dot's do (each warp multiplies the rows it
    // holds).
    if (sourceType.getRank() != 2 || source.getWarpsPerCTA()[1] != 1 ||
        result.getWarpsPerCTA() != source.getWarpsPerCTA() ||
        sourceType.getElementType().getIntOrFloatBitWidth() != 16)
      return failure();
    auto operand = DotOperandEncodingAttr::get(getContext(), /*opIdx=*/0, source, /*kWidth=*/2);
    auto operandType = sourceType.cloneWithEncoding(operand);
    if (!sameElementsPerThread(sourceType, operandType))
      return failure();
    Value registers =
        ConvertLayoutOp::create(rewriter, alloc.getLoc(), operandType, alloc.getSrc());
    rewriter.modifyOpInPlace(dot, [&] { dot.getAMutable().assign(registers); });
    if (alloc->use_empty())
      rewriter.eraseOp(alloc);
    return success();
  }
};

} // namespace

LogicalResult optimizeDotOperands(ModuleOp module, bool hoistLayoutConversion) {
  RewritePatternSet patterns(module.getContext());
  patterns.add<TransposeThroughSharedMemory, WarpGroupDotRegisterOperand,
               WarpGroupDotTransposedOperand>(module.getContext());
  if (hoistLayoutConversion)
    patterns.add<HoistConversionAboveElementwise>(module.getContext());
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, module.getContext());
  return applyPatternsGreedily(module, std::move(patterns));
}

namespace {

struct TritonGPUOptimizeDotOperandsPass
    : impl::TritonGPUOptimizeDotOperandsBase<TritonGPUOptimizeDotOperandsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(optimizeDotOperands(getOperation(), hoistLayoutConversion)))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttg
