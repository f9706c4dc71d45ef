// Semantic: dot, where, reductions, scans, gather, histogram, hints and debugging ops.
#include "Semantic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>

using namespace mlir;

namespace trex::frontend {

namespace {

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), ::tolower);
  return text;
}

std::string shapeText(const std::vector<std::int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

} // namespace

Tensor Semantic::dot(const Tensor &lhsIn, const Tensor &rhsIn, const std::optional<Tensor> &acc,
                     const std::string &inputPrecisionName,
                     std::optional<std::int64_t> maxNumImpreciseAcc, const DType &outDType) {
  if (!lhsIn.isBlock() || !rhsIn.isBlock())
    fail("dot needs two tensors, got " + Value::tensor(lhsIn).describe() + " and " +
         Value::tensor(rhsIn).describe());
  Tensor lhs = lhsIn, rhs = rhsIn;
  auto isDotType = [](const DType &t) {
    return t.is(ScalarKind::Int8) || t.is(ScalarKind::UInt8) || t.is(ScalarKind::FP16) ||
           t.is(ScalarKind::BF16) || t.is(ScalarKind::FP32) || t.is(ScalarKind::FP64);
  };
  if (!(lhs.dtype().isFP8() && rhs.dtype().isFP8())) {
    if (!isDotType(lhs.dtype()))
      fail("Unsupported lhs dtype " + lhs.dtype().name());
    if (!isDotType(rhs.dtype()))
      fail("Unsupported rhs dtype " + rhs.dtype().name());
    if (lhs.dtype() != rhs.dtype())
      fail("Both operands must be same dtype. Got " + lhs.dtype().name() + " and " +
           rhs.dtype().name());
  }
  // fp8e4b15 has no MLIR dot type, and the AMD-only fp8 formats are emulated elsewhere:
  // both are upcast to fp16.
  if (lhs.dtype().is(ScalarKind::FP8E4B15) || rhs.dtype().is(ScalarKind::FP8E4B15)) {
    lhs = cast(lhs, ScalarKind::FP16);
    rhs = cast(rhs, ScalarKind::FP16);
  }
  bool usesE4B8 = lhs.dtype().is(ScalarKind::FP8E4B8) || rhs.dtype().is(ScalarKind::FP8E4B8);
  bool usesE5B16 = lhs.dtype().is(ScalarKind::FP8E5B16) || rhs.dtype().is(ScalarKind::FP8E5B16);
  if ((usesE4B8 || usesE5B16) &&
      contains(options.deprecatedFP8DotOperandDTypes, usesE4B8 ? "fp8e4b8" : "fp8e5b16")) {
    lhs = cast(lhs, ScalarKind::FP16);
    rhs = cast(rhs, ScalarKind::FP16);
  }

  std::string precision = lower(inputPrecisionName.empty() ? options.defaultDotInputPrecision
                                                           : inputPrecisionName);
  if (!contains(options.allowedDotInputPrecisions, precision)) {
    std::string allowed;
    for (const std::string &name : options.allowedDotInputPrecisions)
      allowed += (allowed.empty() ? "" : ", ") + name;
    fail("input_precision must be one of (" + allowed + "). Got " + inputPrecisionName);
  }
  tt::InputPrecision inputPrecision = precision == "tf32"     ? tt::InputPrecision::TF32
                                      : precision == "tf32x3" ? tt::InputPrecision::TF32x3
                                      : precision == "bf16x3" ? tt::InputPrecision::BF16x3
                                      : precision == "bf16x6" ? tt::InputPrecision::BF16x6
                                                              : tt::InputPrecision::IEEE;

  size_t lhsRank = lhs.shape().size(), rhsRank = rhs.shape().size();
  if (!(lhsRank == rhsRank && (lhsRank == 2 || lhsRank == 3)))
    fail("Both inputs must be either 2D or 3D; (lhs: " + shapeText(lhs.shape()) +
         " vs rhs: " + shapeText(rhs.shape()) + ")");
  std::int64_t M = lhs.shape()[lhsRank - 2], K = lhs.shape()[lhsRank - 1];
  std::int64_t N = rhs.shape()[rhsRank - 1];
  if (K != rhs.shape()[rhsRank - 2])
    fail("First input shape (" + shapeText(lhs.shape()) + ") and second input shape " +
         shapeText(rhs.shape()) +
         " are not compatible for matmul (second index of first shape (" + std::to_string(K) +
         ") must be equal to first index of second shape (" +
         std::to_string(rhs.shape()[rhsRank - 2]) + ")");
  // The smallest tiles the targets' dot lowering takes (min_dot_size).
  std::int64_t minM = 1, minN = 1, minK = 1;
  if (options.isCUDA)
    minK = lhs.dtype().primitiveBitwidth() == 8 ? 32 : 16;
  if (M < minM || K < minK || N < minN)
    fail("Input shapes should have M >= " + std::to_string(minM) + ", N >= " +
         std::to_string(minN) + " and K >= " + std::to_string(minK));

  mlir::Value zero;
  DType resultScalar = outDType;
  if (lhs.dtype().isInt()) {
    if (!lhs.dtype().is(ScalarKind::Int8))
      fail("only int8 supported!");
    zero = b.create<arith::ConstantOp>(b.builder.getI32IntegerAttr(0));
    resultScalar = ScalarKind::Int32;
  } else if (outDType.is(ScalarKind::BF16)) {
    fail("out_dtype=bfloat16 is unsupported. Please use out_dtype=float32/float16 and cast with "
         "`.to(tl.bfloat16)`");
  } else if (lhs.dtype().is(ScalarKind::FP32) || lhs.dtype().is(ScalarKind::BF16)) {
    zero = b.create<arith::ConstantOp>(b.builder.getF32FloatAttr(0));
    resultScalar = ScalarKind::FP32;
  } else if (lhs.dtype().is(ScalarKind::FP64)) {
    zero = b.create<arith::ConstantOp>(b.builder.getF64FloatAttr(0));
    resultScalar = ScalarKind::FP64;
  } else {
    zero = outDType.is(ScalarKind::FP16)
               ? b.create<arith::ConstantOp>(b.builder.getF16FloatAttr(0)).getResult()
               : b.create<arith::ConstantOp>(b.builder.getF32FloatAttr(0)).getResult();
  }
  std::vector<std::int64_t> resultShape = {M, N};
  if (lhsRank == 3)
    resultShape.insert(resultShape.begin(), lhs.shape()[0]);
  DType resultType = DType::block(resultScalar, resultShape);
  mlir::Value accumulator;
  if (!acc) {
    accumulator = b.createOrFold<tt::SplatOp>(ir(resultType), zero);
  } else {
    if (acc->shape() != resultShape || acc->dtype() != outDType)
      fail("the accumulator must be a " + DType::block(outDType, resultShape).name() +
           " tensor (out_dtype " + outDType.name() + "), got " + acc->type.name());
    // Triton checks the accumulator against out_dtype only, but int8, fp32, bf16 and fp64
    // operands give their own result type whatever out_dtype says (the IR would not verify).
    if (acc->dtype() != resultScalar)
      fail("a dot of " + lhs.dtype().name() + " operands gives " + resultType.name() +
           ", not the accumulator's " + acc->type.name() + " (out_dtype " + outDType.name() +
           " does not apply to " + lhs.dtype().name() + " operands)");
    accumulator = acc->handle;
  }
  std::int64_t imprecise = 0;
  if (!maxNumImpreciseAcc) {
    if (lhs.dtype().isFP8() && rhs.dtype().isFP8())
      imprecise = options.maxNumImpreciseAccDefault;
  } else {
    imprecise = *maxNumImpreciseAcc;
    if (lhs.dtype().isFP8() && rhs.dtype().isFP8() && imprecise > K)
      fail("max_num_imprecise_acc (" + std::to_string(imprecise) + ") must be <= K (" +
           std::to_string(K) + ")");
  }
  auto op = b.create<tt::DotOp>(ir(resultType), lhs.handle, rhs.handle, accumulator,
                                inputPrecision, static_cast<std::int32_t>(imprecise));
  return make(op, resultType);
}

