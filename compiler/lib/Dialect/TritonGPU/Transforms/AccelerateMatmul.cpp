// tritongpu-accelerate-matmul: tt.dot on NVIDIA tensor cores -- mma.sync
// layouts (#ttg.nvidia_mma v2) from sm_80, warp-group wgmma (v3,
// ttng.warp_group_dot on shared-memory operands) on sm_90.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

bool isNvidiaFp8(Type type) { return isa<Float8E5M2Type, Float8E4M3FNType>(type); }
bool isAnyFp8(Type type) {
  return isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType, Float8E4M3FNUZType>(type);
}

// Element types some MMA generation multiplies (fp8 always qualifies: where
// the tensor cores lack it, it is widened to f16 after layout selection).
bool mmaTakesElementType(Type type, int version) {
  return isAnyFp8(type) || type.isF16() || type.isBF16() ||
         ((type.isF32() || type.isF64()) && version >= 2) || (type.isInteger(8) && version >= 2);
}

// Whether MMA generation `version` can compute `dot` (Triton's supportMMA).
bool mmaSupportsDot(tt::DotOp dot, int version) {
  Type aType = dot.getA().getType().getElementType();
  Type bType = dot.getB().getType().getElementType();
  // f32 operands only go to tensor cores as tf32.
  if (aType.isF32() && bType.isF32() && dot.getInputPrecision() != tt::InputPrecision::TF32)
    return false;
  if (version == 3) {
    RankedTensorType resultType = dot.getType();
    int64_t k = dot.getA().getType().getShape().back();
    // One wgmma consumes 32 bytes of K per row.
    if (k < 256 / aType.getIntOrFloatBitWidth())
      return false;
    if (resultType.getRank() == 3)
      return false;
    auto encoding = cast<DistributedEncodingTrait>(resultType.getEncoding());
    SmallVector<int64_t> shapePerCTA =
        getShapePerCTA(encoding.getCGALayout(), resultType.getShape());
    if (lookupNumWarps(dot) % 4 != 0 || shapePerCTA[0] % 64 != 0 || shapePerCTA[1] % 8 != 0)
      return false;
    if (!(isNvidiaFp8(aType) || aType.isInteger(8) || aType.isF16() || aType.isBF16() ||
          aType.isF32()))
      return false;
    // fp8 wgmma accumulates in reduced precision; an f32 result needs
    // periodic promotion, which maxNumImpreciseAcc < 32 does not allow.
    if (dot.getMaxNumImpreciseAcc() < 32 && isNvidiaFp8(aType) &&
        resultType.getElementType().isF32())
      return false;
  }
  if (aType.isF32() && bType.isF32())
    return version >= 2;
  return mmaTakesElementType(aType, version) && mmaTakesElementType(bType, version);
}

// The preferred MMA generation for this GPU and dot, 0 for none (FMA); none newer than
// `maxVersion`.
int selectMmaVersion(int computeCapability, tt::DotOp dot, int maxVersion) {
  SmallVector<int> preferred;
  if (computeCapability < 80)
    return 0; // Volta/Turing mma layouts are not supported (as in Triton).
  if (computeCapability < 90 || computeCapability >= 100)
    preferred = {2}; // Blackwell's tcgen05 (v5) is not supported: mma.sync.
  else
    preferred = {3, 2};
  for (int version : preferred) {
    if (version > maxVersion)
      continue;
    if (mmaSupportsDot(dot, version))
      return version;
    if (version == 3)
      dot.emitRemark() << "Warning: can't use MMA V3 for the dot op";
  }
  return 0;
}

