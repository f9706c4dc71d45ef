// Shared-memory layouts of ttg (swizzled, AMD rotating, NVMMA, linear, padded)
// and the shared-memory space attribute: syntax, verifiers and alignment.
#include "LayoutSyntax.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex::ttg {

static const std::array<StringRef, 4> kLegacyCGAKeys = {"CGALayout", "CTAsPerCGA", "CTASplitNum",
                                                        "CTAOrder"};

// Swizzled and rotating layouts share their parameters and syntax.
template <typename AttrT> static Attribute parseSwizzled(AsmParser &parser, StringRef name) {
  LayoutFields fields(parser, name);
  if (fields.parseAngleDict())
    return {};
  auto vec = fields.getUnsigned("vec");
  auto perPhase = fields.getUnsigned("perPhase");
  auto maxPhase = fields.getUnsigned("maxPhase");
  auto order = fields.getUnsignedArray("order");
  if (failed(vec) || failed(perPhase) || failed(maxPhase) || failed(order))
    return {};
  SmallVector<StringRef> known = {"vec", "perPhase", "maxPhase", "order"};
  known.append(kLegacyCGAKeys.begin(), kLegacyCGAKeys.end());
  auto cga = fields.getCGALayout(order->size());
  if (failed(cga) || failed(fields.rejectUnknown(known)))
    return {};
  return parser.getChecked<AttrT>(parser.getContext(), *vec, *perPhase, *maxPhase,
                                  ArrayRef<unsigned>(*order), *cga);
}

template <typename AttrT> static void printSwizzled(AsmPrinter &printer, AttrT attr) {
  printer << "<{vec = " << attr.getVec() << ", perPhase = " << attr.getPerPhase()
          << ", maxPhase = " << attr.getMaxPhase() << ", order = ";
  printUnsignedArray(printer, attr.getOrder());
  printCGALayoutField(printer, attr.getCGALayout());
  printer << "}>";
}

static LogicalResult verifySwizzled(function_ref<InFlightDiagnostic()> emitError, unsigned vec,
                                    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
                                    const CGALayout &cgaLayout) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase must be at least 1";
  if (order.empty())
    return emitError() << "order must name at least one dimension";
  if (failed(verifyOrder(emitError, order)))
    return failure();
  return verifyCGALayout(emitError, cgaLayout, order.size());
}

// Bank-conflict-free access needs 16-byte (one vector) alignment.
static constexpr int32_t kSwizzledAlignment = 16;

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared and #ttg.amd_rotating_shared
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<SwizzledSharedEncodingAttr>(parser, "swizzled_shared");
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const { printSwizzled(printer, *this); }

LogicalResult SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                                 unsigned vec, unsigned perPhase, unsigned maxPhase,
                                                 ArrayRef<unsigned> order, CGALayout cgaLayout) {
  return verifySwizzled(emitError, vec, perPhase, maxPhase, order, cgaLayout);
}

unsigned SwizzledSharedEncodingAttr::getRank() const { return getOrder().size(); }
int32_t SwizzledSharedEncodingAttr::getAlignment() const { return kSwizzledAlignment; }

Attribute AMDRotatingSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<AMDRotatingSharedEncodingAttr>(parser, "amd_rotating_shared");
}

void AMDRotatingSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzled(printer, *this);
}

LogicalResult AMDRotatingSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                                    unsigned vec, unsigned perPhase,
                                                    unsigned maxPhase, ArrayRef<unsigned> order,
                                                    CGALayout cgaLayout) {
  return verifySwizzled(emitError, vec, perPhase, maxPhase, order, cgaLayout);
}

unsigned AMDRotatingSharedEncodingAttr::getRank() const { return getOrder().size(); }
int32_t AMDRotatingSharedEncodingAttr::getAlignment() const { return kSwizzledAlignment; }

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

// Without other information an NVMMA layout describes a matrix.
static constexpr unsigned kDefaultNvmmaRank = 2;

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "nvmma_shared");
  if (fields.parseAngleDict())
    return {};
  auto swizzle = fields.getUnsigned("swizzlingByteWidth");
  auto transposed = fields.getBool("transposed", false);
  auto elementBitWidth = fields.getUnsigned("elementBitWidth");
  auto fp4Padded = fields.getBool("fp4Padded", false);
  auto rank = fields.getUnsigned("rank", kDefaultNvmmaRank);
  if (failed(swizzle) || failed(transposed) || failed(elementBitWidth) || failed(fp4Padded) ||
      failed(rank))
    return {};
  SmallVector<StringRef> known = {"swizzlingByteWidth", "transposed", "elementBitWidth",
                                  "fp4Padded", "rank"};
  known.append(kLegacyCGAKeys.begin(), kLegacyCGAKeys.end());
  auto cga = fields.getCGALayout(*rank);
  if (failed(cga) || failed(fields.rejectUnknown(known)))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(parser.getContext(), *swizzle, *transposed,
                                                    *elementBitWidth, *fp4Padded, *cga);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  const CGALayout &cga = getCGALayout();
  if (cga.isOneCTA() && cga.rank != kDefaultNvmmaRank)
    printer << ", rank = " << cga.rank;
  else
    printCGALayoutField(printer, cga);
  printer << "}>";
}

