// Ops that give the elements of a tensor new coordinates without moving them between threads:
// tt.reshape, tt.trans, tt.join, tt.split, tt.cat and tt.unsplat.
//
// Each op relabels elements: a result element's coordinates name a source element (a
// permutation of coordinate bits, since every dim is a power of two). The result layout is
// valid for the lowering when, relabeled, it puts every element in the same lane and warp
// as the source layout; then each result register just takes the source register that holds
// its element. Triton's layout inference produces such layouts; where a result layout does
// not correspond, Triton would have needed a ttg.convert_layout, and the lowering says so.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/SharedMemorySwizzling.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;

namespace trex {

namespace {

// Flat element indices (dim0 in the lowest bits, as FlatLayout) <-> coordinates.
std::vector<int32_t> bitsPerDim(ArrayRef<int64_t> shape) {
  std::vector<int32_t> bits;
  for (int64_t size : shape) {
    int32_t count = 0;
    while ((int64_t(1) << count) < size)
      ++count;
    bits.push_back(count);
  }
  return bits;
}

std::vector<int64_t> coordinatesOf(int32_t flat, ArrayRef<int64_t> shape) {
  std::vector<int64_t> coordinates;
  for (int32_t bits : bitsPerDim(shape)) {
    coordinates.push_back(flat & ((1 << bits) - 1));
    flat >>= bits;
  }
  return coordinates;
}

int32_t flatOf(ArrayRef<int64_t> coordinates, ArrayRef<int64_t> shape) {
  int32_t flat = 0, shift = 0;
  std::vector<int32_t> bits = bitsPerDim(shape);
  for (size_t dim = 0; dim < shape.size(); ++dim) {
    flat |= static_cast<int32_t>(coordinates[dim]) << shift;
    shift += bits[dim];
  }
  return flat;
}

// For each register of `result`, the register of `source` that holds its element: the result
// element e (register part) is source element toSource(e) ^ sourceOffset[side], side being
// the value of bit `sideBit` of e (or 0 without one). `toSource` must preserve XOR. Empty when
// the lanes and warps do not hold the same elements in both layouts.
std::optional<std::vector<int32_t>>
registersHolding(const FlatLayout &source, const FlatLayout &result,
                 const std::function<int32_t(int32_t)> &toSource, int32_t sideBit = -1,
                 std::array<int32_t, 2> sourceOffset = {0, 0}) {
  auto sameThreads = [&](const std::vector<int32_t> &resultBases,
                         const std::vector<int32_t> &sourceBases) {
    if (resultBases.size() != sourceBases.size())
      return false;
    for (size_t bit = 0; bit < resultBases.size(); ++bit) {
      if (sideBit >= 0 && (resultBases[bit] >> sideBit & 1))
        return false;
      if (toSource(resultBases[bit]) != sourceBases[bit])
        return false;
    }
    return true;
  };
  if (!sameThreads(result.lanes, source.lanes) || !sameThreads(result.warps, source.warps) ||
      !sameThreads(result.blocks, source.blocks))
    return std::nullopt;
  std::map<int32_t, int32_t> registerOf;
  for (int32_t reg = (1 << source.registers.size()) - 1; reg >= 0; --reg)
    registerOf[source.element(reg, 0, 0)] = reg;
  std::vector<int32_t> registers;
  for (int32_t reg = 0; reg < (1 << result.registers.size()); ++reg) {
    int32_t element = result.element(reg, 0, 0);
    int32_t side = sideBit >= 0 ? (element >> sideBit & 1) : 0;
    auto it = registerOf.find(toSource(element) ^ sourceOffset[side]);
    if (it == registerOf.end())
      return std::nullopt;
    registers.push_back(it->second);
  }
  return registers;
}

std::optional<FlatLayout> flatLayoutOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return std::nullopt;
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(tensor);
  if (!layout)
    return std::nullopt;
  return FlatLayout::from(*layout);
}

InFlightDiagnostic layoutMismatch(Operation *op) {
  return op->emitError() << "the result layout of '" << op->getName()
                         << "' does not keep every element in the thread that holds it in the "
                            "source layout; trex lowers these ops only without data movement "
                            "(a ttg.convert_layout would have to move the data)";
}

struct TransOpConversion : public ConvertOpToLLVMPattern<tt::TransOp> {
  using ConvertOpToLLVMPattern<tt::TransOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<FlatLayout> source = flatLayoutOf(sourceType);
    std::optional<FlatLayout> result = flatLayoutOf(resultType);
    if (!source || !result)
      return op.emitError() << "trex lowers tt.trans of distributed layouts only";
    ArrayRef<int32_t> order = op.getOrder();
    auto toSource = [&](int32_t flat) {
      std::vector<int64_t> coordinates = coordinatesOf(flat, resultType.getShape());
      std::vector<int64_t> sourceCoordinates(coordinates.size());
      for (size_t dim = 0; dim < order.size(); ++dim)
        sourceCoordinates[order[dim]] = coordinates[dim];
      return flatOf(sourceCoordinates, sourceType.getShape());
    };
    std::optional<std::vector<int32_t>> registers = registersHolding(*source, *result, toSource);
    if (!registers)
      return layoutMismatch(op);
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    SmallVector<Value> elements;
    for (int32_t reg : *registers)
      elements.push_back(values[reg]);
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, resultType,
                                        rewriter));
    return success();
  }
};