Tensor Semantic::dotScaled(const Tensor &lhsIn, const std::optional<Tensor> &lhsScale,
                           const std::string &lhsFormat, const Tensor &rhsIn,
                           const std::optional<Tensor> &rhsScale, const std::string &rhsFormat,
                           const std::optional<Tensor> &acc, bool fastMath, bool lhsKPack,
                           bool rhsKPack, const DType &outDType) {
  if (!lhsIn.isBlock() || !rhsIn.isBlock())
    fail("dot_scaled needs two tensors");
  size_t lhsRank = lhsIn.shape().size(), rhsRank = rhsIn.shape().size();
  if (!(lhsRank == rhsRank && (lhsRank == 2 || lhsRank == 3)))
    fail("Both inputs must be either 2D or 3D; (lhs: " + shapeText(lhsIn.shape()) +
         " vs rhs: " + shapeText(rhsIn.shape()) + ")");
  auto formatOf = [](const std::string &format) {
    std::optional<tt::ScaleDotElemType> type = tt::symbolizeScaleDotElemType(format);
    if (!type)
      fail("Invalid float format: " + format + ".");
    if (format != "e2m1" && format != "e4m3" && format != "e5m2" && format != "bf16" &&
        format != "fp16")
      fail("NYI: format " + format);
    return *type;
  };
  tt::ScaleDotElemType lhsType = formatOf(lhsFormat), rhsType = formatOf(rhsFormat);
  // The operands as their format's dtype: e2m1 stays packed in uint8, the others are
  // bitcast from the unsigned integer of their width when given that way.
  auto asFormat = [&](const Tensor &value, const std::string &format) {
    if (format == "e2m1") {
      if (!value.dtype().is(ScalarKind::UInt8))
        fail("e2m1 format must be packed as uint8. Got " + value.dtype().name());
      return value;
    }
    ScalarKind formatKind = format == "e5m2"   ? ScalarKind::FP8E5
                            : format == "e4m3" ? ScalarKind::FP8E4NV
                            : format == "bf16" ? ScalarKind::BF16
                                               : ScalarKind::FP16;
    if (value.dtype().is(formatKind))
      return value;
    ScalarKind packed =
        (format == "e5m2" || format == "e4m3") ? ScalarKind::UInt8 : ScalarKind::UInt16;
    if (!value.dtype().is(packed))
      fail("Unexpected dtype for " + format + ". Got " + value.dtype().name());
    return bitcast(value, formatKind);
  };
  Tensor lhs = asFormat(lhsIn, lhsFormat);
  Tensor rhs = asFormat(rhsIn, rhsFormat);
  if (!lhsKPack && lhsFormat != "e2m1")
    fail("only mxfp4 inputs can be packed along a dimension different than K");
  if (!rhsKPack && rhsFormat != "e2m1")
    fail("only mxfp4 inputs can be packed along a dimension different than K");
  std::int64_t M = lhs.shape()[lhsRank - 2], kLhs = lhs.shape()[lhsRank - 1];
  std::int64_t kRhs = rhs.shape()[rhsRank - 2], N = rhs.shape()[rhsRank - 1];
  std::int64_t packedA = lhsFormat == "e2m1" ? 2 : 1, packedB = rhsFormat == "e2m1" ? 2 : 1;
  if ((lhsKPack ? packedA * kLhs : kLhs) != (rhsKPack ? packedB * kRhs : kRhs))
    fail("Reduction dimension should pack the same number of elements; (lhs: " +
         shapeText(lhs.shape()) + " vs rhs: " + shapeText(rhs.shape()) + ")");
  std::int64_t K = kLhs;
  if (lhsKPack)
    K *= packedA;
  else
    M *= packedA;
  if (!rhsKPack)
    N *= packedB;
  std::vector<std::int64_t> resultShape = {M, N};
  if (lhsRank == 3)
    resultShape.insert(resultShape.begin(), lhs.shape()[0]);
  DType resultType = DType::block(outDType, resultShape);
  // Triton makes the zero even when an accumulator is given.
  mlir::Value zero = b.create<arith::ConstantOp>(b.builder.getF32FloatAttr(0));
  mlir::Value accumulator;
  if (!acc) {
    accumulator = b.createOrFold<tt::SplatOp>(ir(resultType), zero);
  } else {
    if (acc->shape() != resultShape || acc->dtype() != outDType)
      fail("the accumulator must be a " + resultType.name() + " tensor, got " + acc->type.name());
    accumulator = acc->handle;
  }
  auto checkScale = [&](const std::optional<Tensor> &scale, std::int64_t rows, const char *side) {
    if (!scale)
      return;
    // Triton leaves other scale types to the IR verifier.
    const DType &scaleType = scale->dtype();
    if (!scaleType.isFloating() && !(scaleType.isInt() && scaleType.primitiveBitwidth() == 8))
      fail(std::string(side) + "_scale must be a uint8 (e8m0) or floating-point tensor. Got " +
           scaleType.name());
    std::int64_t factor = scale->dtype().is(ScalarKind::FP8E4NV) ? 16 : 32;
    std::vector<std::int64_t> expected = {rows, K / factor};
    if (scale->shape() != expected)
      fail(std::string(side) + "_scale must be a tensor of shape " + shapeText(expected) +
           ". Got " + shapeText(scale->shape()));
  };
  checkScale(lhsScale, M, "lhs");
  checkScale(rhsScale, N, "rhs");
  auto op = b.create<tt::DotScaledOp>(ir(resultType), lhs.handle, rhs.handle, accumulator,
                                      lhsScale ? lhsScale->handle : mlir::Value(),
                                      rhsScale ? rhsScale->handle : mlir::Value(), lhsType, rhsType,
                                      fastMath, lhsKPack, rhsKPack);
  return make(op, resultType);
}