LogicalResult NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                              unsigned swizzlingByteWidth, bool transposed,
                                              unsigned elementBitWidth, bool fp4Padded,
                                              CGALayout cgaLayout) {
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzlingByteWidth))
    return emitError() << "swizzlingByteWidth must be 0, 32, 64 or 128, got " << swizzlingByteWidth;
  if (!llvm::is_contained({4u, 8u, 16u, 32u, 64u}, elementBitWidth))
    return emitError() << "elementBitWidth must be 4, 8, 16, 32 or 64, got " << elementBitWidth;
  if (cgaLayout.rank == 0)
    return emitError() << "rank must be at least 1";
  return verifyCGALayout(emitError, cgaLayout, cgaLayout.rank);
}

unsigned NVMMASharedEncodingAttr::getRank() const { return getCGALayout().rank; }
int32_t NVMMASharedEncodingAttr::getAlignment() const {
  // The swizzle pattern repeats every maxPhase rows of 128 bytes; the
  // allocation must start at a pattern boundary for TMA and wgmma.
  unsigned maxPhase = getSwizzlingByteWidth() == 0 ? 1 : getSwizzlingByteWidth() / 16;
  return 128 * maxPhase;
}

//===----------------------------------------------------------------------===//
// #ttg.shared_linear
//===----------------------------------------------------------------------===//

static const std::array<StringRef, 2> kSharedInDims = {"offset", "block"};

// A shared layout must reach every element, and reach each one once after
// its zero (broadcast) bases are dropped.
static LogicalResult verifySharedBases(function_ref<InFlightDiagnostic()> emitError,
                                       const LinearBases &bases, bool allowZeroBases) {
  if (bases.dims.size() != kSharedInDims.size())
    return emitError() << "a shared linear layout has the input dimensions offset and block";
  for (auto [index, dim] : llvm::enumerate(bases.dims))
    if (dim.first != kSharedInDims[index])
      return emitError() << "input dimension " << index << " must be '" << kSharedInDims[index]
                         << "', got '" << dim.first << "'";
  std::vector<int64_t> shape = coveredShape(bases);
  unsigned totalBits = 0;
  for (int64_t size : shape)
    totalBits += llvm::Log2_64(size);
  // Offsets are 32-bit: a tile of more than 2^31 elements cannot be addressed.
  if (totalBits > 31)
    return emitError() << "the bases cover a tile of 2^" << totalBits
                       << " elements; at most 2^31 can be addressed";
  BasisList nonZero;
  for (const auto &dim : bases.dims) {
    for (const Basis &basis : dim.second) {
      if (llvm::any_of(basis, [](int32_t c) { return c < 0; }))
        return emitError() << "basis entries must not be negative";
      if (llvm::all_of(basis, [](int32_t c) { return c == 0; })) {
        if (!allowZeroBases)
          return emitError() << "zero bases (broadcasting) are not allowed here";
        continue;
      }
      nonZero.push_back(basis);
    }
  }
  unsigned rank = rankOverGF2(nonZero, shape);
  if (rank != totalBits)
    return emitError() << "the bases must reach every element of the tile they cover";
  if (rank != nonZero.size())
    return emitError() << "the non-zero bases must be linearly independent (each element "
                          "stored once)";
  return success();
}

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "shared_linear");
  if (parser.parseLess() || fields.parseDict())
    return {};
  if (fields.has("alignment")) {
    fields.emitError() << "alignment goes after the bases: <{offset = ...}, alignment = N>";
    return {};
  }
  FailureOr<LinearBases> bases = parseLinearBases(fields, kSharedInDims, {"block"});
  unsigned alignment = 0;
  if (failed(bases) || parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) || parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(parser.getContext(), *bases, alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  // A layout within one CTA prints without its empty block bases.
  bool withBlock = !getBases().get("block").empty();
  printLinearBases(printer, getBases(),
                   [&](StringRef name) { return name != "block" || withBlock; });
  printer << "}, alignment = " << getLayoutAlignment() << ">";
}

LogicalResult SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               LinearBases bases, unsigned layoutAlignment) {
  if (layoutAlignment == 0 || !llvm::isPowerOf2_32(layoutAlignment))
    return emitError() << "alignment must be a positive power of two, got " << layoutAlignment;
  return verifySharedBases(emitError, bases, /*allowZeroBases=*/true);
}