// mma.sync: a register tile of 16x8 per instruction. Warps are split so
// that the repetitions along M and N stay balanced (the A fragment costs 4
// registers per repetition, B 2), ties going to M.
SmallVector<unsigned> warpsPerTileV2(tt::DotOp dot, ArrayRef<int64_t> shape, int numWarps) {
  unsigned rank = shape.size();
  if (rank == 3)
    return {static_cast<unsigned>(numWarps), 1, 1};
  // Chained dots (attention) in one region share the arrangement of the
  // one already converted, or put all warps along the longer dimension.
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() && !isa<tt::TransOp>(op);
  };
  SetVector<Operation *> slice;
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  (void)getBackwardSlice(dot.getOperation(), &slice, backward);
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  getForwardSlice(dot.getOperation(), &slice, forward);
  bool hasChainedDot = false;
  for (Operation *op : slice) {
    auto other = dyn_cast<tt::DotOp>(op);
    if (!other || other == dot || other.getType().getRank() != rank)
      continue;
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(other.getType().getEncoding()))
      return SmallVector<unsigned>(mma.getWarpsPerCTA());
    hasChainedDot = true;
  }
  if (hasChainedDot) {
    if (shape[0] >= shape[1])
      return {static_cast<unsigned>(numWarps), 1};
    return {1, static_cast<unsigned>(numWarps)};
  }
  int64_t reps[2] = {llvm::divideCeilSigned(shape[0], int64_t(16)),
                     llvm::divideCeilSigned(shape[1], int64_t(8))};
  unsigned warps[2] = {1, 1};
  while (static_cast<int>(warps[0] * warps[1]) < numWarps) {
    if (reps[0] >= reps[1]) {
      warps[0] *= 2;
      if (reps[0] != 1)
        reps[0] /= 2;
    } else {
      warps[1] *= 2;
      reps[1] /= 2;
    }
  }
  return {warps[0], warps[1]};
}

