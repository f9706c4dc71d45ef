// Semantic: tensor creation, shape manipulation and broadcasting.
#include "Semantic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cstdint>
#include <limits>

using namespace mlir;

namespace trex::frontend {

namespace {

std::string shapeText(const std::vector<std::int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

} // namespace

Tensor Semantic::arange(std::int64_t start, std::int64_t end) {
  // Triton's test lets end = 2^31 through, whose 32-bit attribute would wrap (its verifier
  // then fails): the ends of the range must both be int32 values.
  if ((start >> 32) != 0 || (end >> 32) != 0 || end > std::numeric_limits<std::int32_t>::max())
    fail("arange must fit in int32");
  if (end <= start)
    fail("arange's end argument must be greater than the start argument");
  std::int64_t range = end - start;
  if ((range & (range - 1)) != 0)
    fail("arange's range must be a power of 2");
  DType type = DType::block(ScalarKind::Int32, {range});
  auto op = b.create<tt::MakeRangeOp>(ir(type), static_cast<std::int32_t>(start),
                                      static_cast<std::int32_t>(end));
  return make(op, type);
}

Tensor Semantic::full(const std::vector<std::int64_t> &shape, const Value &value,
                      const DType &dtype) {
  Tensor scalar;
  if (value.isTensor()) {
    if (value.asTensor().type.numel() != 1)
      fail("only accepts size-1 tensor");
    scalar = cast(value.asTensor(), dtype);
  } else {
    if (!value.isNumber())
      fail("the fill value must be a number, not " + value.describe());
    scalar = scalarConstant(value, dtype);
  }
  return splat(scalar, shape);
}

Tensor Semantic::splat(const Tensor &value, const std::vector<std::int64_t> &shape) {
  if (value.isBlock())
    fail("Cannot splat a block tensor");
  if (shape.empty())
    return value;
  DType type = DType::block(value.type, shape);
  return make(b.createOrFold<tt::SplatOp>(ir(type), value.handle), type);
}

Tensor Semantic::unsplat(const Tensor &value) {
  return make(b.create<tt::UnsplatOp>(ir(value.dtype()), value.handle), value.dtype());
}

Tensor Semantic::reshape(const Tensor &input, const std::vector<std::int64_t> &shape,
                         bool canReorder) {
  std::int64_t numel = 1;
  for (std::int64_t extent : shape)
    numel *= extent;
  if (input.type.numel() != numel)
    fail("reshape() cannot change total number of elements in tensor");
  if (shape.empty())
    fail("0d block_type is forbidden");
  // Triton would emit tt.reshape of a scalar, which does not verify; a splat is the same value.
  if (!input.isBlock())
    return splat(input, shape);
  DType type = DType::block(input.dtype(), shape);
  auto op = b.create<tt::ReshapeOp>(ir(type), input.handle, canReorder, /*efficient_layout=*/false);
  return make(op, type);
}

Tensor Semantic::expandDims(const Tensor &input, int axis) {
  std::vector<std::int64_t> shape = input.shape();
  int rank = static_cast<int>(shape.size());
  if (!input.isBlock()) {
    // Python's list.insert: a scalar indexed as x[:, None] becomes a 1-element tensor.
    shape.insert(shape.begin(), 1);
    return splat(input, shape);
  }
  if (axis < 0 || axis > rank)
    fail("cannot add a dimension at index " + std::to_string(axis) + " of a tensor of rank " +
         std::to_string(rank) + " (too many indices)");
  shape.insert(shape.begin() + axis, 1);
  DType type = DType::block(input.dtype(), shape);
  return make(b.create<tt::ExpandDimsOp>(ir(type), input.handle, axis), type);
}

Tensor Semantic::cat(const Tensor &lhs, const Tensor &rhs, bool canReorder) {
  if (!canReorder)
    fail("current implementation of `cat` always may reorder elements");
  if (lhs.shape().size() != 1 || rhs.shape().size() != 1)
    fail("cat needs two 1-D tensors");
  if (lhs.dtype() != rhs.dtype())
    fail("cat needs tensors of the same type, not " + lhs.dtype().name() + " and " +
         rhs.dtype().name());
  DType type = DType::block(lhs.dtype(), {lhs.shape()[0] + rhs.shape()[0]});
  return make(b.create<tt::CatOp>(ir(type), lhs.handle, rhs.handle), type);
}

Tensor Semantic::join(const Tensor &aIn, const Tensor &bIn) {
  auto [a, bb] = broadcastImplValue(aIn, bIn);
  if (a.dtype() != bb.dtype())
    fail("join needs tensors of the same type, not " + a.dtype().name() + " and " +
         bb.dtype().name());
  bool wasScalar = a.shape().empty();
  if (wasScalar) {
    a = expandDims(a, 0);
    bb = expandDims(bb, 0);
  }
  std::vector<std::int64_t> shape = a.shape();
  shape.push_back(2);
  DType type = DType::block(a.dtype(), shape);
  Tensor result = make(b.create<tt::JoinOp>(ir(type), a.handle, bb.handle), type);
  if (wasScalar)
    result = reshape(result, {2}, false);
  return result;
}

std::pair<Tensor, Tensor> Semantic::split(const Tensor &a) {
  if (a.shape().empty())
    fail("split needs a tensor, not a scalar");
  if (a.shape().back() != 2)
    fail("split needs a last dimension of size 2, not " + std::to_string(a.shape().back()));
  std::vector<std::int64_t> shape(a.shape().begin(), a.shape().end() - 1);
  DType type = DType::block(a.dtype(), shape);
  auto op = b.create<tt::SplitOp>(ir(type), ir(type), a.handle);
  return {make(op.getOutLHS(), type), make(op.getOutRHS(), type)};
}

Tensor Semantic::permute(const Tensor &input, const std::vector<int> &dims) {
  if (input.shape().size() != dims.size())
    fail("permute dims must have the same length as input shape");
  std::vector<int> sorted = dims;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<int>(i)) {
      std::string text = "(";
      for (size_t j = 0; j < dims.size(); ++j)
        text += (j ? ", " : "") + std::to_string(dims[j]);
      fail("permute dims must be a permutation of 0, 1, ..., n-1, but were " + text + ")");
    }
  std::vector<std::int64_t> shape;
  for (int dim : dims)
    shape.push_back(input.shape()[dim]);
  DType type = DType::block(input.dtype(), shape);
  std::vector<std::int32_t> order(dims.begin(), dims.end());
  return make(b.create<tt::TransOp>(ir(type), input.handle, order), type);
}

Tensor Semantic::broadcastImplShape(const Tensor &input, const std::vector<std::int64_t> &shape) {
  if (!input.isBlock())
    return splat(input, shape);
  const std::vector<std::int64_t> &source = input.shape();
  if (source.size() != shape.size())
    fail("Cannot broadcast, rank mismatch: " + shapeText(source) + ", " + shapeText(shape));
  if (shape == source)
    return input;
  for (size_t i = 0; i < source.size(); ++i)
    if (shape[i] != source[i] && source[i] != 1)
      fail("Cannot broadcast, the expanded size of the tensor (" + std::to_string(shape[i]) +
           ") must match the existing size (" + std::to_string(source[i]) +
           ") at non-singleton dimension " + std::to_string(i) + ": " + shapeText(source) +
           ", " + shapeText(shape));
  DType type = DType::block(input.dtype(), shape);
  return make(b.createOrFold<tt::BroadcastOp>(ir(type), input.handle), type);
}

std::pair<Tensor, Tensor> Semantic::broadcastImplValue(const Tensor &lhsIn, const Tensor &rhsIn) {
  Tensor lhs = lhsIn, rhs = rhsIn;
  if (lhs.isBlock() && !rhs.isBlock()) {
    DType type = lhs.type.withElementType(rhs.type);
    rhs = make(b.createOrFold<tt::SplatOp>(ir(type), rhs.handle), type);
  } else if (!lhs.isBlock() && rhs.isBlock()) {
    DType type = rhs.type.withElementType(lhs.type);
    lhs = make(b.createOrFold<tt::SplatOp>(ir(type), lhs.handle), type);
  } else if (lhs.isBlock() && rhs.isBlock()) {
    auto addLeadingAxes = [&](Tensor &tensor, size_t rank) {
      while (tensor.shape().size() < rank) {
        std::vector<std::int64_t> shape = tensor.shape();
        shape.insert(shape.begin(), 1);
        DType type = DType::block(tensor.dtype(), shape);
        tensor = make(b.create<tt::ExpandDimsOp>(ir(type), tensor.handle, 0), type);
      }
    };
    addLeadingAxes(lhs, rhs.shape().size());
    addLeadingAxes(rhs, lhs.shape().size());
    std::vector<std::int64_t> resultShape;
    for (size_t i = 0; i < lhs.shape().size(); ++i) {
      std::int64_t left = lhs.shape()[i], right = rhs.shape()[i];
      if (left == 1)
        resultShape.push_back(right);
      else if (right == 1 || right == left)
        resultShape.push_back(left);
      else
        fail("Cannot make_shape_compatible: incompatible dimensions at index " +
             std::to_string(i) + ": " + std::to_string(left) + " and " + std::to_string(right));
    }
    if (lhs.shape() != resultShape) {
      DType type = DType::block(lhs.dtype(), resultShape);
      lhs = make(b.createOrFold<tt::BroadcastOp>(ir(type), lhs.handle), type);
    }
    if (rhs.shape() != resultShape) {
      DType type = DType::block(rhs.dtype(), resultShape);
      rhs = make(b.createOrFold<tt::BroadcastOp>(ir(type), rhs.handle), type);
    }
  }
  return {lhs, rhs};
}

} // namespace trex::frontend
