// ProgramValue: integer semantics of arith at a given width, and the shape operations of tt
// on concrete integer and pointer tensors.
#include "trex/Analysis/ProgramValue.h"

#include <limits>

namespace trex {

namespace {

// Row-major strides of `shape`.
llvm::SmallVector<std::int64_t, 4> rowMajorStrides(llvm::ArrayRef<std::int64_t> shape) {
  llvm::SmallVector<std::int64_t, 4> strides(shape.size(), 1);
  for (int dimension = static_cast<int>(shape.size()) - 2; dimension >= 0; --dimension)
    strides[dimension] = strides[dimension + 1] * shape[dimension + 1];
  return strides;
}

// Gathers `source` into `shape`, where stepping output dimension d moves `sourceStrides[d]`
// elements in the source (0 for a broadcast dimension). Walks the output in row-major order
// with a running source position instead of recomputing each element's index.
std::vector<std::int64_t> gatherStrided(const std::vector<std::int64_t> &source,
                                        llvm::ArrayRef<std::int64_t> shape,
                                        llvm::ArrayRef<std::int64_t> sourceStrides) {
  std::int64_t count = elementCount(shape);
  std::vector<std::int64_t> result(static_cast<std::size_t>(count));
  llvm::SmallVector<std::int64_t, 4> index(shape.size(), 0);
  std::int64_t position = 0;
  for (std::int64_t element = 0; element < count; ++element) {
    result[static_cast<std::size_t>(element)] = source[static_cast<std::size_t>(position)];
    for (int dimension = static_cast<int>(shape.size()) - 1; dimension >= 0; --dimension) {
      ++index[dimension];
      position += sourceStrides[dimension];
      if (index[dimension] < shape[dimension])
        break;
      position -= sourceStrides[dimension] * shape[dimension];
      index[dimension] = 0;
    }
  }
  return result;
}

bool isComparison(IntegerOp op) { return op >= IntegerOp::Eq; }

std::int64_t minimumSigned(unsigned bitWidth) {
  return bitWidth >= 64 ? std::numeric_limits<std::int64_t>::min()
                        : -(std::int64_t(1) << (bitWidth - 1));
}

} // namespace

LaunchDependencies argumentDependency(unsigned argument) {
  return argument < 62 ? LaunchDependencies(1) << argument : 0;
}

ProgramValue ProgramValue::integer(std::int64_t value, unsigned bitWidth,
                                   LaunchDependencies dependencies) {
  ProgramValue result;
  result.kind = Kind::Integer;
  result.bitWidth = bitWidth;
  result.elements = {wrapToWidth(value, bitWidth)};
  result.dependencies = dependencies;
  return result;
}

ProgramValue ProgramValue::pointer(unsigned argument, std::int64_t offset,
                                   LaunchDependencies dependencies) {
  ProgramValue result;
  result.kind = Kind::Pointer;
  result.argument = argument;
  result.elements = {offset};
  result.dependencies = dependencies;
  return result;
}

std::int64_t elementCount(llvm::ArrayRef<std::int64_t> shape) {
  std::int64_t count = 1;
  for (std::int64_t size : shape)
    count *= size;
  return count;
}

std::int64_t wrapToWidth(std::int64_t value, unsigned bitWidth) {
  if (bitWidth >= 64)
    return value;
  if (bitWidth == 0)
    return 0;
  unsigned shift = 64 - bitWidth;
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(value) << shift) >> shift;
}

std::uint64_t unsignedValue(std::int64_t value, unsigned bitWidth) {
  if (bitWidth >= 64)
    return static_cast<std::uint64_t>(value);
  return static_cast<std::uint64_t>(value) & ((std::uint64_t(1) << bitWidth) - 1);
}

