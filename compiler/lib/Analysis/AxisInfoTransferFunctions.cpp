// The AxisInfo transfer functions: for each op Triton reasons about, the
// contiguity, divisibility, constancy and constant value of its result from
// those of its operands. Each rule is a sound under-approximation; ops
// without a rule yield nothing (the analysis then assumes the worst).
#include "trex/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;

namespace trex {

namespace {

using DimVector = AxisInfo::DimVector;

// gcd with gcd(0, x) = x, so "unknown/any" entries (0) do not constrain.
int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

const int64_t kMaxDivisor = highestPowerOf2Divisor(0);

// a * b for divisors, saturating at the largest representable divisor.
int64_t multiplyDivisor(int64_t lhs, int64_t rhs) {
  if (rhs != 0 && lhs > kMaxDivisor / rhs)
    return kMaxDivisor;
  return lhs * rhs;
}

bool isConstantOne(const AxisInfo &info) { return info.getConstantValue() == 1; }
bool isConstantZero(const AxisInfo &info) { return info.getConstantValue() == 0; }

ArrayRef<int64_t> shapeOf(Value value) {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor.getShape();
  return {};
}

// The whole dimension is one run of consecutive (equal) values.
bool isContiguousDim(const AxisInfo &info, ArrayRef<int64_t> shape, int dim) {
  return !shape.empty() && info.getContiguity(dim) == shape[dim];
}
bool isConstantDim(const AxisInfo &info, ArrayRef<int64_t> shape, int dim) {
  return !shape.empty() && info.getConstancy(dim) == shape[dim];
}

// Size in bytes of what a pointer (or tensor of pointers) points to.
int64_t pointeeBytes(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto pointer = dyn_cast<tt::PointerType>(element)) {
    Type pointee = pointer.getPointeeType();
    if (auto tensor = dyn_cast<RankedTensorType>(pointee))
      pointee = tensor.getElementType();
    if (pointee.isIntOrFloat())
      return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  }
  return 1;
}

// Binary integer ops share one shape: either both operands are known
// constants (then so is the result), or each dimension is derived by the
// op's rules.
struct BinaryRules {
  std::function<int64_t(int)> contiguity = [](int) { return 1; };
  std::function<int64_t(int)> divisibility = [](int) { return 1; };
  std::function<int64_t(int)> constancy = [](int) { return 1; };
  std::optional<int64_t> constantValue;
};

AxisInfo combine(const AxisInfo &lhs, const AxisInfo &rhs, const BinaryRules &rules) {
  DimVector contiguity, divisibility, constancy;
  for (int dim = 0; dim < lhs.getRank(); ++dim) {
    if (rules.constantValue) {
      contiguity.push_back(1);
      constancy.push_back(std::max(lhs.getConstancy(dim), rhs.getConstancy(dim)));
      divisibility.push_back(highestPowerOf2Divisor(*rules.constantValue));
      continue;
    }
    contiguity.push_back(rules.contiguity(dim));
    divisibility.push_back(rules.divisibility(dim));
    constancy.push_back(rules.constancy(dim));
  }
  return AxisInfo(contiguity, divisibility, constancy, rules.constantValue);
}

std::optional<int64_t> bothConstant(const AxisInfo &lhs, const AxisInfo &rhs,
                                    llvm::function_ref<int64_t(int64_t, int64_t)> fold) {
  if (lhs.getConstantValue() && rhs.getConstantValue())
    return fold(*lhs.getConstantValue(), *rhs.getConstantValue());
  return std::nullopt;
}

// a + b, a - b and addptr(a, b): a run of b adds to a constant run of a (or
// the other way round); the sum is divisible by what divides both terms
// (for addptr, the offset's divisor scales with the element size).
AxisInfo visitAddSub(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  bool isSub = isa<arith::SubIOp>(op);
  int64_t elementBytes = isa<tt::AddPtrOp>(op) ? pointeeBytes(op->getOperand(0).getType()) : 1;
  BinaryRules rules;
  rules.contiguity = [&](int dim) {
    // A decreasing run is not contiguous: only lhs runs survive a subtraction.
    if (isSub)
      return gcd(lhs.getContiguity(dim), rhs.getConstancy(dim));
    return std::max(gcd(lhs.getConstancy(dim), rhs.getContiguity(dim)),
                    gcd(lhs.getContiguity(dim), rhs.getConstancy(dim)));
  };
  rules.divisibility = [&](int dim) {
    return gcd(lhs.getDivisibility(dim), multiplyDivisor(rhs.getDivisibility(dim), elementBytes));
  };
  rules.constancy = [&](int dim) { return gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)); };
  rules.constantValue = bothConstant(lhs, rhs, [&](int64_t a, int64_t b) {
    return isSub ? a - b : a + b * elementBytes;
  });
  return combine(lhs, rhs, rules);
}