// wgmma: warp groups of 4 warps along M (16 rows each); more warps go along
// M while rows remain, then along N. A dot feeding another dot keeps all
// warps along M so that the row reductions in between stay within a warp.
SmallVector<unsigned> warpsPerTileV3(tt::DotOp dot, ArrayRef<int64_t> shape, int numWarps) {
  SetVector<Operation *> slice;
  getForwardSlice(dot.getResult(), &slice);
  if (llvm::any_of(slice, [](Operation *op) { return isa<tt::DotOp, ttng::WarpGroupDotOp>(op); }))
    return {static_cast<unsigned>(numWarps), 1};
  unsigned warps[2] = {4, 1};
  while (static_cast<int>(warps[0] * warps[1]) < numWarps) {
    if (shape[0] > 16 * static_cast<int64_t>(warps[0]))
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return {warps[0], warps[1]};
}

// The instruction tile: [16, 8] (per batch) for mma.sync; for wgmma
// [16, N, 32 bytes of K] with the widest N that divides the tile and
// leaves every warp group a share of it.
FailureOr<SmallVector<unsigned>> selectInstrShape(int version, ArrayRef<int64_t> shape,
                                                  Type elementType, int numWarps) {
  if (version == 2) {
    SmallVector<unsigned> instrShape(shape.size(), 1);
    instrShape[shape.size() - 1] = 8;
    instrShape[shape.size() - 2] = 16;
    return instrShape;
  }
  unsigned k = 256 / elementType.getIntOrFloatBitWidth();
  SmallVector<unsigned> validN;
  if (elementType.isInteger(8)) {
    validN = {224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24, 16, 8};
  } else {
    for (unsigned n = 256; n >= 8; n -= 8)
      validN.push_back(n);
  }
  unsigned mWarps = std::max<unsigned>(shape[0] / 16, 1);
  unsigned nWarps = std::max<unsigned>(numWarps / mWarps, 1);
  unsigned maxN = std::max<unsigned>(shape[1] / nWarps, 8);
  for (unsigned n : validN)
    if (shape[1] % n == 0 && n <= maxN)
      return SmallVector<unsigned>{16, n, k};
  return failure();
}

// What the backward search for a dot operand's loaded width walks through: pure element-wise
// ops, views, broadcasts, layout conversions, fp4 unpacking and loads.
bool feedsOperandWidth(Operation *op) {
  return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
         isa<tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp, tt::JoinOp, tt::SplitOp, tt::BroadcastOp,
             ConvertLayoutOp, Fp4ToFpOp, tt::LoadOp, tt::DescriptorLoadOp>(op);
}

// The element width a dot operand was loaded with (Triton's computeOrigBitWidth): 4 if it was
// unpacked from e2m1, else the narrowest load it comes from (no wider than the operand), halved
// if a join doubled the elements per thread on the way. mma.sync operands pack 32 bits of
// that width into each register (kWidth), so that upcasting needs no data movement.
unsigned originalBitWidth(Value operand) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = feedsOperandWidth;
  (void)getBackwardSlice(operand, &slice, options);
  if (llvm::any_of(slice, [](Operation *op) { return isa<Fp4ToFpOp>(op); }))
    return 4;
  unsigned width = getElementTypeOrSelf(operand).getIntOrFloatBitWidth();
  for (Operation *op : slice)
    if (isa<tt::LoadOp, tt::DescriptorLoadOp>(op))
      if (auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
        width = std::min(width, type.getElementType().getIntOrFloatBitWidth());
  if (llvm::any_of(slice, [](Operation *op) { return isa<tt::JoinOp>(op); }))
    width = std::max(1u, width / 2);
  return width;
}

// Whether `operand` is loaded from memory (a pointer or a descriptor load) or is a block argument,
// looking through layout conversions and transposes. A wgmma A operand that is neither stays in
// registers, as Triton decides in accelerate-matmul (rather than going through shared memory and
// back).
bool comesFromLoadOrBlockArg(Value operand) {
  while (Operation *def = operand.getDefiningOp()) {
    if (auto convert = dyn_cast<ConvertLayoutOp>(def))
      operand = convert.getSrc();
    else if (auto trans = dyn_cast<tt::TransOp>(def))
      operand = trans.getSrc();
    else
      break;
  }
  Operation *def = operand.getDefiningOp();
  return !def || isa<tt::LoadOp, tt::DescriptorLoadOp, tt::DescriptorGatherOp>(def);
}

// A shared-memory copy of a wgmma operand in the layout wgmma reads. The
// copy is made from the tensor before any layout conversion, in its order
// (wgmma transposes 16-bit operands itself; others must be K-contiguous).
Value copyToSharedForWgmma(PatternRewriter &rewriter, Value operand, int opIdx,
                           bool allowTranspose) {
  OpBuilder::InsertionGuard guard(rewriter);
  Value source = operand;
  if (auto convert = operand.getDefiningOp<ConvertLayoutOp>())
    source = convert.getSrc();
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<unsigned> order = getOrder(type.getEncoding(), type.getRank());
  if (!allowTranspose)
    order = opIdx == 1 ? SmallVector<unsigned>{0, 1} : SmallVector<unsigned>{1, 0};
  CGALayout cga = cast<DistributedEncodingTrait>(type.getEncoding()).getCGALayout();
  NVMMASharedEncodingAttr shared =
      getNVMMASharedEncoding(type.getShape(), order, cga, type.getElementType());
  auto memDescType = MemDescType::get(type.getShape(), type.getElementType(), shared,
                                      SharedMemorySpaceAttr::get(rewriter.getContext()));
  rewriter.setInsertionPointAfterValue(source);
  return LocalAllocOp::create(rewriter, source.getLoc(), memDescType, source, IntegerAttr());
}

// The name mma-v2-types gives a dot's operand and result types, if it has one.
std::optional<StringRef> mmaV2TypeName(tt::DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  Type b = dot.getB().getType().getElementType();
  Type result = dot.getType().getElementType();
  // fp8 of either format on each side, widened to f16 for the instruction (sm_89's native
  // fp8 mma.sync aside), into f32 or (the f16acc instruction) f16 as Triton does.
  if ((result.isF32() || result.isF16()) && isNvidiaFp8(a) && isNvidiaFp8(b))
    return StringRef("fp8");
  if (a != b)
    return std::nullopt;
  if (result.isF32() && a.isF16())
    return StringRef("f16");
  if (result.isF32() && a.isBF16())
    return StringRef("bf16");
  if (result.isF32() && a.isF32() && dot.getInputPrecision() == tt::InputPrecision::TF32)
    return StringRef("tf32");
  if (result.isInteger(32) && a.isInteger(8))
    return StringRef("i8");
  if (result.isF16() && a.isF16())
    return StringRef("f16acc");
  if (result.isF64() && a.isF64())
    return StringRef("f64");
  return std::nullopt;
}

// "f16 x f16 -> f16", with the input precision of f32 operands.
std::string dotTypesText(tt::DotOp dot) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  Type a = dot.getA().getType().getElementType();
  stream << a << " x " << dot.getB().getType().getElementType() << " -> "
         << dot.getType().getElementType();
  if (a.isF32())
    stream << " (" << tt::stringifyInputPrecision(dot.getInputPrecision()) << ")";
  return text;
}

struct BlockedDotToMma : OpRewritePattern<tt::DotOp> {
  BlockedDotToMma(MLIRContext *context, int computeCapability, int maxVersion,
                  const DenseSet<Operation *> &keptOnFma)
      : OpRewritePattern(context), computeCapability(computeCapability), maxVersion(maxVersion),
        keptOnFma(keptOnFma) {}