std::optional<std::int64_t> applyIntegerOp(IntegerOp op, std::int64_t lhs, std::int64_t rhs,
                                           unsigned bitWidth) {
  auto wrap = [bitWidth](std::uint64_t bits) {
    return wrapToWidth(static_cast<std::int64_t>(bits), bitWidth);
  };
  std::uint64_t lhsBits = static_cast<std::uint64_t>(lhs);
  std::uint64_t rhsBits = static_cast<std::uint64_t>(rhs);
  std::uint64_t lhsUnsigned = unsignedValue(lhs, bitWidth);
  std::uint64_t rhsUnsigned = unsignedValue(rhs, bitWidth);
  bool signedOverflow = lhs == minimumSigned(bitWidth) && rhs == -1;
  switch (op) {
  case IntegerOp::Add:
    return wrap(lhsBits + rhsBits);
  case IntegerOp::Sub:
    return wrap(lhsBits - rhsBits);
  case IntegerOp::Mul:
    return wrap(lhsBits * rhsBits);
  case IntegerOp::DivS:
  case IntegerOp::CeilDivS:
  case IntegerOp::FloorDivS: {
    if (rhs == 0 || signedOverflow)
      return std::nullopt;
    std::int64_t quotient = lhs / rhs;
    bool inexact = lhs % rhs != 0;
    if (op == IntegerOp::CeilDivS && inexact && ((lhs < 0) == (rhs < 0)))
      ++quotient;
    if (op == IntegerOp::FloorDivS && inexact && ((lhs < 0) != (rhs < 0)))
      --quotient;
    return wrap(static_cast<std::uint64_t>(quotient));
  }
  case IntegerOp::DivU:
  case IntegerOp::CeilDivU:
    if (rhsUnsigned == 0)
      return std::nullopt;
    return wrap(lhsUnsigned / rhsUnsigned +
                (op == IntegerOp::CeilDivU && lhsUnsigned % rhsUnsigned != 0 ? 1 : 0));
  case IntegerOp::RemS:
    if (rhs == 0)
      return std::nullopt;
    return rhs == -1 ? 0 : lhs % rhs;
  case IntegerOp::RemU:
    if (rhsUnsigned == 0)
      return std::nullopt;
    return wrap(lhsUnsigned % rhsUnsigned);
  case IntegerOp::And:
    return wrap(lhsBits & rhsBits);
  case IntegerOp::Or:
    return wrap(lhsBits | rhsBits);
  case IntegerOp::Xor:
    return wrap(lhsBits ^ rhsBits);
  case IntegerOp::Shl:
    if (rhsUnsigned >= bitWidth)
      return std::nullopt;
    return wrap(lhsBits << rhsUnsigned);
  case IntegerOp::ShrS:
    if (rhsUnsigned >= bitWidth)
      return std::nullopt;
    return lhs >> rhsUnsigned;
  case IntegerOp::ShrU:
    if (rhsUnsigned >= bitWidth)
      return std::nullopt;
    return wrap(lhsUnsigned >> rhsUnsigned);
  case IntegerOp::MaxS:
    return std::max(lhs, rhs);
  case IntegerOp::MinS:
    return std::min(lhs, rhs);
  case IntegerOp::MaxU:
    return lhsUnsigned >= rhsUnsigned ? lhs : rhs;
  case IntegerOp::MinU:
    return lhsUnsigned <= rhsUnsigned ? lhs : rhs;
  case IntegerOp::Eq:
    return lhs == rhs ? -1 : 0;
  case IntegerOp::Ne:
    return lhs != rhs ? -1 : 0;
  case IntegerOp::Slt:
    return lhs < rhs ? -1 : 0;
  case IntegerOp::Sle:
    return lhs <= rhs ? -1 : 0;
  case IntegerOp::Sgt:
    return lhs > rhs ? -1 : 0;
  case IntegerOp::Sge:
    return lhs >= rhs ? -1 : 0;
  case IntegerOp::Ult:
    return lhsUnsigned < rhsUnsigned ? -1 : 0;
  case IntegerOp::Ule:
    return lhsUnsigned <= rhsUnsigned ? -1 : 0;
  case IntegerOp::Ugt:
    return lhsUnsigned > rhsUnsigned ? -1 : 0;
  case IntegerOp::Uge:
    return lhsUnsigned >= rhsUnsigned ? -1 : 0;
  }
  return std::nullopt;
}

ProgramValue combineIntegers(IntegerOp op, const ProgramValue &lhs, const ProgramValue &rhs,
                             std::int64_t &work) {
  if (lhs.kind != ProgramValue::Kind::Integer || rhs.kind != ProgramValue::Kind::Integer ||
      lhs.elements.size() != rhs.elements.size())
    return ProgramValue::unknown();
  ProgramValue result;
  result.kind = ProgramValue::Kind::Integer;
  result.shape = lhs.shape;
  result.bitWidth = isComparison(op) ? 1 : lhs.bitWidth;
  result.dependencies = lhs.dependencies | rhs.dependencies;
  result.elements.resize(lhs.elements.size());
  work += static_cast<std::int64_t>(lhs.elements.size());
  for (std::size_t index = 0; index < lhs.elements.size(); ++index) {
    std::optional<std::int64_t> element =
        applyIntegerOp(op, lhs.elements[index], rhs.elements[index], lhs.bitWidth);
    if (!element)
      return ProgramValue::unknown();
    result.elements[index] = *element;
  }
  return result;
}

ProgramValue extendOrTruncate(const ProgramValue &value, unsigned toWidth, bool signedExtension,
                              std::int64_t &work) {
  if (value.kind != ProgramValue::Kind::Integer)
    return ProgramValue::unknown();
  ProgramValue result = value;
  result.bitWidth = toWidth;
  work += static_cast<std::int64_t>(value.elements.size());
  for (std::int64_t &element : result.elements) {
    std::int64_t bits = signedExtension
                            ? element
                            : static_cast<std::int64_t>(unsignedValue(element, value.bitWidth));
    element = wrapToWidth(bits, toWidth);
  }
  return result;
}