AxisInfo visitMul(const AxisInfo &lhs, const AxisInfo &rhs) {
  BinaryRules rules;
  // Multiplying by the constant 1 keeps the other side's runs.
  rules.contiguity = [&](int dim) {
    return std::max<int64_t>(isConstantOne(rhs) ? lhs.getContiguity(dim) : 1,
                             isConstantOne(lhs) ? rhs.getContiguity(dim) : 1);
  };
  rules.divisibility = [&](int dim) {
    // [2^n, 2^n + 1, ...] is only divisible by 1 element-wise once scaled.
    int64_t lhsDivisor = lhs.getContiguity(dim) > 1 && !isConstantOne(rhs)
                             ? 1
                             : lhs.getDivisibility(dim);
    int64_t rhsDivisor = rhs.getContiguity(dim) > 1 && !isConstantOne(lhs)
                             ? 1
                             : rhs.getDivisibility(dim);
    return multiplyDivisor(lhsDivisor, rhsDivisor);
  };
  rules.constancy = [&](int dim) { return gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)); };
  rules.constantValue = bothConstant(lhs, rhs, [](int64_t a, int64_t b) { return a * b; });
  return combine(lhs, rhs, rules);
}

AxisInfo visitDiv(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  ArrayRef<int64_t> shape = shapeOf(op->getResult(0));
  BinaryRules rules;
  rules.contiguity = [&](int dim) { return isConstantOne(rhs) ? lhs.getContiguity(dim) : 1; };
  rules.constancy = [&](int dim) {
    int64_t constancy = gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
    // A contiguous run divided by a constant d stays constant over aligned
    // blocks of d.
    if (isContiguousDim(lhs, shape, dim) && isConstantDim(rhs, shape, dim))
      constancy = std::max(constancy,
                           gcd(lhs.getContiguity(dim),
                               gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim))));
    return constancy;
  };
  rules.divisibility = [&](int dim) -> int64_t {
    if (isConstantZero(lhs) || isConstantOne(rhs))
      return lhs.getDivisibility(dim);
    return 1;
  };
  rules.constantValue = bothConstant(lhs, rhs, [](int64_t a, int64_t b) {
    return b == 0 ? 0 : a / b;
  });
  if (rules.constantValue && !rhs.getConstantValue().value_or(0))
    rules.constantValue = std::nullopt;
  return combine(lhs, rhs, rules);
}

AxisInfo visitRem(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  ArrayRef<int64_t> shape = shapeOf(op->getResult(0));
  BinaryRules rules;
  rules.contiguity = [&](int dim) -> int64_t {
    // A contiguous run modulo a constant stays contiguous within aligned blocks.
    if (isContiguousDim(lhs, shape, dim) && isConstantDim(rhs, shape, dim))
      return std::max<int64_t>(1, gcd(lhs.getContiguity(dim),
                                      gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim))));
    return 1;
  };
  rules.divisibility = [&](int dim) {
    return gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim));
  };
  rules.constancy = [&](int dim) -> int64_t {
    if (isConstantOne(rhs) && !shape.empty())
      return shape[dim];
    return gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
  };
  if (lhs.getConstantValue() && rhs.getConstantValue() && *rhs.getConstantValue() != 0)
    rules.constantValue = *lhs.getConstantValue() % *rhs.getConstantValue();
  else if (isConstantOne(rhs))
    rules.constantValue = 0;
  return combine(lhs, rhs, rules);
}

AxisInfo visitBitwise(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  BinaryRules rules;
  rules.constancy = [&](int dim) { return gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)); };
  rules.constantValue = bothConstant(lhs, rhs, [op](int64_t a, int64_t b) {
    if (isa<arith::AndIOp>(op))
      return a & b;
    if (isa<arith::OrIOp>(op))
      return a | b;
    return a ^ b;
  });
  return combine(lhs, rhs, rules);
}

