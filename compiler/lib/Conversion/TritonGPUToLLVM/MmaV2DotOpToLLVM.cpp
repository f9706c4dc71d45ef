// tt.dot with a #ttg.nvidia_mma v2 result to LLVM: one mma.sync per 16 x 8 accumulator tile
// and K step, as on sm_80 (and, forced, on sm_90).
//
// MmaV2Plan reads off the operand and result layouts which registers form each fragment word;
// this pattern packs those registers into 32-bit words (2 f16/bf16, 1 tf32, 4 i8 each; f64
// fragments, laid out as tf32's, stay one f64 per register), emits
// the instructions through TargetInfo::warpMma and chains each tile's accumulator through its
// K steps. The steps go K-outermost, as Triton orders them, so that consecutive instructions
// do not wait on each other's accumulators.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/MmaV2Plan.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;

namespace trex {

namespace {

// The mma.sync kind for a dot's operand and result element types, if trex lowers it.
std::optional<WarpMmaKind> warpMmaKind(tt::DotOp op) {
  Type a = op.getA().getType().getElementType();
  Type b = op.getB().getType().getElementType();
  Type result = op.getType().getElementType();
  if (a != b)
    return std::nullopt;
  if (result.isF16() && a.isF16())
    return WarpMmaKind::F16Accumulate;
  if (result.isF32()) {
    if (a.isF16())
      return WarpMmaKind::F16;
    if (a.isBF16())
      return WarpMmaKind::BF16;
    if (a.isF32() && op.getInputPrecision() == tt::InputPrecision::TF32)
      return WarpMmaKind::TF32;
  }
  if (result.isInteger(32) && a.isInteger(8))
    return WarpMmaKind::S8;
  if (result.isF64() && a.isF64())
    return WarpMmaKind::F64;
  return std::nullopt;
}

int32_t elementsPerWord(WarpMmaKind kind) {
  switch (kind) {
  case WarpMmaKind::F16:
  case WarpMmaKind::BF16:
  case WarpMmaKind::F16Accumulate:
    return 2;
  case WarpMmaKind::TF32:
  case WarpMmaKind::F64:
    return 1;
  case WarpMmaKind::S8:
    return 4;
  }
  return 1;
}

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<tt::DotOp> {
  MmaV2DotOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::DotOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<ttg::NvidiaMmaEncodingAttr>(resultType.getEncoding());
    if (!mma)
      return rewriter.notifyMatchFailure(op, "not a tensor-core dot");
    if (!mma.isAmpere())
      return op.emitError() << "trex lowers tt.dot on tensor cores only with mma.sync "
                               "(#ttg.nvidia_mma versionMajor = 2) for "
                            << target.targetName();
    std::optional<WarpMmaKind> kind = warpMmaKind(op);
    if (!kind)
      return op.emitError() << "trex's mma.sync lowering takes f16 x f16, bf16 x bf16 or tf32 "
                               "(f32 x f32) dots into f32, f16 x f16 into f16, i8 x i8 "
                               "into i32 and f64 x f64 into f64, not "
                            << op.getA().getType().getElementType() << " x "
                            << op.getB().getType().getElementType() << " -> "
                            << resultType.getElementType();
    std::optional<layoutviz::LinearLayout> aLayout = linearLayoutOf(op.getA().getType());
    std::optional<layoutviz::LinearLayout> bLayout = linearLayoutOf(op.getB().getType());
    std::optional<layoutviz::LinearLayout> cLayout = linearLayoutOf(resultType);
    if (!aLayout || !bLayout || !cLayout)
      return op.emitError() << "the operands of an mma.sync tt.dot need #ttg.dot_op layouts";
    std::string why;
    std::optional<MmaV2Plan> plan =
        planMmaV2(*aLayout, *bLayout, *cLayout, elementsPerWord(*kind), why);
    if (!plan)
      return op.emitError() << "trex cannot lower this dot to mma.sync: " << why;

    Location loc = op.getLoc();
    SmallVector<Value> aValues = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bValues = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> accumulators = unpackElements(loc, adaptor.getC(), rewriter);

    // Fragment words, each packed once however many tiles read it.
    LLVMBuilder b(rewriter, loc);
    using WordCache = std::map<std::vector<int32_t>, Value>;
    WordCache aWords, bWords;
    auto words = [&](ArrayRef<int32_t> registers, ArrayRef<Value> values, WordCache &packed) {
      int32_t p = plan->elementsPerWord;
      SmallVector<Value> result;
      for (size_t start = 0; start < registers.size(); start += p) {
        std::vector<int32_t> key(registers.begin() + start, registers.begin() + start + p);
        auto found = packed.find(key);
        if (found != packed.end()) {
          result.push_back(found->second);
          continue;
        }
        Value word;
        if (*kind == WarpMmaKind::F64) {
          word = values[registers[start]]; // one f64 per fragment register
        } else if (p == 1) {
          word = b.bitcast(values[registers[start]], rewriter.getI32Type());
        } else {
          Type elementType = values[registers[start]].getType();
          Value vector = b.undef(VectorType::get(p, elementType));
          for (int32_t element = 0; element < p; ++element)
            vector = b.insertElement(vector, values[registers[start + element]], element);
          word = b.bitcast(vector, rewriter.getI32Type());
        }
        packed[key] = word;
        result.push_back(word);
      }
      return result;
    };

    std::vector<SmallVector<Value>> tileValues;
    for (const MmaV2Tile &tile : plan->tiles) {
      SmallVector<Value> values;
      for (int32_t reg : tile.accumulator)
        values.push_back(accumulators[reg]);
      tileValues.push_back(values);
    }
    size_t steps = plan->tiles.empty() ? 0 : plan->tiles.front().steps.size();
    for (size_t step = 0; step < steps; ++step)
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile) {
        const MmaV2Step &operands = plan->tiles[tile].steps[step];
        SmallVector<Value> a = words(operands.a, aValues, aWords);
        SmallVector<Value> bOperand = words(operands.b, bValues, bWords);
        FailureOr<SmallVector<Value>> result =
            target.warpMma(rewriter, loc, *kind, a, bOperand, tileValues[tile]);
        if (failed(result))
          return op.emitError() << target.targetName() << " has no mma.sync";
        tileValues[tile] = *result;
      }

    SmallVector<Value> results(plan->canonical.size());
    for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
      for (size_t slot = 0; slot < 4; ++slot)
        results[plan->tiles[tile].accumulator[slot]] = tileValues[tile][slot];
    for (size_t reg = 0; reg < results.size(); ++reg)
      results[reg] = results[plan->canonical[reg]];
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateMmaV2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<MmaV2DotOpConversion>(converter, target);
}

} // namespace trex
