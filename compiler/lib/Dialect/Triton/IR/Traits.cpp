// Checks behind the native traits of the Triton-family ops: tensor sizes, layout
// fitness, and equal shapes or encodings across operands and results.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex::tt::impl {

static SmallVector<Type> operandAndResultTypes(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return types;
}

// The tensor a type denotes: the type itself, or a block pointer's pointee.
static RankedTensorType asTensor(Type type) {
  if (auto pointer = dyn_cast<PointerType>(type))
    type = pointer.getPointeeType();
  return dyn_cast<RankedTensorType>(type);
}

LogicalResult verifyTensorSize(Operation *op) {
  for (Type type : operandAndResultTypes(op)) {
    RankedTensorType tensor = asTensor(type);
    if (!tensor)
      continue;
    int64_t numElements = tensor.getNumElements();
    if (numElements > kMaxTensorNumElements)
      return op->emitError("tensor ") << tensor << " has " << numElements << " elements; at most "
                                      << kMaxTensorNumElements << " are allowed";
    if (!llvm::isPowerOf2_64(numElements))
      return op->emitError("tensor ") << tensor << " has " << numElements
                                      << " elements; the number of elements must be a power of two";
  }
  return success();
}

LogicalResult verifyTensorLayouts(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    RankedTensorType tensor = asTensor(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    Attribute layout = tensor.getEncoding();
    auto *verifier =
        layout.getDialect().getRegisteredInterface<DialectVerifyTensorLayoutInterface>();
    if (!verifier)
      return success();
    return verifier->verifyTensorLayout(layout, tensor, op, [&]() {
      return op->emitOpError("has an invalid layout on ") << tensor << ": ";
    });
  };
  for (Type type : operandAndResultTypes(op))
    if (failed(check(type)))
      return failure();
  return success();
}

static LogicalResult verifySameEncoding(Operation *op, ArrayRef<Type> types,
                                        bool allowTensorPointerType, StringRef what) {
  Attribute first;
  for (Type type : types) {
    if (!allowTensorPointerType && isTensorPointerType(type))
      return op->emitOpError("does not accept block pointers");
    Attribute encoding = getEncoding(type);
    // Scalars and tensors without a layout are compatible with anything.
    if (!encoding)
      continue;
    if (!first)
      first = encoding;
    else if (encoding != first)
      return op->emitOpError("requires the same encoding for all ") << what;
  }
  return success();
}

LogicalResult verifySameOperandsEncoding(Operation *op, bool allowTensorPointerType) {
  SmallVector<Type> types(op->getOperandTypes());
  return verifySameEncoding(op, types, allowTensorPointerType, "operands");
}

LogicalResult verifySameOperandsAndResultEncoding(Operation *op, bool allowTensorPointerType) {
  return verifySameEncoding(op, operandAndResultTypes(op), allowTensorPointerType,
                            "operands and results");
}

static LogicalResult verifySameShape(Operation *op, ArrayRef<Type> types, StringRef what) {
  std::optional<SmallVector<int64_t>> first;
  for (Type type : types) {
    SmallVector<int64_t> shape;
    if (RankedTensorType tensor = asTensor(type))
      shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    if (!first)
      first = shape;
    else if (*first != shape)
      return op->emitOpError("requires the same shape for all ") << what;
  }
  return success();
}

LogicalResult verifySameLoadStoreOperandsShape(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  return verifySameShape(op, types, "operands");
}

LogicalResult verifySameLoadStoreOperandsAndResultShape(Operation *op) {
  return verifySameShape(op, operandAndResultTypes(op), "operands and results");
}

} // namespace trex::tt::impl