AxisInfo visitShift(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  bool isLeft = isa<arith::ShLIOp>(op);
  BinaryRules rules;
  rules.contiguity = [&](int dim) { return isConstantZero(rhs) ? lhs.getContiguity(dim) : 1; };
  rules.divisibility = [&](int dim) -> int64_t {
    if (!isLeft && !rhs.getConstantValue())
      return 1;
    int64_t shift = rhs.getConstantValue().value_or(0);
    int64_t lhsDivisor = lhs.getContiguity(dim) > 1 && shift ? 1 : lhs.getDivisibility(dim);
    if (shift < 0 || shift >= 62)
      return 1;
    if (isLeft)
      return multiplyDivisor(lhsDivisor, int64_t(1) << shift);
    return std::max<int64_t>(1, lhsDivisor / (int64_t(1) << shift));
  };
  rules.constancy = [&](int dim) { return gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)); };
  if (lhs.getConstantValue() && rhs.getConstantValue() && *rhs.getConstantValue() >= 0 &&
      *rhs.getConstantValue() < 64)
    rules.constantValue = isLeft ? *lhs.getConstantValue() << *rhs.getConstantValue()
                                 : *lhs.getConstantValue() >> *rhs.getConstantValue();
  return combine(lhs, rhs, rules);
}

AxisInfo visitMinMax(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  int rank = lhs.getRank();
  if (lhs.getConstantValue() && rhs.getConstantValue()) {
    int64_t a = *lhs.getConstantValue(), b = *rhs.getConstantValue();
    bool isMax = isa<arith::MaxSIOp, arith::MaxUIOp>(op);
    return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1),
                    isMax ? std::max(a, b) : std::min(a, b));
  }
  DimVector contiguity, divisibility, constancy;
  for (int dim = 0; dim < rank; ++dim) {
    contiguity.push_back(std::min(lhs.getContiguity(dim), rhs.getContiguity(dim)));
    divisibility.push_back(std::min(lhs.getDivisibility(dim), rhs.getDivisibility(dim)));
    constancy.push_back(std::min(lhs.getConstancy(dim), rhs.getConstancy(dim)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

bool evaluate(arith::CmpIPredicate predicate, int64_t lhs, int64_t rhs) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
    return lhs == rhs;
  case P::ne:
    return lhs != rhs;
  case P::slt:
    return lhs < rhs;
  case P::sle:
    return lhs <= rhs;
  case P::sgt:
    return lhs > rhs;
  case P::sge:
    return lhs >= rhs;
  case P::ult:
    return uint64_t(lhs) < uint64_t(rhs);
  case P::ule:
    return uint64_t(lhs) <= uint64_t(rhs);
  case P::ugt:
    return uint64_t(lhs) > uint64_t(rhs);
  case P::uge:
    return uint64_t(lhs) >= uint64_t(rhs);
  }
  return false;
}

// Comparing a run with a constant gives equal answers over aligned blocks:
// [4, 5, 6, 7] < [4, 4, 4, 4] is all false, [4, 5, 6, 7] >= 4 all true.
AxisInfo visitCmp(arith::CmpIOp op, const AxisInfo &lhs, const AxisInfo &rhs) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  if (!type)
    return AxisInfo();
  ArrayRef<int64_t> shape = type.getShape();
  using P = arith::CmpIPredicate;
  P predicate = op.getPredicate();
  bool isGtOrLe = predicate == P::sgt || predicate == P::ugt || predicate == P::sle ||
                  predicate == P::ule;
  bool isLtOrGe = predicate == P::slt || predicate == P::ult || predicate == P::sge ||
                  predicate == P::uge;
  DimVector contiguity, divisibility, constancy;
  std::optional<int64_t> constantValue;
  for (int dim = 0; dim < type.getRank(); ++dim) {
    int64_t known;
    if (lhs.getConstantValue() && rhs.getConstantValue()) {
      known = lhs.getConstancy(dim);
      constantValue = evaluate(predicate, *lhs.getConstantValue(), *rhs.getConstantValue());
    } else {
      known = gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
      if (isGtOrLe && isConstantDim(lhs, shape, dim))
        known = std::max(known, gcd(rhs.getContiguity(dim),
                                    gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim))));
      else if (isLtOrGe && isConstantDim(rhs, shape, dim))
        known = std::max(known, gcd(lhs.getContiguity(dim),
                                    gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim))));
    }
    constancy.push_back(known);
    divisibility.push_back(1);
    contiguity.push_back(1);
  }
  return AxisInfo(contiguity, divisibility, constancy, constantValue);
}