Tensor Semantic::where(const Tensor &conditionIn, const Value &xValue, const Value &yValue) {
  Tensor condition = cast(conditionIn, ScalarKind::Int1);
  auto [x, y] = binaryOpTypeChecking(xValue, yValue, true, true);
  if (condition.isBlock()) {
    std::tie(condition, x) = broadcastImplValue(condition, x);
    std::tie(x, y) = broadcastImplValue(x, y);
  } else {
    condition = broadcastImplValue(condition, x).first;
  }
  // A pointer and an integer (or two pointers of other element types) have no common type:
  // Triton builds an invalid select and fails in MLIR's verifier; this says why, here.
  if (x.handle.getType() != y.handle.getType())
    fail("tl.where cannot choose between " + x.dtype().name() + " and " + y.dtype().name() +
         ": both values must have one type");
  return make(b.create<arith::SelectOp>(condition.handle, x.handle, y.handle), x.type);
}

std::vector<Tensor> Semantic::reduction(std::vector<Tensor> inputs, std::optional<int> axis,
                                        const std::function<void(mlir::Operation *)> &buildRegion) {
  if (!axis) {
    for (Tensor &input : inputs)
      input = reshape(input, {input.type.numel()}, true);
    axis = 0;
  }
  const std::vector<std::int64_t> &shape = inputs[0].shape();
  if (*axis >= static_cast<int>(shape.size()))
    fail("reduction axis must be < inputs rank (" + std::to_string(shape.size()) + ")");
  for (const Tensor &input : inputs)
    if (input.shape() != shape)
      fail("all reduction inputs must have the same shape");
  std::vector<std::int64_t> resultShape;
  for (size_t i = 0; i < shape.size(); ++i)
    if (static_cast<int>(i) != *axis)
      resultShape.push_back(shape[i]);
  std::vector<DType> resultTypes;
  std::vector<mlir::Type> irTypes;
  std::vector<mlir::Value> operands;
  for (const Tensor &input : inputs) {
    resultTypes.push_back(resultShape.empty() ? input.dtype()
                                              : DType::block(input.dtype(), resultShape));
    irTypes.push_back(ir(resultTypes.back()));
    operands.push_back(input.handle);
  }
  auto op = b.create<tt::ReduceOp>(irTypes, operands, static_cast<std::uint32_t>(*axis));
  buildRegion(op);
  std::vector<Tensor> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(make(op->getResult(i), resultTypes[i]));
  return results;
}