ProgramValue splatValue(const ProgramValue &scalar, llvm::ArrayRef<std::int64_t> shape,
                        std::int64_t &work) {
  if ((scalar.kind != ProgramValue::Kind::Integer && scalar.kind != ProgramValue::Kind::Pointer) ||
      scalar.elements.size() != 1)
    return ProgramValue::unknown();
  ProgramValue result = scalar;
  std::int64_t count = elementCount(shape);
  work += count;
  result.shape.assign(shape.begin(), shape.end());
  result.elements.assign(static_cast<std::size_t>(count), scalar.elements.front());
  return result;
}

ProgramValue broadcastValue(const ProgramValue &source, llvm::ArrayRef<std::int64_t> shape,
                            std::int64_t &work) {
  if ((source.kind != ProgramValue::Kind::Integer && source.kind != ProgramValue::Kind::Pointer) ||
      source.shape.size() != shape.size())
    return ProgramValue::unknown();
  llvm::SmallVector<std::int64_t, 4> strides = rowMajorStrides(source.shape);
  for (std::size_t dimension = 0; dimension < shape.size(); ++dimension) {
    if (source.shape[dimension] == shape[dimension])
      continue;
    if (source.shape[dimension] != 1)
      return ProgramValue::unknown();
    strides[dimension] = 0;
  }
  ProgramValue result = source;
  work += elementCount(shape);
  result.shape.assign(shape.begin(), shape.end());
  result.elements = gatherStrided(source.elements, shape, strides);
  return result;
}

ProgramValue reshapeValue(const ProgramValue &source, llvm::ArrayRef<std::int64_t> shape) {
  if ((source.kind != ProgramValue::Kind::Integer && source.kind != ProgramValue::Kind::Pointer) ||
      elementCount(shape) != static_cast<std::int64_t>(source.elements.size()))
    return ProgramValue::unknown();
  ProgramValue result = source;
  result.shape.assign(shape.begin(), shape.end());
  return result;
}

ProgramValue transposeValue(const ProgramValue &source, llvm::ArrayRef<std::int32_t> order,
                            std::int64_t &work) {
  if ((source.kind != ProgramValue::Kind::Integer && source.kind != ProgramValue::Kind::Pointer) ||
      order.size() != source.shape.size())
    return ProgramValue::unknown();
  llvm::SmallVector<std::int64_t, 4> sourceStrides = rowMajorStrides(source.shape);
  llvm::SmallVector<std::int64_t, 4> shape;
  llvm::SmallVector<std::int64_t, 4> strides;
  for (std::int32_t dimension : order) {
    if (dimension < 0 || static_cast<std::size_t>(dimension) >= source.shape.size())
      return ProgramValue::unknown();
    shape.push_back(source.shape[dimension]);
    strides.push_back(sourceStrides[dimension]);
  }
  ProgramValue result = source;
  work += static_cast<std::int64_t>(source.elements.size());
  result.shape.assign(shape.begin(), shape.end());
  result.elements = gatherStrided(source.elements, shape, strides);
  return result;
}

ProgramValue selectValue(const ProgramValue &condition, const ProgramValue &whenTrue,
                         const ProgramValue &whenFalse, std::int64_t &work) {
  if (condition.kind != ProgramValue::Kind::Integer)
    return ProgramValue::unknown();
  if (condition.isScalar()) {
    ProgramValue result = condition.elements.front() ? whenTrue : whenFalse;
    if (result.isKnown())
      result.dependencies |= condition.dependencies;
    return result;
  }
  if (whenTrue.kind != whenFalse.kind ||
      (whenTrue.kind != ProgramValue::Kind::Integer &&
       whenTrue.kind != ProgramValue::Kind::Pointer) ||
      whenTrue.elements.size() != condition.elements.size() ||
      whenFalse.elements.size() != condition.elements.size() ||
      (whenTrue.kind == ProgramValue::Kind::Pointer && whenTrue.argument != whenFalse.argument))
    return ProgramValue::unknown();
  ProgramValue result = whenTrue;
  result.dependencies |= whenFalse.dependencies | condition.dependencies;
  work += static_cast<std::int64_t>(condition.elements.size());
  for (std::size_t index = 0; index < condition.elements.size(); ++index)
    if (!condition.elements[index])
      result.elements[index] = whenFalse.elements[index];
  return result;
}

ProgramValue addPointerOffsets(const ProgramValue &pointers, const ProgramValue &offsets,
                               std::int64_t &work) {
  if (pointers.kind != ProgramValue::Kind::Pointer || offsets.kind != ProgramValue::Kind::Integer ||
      pointers.elements.size() != offsets.elements.size())
    return ProgramValue::unknown();
  ProgramValue result = pointers;
  result.dependencies |= offsets.dependencies;
  work += static_cast<std::int64_t>(pointers.elements.size());
  for (std::size_t index = 0; index < pointers.elements.size(); ++index)
    if (__builtin_add_overflow(pointers.elements[index], offsets.elements[index],
                               &result.elements[index]))
      return ProgramValue::unknown();
  return result;
}

} // namespace trex