unsigned SharedLinearEncodingAttr::getRank() const { return getBases().rank; }
CGALayout SharedLinearEncodingAttr::getCGALayout() const {
  return CGALayout{getBases().rank, getBases().get("block")};
}
int32_t SharedLinearEncodingAttr::getAlignment() const { return getLayoutAlignment(); }

//===----------------------------------------------------------------------===//
// #ttg.padded_shared
//===----------------------------------------------------------------------===//

// The offset bases that store a `shape` tile in plain row-major `order`.
static BasisList identityOffsetBases(ArrayRef<unsigned> shape, ArrayRef<unsigned> order) {
  BasisList bases;
  for (unsigned dim : order) {
    for (unsigned step = 1; step < shape[dim]; step *= 2) {
      Basis basis(shape.size(), 0);
      basis[dim] = static_cast<int32_t>(step);
      bases.push_back(std::move(basis));
    }
  }
  return bases;
}

// The order of dimensions in which offset bases first move (fastest first),
// followed by dimensions that never move, slowest last.
static SmallVector<unsigned> offsetOrder(const LinearBases &bases) {
  SmallVector<unsigned> order;
  for (const Basis &basis : bases.get("offset"))
    for (unsigned dim = 0; dim < basis.size(); ++dim)
      if (basis[dim] != 0 && !llvm::is_contained(order, dim))
        order.push_back(dim);
  for (unsigned dim = bases.rank; dim-- > 0;)
    if (!llvm::is_contained(order, dim))
      order.push_back(dim);
  return order;
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() || parser.parsePlus() ||
        parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  if (parser.parseLess() || parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parsePair))
    return {};
  LayoutFields fields(parser, "padded_shared");
  if (fields.parseDict())
    return {};
  LinearBases bases;
  if (fields.has("offset") || fields.has("block")) {
    FailureOr<LinearBases> parsed = parseLinearBases(fields, kSharedInDims, {"block"});
    if (failed(parsed))
      return {};
    bases = std::move(*parsed);
  } else {
    auto order = fields.getUnsignedArray("order");
    auto shape = fields.getUnsignedArray("shape");
    if (failed(order) || failed(shape) || failed(fields.rejectUnknown({"order", "shape"})))
      return {};
    if (order->size() != shape->size() || order->empty()) {
      fields.emitError() << "order and shape must have the same, non-zero rank";
      return {};
    }
    if (failed(verifyOrder([&] { return fields.emitError(); }, *order)) ||
        failed(verifyPowersOfTwo([&] { return fields.emitError(); }, "shape", *shape)))
      return {};
    bases.rank = shape->size();
    bases.dims = {{"offset", identityOffsetBases(*shape, *order)}, {"block", {}}};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PaddedSharedEncodingAttr>(
      parser.getContext(), ArrayRef<unsigned>(intervals), ArrayRef<unsigned>(paddings), bases);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getIntervals(), getPaddings()), printer, [&](auto pair) {
    printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
  });
  printer << "] {";
  const LinearBases &bases = getBases();
  std::vector<int64_t> covered = coveredShape(bases);
  SmallVector<unsigned> shape(covered.begin(), covered.end());
  SmallVector<unsigned> order = offsetOrder(bases);
  // The short form applies when the elements are simply stored in order.
  if (bases.get("block").empty() && bases.get("offset") == identityOffsetBases(shape, order)) {
    printer << "order = ";
    printUnsignedArray(printer, order);
    printer << ", shape = ";
    printUnsignedArray(printer, shape);
  } else {
    printLinearBases(printer, bases, [](StringRef) { return true; });
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               ArrayRef<unsigned> intervals,
                                               ArrayRef<unsigned> paddings, LinearBases bases) {
  if (intervals.empty() || intervals.size() != paddings.size())
    return emitError() << "needs one or more interval:+padding pairs";
  if (failed(verifyPowersOfTwo(emitError, "the intervals", intervals)) ||
      failed(verifyPowersOfTwo(emitError, "the paddings", paddings)))
    return failure();
  for (size_t i = 0; i < intervals.size(); ++i)
    for (size_t j = i + 1; j < intervals.size(); ++j)
      if (intervals[i] == intervals[j])
        return emitError() << "interval " << intervals[i] << " is given twice";
  for (const auto &dim : bases.dims)
    for (const Basis &basis : dim.second)
      if (llvm::count_if(basis, [](int32_t c) { return c != 0; }) > 1)
        return emitError() << "each basis may move along one dimension only";
  return verifySharedBases(emitError, bases, /*allowZeroBases=*/false);
}

unsigned PaddedSharedEncodingAttr::getRank() const { return getBases().rank; }
CGALayout PaddedSharedEncodingAttr::getCGALayout() const {
  return CGALayout{getBases().rank, getBases().get("block")};
}
int32_t PaddedSharedEncodingAttr::getAlignment() const { return kSwizzledAlignment; }

} // namespace trex::ttg