struct ReshapeOpConversion : public ConvertOpToLLVMPattern<tt::ReshapeOp> {
  using ConvertOpToLLVMPattern<tt::ReshapeOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<FlatLayout> source = flatLayoutOf(sourceType);
    std::optional<FlatLayout> result = flatLayoutOf(resultType);
    if (!source || !result)
      return op.emitError() << "trex lowers tt.reshape of distributed layouts only";
    // A reshape keeps the row-major position of every element.
    auto rowMajor = [](ArrayRef<int64_t> coordinates, ArrayRef<int64_t> shape) {
      int64_t index = 0;
      for (size_t dim = 0; dim < shape.size(); ++dim)
        index = index * shape[dim] + coordinates[dim];
      return index;
    };
    auto fromRowMajor = [](int64_t index, ArrayRef<int64_t> shape) {
      std::vector<int64_t> coordinates(shape.size());
      for (size_t dim = shape.size(); dim-- > 0;) {
        coordinates[dim] = index % shape[dim];
        index /= shape[dim];
      }
      return coordinates;
    };
    auto toSource = [&](int32_t flat) {
      int64_t index = rowMajor(coordinatesOf(flat, resultType.getShape()), resultType.getShape());
      return flatOf(fromRowMajor(index, sourceType.getShape()), sourceType.getShape());
    };
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    SmallVector<Value> elements;
    if (std::optional<std::vector<int32_t>> registers =
            registersHolding(*source, *result, toSource)) {
      for (int32_t reg : *registers)
        elements.push_back(values[reg]);
    } else if (op.getAllowReorder() &&
               static_cast<int64_t>(values.size()) == elementsPerThread(resultType)) {
      // The elements may be reordered: each thread keeps its registers in order, as Triton.
      elements.assign(values.begin(), values.end());
    } else {
      return op.emitError() << "tt.reshape between these layouts would move data between "
                               "threads; trex lowers only reshapes whose result layout keeps "
                               "every element in its thread";
    }
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, resultType,
                                        rewriter));
    return success();
  }
};

