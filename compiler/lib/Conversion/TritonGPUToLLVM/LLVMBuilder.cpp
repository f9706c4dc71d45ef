// LLVMBuilder: short-hands for LLVM-dialect ops.
#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/ModuleSymbols.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <vector>

using namespace mlir;

namespace trex {

Value LLVMBuilder::constant(Type type, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, type, builder.getIntegerAttr(type, value));
}
Value LLVMBuilder::i32(int64_t value) { return constant(builder.getI32Type(), value); }
Value LLVMBuilder::i64(int64_t value) { return constant(builder.getI64Type(), value); }
Value LLVMBuilder::i1(bool value) { return constant(builder.getI1Type(), value); }
Value LLVMBuilder::floatConstant(Type type, double value) {
  return LLVM::ConstantOp::create(builder, loc, type, builder.getFloatAttr(type, value));
}
Value LLVMBuilder::undef(Type type) { return LLVM::UndefOp::create(builder, loc, type); }
Value LLVMBuilder::zero(Type type) { return LLVM::ZeroOp::create(builder, loc, type); }

Value LLVMBuilder::add(Value a, Value b) { return LLVM::AddOp::create(builder, loc, a, b); }
Value LLVMBuilder::sub(Value a, Value b) { return LLVM::SubOp::create(builder, loc, a, b); }
Value LLVMBuilder::mul(Value a, Value b) { return LLVM::MulOp::create(builder, loc, a, b); }
Value LLVMBuilder::udiv(Value a, Value b) { return LLVM::UDivOp::create(builder, loc, a, b); }
Value LLVMBuilder::urem(Value a, Value b) { return LLVM::URemOp::create(builder, loc, a, b); }
Value LLVMBuilder::and_(Value a, Value b) { return LLVM::AndOp::create(builder, loc, a, b); }
Value LLVMBuilder::or_(Value a, Value b) { return LLVM::OrOp::create(builder, loc, a, b); }
Value LLVMBuilder::xor_(Value a, Value b) { return LLVM::XOrOp::create(builder, loc, a, b); }
Value LLVMBuilder::disjointOr(Value a, Value b) {
  auto op = LLVM::OrOp::create(builder, loc, a, b);
  op.setIsDisjoint(true);
  return op;
}

