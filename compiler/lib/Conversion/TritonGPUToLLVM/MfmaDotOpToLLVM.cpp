// tt.dot with a #ttg.amd_mfma result to LLVM: one matrix-core instruction (v_mfma_*) per
// S x S accumulator tile and K step of each wavefront, as on gfx942.
//
// The instruction follows from the layout's instrShape [S, S, K] and the operand types (f16,
// bf16, f32, f32 at tf32 precision, i8); MfmaPlan reads off the operand and result layouts
// which registers form each lane's fragments, and this pattern gathers them into vectors
// (each built once however many tiles read it), emits the instructions through
// TargetInfo::matrixCoreMma with the dot's B as the first source when the layout is
// transposed, and chains each tile's accumulator vector through its K steps. The steps go
// K-outermost, as for mma.sync, so that consecutive instructions do not wait on each other's
// accumulators.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/MfmaPlan.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;

namespace trex {

namespace {

constexpr int kWaveSize = 64;

// The instruction kind for a dot's types and the layout's K elements per lane (kBase), if
// trex lowers it: f32 operands take the xf32 forms only at tf32 precision, as Triton's
// instruction selection gives them.
std::optional<MatrixCoreKind> matrixCoreKind(tt::DotOp op, int kBase) {
  Type a = op.getA().getType().getElementType();
  Type b = op.getB().getType().getElementType();
  Type result = op.getType().getElementType();
  if (a != b)
    return std::nullopt;
  if (result.isF32()) {
    if (a.isF16() && kBase == 4)
      return MatrixCoreKind::F16;
    if (a.isBF16() && kBase == 4)
      return MatrixCoreKind::BF16;
    if (a.isF32() && kBase == 1)
      return MatrixCoreKind::F32;
    if (a.isF32() && kBase == 2 && op.getInputPrecision() == tt::InputPrecision::TF32)
      return MatrixCoreKind::XF32;
  }
  if (result.isInteger(32) && a.isInteger(8) && kBase == 8)
    return MatrixCoreKind::I8;
  return std::nullopt;
}

std::string shapeText(ArrayRef<unsigned> shape) {
  std::string text;
  for (unsigned size : shape)
    text += (text.empty() ? "" : "x") + std::to_string(size);
  return text;
}

struct MfmaDotOpConversion : public ConvertOpToLLVMPattern<tt::DotOp> {
  MfmaDotOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::DotOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    auto mfma = dyn_cast_or_null<ttg::AMDMfmaEncodingAttr>(resultType.getEncoding());
    if (!mfma)
      return rewriter.notifyMatchFailure(op, "not a matrix-core dot");
    ArrayRef<unsigned> instrShape = mfma.getInstrShape();
    if (instrShape.size() != 3 || instrShape[0] != instrShape[1] ||
        (instrShape[0] != 32 && instrShape[0] != 16) ||
        instrShape[2] * instrShape[0] % kWaveSize != 0)
      return op.emitError() << "trex lowers #ttg.amd_mfma dots with 32x32xK and 16x16xK "
                               "instructions, not instrShape "
                            << shapeText(instrShape) << " (for " << target.targetName() << ")";
    MatrixCoreInstruction instruction{MatrixCoreKind::F16, static_cast<int>(instrShape[0]),
                                      static_cast<int>(instrShape[2])};
    int kBase = instruction.k * instruction.nonKDim / kWaveSize;
    std::optional<MatrixCoreKind> kind = matrixCoreKind(op, kBase);
    if (!kind)
      return op.emitError()
             << "trex's MFMA lowering takes f16 x f16 and bf16 x bf16 into f32 (instrShape "
                "32x32x8, 16x16x16), f32 x f32 into f32 (32x32x2, 16x16x4; at tf32 precision "
                "32x32x4, 16x16x8) and i8 x i8 into i32 (32x32x16, 16x16x32), not "
             << op.getA().getType().getElementType() << " x "
             << op.getB().getType().getElementType() << " -> " << resultType.getElementType()
             << " with instrShape " << shapeText(instrShape) << " for " << target.targetName();
    instruction.kind = *kind;

    std::optional<layoutviz::LinearLayout> aLayout = linearLayoutOf(op.getA().getType());
    std::optional<layoutviz::LinearLayout> bLayout = linearLayoutOf(op.getB().getType());
    std::optional<layoutviz::LinearLayout> cLayout = linearLayoutOf(resultType);
    if (!aLayout || !bLayout || !cLayout)
      return op.emitError() << "the operands of an MFMA tt.dot need #ttg.dot_op layouts";
    std::string why;
    std::optional<MfmaPlan> plan = planMfma(*aLayout, *bLayout, *cLayout, instruction.nonKDim,
                                            kBase, mfma.getIsTransposed(), why);
    if (!plan)
      return op.emitError() << "trex cannot lower this dot to MFMA instructions: " << why;

    Location loc = op.getLoc();
    SmallVector<Value> aValues = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bValues = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> accumulators = unpackElements(loc, adaptor.getC(), rewriter);

    LLVMBuilder b(rewriter, loc);
    using VectorCache = std::map<std::vector<int32_t>, Value>;
    VectorCache aVectors, bVectors;
    auto gather = [&](const std::vector<int32_t> &registers, ArrayRef<Value> values,
                      VectorCache &cache) {
      auto found = cache.find(registers);
      if (found != cache.end())
        return found->second;
      Type elementType = values[registers.front()].getType();
      Value vector =
          b.undef(VectorType::get({static_cast<int64_t>(registers.size())}, elementType));
      for (size_t element = 0; element < registers.size(); ++element)
        vector = b.insertElement(vector, values[registers[element]], element);
      cache[registers] = vector;
      return vector;
    };

    Type accumulatorElement = getTypeConverter()->convertType(resultType.getElementType());
    auto accumulatorType = VectorType::get({plan->valuesPerLane}, accumulatorElement);
    std::vector<Value> tileValues;
    for (const MfmaTile &tile : plan->tiles) {
      Value vector = b.undef(accumulatorType);
      for (size_t value = 0; value < tile.accumulator.size(); ++value)
        vector = b.insertElement(vector, accumulators[tile.accumulator[value]], value);
      tileValues.push_back(vector);
    }
    size_t steps = plan->tiles.empty() ? 0 : plan->tiles.front().steps.size();
    for (size_t step = 0; step < steps; ++step)
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile) {
        const MfmaStep &operands = plan->tiles[tile].steps[step];
        Value a = gather(operands.a, aValues, aVectors);
        Value bOperand = gather(operands.b, bValues, bVectors);
        FailureOr<Value> result =
            plan->transposed
                ? target.matrixCoreMma(rewriter, loc, instruction, bOperand, a, tileValues[tile])
                : target.matrixCoreMma(rewriter, loc, instruction, a, bOperand, tileValues[tile]);
        if (failed(result))
          return op.emitError() << "trex has no MFMA instruction of " << target.targetName()
                                << " for " << op.getA().getType().getElementType() << " x "
                                << op.getB().getType().getElementType() << " -> "
                                << resultType.getElementType() << " with instrShape "
                                << shapeText(instrShape);
        tileValues[tile] = *result;
      }

    SmallVector<Value> results(plan->canonical.size());
    for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
      for (size_t value = 0; value < plan->tiles[tile].accumulator.size(); ++value)
        results[plan->tiles[tile].accumulator[value]] =
            b.extractElement(tileValues[tile], static_cast<int64_t>(value));
    for (size_t reg = 0; reg < results.size(); ++reg)
      results[reg] = results[plan->canonical[reg]];
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateMfmaDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<MfmaDotOpConversion>(converter, target);
}

} // namespace trex
