// The `ttg` types: !ttg.memdesc (a view of shared memory) and !ttg.async.token.
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/TritonGPU/IR/Types.cpp.inc"

using namespace mlir;

namespace trex::ttg {

void TTGDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trex/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}

// <4x128x64xf16, #shared, #smem[, mutable][, 8x128x64]>
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() || parser.parseAttribute(encoding) ||
      parser.parseComma() || parser.parseAttribute(memorySpace))
    return {};
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      continue;
    }
    if (!allocShape.empty()) {
      // Said, or the parse failed without a message and trex compile failed silently.
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'mutable' or '>' after the allocation shape");
      return {};
    }
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false, /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType, encoding,
                                        memorySpace, mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t size : getShape())
    printer << size << "x";
  printer << getElementType() << ", " << getEncoding() << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType, Attribute encoding,
                                  Attribute memorySpace, bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "a memdesc needs at least one dimension";
  if (llvm::any_of(shape, [](int64_t size) { return size <= 0; }))
    return emitError() << "memdesc dimensions must be positive";
  if (!encoding)
    return emitError() << "a memdesc needs a layout";
  if (encoding.getDialect().getNamespace() == TTGDialect::getDialectNamespace()) {
    auto shared = dyn_cast<SharedEncodingTrait>(encoding);
    if (!shared)
      return emitError() << "a memdesc needs a shared-memory layout, got " << encoding;
    // Leading dimensions beyond the layout's rank index buffers (pipeline stages).
    if (shared.getRank() > shape.size())
      return emitError() << "the layout has rank " << shared.getRank() << " but the memdesc only "
                         << shape.size() << " dimensions";
  }
  if (allocShape.size() < shape.size())
    return emitError() << "the allocation shape cannot have fewer dimensions than the view";
  ArrayRef<int64_t> trailing = allocShape.take_back(shape.size());
  for (auto [view, alloc] : llvm::zip(shape, trailing))
    if (view > alloc)
      return emitError() << "the view is larger than its allocation";
  return success();
}

} // namespace trex::ttg
