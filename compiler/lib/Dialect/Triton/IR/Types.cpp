// The `tt` types (pointers, tensor descriptors) and the type helpers ops use to
// relate pointer, value and mask types.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/Triton/IR/Types.cpp.inc"

using namespace mlir;

namespace trex::tt {

void TTDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trex/Dialect/Triton/IR/Types.cpp.inc"
      >();
}

// Global memory is address space 1, the default, so it is not spelled out.
static constexpr int kDefaultAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kDefaultAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma()) && parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kDefaultAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

Type getPointeeType(Type type) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type)) {
    auto pointer = dyn_cast<PointerType>(tensorType.getElementType());
    if (!pointer)
      return {};
    return RankedTensorType::get(tensorType.getShape(), pointer.getPointeeType(),
                                 tensorType.getEncoding());
  }
  if (auto pointer = dyn_cast<PointerType>(type))
    return pointer.getPointeeType();
  return {};
}

static Type withElementType(Type type, Type elementType) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensorType.getShape(), elementType, tensorType.getEncoding());
  return elementType;
}

Type getI1SameShape(Type type) {
  return withElementType(type, IntegerType::get(type.getContext(), 1));
}

Type getI32SameShape(Type type) {
  return withElementType(type, IntegerType::get(type.getContext(), 32));
}

Type getPointerTypeSameShape(Type type) {
  return withElementType(type, PointerType::get(getElementTypeOrSelf(type), kDefaultAddressSpace));
}

Type getPointerTypeToElement(Type type) {
  return PointerType::get(getElementTypeOrSelf(type), kDefaultAddressSpace);
}

Type getBlockBasePointerType(Type type) {
  auto pointer = cast<PointerType>(type);
  auto block = cast<RankedTensorType>(pointer.getPointeeType());
  return PointerType::get(block.getElementType(), pointer.getAddressSpace());
}

bool isTensorPointerType(Type type) {
  auto pointer = dyn_cast<PointerType>(type);
  return pointer && isa<RankedTensorType>(pointer.getPointeeType());
}

Attribute getEncoding(Type type) {
  if (auto pointer = dyn_cast<PointerType>(type))
    type = pointer.getPointeeType();
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.getEncoding();
  return {};
}

unsigned getScalarBitWidth(Type type) {
  if (isa<PointerType>(type))
    return 64;
  return type.getIntOrFloatBitWidth();
}

} // namespace trex::tt