std::vector<Tensor> Semantic::associativeScan(
    const std::vector<Tensor> &inputs, int axis,
    const std::function<void(mlir::Operation *)> &buildRegion, bool reverse) {
  const std::vector<std::int64_t> &shape = inputs[0].shape();
  int rank = static_cast<int>(shape.size());
  if (axis < -rank || axis >= rank)
    fail("scan axis " + std::to_string(axis) + " must be < inputs rank (" +
         std::to_string(rank) + ")");
  if (axis < 0)
    axis += rank;
  std::vector<mlir::Type> irTypes;
  std::vector<mlir::Value> operands;
  for (const Tensor &input : inputs) {
    if (input.shape() != shape)
      fail("all scan inputs must have the same shape");
    irTypes.push_back(ir(input.type));
    operands.push_back(input.handle);
  }
  auto op = b.create<tt::ScanOp>(irTypes, operands, static_cast<std::uint32_t>(axis), reverse);
  buildRegion(op);
  std::vector<Tensor> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(make(op->getResult(i), inputs[i].type));
  return results;
}

Tensor Semantic::gather(const Tensor &source, const Tensor &index, int axis) {
  if (!index.dtype().isInt())
    fail("index must be an integer tensor");
  int rank = static_cast<int>(source.shape().size());
  if (static_cast<int>(index.shape().size()) != rank)
    fail("source and index tensors must have the same rank");
  if (axis < -rank || axis >= rank)
    fail("gather axis " + std::to_string(axis) + " must be < source rank (" +
         std::to_string(rank) + ")");
  if (axis < 0)
    axis += rank;
  for (int d = 0; d < rank; ++d)
    if (d != axis && index.shape()[d] != source.shape()[d])
      fail("index dim " + std::to_string(axis) + " must match the corresponding source dim");
  DType type = DType::block(source.dtype(), index.shape());
  return make(b.create<tt::GatherOp>(ir(type), source.handle, index.handle,
                                     static_cast<std::uint32_t>(axis), false),
              type);
}