AxisInfo visitSelect(arith::SelectOp op, const AxisInfo &condition, const AxisInfo &lhs,
                     const AxisInfo &rhs) {
  if (std::optional<int64_t> known = condition.getConstantValue())
    return *known == 0 ? rhs : lhs;
  int rank = lhs.getRank();
  DimVector contiguity, divisibility, constancy;
  // A scalar condition picks a whole operand: only what both share holds.
  bool scalarCondition = isa<IntegerType>(op.getCondition().getType());
  for (int dim = 0; dim < rank; ++dim) {
    if (scalarCondition) {
      constancy.push_back(std::min(lhs.getConstancy(dim), rhs.getConstancy(dim)));
      divisibility.push_back(std::min(lhs.getDivisibility(dim), rhs.getDivisibility(dim)));
      contiguity.push_back(std::min(lhs.getContiguity(dim), rhs.getContiguity(dim)));
      continue;
    }
    int64_t conditionRun = condition.getConstancy(dim);
    constancy.push_back(std::min(gcd(lhs.getConstancy(dim), conditionRun),
                                 gcd(rhs.getConstancy(dim), conditionRun)));
    contiguity.push_back(std::min(gcd(lhs.getContiguity(dim), conditionRun),
                                  gcd(rhs.getContiguity(dim), conditionRun)));
    if (contiguity.back() == lhs.getContiguity(dim) &&
        contiguity.back() == rhs.getContiguity(dim)) {
      divisibility.push_back(gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim)));
    } else {
      // Shorter runs start inside the old ones: their first elements are
      // only known to be divisible by the run length.
      divisibility.push_back(std::min(gcd(lhs.getDivisibility(dim), contiguity.back()),
                                      gcd(rhs.getDivisibility(dim), contiguity.back())));
    }
  }
  std::optional<int64_t> constantValue;
  if (lhs.getConstantValue() && lhs.getConstantValue() == rhs.getConstantValue())
    constantValue = lhs.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constantValue);
}

AxisInfo visitConstant(arith::ConstantOp op) {
  Attribute value = op.getValue();
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    int64_t known = integer.getValue().getZExtValue();
    return AxisInfo({1}, {highestPowerOf2Divisor(known)}, {1}, known);
  }
  if (auto boolean = dyn_cast<BoolAttr>(value)) {
    int64_t known = boolean.getValue() ? 1 : 0;
    return AxisInfo({1}, {highestPowerOf2Divisor(known)}, {1}, known);
  }
  auto splat = dyn_cast<SplatElementsAttr>(value);
  if (splat && splat.getElementType().isIntOrIndex()) {
    int64_t known = splat.getSplatValue<APInt>().getZExtValue();
    auto type = cast<ShapedType>(splat.getType());
    return AxisInfo(DimVector(type.getRank(), 1),
                    DimVector(type.getRank(), highestPowerOf2Divisor(known)),
                    DimVector(type.getShape().begin(), type.getShape().end()), known);
  }
  return AxisInfo();
}

// make_range's start is a 32-bit unsigned value: a range starting at 0 is
// divisible by 2^30, the 32-bit analogue of "anything".
AxisInfo visitMakeRange(tt::MakeRangeOp op) {
  uint32_t start = op.getStart();
  int64_t divisor = start == 0 ? int64_t(1) << 30 : int64_t(start & (~start + 1));
  return AxisInfo({int64_t(op.getEnd()) - start}, {divisor}, {1});
}

AxisInfo visitSplat(tt::SplatOp op, const AxisInfo &operand) {
  auto type = cast<RankedTensorType>(op.getType());
  DimVector contiguity, divisibility, constancy;
  for (int dim = 0; dim < type.getRank(); ++dim) {
    contiguity.push_back(1);
    divisibility.push_back(operand.getDivisibility(0));
    constancy.push_back(type.getShape()[dim]);
  }
  return AxisInfo(contiguity, divisibility, constancy, operand.getConstantValue());
}

AxisInfo visitExpandDims(tt::ExpandDimsOp op, const AxisInfo &operand) {
  DimVector contiguity = operand.getContiguity();
  DimVector divisibility = operand.getDivisibility();
  DimVector constancy = operand.getConstancy();
  // The new dimension of size 1 starts at every element: its divisibility is
  // what divides all of them (runs longer than one only guarantee 1).
  int64_t newDivisibility = 1;
  if (operand.getConstantValue()) {
    newDivisibility = highestPowerOf2Divisor(*operand.getConstantValue());
  } else if (operand.getRank() > 0) {
    newDivisibility = 0;
    for (int dim = 0; dim < operand.getRank(); ++dim)
      newDivisibility =
          gcd(newDivisibility, operand.getContiguity(dim) > 1 ? 1 : operand.getDivisibility(dim));
  }
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, newDivisibility);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, operand.getConstantValue());
}

