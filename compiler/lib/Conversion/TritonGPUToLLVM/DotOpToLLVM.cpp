// tt.dot with a #ttg.blocked result to LLVM: the FMA path, without tensor cores.
//
// The operands arrive in #ttg.dot_op layouts of the result's layout. Such a layout gives each
// thread, for every row of the result it holds, the whole K extent of that row of A (and for
// every column, the whole column of B); lanes and warps are spread over M and N exactly as in
// the result, and broadcast along K. Which register holds which element is read off the three
// linear layouts rather than assumed: for each result register (b, m, n) of a thread, its A
// registers are those at (b, m, k) and its B registers those at (b, k, n), k = 0 .. K-1, and
// the lane and warp parts of the three layouts are checked to agree, so every thread finds
// its operands in its own registers.
//
// Each output is accumulated in K order with llvm.fmuladd (floats) or mul + add (integers), in
// the accumulator's type: narrower inputs are widened first (f16/bf16/fp8 to f32, i8 to i32),
// as Triton's FMA path does when it decomposes mixed-precision dots.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/Fp8Conversion.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;

namespace trex {

namespace {

using Coordinates = std::vector<int32_t>;

// The coordinates each register of a layout holds in lane 0 of warp 0.
std::vector<Coordinates> registerCoordinates(const layoutviz::LinearLayout &layout) {
  size_t rank = static_cast<size_t>(layout.getNumOutDims());
  std::vector<layoutviz::LinearLayout::Basis> bases;
  if (layout.hasInDim("register"))
    bases = layout.getInDimBases("register");
  std::vector<Coordinates> result;
  for (int64_t reg = 0; reg < (int64_t(1) << bases.size()); ++reg) {
    Coordinates coordinates(rank, 0);
    for (size_t bit = 0; bit < bases.size(); ++bit)
      if (reg >> bit & 1)
        for (size_t dim = 0; dim < rank; ++dim)
          coordinates[dim] ^= bases[bit][dim];
    result.push_back(coordinates);
  }
  return result;
}

// Whether the `inDim` (lane or warp) bases of an operand are the result's with the dim the
// operand lacks (N for A, M for B) zeroed and nothing along the operand's K: then a thread's
// operand elements are on the rows and columns of its result elements.
bool threadsAgree(const layoutviz::LinearLayout &result, const layoutviz::LinearLayout &operand,
                  const char *inDim, size_t resultDimDropped) {
  if (!result.hasInDim(inDim) || !operand.hasInDim(inDim))
    return result.hasInDim(inDim) == operand.hasInDim(inDim);
  const auto &resultBases = result.getInDimBases(inDim);
  const auto &operandBases = operand.getInDimBases(inDim);
  if (resultBases.size() != operandBases.size())
    return false;
  for (size_t bit = 0; bit < resultBases.size(); ++bit) {
    // The dropped result dim and the operand's K dim are the same position (N and K for A,
    // M and K for B), so both must be zero there and agree everywhere else.
    Coordinates expected = resultBases[bit];
    expected[resultDimDropped] = 0;
    if (operandBases[bit] != expected)
      return false;
  }
  return true;
}

struct DotOpConversion : public ConvertOpToLLVMPattern<tt::DotOp> {
  DotOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::DotOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    // mma.sync dots are MmaV2DotOpToLLVM's, MFMA dots MfmaDotOpToLLVM's.
    if (isa<ttg::NvidiaMmaEncodingAttr, ttg::AMDMfmaEncodingAttr>(resultType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "a tensor-core dot");
    if (!isa<ttg::BlockedEncodingAttr>(resultType.getEncoding()))
      return op.emitError() << "trex lowers tt.dot on the FMA path (a #ttg.blocked result), "
                               "with mma.sync (#ttg.nvidia_mma v2) or with MFMA (#ttg.amd_mfma) "
                               "for "
                            << target.targetName()
                            << "; other tensor-core layouts are not lowered yet";
    std::optional<layoutviz::LinearLayout> resultLayout = linearLayoutOf(resultType);
    std::optional<layoutviz::LinearLayout> aLayout = linearLayoutOf(aType);
    std::optional<layoutviz::LinearLayout> bLayout = linearLayoutOf(bType);
    if (!resultLayout || !aLayout || !bLayout)
      return op.emitError() << "the operands of an FMA tt.dot need #ttg.dot_op layouts";

    size_t rank = resultType.getRank();
    size_t mDim = rank - 2, nDim = rank - 1;
    // A is [.., M, K], B is [.., K, N].
    size_t aKDim = rank - 1, bKDim = rank - 2;
    for (const char *inDim : {"lane", "warp"})
      if (!threadsAgree(*resultLayout, *aLayout, inDim, nDim) ||
          !threadsAgree(*resultLayout, *bLayout, inDim, mDim))
        return op.emitError() << "the #ttg.dot_op operand layouts do not give each thread the "
                                 "rows and columns of its result elements (FMA dot)";

    Type accumulatorType = getTypeConverter()->convertType(resultType.getElementType());
    Type aElement = aType.getElementType(), bElement = bType.getElementType();
    bool integer = isa<IntegerType>(accumulatorType);
    if (integer != isa<IntegerType>(aElement) || integer != isa<IntegerType>(bElement))
      return op.emitError() << "trex's FMA dot needs integer operands for an integer result and "
                               "floating-point ones otherwise";

    Location loc = op.getLoc();
    SmallVector<Value> aValues = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bValues = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> accumulators = unpackElements(loc, adaptor.getC(), rewriter);

    // Register of each operand element this thread holds, keyed by coordinates.
    auto indexRegisters = [](const std::vector<Coordinates> &coordinates) {
      std::map<Coordinates, int64_t> index;
      for (size_t reg = 0; reg < coordinates.size(); ++reg)
        index.emplace(coordinates[reg], static_cast<int64_t>(reg));
      return index;
    };
    std::map<Coordinates, int64_t> aIndex = indexRegisters(registerCoordinates(*aLayout));
    std::map<Coordinates, int64_t> bIndex = indexRegisters(registerCoordinates(*bLayout));
    std::vector<Coordinates> resultCoordinates = registerCoordinates(*resultLayout);

    // Widened operands, converted once per step of k.
    auto widened = [&](std::map<int64_t, Value> &cache, ArrayRef<Value> values, int64_t reg,
                       Type element) {
      auto found = cache.find(reg);
      if (found != cache.end())
        return found->second;
      Value value = widen(rewriter, loc, values[reg], element, accumulatorType);
      cache[reg] = value;
      return value;
    };

    int64_t kSize = aType.getShape()[aKDim];
    // Registers that repeat an earlier one's element (a layout larger than the tensor) get
    // that register's sum.
    std::map<Coordinates, size_t> firstRegister;
    SmallVector<size_t> computed; // the registers whose sums are computed
    for (size_t reg = 0; reg < resultCoordinates.size(); ++reg)
      if (firstRegister.emplace(resultCoordinates[reg], reg).second)
        computed.push_back(reg);
    // k outermost, as Triton's FMA lowering: an operand element is widened at the step that
    // uses it and is dead after it, so only the accumulators stay live across the steps. Each
    // sum still adds its products in k order.
    SmallVector<Value> sums(accumulators.begin(), accumulators.end());
    for (int64_t k = 0; k < kSize; ++k) {
      std::map<int64_t, Value> aWide, bWide;
      for (size_t reg : computed) {
        Coordinates aAt = resultCoordinates[reg], bAt = resultCoordinates[reg];
        aAt[aKDim] = static_cast<int32_t>(k);
        bAt[bKDim] = static_cast<int32_t>(k);
        auto aReg = aIndex.find(aAt), bReg = bIndex.find(bAt);
        if (aReg == aIndex.end() || bReg == bIndex.end())
          return op.emitError() << "internal error: a thread lacks the operand elements of one "
                                   "of its dot results";
        Value a = widened(aWide, aValues, aReg->second, aElement);
        Value b = widened(bWide, bValues, bReg->second, bElement);
        if (integer) {
          Value product = LLVM::MulOp::create(rewriter, loc, a, b);
          sums[reg] = LLVM::AddOp::create(rewriter, loc, sums[reg], product);
        } else {
          sums[reg] = LLVM::FMulAddOp::create(rewriter, loc, a, b, sums[reg]);
        }
      }
    }
    SmallVector<Value> results;
    for (size_t reg = 0; reg < resultCoordinates.size(); ++reg)
      results.push_back(sums[firstRegister.at(resultCoordinates[reg])]);
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  // `value` (an element of tensor element type `element`) in the accumulator's type.
  Value widen(OpBuilder &builder, Location loc, Value value, Type element,
              Type accumulatorType) const {
    if (isSupportedFp8(element)) {
      Value wide = fp8ToF32(builder, loc, value, element);
      if (accumulatorType.isF32())
        return wide;
      element = builder.getF32Type();
      value = wide;
    }
    if (value.getType() == accumulatorType)
      return value;
    unsigned from = value.getType().getIntOrFloatBitWidth();
    unsigned to = accumulatorType.getIntOrFloatBitWidth();
    if (isa<IntegerType>(accumulatorType)) {
      if (from < to)
        return LLVM::SExtOp::create(builder, loc, accumulatorType, value);
      return LLVM::TruncOp::create(builder, loc, accumulatorType, value);
    }
    if (from < to)
      return LLVM::FPExtOp::create(builder, loc, accumulatorType, value);
    if (from == to) {
      // bf16 <-> f16: through f32, which holds both exactly.
      Value wide = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), value);
      return LLVM::FPTruncOp::create(builder, loc, accumulatorType, wide);
    }
    return LLVM::FPTruncOp::create(builder, loc, accumulatorType, value);
  }

  const TargetInfo &target;
};

} // namespace

void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<DotOpConversion>(converter, target);
}

} // namespace trex