Tensor Semantic::histogram(const Tensor &input, std::int64_t numBins,
                           const std::optional<Tensor> &maskIn) {
  if (input.shape().size() != 1)
    fail("histogram only supports 1D input");
  if (!input.dtype().isInt())
    fail("histogram only supports integer input");
  mlir::Value mask;
  if (maskIn) {
    Tensor broadcast = broadcastImplShape(*maskIn, input.shape());
    if (!broadcast.dtype().isBool())
      fail("Mask must have boolean scalar type");
    mask = broadcast.handle;
  }
  DType type = DType::block(ScalarKind::Int32, {numBins});
  return make(b.create<tt::HistogramOp>(ir(type), input.handle, mask), type);
}

Tensor Semantic::setIntArrayAttr(const Tensor &x, const char *name,
                                 const std::vector<std::int64_t> &values) {
  std::vector<std::int32_t> narrow(values.begin(), values.end());
  auto attr = DenseIntElementsAttr::get(
      RankedTensorType::get({static_cast<std::int64_t>(narrow.size())}, b.builder.getI32Type()),
      ArrayRef<std::int32_t>(narrow));
  if (Operation *definingOp = x.handle.getDefiningOp()) {
    definingOp->setAttr(name, attr);
  } else {
    auto argument = mlir::cast<BlockArgument>(x.handle);
    Block *owner = argument.getOwner();
    if (owner->isEntryBlock() && !isa<tt::FuncOp>(owner->getParentOp()))
      owner->getParentOp()->setAttr(std::string(name) + "_arg" +
                                        std::to_string(argument.getArgNumber()),
                                    attr);
  }
  return x;
}

void Semantic::devicePrint(std::string prefix, const std::vector<Tensor> &args, bool hex) {
  // A non-empty prefix reads " prefix: " before the values.
  if (!args.empty() && (prefix.empty() || prefix.back() != ' '))
    prefix += " ";
  if (!args.empty() && (prefix.size() < 2 || prefix.substr(prefix.size() - 2) != ": "))
    prefix = prefix.substr(0, prefix.size() - 1) + ": ";
  if (prefix.size() > 2 && prefix.front() != ' ')
    prefix = " " + prefix;
  std::vector<mlir::Value> handles;
  std::vector<std::int32_t> isSigned;
  for (const Tensor &arg : args) {
    handles.push_back(arg.handle);
    isSigned.push_back(arg.dtype().isIntSigned() ? 1 : 0);
  }
  b.create<tt::PrintOp>(prefix, hex, handles, isSigned);
}

void Semantic::deviceAssert(const Tensor &conditionIn, const std::string &message,
                            const std::optional<Tensor> &mask) {
  if (!options.debug)
    return;
  Tensor condition = conditionIn;
  if (mask)
    condition = orOp(Value::tensor(condition), Value::tensor(notOp(*mask)));
  b.create<tt::AssertOp>(condition.handle, message);
}

void Semantic::debugBarrier() {
  b.requireIR();
  OperationState state(b.location, "gpu.barrier");
  b.builder.create(state);
}

void Semantic::profilerRecord(bool isStart, const std::string &name) {
  b.requireIR();
  OperationState state(b.location, "proton.record");
  if (isStart)
    state.addAttribute("isStart", b.builder.getUnitAttr());
  state.addAttribute("name", b.builder.getStringAttr(name));
  b.builder.create(state);
}

void Semantic::assume(const Tensor &condition) {
  // llvm.intr.assume takes one i1; Triton leaves anything else to its verifier.
  if (condition.isBlock() || !condition.dtype().isBool())
    fail("tl.assume needs a scalar boolean condition (a comparison), not " + condition.type.name());
  b.requireIR();
  OperationState state(b.location, "llvm.intr.assume");
  state.addOperands(condition.handle);
  state.addAttribute("op_bundle_sizes", b.builder.getDenseI32ArrayAttr({}));
  b.builder.create(state);
}

} // namespace trex::frontend