  LogicalResult matchAndRewrite(tt::DotOp dot, PatternRewriter &rewriter) const override {
    RankedTensorType oldType = dot.getType();
    if (!isa_and_nonnull<BlockedEncodingAttr>(oldType.getEncoding()) ||
        keptOnFma.contains(dot.getOperation()))
      return failure();
    int version = selectMmaVersion(computeCapability, dot, maxVersion);
    if (version == 0)
      return failure();
    MLIRContext *context = getContext();
    auto blocked = cast<BlockedEncodingAttr>(oldType.getEncoding());
    CGALayout cga = blocked.getCGALayout();
    SmallVector<int64_t> shapePerCTA = getShapePerCTA(cga, oldType.getShape());
    int numWarps = lookupNumWarps(dot);
    Type aElementType = dot.getA().getType().getElementType();
    FailureOr<SmallVector<unsigned>> instrShape =
        selectInstrShape(version, shapePerCTA, aElementType, numWarps);
    if (failed(instrShape))
      return rewriter.notifyMatchFailure(dot, "no wgmma instruction fits the tile");
    SmallVector<unsigned> warps = version == 3 ? warpsPerTileV3(dot, shapePerCTA, numWarps)
                                               : warpsPerTileV2(dot, shapePerCTA, numWarps);
    auto mma = NvidiaMmaEncodingAttr::get(context, version, /*versionMinor=*/0, warps, cga,
                                          *instrShape);
    auto newType = RankedTensorType::get(oldType.getShape(), oldType.getElementType(), mma);
    Value accumulator = ConvertLayoutOp::create(rewriter, dot.getC().getLoc(), newType, dot.getC());

    Value result;
    if (version == 3) {
      bool allowTranspose = aElementType.isF16() || aElementType.isBF16();
      Value a;
      if (comesFromLoadOrBlockArg(dot.getA())) {
        a = copyToSharedForWgmma(rewriter, dot.getA(), 0, allowTranspose);
      } else {
        // In registers, as a dot operand of this dot's layout: 32 bits of K per register.
        auto type = cast<RankedTensorType>(dot.getA().getType());
        unsigned kWidth = 32 / aElementType.getIntOrFloatBitWidth();
        auto encoding = DotOperandEncodingAttr::get(context, 0, mma, kWidth);
        a = ConvertLayoutOp::create(
            rewriter, dot.getA().getLoc(),
            RankedTensorType::get(type.getShape(), type.getElementType(), encoding), dot.getA());
      }
      Value b = copyToSharedForWgmma(rewriter, dot.getB(), 1, allowTranspose);
      result = ttng::WarpGroupDotOp::create(rewriter, dot.getLoc(), newType, a, b, accumulator,
                                            Value(), dot.getInputPrecision(),
                                            dot.getMaxNumImpreciseAcc(), /*isAsync=*/false);
    } else {
      // mma.sync fragments pack 32 bits of K per register.
      unsigned width = std::min(originalBitWidth(dot.getA()), originalBitWidth(dot.getB()));
      // 64-bit operands (f64) take one element per register, as Triton (kWidth 1).
      unsigned kWidth = std::max(1u, 32 / width);
      auto convertOperand = [&](Value operand, unsigned opIdx) -> Value {
        auto type = cast<RankedTensorType>(operand.getType());
        auto encoding = DotOperandEncodingAttr::get(context, opIdx, mma, kWidth);
        auto operandType = RankedTensorType::get(type.getShape(), type.getElementType(), encoding);
        return ConvertLayoutOp::create(rewriter, operand.getLoc(), operandType, operand);
      };
      Value a = convertOperand(dot.getA(), 0);
      Value b = convertOperand(dot.getB(), 1);
      result = tt::DotOp::create(rewriter, dot.getLoc(), newType, a, b, accumulator,
                                 dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
    }
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(dot, oldType, result);
    return success();
  }

  int computeCapability;
  int maxVersion;
  const DenseSet<Operation *> &keptOnFma;
};

// Operand types the chosen unit cannot multiply are widened in place:
// fp8 on mma.sync before sm_89 becomes f16; FMA dots compute in the
// result's float type. Dots kept on FMA only because trex's mma.sync lowering
// lacks their types are left as they are: the FMA lowering widens them itself.
void widenUnsupportedOperands(ModuleOp module, int computeCapability,
                              const DenseSet<Operation *> &keptOnFma) {
  module.walk([&](tt::DotOp dot) {
    if (keptOnFma.contains(dot.getOperation()))
      return;
    Type aType = dot.getA().getType().getElementType();
    Type resultType = dot.getType().getElementType();
    Type widened;
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding())) {
      if (!isNvidiaFp8(aType) || computeCapability == 89 || mma.isHopper())
        return;
      widened = Float16Type::get(module.getContext());
    } else {
      if (aType == resultType || !isa<FloatType>(aType) || !isa<FloatType>(resultType))
        return;
      widened = resultType;
    }
    OpBuilder builder(dot);
    for (unsigned index : {0u, 1u}) {
      Value operand = dot->getOperand(index);
      auto type = cast<RankedTensorType>(operand.getType());
      if (type.getElementType() == widened)
        continue;
      auto widenedType = type.clone(widened);
      Value cast = tt::FpToFpOp::create(builder, dot.getLoc(), widenedType, operand, tt::RoundingModeAttr());
      dot->setOperand(index, cast);
    }
  });
}

} // namespace