// The new minor dim of size 2 is the top bit of the result's flat index; it must be held in
// registers, so that each thread holds both halves of every pair.
struct JoinOpConversion : public ConvertOpToLLVMPattern<tt::JoinOp> {
  using ConvertOpToLLVMPattern<tt::JoinOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getLhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<FlatLayout> source = flatLayoutOf(sourceType);
    std::optional<FlatLayout> result = flatLayoutOf(resultType);
    if (!source || !result)
      return op.emitError() << "trex lowers tt.join of distributed layouts only";
    int32_t sideBit = source->elementBits;
    int32_t sideMask = ~(1 << sideBit);
    std::optional<std::vector<int32_t>> registers = registersHolding(
        *source, *result, [&](int32_t flat) { return flat & sideMask; }, sideBit);
    if (!registers)
      return layoutMismatch(op);
    SmallVector<Value> lhs = unpackElements(op.getLoc(), adaptor.getLhs(), rewriter);
    SmallVector<Value> rhs = unpackElements(op.getLoc(), adaptor.getRhs(), rewriter);
    SmallVector<Value> elements;
    for (auto [reg, sourceReg] : llvm::enumerate(*registers)) {
      bool fromRhs = result->element(static_cast<int32_t>(reg), 0, 0) >> sideBit & 1;
      elements.push_back(fromRhs ? rhs[sourceReg] : lhs[sourceReg]);
    }
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, resultType,
                                        rewriter));
    return success();
  }
};

struct SplitOpConversion : public ConvertOpToLLVMPattern<tt::SplitOp> {
  using ConvertOpToLLVMPattern<tt::SplitOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getOutLHS().getType());
    std::optional<FlatLayout> source = flatLayoutOf(sourceType);
    std::optional<FlatLayout> result = flatLayoutOf(resultType);
    if (!source || !result)
      return op.emitError() << "trex lowers tt.split of distributed layouts only";
    int32_t sideBit = result->elementBits;
    auto identity = [](int32_t flat) { return flat; };
    // The pair dim must be in the source's registers only.
    auto holdsPairs = [&](const std::vector<int32_t> &bases) {
      return std::none_of(bases.begin(), bases.end(),
                          [&](int32_t basis) { return basis >> sideBit & 1; });
    };
    std::optional<std::vector<int32_t>> lhsRegisters, rhsRegisters;
    if (holdsPairs(source->lanes) && holdsPairs(source->warps) && holdsPairs(source->blocks)) {
      lhsRegisters = registersHolding(*source, *result, identity, -1, {0, 0});
      rhsRegisters = registersHolding(*source, *result, identity, -1,
                                      {1 << sideBit, 1 << sideBit});
    }
    if (!lhsRegisters || !rhsRegisters)
      return layoutMismatch(op);
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    SmallVector<Value> lhs, rhs;
    for (int32_t reg : *lhsRegisters)
      lhs.push_back(values[reg]);
    for (int32_t reg : *rhsRegisters)
      rhs.push_back(values[reg]);
    Location loc = op.getLoc();
    rewriter.replaceOp(op, {packElements(loc, *getTypeConverter(), lhs, resultType, rewriter),
                            packElements(loc, *getTypeConverter(), rhs, resultType, rewriter)});
    return success();
  }
};

// tt.cat may reorder elements: the result's registers are the lhs registers, then the rhs
// ones, as in Triton; the result layout must give each thread as many registers as that.
struct CatOpConversion : public ConvertOpToLLVMPattern<tt::CatOp> {
  using ConvertOpToLLVMPattern<tt::CatOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> elements = unpackElements(op.getLoc(), adaptor.getLhs(), rewriter);
    SmallVector<Value> rhs = unpackElements(op.getLoc(), adaptor.getRhs(), rewriter);
    elements.append(rhs.begin(), rhs.end());
    if (static_cast<int64_t>(elements.size()) != elementsPerThread(resultType))
      return op.emitError() << "the result layout of tt.cat gives each thread "
                            << elementsPerThread(resultType) << " elements, but the operands "
                            << "hold " << elements.size();
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), elements, resultType,
                                        rewriter));
    return success();
  }
};

// Every thread holds the only element (a one-element tensor is broadcast to all threads).
struct UnsplatOpConversion : public ConvertOpToLLVMPattern<tt::UnsplatOp> {
  using ConvertOpToLLVMPattern<tt::UnsplatOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::UnsplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, unpackElements(op.getLoc(), adaptor.getSrc(), rewriter).front());
    return success();
  }
};

} // namespace

void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<TransOpConversion, ReshapeOpConversion, JoinOpConversion, SplitOpConversion,
               CatOpConversion, UnsplatOpConversion>(converter);
}

} // namespace trex