AxisInfo visitBroadcast(tt::BroadcastOp op, const AxisInfo &operand) {
  ArrayRef<int64_t> resultShape = op.getType().getShape();
  ArrayRef<int64_t> operandShape = op.getSrc().getType().getShape();
  DimVector contiguity, divisibility, constancy;
  for (size_t dim = 0; dim < resultShape.size(); ++dim) {
    bool stretched = operandShape[dim] == 1;
    contiguity.push_back(stretched ? 1 : operand.getContiguity(dim));
    divisibility.push_back(operand.getDivisibility(dim));
    constancy.push_back(stretched ? resultShape[dim] : operand.getConstancy(dim));
  }
  return AxisInfo(contiguity, divisibility, constancy, operand.getConstantValue());
}

AxisInfo visitTrans(tt::TransOp op, const AxisInfo &operand) {
  DimVector contiguity, divisibility, constancy;
  for (int32_t from : op.getOrder()) {
    contiguity.push_back(operand.getContiguity(from));
    divisibility.push_back(operand.getDivisibility(from));
    constancy.push_back(operand.getConstancy(from));
  }
  return AxisInfo(contiguity, divisibility, constancy, operand.getConstantValue());
}

// Loaded values are unknown, but equal addresses under an equal mask load
// equal values.
AxisInfo visitLoad(tt::LoadOp op, ArrayRef<const AxisInfo *> operands) {
  const AxisInfo &pointer = *operands[0];
  const AxisInfo *mask = operands.size() > 1 ? operands[1] : nullptr;
  DimVector contiguity, divisibility, constancy;
  for (int dim = 0; dim < pointer.getRank(); ++dim) {
    contiguity.push_back(1);
    divisibility.push_back(1);
    constancy.push_back(gcd(pointer.getConstancy(dim), mask ? mask->getConstancy(dim) : 0));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

} // namespace

int64_t highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return int64_t(1) << 62;
  return value & (~value + 1);
}

AxisInfo detail::visitOperation(Operation *op, ArrayRef<const AxisInfo *> operands) {
  auto binary = [&](auto visit) { return visit(*operands[0], *operands[1]); };
  return llvm::TypeSwitch<Operation *, AxisInfo>(op)
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, ttg::ConvertLayoutOp,
            UnrealizedConversionCastOp, tt::BitcastOp>(
          [&](Operation *) { return operands.empty() ? AxisInfo() : *operands[0]; })
      .Case<tt::MakeRangeOp>(visitMakeRange)
      .Case<arith::ConstantOp>(visitConstant)
      .Case<tt::AddPtrOp, arith::AddIOp, arith::SubIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitAddSub(op, lhs, rhs); });
      })
      .Case<arith::MulIOp>([&](Operation *) { return binary(visitMul); })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitDiv(op, lhs, rhs); });
      })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitRem(op, lhs, rhs); });
      })
      .Case<tt::BroadcastOp>([&](tt::BroadcastOp op) { return visitBroadcast(op, *operands[0]); })
      .Case<tt::SplatOp>([&](tt::SplatOp op) { return visitSplat(op, *operands[0]); })
      .Case<tt::ExpandDimsOp>(
          [&](tt::ExpandDimsOp op) { return visitExpandDims(op, *operands[0]); })
      .Case<tt::TransOp>([&](tt::TransOp op) { return visitTrans(op, *operands[0]); })
      .Case<arith::CmpIOp>([&](arith::CmpIOp op) {
        return visitCmp(op, *operands[0], *operands[1]);
      })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitBitwise(op, lhs, rhs); });
      })
      .Case<arith::SelectOp>([&](arith::SelectOp op) {
        return visitSelect(op, *operands[0], *operands[1], *operands[2]);
      })
      .Case<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitShift(op, lhs, rhs); });
      })
      .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>([&](Operation *op) {
        return binary([&](auto &lhs, auto &rhs) { return visitMinMax(op, lhs, rhs); });
      })
      .Case<tt::LoadOp>([&](tt::LoadOp op) { return visitLoad(op, operands); })
      .Default([](Operation *) { return AxisInfo(); });
}

} // namespace trex