Value LLVMBuilder::xorOfBits(Value id, llvm::ArrayRef<int32_t> offsets) {
  Value result;
  int count = static_cast<int>(offsets.size());
  for (int bit = 0; bit < count;) {
    uint32_t offset = static_cast<uint32_t>(offsets[bit]);
    if (offset == 0) {
      ++bit;
      continue;
    }
    int end = bit + 1;
    Value term;
    if (llvm::isPowerOf2_32(offset)) {
      while (end < count && offsets[end] > 0 &&
             int64_t(offsets[end]) == (int64_t(offset) << (end - bit)))
        ++end;
      // Field [bit, end) of the id, moved to the first offset's position.
      int64_t mask = (int64_t(1) << (end - bit)) - 1;
      term = and_(bit == 0 ? id : lshr(id, i32(bit)), i32(mask));
      if (int position = static_cast<int>(llvm::Log2_32(offset)))
        term = shl(term, i32(position));
    } else {
      term = mul(and_(lshr(id, i32(bit)), i32(1)), i32(offset));
    }
    result = result ? xor_(result, term) : term;
    bit = end;
  }
  return result;
}
Value LLVMBuilder::bitMatrixProduct(Value x, llvm::ArrayRef<int32_t> columns) {
  const int numColumns = static_cast<int>(columns.size());
  assert(numColumns <= 32 && "an i32 input has 32 bits");
  uint32_t allRows = 0;
  for (int32_t column : columns)
    allRows |= static_cast<uint32_t>(column);
  if (allRows == 0)
    return Value();
  const int numRows = 32 - llvm::countl_zero(allRows);
  auto bitAt = [&](int column, int row) {
    return (static_cast<uint32_t>(columns[column]) >> row) & 1u;
  };
  // Output bits set by exactly one input bit: terms made only of those can be or-ed.
  uint32_t soleRows = 0;
  for (int row = 0; row < numRows; ++row) {
    int count = 0;
    for (int column = 0; column < numColumns; ++column)
      count += bitAt(column, row);
    if (count == 1)
      soleRows |= 1u << row;
  }
  // Diagonal `shift` (input bit minus output bit): the input bits on it whose column has
  // the output bit, and whether every output bit it sets is a sole one.
  struct Diagonal {
    int shift;
    uint32_t mask;
    bool sole;
  };
  std::vector<Diagonal> diagonals;
  for (int shift = 1 - numRows; shift < numColumns; ++shift) {
    Diagonal diagonal{shift, 0, true};
    for (int row = std::max(0, -shift), column = row + shift; row < numRows && column < numColumns;
         ++row, ++column) {
      if (bitAt(column, row)) {
        diagonal.mask |= 1u << column;
        diagonal.sole &= ((soleRows >> row) & 1u) == 1u;
      }
    }
    diagonals.push_back(diagonal);
  }
  // A diagonal left with one input bit is better emitted as that bit alone; taking a bit
  // out of one diagonal can leave another with one, so repeat until nothing changes.
  uint32_t singleBits = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Diagonal &diagonal : diagonals) {
      uint32_t left = diagonal.mask & ~singleBits;
      if (llvm::isPowerOf2_32(left)) {
        singleBits |= left;
        changed = true;
      }
    }
  }
  SmallVector<Value> ors, xors;
  for (const Diagonal &diagonal : diagonals) {
    uint32_t mask = diagonal.mask & ~singleBits;
    if (mask == 0)
      continue;
    Value masked = and_(x, i32(static_cast<int32_t>(mask)));
    Value term = diagonal.shift > 0   ? lshr(masked, i32(diagonal.shift))
                 : diagonal.shift < 0 ? shl(masked, i32(-diagonal.shift))
                                      : masked;
    (diagonal.sole ? ors : xors).push_back(term);
  }
  for (int column = 0; column < numColumns; ++column) {
    uint32_t value = static_cast<uint32_t>(columns[column]);
    if (!((singleBits >> column) & 1u) || value == 0)
      continue;
    Value bit = and_(x, i32(static_cast<int32_t>(1u << column)));
    Value term;
    if (llvm::isPowerOf2_32(value)) {
      int row = llvm::countr_zero(value);
      term = row == column  ? bit
             : row > column ? shl(bit, i32(row - column))
                            : lshr(bit, i32(column - row));
    } else {
      term = select(icmpEQ(bit, i32(0)), i32(0), i32(columns[column]));
    }
    ((soleRows & value) == value ? ors : xors).push_back(term);
  }
  // Pairwise reduction, as a balanced tree.
  auto reduce = [&](SmallVector<Value> terms, auto combine) -> Value {
    if (terms.empty())
      return Value();
    while (terms.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i + 1 < terms.size(); i += 2)
        next.push_back(combine(terms[i], terms[i + 1]));
      if (terms.size() % 2 == 1)
        next.push_back(terms.back());
      terms = std::move(next);
    }
    return terms.front();
  };
  Value orPart = reduce(ors, [&](Value a, Value b) { return disjointOr(a, b); });
  Value xorPart = reduce(xors, [&](Value a, Value b) { return xor_(a, b); });
  if (!orPart || !xorPart)
    return orPart ? orPart : xorPart;
  return disjointOr(orPart, xorPart);
}
Value LLVMBuilder::shl(Value a, Value b) { return LLVM::ShlOp::create(builder, loc, a, b); }
Value LLVMBuilder::lshr(Value a, Value b) { return LLVM::LShrOp::create(builder, loc, a, b); }
Value LLVMBuilder::icmpEQ(Value a, Value b) {
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, a, b);
}
Value LLVMBuilder::icmpNE(Value a, Value b) {
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, a, b);
}
Value LLVMBuilder::icmpULT(Value a, Value b) {
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, a, b);
}
Value LLVMBuilder::select(Value condition, Value a, Value b) {
  return LLVM::SelectOp::create(builder, loc, condition, a, b);
}
Value LLVMBuilder::bitcast(Value value, Type type) {
  if (value.getType() == type)
    return value;
  return LLVM::BitcastOp::create(builder, loc, type, value);
}
Value LLVMBuilder::zext(Value value, Type type) {
  return LLVM::ZExtOp::create(builder, loc, type, value);
}
Value LLVMBuilder::sext(Value value, Type type) {
  return LLVM::SExtOp::create(builder, loc, type, value);
}
Value LLVMBuilder::trunc(Value value, Type type) {
  return LLVM::TruncOp::create(builder, loc, type, value);
}
Value LLVMBuilder::gep(Type pointerType, Type elementType, Value base, Value offset) {
  return LLVM::GEPOp::create(builder, loc, pointerType, elementType, base, ValueRange{offset});
}
Value LLVMBuilder::extractValue(Value aggregate, int64_t position) {
  return LLVM::ExtractValueOp::create(builder, loc, aggregate, ArrayRef<int64_t>{position});
}
Value LLVMBuilder::insertValue(Value aggregate, Value value, int64_t position) {
  return LLVM::InsertValueOp::create(builder, loc, aggregate, value, ArrayRef<int64_t>{position});
}
Value LLVMBuilder::extractElement(Value vector, int64_t position) {
  return LLVM::ExtractElementOp::create(builder, loc, vector, i32(position));
}
Value LLVMBuilder::insertElement(Value vector, Value value, int64_t position) {
  return LLVM::InsertElementOp::create(builder, loc, vector, value, i32(position));
}

Value moduleString(OpBuilder &builder, Location loc, StringRef prefix, StringRef content,
                   unsigned addressSpace) {
  auto module = builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  std::string bytes = content.str();
  bytes.push_back('\0');
  auto pointerType = LLVM::LLVMPointerType::get(builder.getContext(), addressSpace);
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getSymName().starts_with(prefix) && global.getConstant() &&
        global.getAddrSpace() == addressSpace)
      if (auto value = dyn_cast_or_null<StringAttr>(global.getValueOrNull()))
        if (value.getValue() == bytes)
          return LLVM::AddressOfOp::create(builder, loc, pointerType, global.getSymName());
  std::string name;
  for (int number = 0;; ++number) {
    name = (prefix + Twine(number)).str();
    if (!module.lookupSymbol(name))
      break;
  }
  auto arrayType = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    // The module's location, not the user's: a module-level op at a call-site location (an
    // assert in an inlined function) crashes MLIR's ensure-debug-info-scope-on-llvm-func,
    // which looks for the function around it.
    LLVM::GlobalOp::create(builder, module.getLoc(), arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name, builder.getStringAttr(bytes),
                           /*alignment=*/0, addressSpace);
  }
  return LLVM::AddressOfOp::create(builder, loc, pointerType, name);
}

LLVM::LLVMFuncOp externalFunction(OpBuilder &builder, Location loc, StringRef name,
                                  LLVM::LLVMFunctionType type) {
  auto module = builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return function;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
}

} // namespace trex
