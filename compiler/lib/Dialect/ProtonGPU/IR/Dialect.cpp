// The `proton_gpu` dialect: registration, the segment type's syntax and the verifiers.
#include "trex/Dialect/ProtonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "trex/Dialect/ProtonGPU/IR/Dialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/ProtonGPU/IR/Types.cpp.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/ProtonGPU/IR/Ops.cpp.inc"

using namespace mlir;

namespace trex::proton_gpu {

void ProtonGPUDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trex/Dialect/ProtonGPU/IR/Types.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/ProtonGPU/IR/Ops.cpp.inc"
      >();
}

// <8192, #smem, warp>
Type SegmentType::parse(AsmParser &parser) {
  int32_t nBytes = 0;
  Attribute memorySpace;
  StringRef granularity;
  if (parser.parseLess() || parser.parseInteger(nBytes) || parser.parseComma() ||
      parser.parseAttribute(memorySpace) || parser.parseComma() ||
      parser.parseKeyword(&granularity) || parser.parseGreater())
    return Type();
  return parser.getChecked<SegmentType>(parser.getContext(), nBytes, memorySpace, granularity);
}

void SegmentType::print(AsmPrinter &printer) const {
  printer << "<" << getNBytes() << ", ";
  printer.printAttribute(getMemorySpace());
  printer << ", " << getGranularity() << ">";
}

LogicalResult SegmentType::verify(function_ref<InFlightDiagnostic()> emitError, int32_t nBytes,
                                  Attribute memorySpace, StringRef granularity) {
  if (nBytes <= 0 || nBytes % kBytesPerRecord != 0)
    return emitError() << "segment buffer of " << nBytes
                       << " bytes: expected a positive multiple of " << kBytesPerRecord;
  if (!isa<ttg::SharedMemorySpaceAttr>(memorySpace))
    return emitError() << "only shared-memory profiling buffers are supported";
  if (granularity != "warp")
    return emitError() << "granularity '" << granularity << "' is not supported (only 'warp' is)";
  return success();
}

LogicalResult SegmentAllocOp::verify() {
  ttg::MemDescType buffer = getBuffer().getType();
  SegmentType segment = getSegment().getType();
  if (buffer.getShape().size() != 1 || !buffer.getElementType().isInteger(32))
    return emitOpError("expects a one-dimensional buffer of i32");
  int64_t bytes = buffer.getShape()[0] * 4;
  if (bytes != segment.getNBytes())
    return emitOpError() << "buffer of " << bytes << " bytes for a segment type of "
                         << segment.getNBytes() << " bytes";
  if (buffer.getMemorySpace() != segment.getMemorySpace())
    return emitOpError("buffer and segment are in different memory spaces");
  return success();
}

LogicalResult CircularStoreOp::verify() {
  int32_t scopeId = getScopeId();
  if (scopeId < 0 || scopeId > 255)
    return emitOpError() << "scope id " << scopeId << " does not fit the record's 8 bits";
  return success();
}

} // namespace trex::proton_gpu