NVMMASharedEncodingAttr getNVMMASharedEncoding(ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                                               const CGALayout &cgaLayout, Type elementType) {
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cgaLayout, shape);
  unsigned bitWidth = elementType.getIntOrFloatBitWidth();
  // The widest hardware swizzle (128, 64 or 32 bytes) that a contiguous row
  // fills completely.
  int64_t rowBytes = shapePerCTA[order[0]] * bitWidth / 8;
  unsigned swizzle = 0;
  for (unsigned candidate : {128u, 64u, 32u}) {
    if (rowBytes >= candidate && rowBytes % candidate == 0) {
      swizzle = candidate;
      break;
    }
  }
  // The swizzle pattern repeats every 8 rows: fewer rows cannot use it.
  int64_t rows = 1;
  for (unsigned i = 1; i < order.size(); ++i)
    rows *= shapePerCTA[order[i]];
  if (shapePerCTA.size() < 2 || rows < 8)
    swizzle = 0;
  bool transposed = order.size() > 1 && order[0] == 0;
  return NVMMASharedEncodingAttr::get(elementType.getContext(), swizzle, transposed, bitWidth,
                                      /*fp4Padded=*/false, cgaLayout);
}

LogicalResult accelerateMatmul(ModuleOp module, const TritonGPUAccelerateMatmulOptions &options) {
  auto target = module->getAttrOfType<StringAttr>(kTargetAttr);
  if (!target)
    return success();
  auto [backend, detail] = target.getValue().split(':');
  int computeCapability = 0;
  if (backend != "cuda" || detail.getAsInteger(10, computeCapability))
    return success();
  // Scaled dots become ordinary ones first (Triton's transposeDots and
  // DecomposeScaledBlocked), which the rewrite below then accelerates.
  if (failed(decomposeScaledDots(module, /*moveScaleToLhs=*/true, /*markDots=*/true)))
    return failure();
  // Dots that would get mma.sync but whose types it may not take: decided before the
  // rewrite, which may visit a dot more than once, so that each is reported once.
  DenseSet<Operation *> keptOnFma;
  if (!options.mmaV2Types.empty())
    module.walk([&](tt::DotOp dot) {
      if (!isa_and_nonnull<BlockedEncodingAttr>(dot.getType().getEncoding()) ||
          selectMmaVersion(computeCapability, dot, std::min(options.maxMmaVersion, 2)) != 2)
        return;
      if (options.maxMmaVersion > 2 && computeCapability / 10 == 9 && mmaSupportsDot(dot, 3))
        return;
      std::optional<StringRef> name = mmaV2TypeName(dot);
      if (name && llvm::is_contained(options.mmaV2Types, *name))
        return;
      keptOnFma.insert(dot.getOperation());
      dot.emitWarning() << "tl.dot with " << dotTypesText(dot)
                        << " has no tensor-core path on sm_" << computeCapability
                        << " yet; using FMA";
    });
  RewritePatternSet patterns(module.getContext());
  patterns.add<BlockedDotToMma>(module.getContext(), computeCapability, options.maxMmaVersion,
                                keptOnFma);
  if (failed(applyPatternsGreedily(module, std::move(patterns))))
    return failure();
  widenUnsupportedOperands(module, computeCapability, keptOnFma);
  giveFmaLayoutToDecomposedScaledDots(module);
  return success();
}

namespace {

struct TritonGPUAccelerateMatmulPass
    : impl::TritonGPUAccelerateMatmulBase<TritonGPUAccelerateMatmulPass> {
  using TritonGPUAccelerateMatmulBase::TritonGPUAccelerateMatmulBase;

  void runOnOperation() override {
    TritonGPUAccelerateMatmulOptions options;
    options.maxMmaVersion = maxMmaVersion;
    options.mmaV2Types.assign(mmaV2Types.begin(), mmaV2Types.end());
    if (failed(accelerateMatmul(getOperation(), options)))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttg
