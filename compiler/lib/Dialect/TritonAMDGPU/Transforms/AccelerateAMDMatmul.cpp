// tritonamdgpu-accelerate-matmul: tt.dot on AMD CDNA matrix cores -- the
// MFMA instruction and #ttg.amd_mfma layout Triton 3.6 picks for each dot.
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUACCELERATEMATMUL
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

using ttg::ConvertLayoutOp;

namespace {

//===----------------------------------------------------------------------===//
// The MFMA instructions per generation
//===----------------------------------------------------------------------===//

// One MFMA instruction as layout selection sees it: its K per instruction,
// the K elements one lane holds (kBase), and the operand types it reads.
struct MfmaInstruction {
  unsigned mDim, nDim, kDim, kBase;
  Type aType, bType;
};

enum class OperandKind { F64, F32, XF32, F16, BF16, I8, OcpFp8, FnuzFp8, Other };

OperandKind kindOf(Type type, bool useTF32) {
  if (type.isF64())
    return OperandKind::F64;
  if (type.isF32())
    return useTF32 ? OperandKind::XF32 : OperandKind::F32;
  if (type.isF16())
    return OperandKind::F16;
  if (type.isBF16())
    return OperandKind::BF16;
  if (type.isInteger(8))
    return OperandKind::I8;
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type))
    return OperandKind::OcpFp8;
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(type))
    return OperandKind::FnuzFp8;
  return OperandKind::Other;
}

// (kDim, kBase) of the instructions of generation `version` for an
// mDim x nDim tile of `kind` operands, preferred first (larger K).
SmallVector<std::pair<unsigned, unsigned>, 2> mfmaKChoices(int version, unsigned mnDim,
                                                           OperandKind kind) {
  bool m32 = mnDim == 32;
  switch (kind) {
  case OperandKind::F64:
    if (version >= 2 && !m32)
      return {{4, 1}};
    return {};
  case OperandKind::F32:
    return {{m32 ? 2u : 4u, 1}};
  case OperandKind::XF32:
    if (version == 3)
      return {{m32 ? 4u : 8u, 2}};
    return {};
  case OperandKind::F16:
    if (version == 4)
      return {{m32 ? 16u : 32u, 8}, {m32 ? 8u : 16u, 4}};
    return {{m32 ? 8u : 16u, 4}};
  case OperandKind::BF16:
    if (version == 4)
      return {{m32 ? 16u : 32u, 8}, {m32 ? 8u : 16u, 4}};
    if (version == 3)
      return {{m32 ? 8u : 16u, 4}};
    if (version == 2)
      return {{m32 ? 8u : 16u, 4}, {m32 ? 4u : 8u, 2}};
    return {{m32 ? 4u : 8u, 2}};
  case OperandKind::I8:
    if (version == 4)
      return {{m32 ? 32u : 64u, 16}, {m32 ? 16u : 32u, 8}};
    if (version == 3)
      return {{m32 ? 16u : 32u, 8}};
    return {{m32 ? 8u : 16u, 4}};
  case OperandKind::OcpFp8:
    if (version == 4)
      return {{m32 ? 16u : 32u, 8}};
    return {};
  case OperandKind::FnuzFp8:
    if (version == 3)
      return {{m32 ? 16u : 32u, 8}};
    return {};
  case OperandKind::Other:
    return {};
  }
  return {};
}

// An f32 x f32 dot asked for bf16x3 or bf16x6 precision: each operand is split into 2 or 3
// bf16 parts (hi = bf16(x), the next = bf16(x - hi), ...) and the result sums the products of
// the parts that matter at f32 precision.
bool splitsIntoBf16(tt::DotOp dot) {
  tt::InputPrecision precision = dot.getInputPrecision();
  return (precision == tt::InputPrecision::BF16x3 || precision == tt::InputPrecision::BF16x6) &&
         dot.getA().getType().getElementType().isF32() &&
         dot.getB().getType().getElementType().isF32();
}

// The MFMA instruction for `dot` (Triton's chooseMfmaInstruction with
// nonKDim 0 unless forced): 32x32 tiles when both M and N reach 32, 16x16
// from 16; K per instruction must divide the dot's K (else FMA is cheaper).
FailureOr<MfmaInstruction> selectMfmaInstruction(tt::DotOp dot, int version, int forcedNonKDim,
                                                 bool remarkOnEmulation = true) {
  RankedTensorType resultType = dot.getType();
  ArrayRef<int64_t> shape = resultType.getShape();
  int64_t m = shape[shape.size() - 2], n = shape[shape.size() - 1];
  int64_t inputK = dot.getA().getType().getShape().back();
  unsigned mnDim = forcedNonKDim;
  if (mnDim == 0) {
    int64_t minSize = std::min(m, n);
    mnDim = minSize >= 32 ? 32 : minSize >= 16 ? 16 : 0;
  }
  if (mnDim != 32 && mnDim != 16)
    return failure();
  if (m % mnDim != 0 || n % mnDim != 0)
    return failure();
  Type aType = dot.getA().getType().getElementType();
  Type bType = dot.getB().getType().getElementType();
  bool useTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32 && version == 3;
  OperandKind aKind = kindOf(aType, useTF32), bKind = kindOf(bType, useTF32);
  bool bothFp8 = (aKind == OperandKind::OcpFp8 || aKind == OperandKind::FnuzFp8) &&
                 (bKind == OperandKind::OcpFp8 || bKind == OperandKind::FnuzFp8);
  if (aKind != bKind && !bothFp8)
    return failure();
  // Before CDNA4 the OCP fp8 formats have no instruction: they are
  // computed as f16.
  if (aKind == OperandKind::OcpFp8 && version <= 3) {
    if (remarkOnEmulation)
      dot.emitRemark() << "missing native support for fp8 variant on current architecture; "
                          "emulated with fp16 so low performance";
    aType = bType = Float16Type::get(dot.getContext());
    aKind = OperandKind::F16;
  }
  // f32 dots at bf16x3 / bf16x6 precision run as several bf16 dots of the operands' split
  // parts (BlockedDotToMfma), on the bf16 instructions.
  if (splitsIntoBf16(dot)) {
    aType = bType = BFloat16Type::get(dot.getContext());
    aKind = OperandKind::BF16;
  }
  auto choices = mfmaKChoices(version, mnDim, aKind);
  if (choices.empty())
    return failure();
  auto chosen = choices.back();
  for (auto choice : ArrayRef(choices).drop_back())
    if (inputK >= choice.first) {
      chosen = choice;
      break;
    }
  if (forcedNonKDim == 0 && inputK % chosen.first != 0)
    return failure();
  return MfmaInstruction{mnDim, mnDim, chosen.first, chosen.second, aType, bType};
}

// The mfma-types name of an instruction's operands (the instruction's, so fp8 computed as
// f16 is "f16").
StringRef mfmaTypeName(const MfmaInstruction &instruction, tt::DotOp dot, int version) {
  bool useTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32 && version == 3;
  switch (kindOf(instruction.aType, useTF32)) {
  case OperandKind::F64:
    return "f64";
  case OperandKind::F32:
    return "f32";
  case OperandKind::XF32:
    return "tf32";
  case OperandKind::F16:
    return "f16";
  case OperandKind::BF16:
    return "bf16";
  case OperandKind::I8:
    return "i8";
  case OperandKind::OcpFp8:
  case OperandKind::FnuzFp8:
    return "fp8";
  case OperandKind::Other:
    break;
  }
  return "";
}

// "f16 x f16 -> f32", with the input precision of f32 operands.
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

//===----------------------------------------------------------------------===//
// Warp arrangement
//===----------------------------------------------------------------------===//

// A dot whose result (through elementwise ops) is the A operand of another
// dot: the first dot of attention.
bool isChainDotHead(tt::DotOp dot) {
  SetVector<Operation *> slice;
  ForwardSliceOptions options;
  options.filter = [&](Operation *op) { return op->getParentRegion() == dot->getParentRegion(); };
  getForwardSlice(dot.getOperation(), &slice, options);
  for (Operation *op : slice) {
    auto other = dyn_cast<tt::DotOp>(op);
    if (!other || other == dot)
      continue;
    Operation *aDef = other.getA().getDefiningOp();
    if (aDef && (aDef == dot || slice.contains(aDef)))
      return true;
  }
  return false;
}

// A dot whose A operand is computed from another dot's result.
bool isChainDotTail(tt::DotOp dot) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) { return op->getParentRegion() == dot->getParentRegion(); };
  (void)getBackwardSlice(dot.getA(), &slice, options);
  return llvm::any_of(slice, [](Operation *op) { return isa<tt::DotOp>(op); });
}

// Warps double along M while M has at least twice as many instruction
// tiles per warp as N (and rows remain), else along N; if N then holds
// fewer columns than the warps cover, the two counts swap. Attention's
// first dot puts every warp on M, its second follows M as far as rows go.
SmallVector<unsigned> warpsPerTile(tt::DotOp dot, ArrayRef<int64_t> shape, int numWarps,
                                   unsigned mDim, unsigned nDim) {
  unsigned warps = static_cast<unsigned>(numWarps);
  if (shape.size() == 3)
    return {warps, 1, 1};
  if (isChainDotHead(dot))
    return {warps, 1};
  if (isChainDotTail(dot)) {
    unsigned alongM = static_cast<unsigned>(
        std::min<int64_t>(numWarps, llvm::divideCeilSigned(shape[0], int64_t(mDim))));
    return {alongM, warps / alongM};
  }
  SmallVector<unsigned> result = {1, 1};
  while (result[0] * result[1] < warps) {
    if (shape[0] / (mDim * 2) / result[0] >= shape[1] / nDim / result[1]) {
      if (result[0] < shape[0] / mDim)
        result[0] *= 2;
      else
        result[1] *= 2;
    } else {
      result[1] *= 2;
    }
  }
  if (result[1] * nDim > shape[1])
    return {result[1], result[0]};
  return result;
}

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

// `value` converted to `encoding` and cast to `elementType` (the cast only
// when the types differ).
Value convertAndCast(PatternRewriter &rewriter, Value value, Attribute encoding,
                     Type elementType) {
  Location loc = value.getLoc();
  auto type = cast<RankedTensorType>(value.getType());
  auto convertedType = RankedTensorType::get(type.getShape(), type.getElementType(), encoding);
  Value converted = ConvertLayoutOp::create(rewriter, loc, convertedType, value);
  Type oldElementType = type.getElementType();
  if (oldElementType == elementType)
    return converted;
  auto castType = convertedType.clone(elementType);
  if (elementType.isInteger()) {
    unsigned oldWidth = oldElementType.getIntOrFloatBitWidth();
    unsigned newWidth = elementType.getIntOrFloatBitWidth();
    if (oldWidth > newWidth)
      return arith::TruncIOp::create(rewriter, loc, castType, converted);
    return arith::ExtSIOp::create(rewriter, loc, castType, converted);
  }
  if (oldElementType.isF16() && elementType.isF32())
    return arith::ExtFOp::create(rewriter, loc, castType, converted);
  if (oldElementType.isF32() && elementType.isF16())
    return arith::TruncFOp::create(rewriter, loc, castType, converted);
  return tt::FpToFpOp::create(rewriter, loc, castType, converted, tt::RoundingModeAttr());
}

int mfmaVersionOf(StringRef arch) {
  if (arch == "gfx908")
    return 1;
  if (arch == "gfx90a")
    return 2;
  if (arch == "gfx940" || arch == "gfx941" || arch == "gfx942")
    return 3;
  if (arch == "gfx950")
    return 4;
  return 0;
}

// bf16x3 / bf16x6 `dot` on MFMA: the operands go to their operand layouts as f32 (shared
// memory holds f32) and are split there (Triton's 3xBF16 / 6xBF16 emulation).
Value splitDot(PatternRewriter &rewriter, tt::DotOp dot, Value accumulator,
               ttg::DotOperandEncodingAttr aEncoding, ttg::DotOperandEncodingAttr bEncoding) {
  Location loc = dot.getLoc();
  unsigned parts = dot.getInputPrecision() == tt::InputPrecision::BF16x6 ? 3 : 2;
  SmallVector<Value, 3> a = ttg::splitIntoBf16(
      rewriter, loc, convertAndCast(rewriter, dot.getA(), aEncoding, rewriter.getF32Type()), parts);
  SmallVector<Value, 3> b = ttg::splitIntoBf16(
      rewriter, loc, convertAndCast(rewriter, dot.getB(), bEncoding, rewriter.getF32Type()), parts);
  return ttg::sumOfBf16PartDots(rewriter, loc, a, b, accumulator);
}

struct BlockedDotToMfma : OpRewritePattern<tt::DotOp> {
  BlockedDotToMfma(MLIRContext *context, int version, int forcedNonKDim, int kPack,
                   const DenseSet<Operation *> &keptOnFma)
      : OpRewritePattern(context), version(version), forcedNonKDim(forcedNonKDim), kPack(kPack),
        keptOnFma(keptOnFma) {}

  LogicalResult matchAndRewrite(tt::DotOp dot, PatternRewriter &rewriter) const override {
    RankedTensorType oldType = dot.getType();
    auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(oldType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(dot, "expected a blocked result");
    if (keptOnFma.contains(dot.getOperation()))
      return rewriter.notifyMatchFailure(dot, "its MFMA operand types are not lowered");
    FailureOr<MfmaInstruction> instruction = selectMfmaInstruction(dot, version, forcedNonKDim);
    if (failed(instruction))
      return rewriter.notifyMatchFailure(dot, "no MFMA instruction fits");
    MLIRContext *context = getContext();
    unsigned rank = oldType.getRank();
    SmallVector<unsigned> warps = warpsPerTile(dot, oldType.getShape(), ttg::TTGDialect::lookupNumWarps(dot).value_or(4),
                                               instruction->mDim, instruction->nDim);
    // A transposed result puts consecutive columns in one lane, so the
    // epilogue stores vectorize; gfx942's fp8 kernels regressed with it.
    bool isFp8 = isa<Float8E5M2FNUZType, Float8E4M3FNUZType, Float8E4M3FNType, Float8E5M2Type>(
        instruction->aType);
    bool isTransposed = isChainDotHead(dot) || isChainDotTail(dot) || !isFp8;
    SmallVector<unsigned> tilesPerWarp(rank, 1);
    auto mfma = ttg::AMDMfmaEncodingAttr::get(
        context, version, warps, {instruction->mDim, instruction->nDim, instruction->kDim},
        isTransposed, blocked.getCGALayout(), tilesPerWarp, /*elementBitWidth=*/32);
    Type accumulatorType = oldType.getElementType().isInteger()
                               ? Type(rewriter.getIntegerType(32))
                               : Type(rewriter.getF32Type());
    Value accumulator = convertAndCast(rewriter, dot.getC(), mfma, accumulatorType);
    // kWidth: the K elements a lane reads from shared memory at once --
    // one instruction's worth (kBase), kPack instructions' worth when
    // asked, except for attention's second dot whose A operand comes in
    // the first dot's registers.
    unsigned kWidth = instruction->kBase;
    if (!isChainDotTail(dot))
      kWidth *= kPack;
    auto aEncoding = ttg::DotOperandEncodingAttr::get(context, 0, mfma, kWidth);
    auto bEncoding = ttg::DotOperandEncodingAttr::get(context, 1, mfma, kWidth);
    if (splitsIntoBf16(dot)) {
      Value result = splitDot(rewriter, dot, accumulator, aEncoding, bEncoding);
      rewriter.replaceOp(dot, convertAndCast(rewriter, result, blocked, oldType.getElementType()));
      return success();
    }
    Value a = convertAndCast(rewriter, dot.getA(), aEncoding, instruction->aType);
    Value b = convertAndCast(rewriter, dot.getB(), bEncoding, instruction->bType);
    Value result = tt::DotOp::create(rewriter, dot.getLoc(), accumulator.getType(), a, b,
                                     accumulator, dot.getInputPrecision(),
                                     dot.getMaxNumImpreciseAcc());
    rewriter.replaceOp(dot, convertAndCast(rewriter, result, blocked, oldType.getElementType()));
    return success();
  }

  int version;
  int forcedNonKDim;
  int kPack;
  const DenseSet<Operation *> &keptOnFma;
};

// Triton 3.6's ScaledBlockedToMFMA (CDNA3): a tt.dot_scaled with one scaled operand, the
// other bf16, fp16 or fp8, goes to an MFMA dot in the compute type (f16 with an fp16 operand,
// else bf16). Both operands are converted to MFMA dot operands first, fp8 is upcast there,
// and the scaled one is multiplied by its scales with amdg.upcast_mxfp, the scales held one
// row per lane ([mDim, 64 / mDim] lanes, warps along the rows); the warps split the scaled
// operand's M or N, so that its K stays in one warp.
LogicalResult rewriteScaledDotToMfma(tt::DotScaledOp dot, int forcedNonKDim, int kPack) {
  RankedTensorType oldType = dot.getType();
  auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(oldType.getEncoding());
  using Format = tt::ScaleDotElemType;
  auto supported = [](Format format) {
    return format == Format::E2M1 || format == Format::E4M3 || format == Format::E5M2 ||
           format == Format::BF16 || format == Format::FP16;
  };
  Format aFormat = dot.getAElemType(), bFormat = dot.getBElemType();
  bool aScaled = static_cast<bool>(dot.getAScale());
  bool bScaled = static_cast<bool>(dot.getBScale());
  // An unscaled e2m1 operand has nothing to unpack it here: the generic decomposition takes
  // such dots (Triton 3.6 fails on them).
  if (!blocked || oldType.getRank() != 2 || aScaled == bScaled || !dot.getLhsKPack() ||
      !dot.getRhsKPack() || !supported(aFormat) || !supported(bFormat) ||
      (!aScaled && aFormat == Format::E2M1) || (!bScaled && bFormat == Format::E2M1))
    return failure();
  MLIRContext *context = dot.getContext();
  bool useFp16 = aFormat == Format::FP16 || bFormat == Format::FP16;
  Type computeType = useFp16 ? Type(Float16Type::get(context)) : Type(BFloat16Type::get(context));
  int64_t m = oldType.getDimSize(0), n = oldType.getDimSize(1);
  unsigned mnDim = forcedNonKDim;
  if (mnDim == 0)
    mnDim = std::min(m, n) >= 32 ? 32 : 16;
  if (std::min(m, n) < 16 || m % mnDim != 0 || n % mnDim != 0)
    return failure();
  auto choices = mfmaKChoices(3, mnDim, useFp16 ? OperandKind::F16 : OperandKind::BF16);
  if (choices.empty())
    return failure();
  auto [kDim, kBase] = choices.front();
  unsigned aKWidth = kBase * kPack, bKWidth = kBase * kPack;
  if (aFormat == Format::E2M1) {
    aKWidth = 4;
    bKWidth = 8;
  } else if (bFormat == Format::E2M1) {
    aKWidth = 8;
    bKWidth = 4;
  }
  int numWarps = ttg::TTGDialect::lookupNumWarps(dot).value_or(4);
  SmallVector<unsigned> warps = aScaled ? SmallVector<unsigned>{unsigned(numWarps), 1}
                                        : SmallVector<unsigned>{1, unsigned(numWarps)};
  auto mfma = ttg::AMDMfmaEncodingAttr::get(context, 3, warps, {mnDim, mnDim, kDim},
                                            /*isTransposed=*/true, blocked.getCGALayout(),
                                            SmallVector<unsigned>{1, 1}, /*elementBitWidth=*/32);
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  auto convert = [&](Value value, Attribute encoding) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    return ttg::ConvertLayoutOp::create(builder, loc, type.cloneWithEncoding(encoding), value);
  };
  Value accumulator = convert(dot.getC(), mfma);
  int threadsPerWarp = ttg::TTGDialect::getThreadsPerWarp(dot->getParentOfType<ModuleOp>());
  auto operand = [&](Value value, Value scale, Format format, unsigned opIdx,
                     unsigned kWidth) -> Value {
    auto encoding = ttg::DotOperandEncodingAttr::get(context, opIdx, mfma, kWidth);
    Value result = convert(value, encoding);
    auto type = cast<RankedTensorType>(result.getType());
    if (format == Format::E4M3 || format == Format::E5M2) {
      if (type.getElementType().isInteger(8))
        result = tt::BitcastOp::create(builder, loc,
                                       type.clone(format == Format::E4M3
                                                      ? Type(Float8E4M3FNType::get(context))
                                                      : Type(Float8E5M2Type::get(context))),
                                       result);
      result = tt::FpToFpOp::create(builder, loc, type.clone(computeType), result,
                                    tt::RoundingModeAttr());
    }
    if (!scale)
      return result;
    auto scaleType = cast<RankedTensorType>(scale.getType());
    auto scaleEncoding =
        ttg::BlockedEncodingAttr::get(context, {1, 1}, {mnDim, unsigned(threadsPerWarp) / mnDim},
                                      {unsigned(numWarps), 1}, {1, 0}, blocked.getCGALayout());
    Value laidOutScale = ttg::ConvertLayoutOp::create(
        builder, loc, scaleType.cloneWithEncoding(scaleEncoding), scale);
    auto upcastType = cast<RankedTensorType>(result.getType());
    RankedTensorType resultType = upcastType;
    if (format == Format::E2M1) {
      SmallVector<int64_t> shape(upcastType.getShape());
      shape[opIdx == 0 ? 1 : 0] *= 2;
      resultType = RankedTensorType::get(
          shape, computeType, ttg::DotOperandEncodingAttr::get(context, opIdx, mfma, kWidth * 2));
    }
    return UpcastMXFPOp::create(builder, loc, resultType, result, laidOutScale,
                                tt::ScaleDotElemTypeAttr::get(context, format),
                                builder.getBoolAttr(dot.getFastMath()));
  };
  Value a = operand(dot.getA(), dot.getAScale(), aFormat, 0, aKWidth);
  Value b = operand(dot.getB(), dot.getBScale(), bFormat, 1, bKWidth);
  Value result = tt::DotOp::create(builder, loc, accumulator.getType(), a, b, accumulator,
                                   tt::InputPrecision::IEEE, 0);
  dot.replaceAllUsesWith(convert(result, blocked));
  dot.erase();
  return success();
}

} // namespace

LogicalResult accelerateAMDMatmul(ModuleOp module, int forcedNonKDim, int kPack,
                                  ArrayRef<std::string> mfmaTypes) {
  auto target = module->getAttrOfType<StringAttr>(ttg::kTargetAttr);
  if (!target)
    return success();
  auto [backend, arch] = target.getValue().split(':');
  int version = backend == "hip" ? mfmaVersionOf(arch) : 0;
  // Scaled dots: on CDNA3 those with one scaled operand scale it in the MFMA operand layout
  // (amdg.upcast_mxfp); the others, and every one elsewhere, become upcasts, scale products
  // and an ordinary dot (the generic decomposition), which the rewrite below accelerates.
  SmallVector<tt::DotScaledOp> scaledDots;
  module.walk([&](tt::DotScaledOp dot) { scaledDots.push_back(dot); });
  for (tt::DotScaledOp dot : scaledDots)
    if (version == 3)
      (void)rewriteScaledDotToMfma(dot, forcedNonKDim, kPack);
  if (failed(ttg::decomposeScaledDots(module)))
    return failure();
  // RDNA's WMMA is not supported: dots there stay on the FMA path.
  if (version == 0)
    return success();
  // Dots whose instruction takes operand types outside mfmaTypes: decided before the rewrite,
  // which may visit a dot more than once, so that each is reported once.
  DenseSet<Operation *> keptOnFma;
  if (!mfmaTypes.empty())
    module.walk([&](tt::DotOp dot) {
      if (!isa_and_nonnull<ttg::BlockedEncodingAttr>(dot.getType().getEncoding()))
        return;
      FailureOr<MfmaInstruction> instruction =
          selectMfmaInstruction(dot, version, forcedNonKDim, /*remarkOnEmulation=*/false);
      if (failed(instruction) ||
          llvm::is_contained(mfmaTypes, mfmaTypeName(*instruction, dot, version).str()))
        return;
      keptOnFma.insert(dot.getOperation());
      dot.emitWarning() << "tl.dot with " << dotTypesText(dot) << " has no matrix-core path on "
                        << arch << " yet; using FMA";
    });
  RewritePatternSet patterns(module.getContext());
  patterns.add<BlockedDotToMfma>(module.getContext(), version, forcedNonKDim, kPack, keptOnFma);
  return applyPatternsGreedily(module, std::move(patterns));
}

namespace {

struct TritonAMDGPUAccelerateMatmulPass
    : impl::TritonAMDGPUAccelerateMatmulBase<TritonAMDGPUAccelerateMatmulPass> {
  using Base::Base;
  void runOnOperation() override {
    std::vector<std::string> types(mfmaTypes.begin(), mfmaTypes.end());
    if (failed(accelerateAMDMatmul(getOperation(), matrixInstructionSize, kPack, types)))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::amdg
