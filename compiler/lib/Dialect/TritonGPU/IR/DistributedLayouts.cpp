// Distributed (register) layouts of ttg: syntax, verifiers and the facts the
// tensor-layout checks need (rank, lanes per warp, warps, CTA arrangement).
#include "LayoutSyntax.h"

#include "llvm/Support/MathExtras.h"
#include <numeric>

using namespace mlir;

namespace trex::ttg {

static unsigned product(ArrayRef<unsigned> values) {
  return std::accumulate(values.begin(), values.end(), 1u, std::multiplies<unsigned>());
}

static const std::array<StringRef, 3> kLegacyCGAKeys = {"CTAsPerCGA", "CTASplitNum", "CTAOrder"};

static SmallVector<StringRef> withCGAKeys(std::initializer_list<StringRef> keys) {
  SmallVector<StringRef> all(keys);
  all.push_back("CGALayout");
  all.append(kLegacyCGAKeys.begin(), kLegacyCGAKeys.end());
  return all;
}

static bool allOnes(ArrayRef<unsigned> values) {
  return llvm::all_of(values, [](unsigned v) { return v == 1; });
}

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "blocked");
  if (fields.parseAngleDict())
    return {};
  auto sizePerThread = fields.getUnsignedArray("sizePerThread");
  auto threadsPerWarp = fields.getUnsignedArray("threadsPerWarp");
  auto warpsPerCTA = fields.getUnsignedArray("warpsPerCTA");
  auto order = fields.getUnsignedArray("order");
  if (failed(sizePerThread) || failed(threadsPerWarp) || failed(warpsPerCTA) || failed(order))
    return {};
  auto cga = fields.getCGALayout(sizePerThread->size());
  if (failed(cga) || failed(fields.rejectUnknown(
                         withCGAKeys({"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"}))))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      parser.getContext(), ArrayRef<unsigned>(*sizePerThread), ArrayRef<unsigned>(*threadsPerWarp),
      ArrayRef<unsigned>(*warpsPerCTA), ArrayRef<unsigned>(*order), *cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printUnsignedArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printUnsignedArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printUnsignedArray(printer, getOrder());
  printCGALayoutField(printer, getCGALayout());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          ArrayRef<unsigned> sizePerThread,
                                          ArrayRef<unsigned> threadsPerWarp,
                                          ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order,
                                          CGALayout cgaLayout) {
  size_t rank = order.size();
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank || warpsPerCTA.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and order must have the "
                          "same rank, got "
                       << sizePerThread.size() << ", " << threadsPerWarp.size() << ", "
                       << warpsPerCTA.size() << " and " << rank;
  if (rank == 0)
    return emitError() << "a blocked layout needs at least one dimension";
  if (failed(verifyPowersOfTwo(emitError, "sizePerThread", sizePerThread)) ||
      failed(verifyPowersOfTwo(emitError, "threadsPerWarp", threadsPerWarp)) ||
      failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  if (failed(verifyOrder(emitError, order)))
    return failure();
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }
unsigned BlockedEncodingAttr::getLanesPerWarp() const { return product(getThreadsPerWarp()); }
unsigned BlockedEncodingAttr::getWarpCount() const { return product(getWarpsPerCTA()); }

//===----------------------------------------------------------------------===//
// #ttg.slice
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "slice");
  if (fields.parseAngleDict())
    return {};
  auto dim = fields.getUnsigned("dim");
  auto parent = fields.getAttr("parent");
  if (failed(dim) || failed(parent) || failed(fields.rejectUnknown({"dim", "parent"})))
    return {};
  auto distributed = dyn_cast<DistributedEncodingTrait>(*parent);
  if (!distributed) {
    fields.emitError() << "parent must be a distributed layout, got " << *parent;
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), *dim, distributed);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError, unsigned dim,
                                        DistributedEncodingTrait parent) {
  unsigned rank = parent.getRank();
  if (rank < 2)
    return emitError() << "the parent layout must have rank 2 or more, got " << rank;
  if (dim >= rank)
    return emitError() << "dim " << dim << " is out of range for a parent of rank " << rank;
  return success();
}

unsigned SliceEncodingAttr::getRank() const { return getParent().getRank() - 1; }
CGALayout SliceEncodingAttr::getCGALayout() const {
  return getParent().getCGALayout().withoutDim(getDim());
}
unsigned SliceEncodingAttr::getLanesPerWarp() const { return getParent().getLanesPerWarp(); }
unsigned SliceEncodingAttr::getWarpCount() const { return getParent().getWarpCount(); }

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "nvidia_mma");
  if (fields.parseAngleDict())
    return {};
  auto major = fields.getUnsigned("versionMajor");
  auto minor = fields.getUnsigned("versionMinor", 0);
  auto warpsPerCTA = fields.getUnsignedArray("warpsPerCTA");
  auto instrShape = fields.getUnsignedArray("instrShape");
  if (failed(major) || failed(minor) || failed(warpsPerCTA) || failed(instrShape))
    return {};
  auto cga = fields.getCGALayout(warpsPerCTA->size());
  if (failed(cga) || failed(fields.rejectUnknown(withCGAKeys(
                         {"versionMajor", "versionMinor", "warpsPerCTA", "instrShape"}))))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(parser.getContext(), *major, *minor,
                                                  ArrayRef<unsigned>(*warpsPerCTA), *cga,
                                                  ArrayRef<unsigned>(*instrShape));
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor() << ", versionMinor = " << getVersionMinor()
          << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printCGALayoutField(printer, getCGALayout());
  printer << ", instrShape = ";
  printUnsignedArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned versionMajor, unsigned versionMinor,
                                            ArrayRef<unsigned> warpsPerCTA, CGALayout cgaLayout,
                                            ArrayRef<unsigned> instrShape) {
  if (versionMajor < 1 || versionMajor > 3)
    return emitError() << "versionMajor must be 1 (Volta), 2 (Ampere) or 3 (Hopper), got "
                       << versionMajor;
  size_t rank = warpsPerCTA.size();
  if (rank != 2 && rank != 3)
    return emitError() << "warpsPerCTA must have 2 entries (or 3 with a batch dimension), got "
                       << rank;
  if (failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  size_t expectedShape = versionMajor == 3 ? 3 : rank;
  if (instrShape.size() != expectedShape)
    return emitError() << "instrShape of an MMA v" << versionMajor << " layout needs "
                       << expectedShape << " entries, got " << instrShape.size();
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned NvidiaMmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned NvidiaMmaEncodingAttr::getLanesPerWarp() const { return 32; }
unsigned NvidiaMmaEncodingAttr::getWarpCount() const { return product(getWarpsPerCTA()); }

//===----------------------------------------------------------------------===//
// #ttg.amd_mfma
//===----------------------------------------------------------------------===//

static constexpr unsigned kDefaultMfmaElementBitWidth = 32;

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "amd_mfma");
  if (fields.parseAngleDict())
    return {};
  auto version = fields.getUnsigned("version");
  auto warpsPerCTA = fields.getUnsignedArray("warpsPerCTA");
  auto instrShape = fields.getUnsignedArray("instrShape");
  auto isTransposed = fields.getBool("isTransposed");
  auto elementBitWidth = fields.getUnsigned("elementBitWidth", kDefaultMfmaElementBitWidth);
  if (failed(version) || failed(warpsPerCTA) || failed(instrShape) || failed(isTransposed) ||
      failed(elementBitWidth))
    return {};
  SmallVector<unsigned> unitTiles(warpsPerCTA->size(), 1);
  auto tilesPerWarp = fields.getUnsignedArray("tilesPerWarp", unitTiles);
  auto cga = fields.getCGALayout(warpsPerCTA->size());
  if (failed(tilesPerWarp) || failed(cga) ||
      failed(
          fields.rejectUnknown(withCGAKeys({"version", "warpsPerCTA", "instrShape", "isTransposed",
                                            "tilesPerWarp", "elementBitWidth"}))))
    return {};
  return parser.getChecked<AMDMfmaEncodingAttr>(
      parser.getContext(), *version, ArrayRef<unsigned>(*warpsPerCTA),
      ArrayRef<unsigned>(*instrShape), *isTransposed, *cga, ArrayRef<unsigned>(*tilesPerWarp),
      *elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printUnsignedArray(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  printCGALayoutField(printer, getCGALayout());
  if (!allOnes(getTilesPerWarp())) {
    printer << ", tilesPerWarp = ";
    printUnsignedArray(printer, getTilesPerWarp());
  }
  if (getElementBitWidth() != kDefaultMfmaElementBitWidth)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> instrShape, bool isTransposed,
                                          CGALayout cgaLayout, ArrayRef<unsigned> tilesPerWarp,
                                          unsigned elementBitWidth) {
  if (version > 4)
    return emitError() << "version must be between 0 and 4, got " << version;
  size_t rank = warpsPerCTA.size();
  if (rank != 2 && rank != 3)
    return emitError() << "warpsPerCTA must have 2 entries (or 3 with a batch dimension), got "
                       << rank;
  if (failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  if (instrShape.size() != 3)
    return emitError() << "instrShape must be [M, N, K], got " << instrShape.size() << " entries";
  static const std::pair<unsigned, unsigned> kValidMN[] = {{32, 32}, {16, 16}, {64, 4}, {4, 64}};
  std::pair<unsigned, unsigned> mn{instrShape[0], instrShape[1]};
  if (!llvm::is_contained(kValidMN, mn))
    return emitError() << "no MFMA instruction is " << mn.first << "x" << mn.second
                       << " (M x N must be 32x32, 16x16, 64x4 or 4x64)";
  if (tilesPerWarp.size() != rank)
    return emitError() << "tilesPerWarp needs " << rank << " entries, got " << tilesPerWarp.size();
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << "elementBitWidth must be 32 or 64, got " << elementBitWidth;
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned AMDMfmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AMDMfmaEncodingAttr::getLanesPerWarp() const { return 64; }
unsigned AMDMfmaEncodingAttr::getWarpCount() const { return product(getWarpsPerCTA()); }

//===----------------------------------------------------------------------===//
// #ttg.amd_wmma
//===----------------------------------------------------------------------===//

static const std::array<unsigned, 3> kDefaultWmmaInstrShape = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "amd_wmma");
  if (fields.parseAngleDict())
    return {};
  auto version = fields.getUnsigned("version");
  auto isTransposed = fields.getBool("isTranspose", false);
  auto warpsPerCTA = fields.getUnsignedArray("warpsPerCTA");
  auto instrShape = fields.getUnsignedArray("instrShape", kDefaultWmmaInstrShape);
  if (failed(version) || failed(isTransposed) || failed(warpsPerCTA) || failed(instrShape))
    return {};
  SmallVector<unsigned> unitTiles(warpsPerCTA->size(), 1);
  auto tilesPerWarp = fields.getUnsignedArray("tilesPerWarp", unitTiles);
  auto cga = fields.getCGALayout(warpsPerCTA->size());
  if (failed(tilesPerWarp) || failed(cga) ||
      failed(fields.rejectUnknown(
          withCGAKeys({"version", "isTranspose", "warpsPerCTA", "tilesPerWarp", "instrShape"}))))
    return {};
  return parser.getChecked<AMDWmmaEncodingAttr>(
      parser.getContext(), *version, *isTransposed, ArrayRef<unsigned>(*warpsPerCTA),
      ArrayRef<unsigned>(*tilesPerWarp), *cga, ArrayRef<unsigned>(*instrShape));
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTransposed() ? "true" : "false") << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printCGALayoutField(printer, getCGALayout());
  if (!allOnes(getTilesPerWarp())) {
    printer << ", tilesPerWarp = ";
    printUnsignedArray(printer, getTilesPerWarp());
  }
  if (getInstrShape() != ArrayRef<unsigned>(kDefaultWmmaInstrShape)) {
    printer << ", instrShape = ";
    printUnsignedArray(printer, getInstrShape());
  }
  printer << "}>";
}

LogicalResult AMDWmmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          unsigned version, bool isTransposed,
                                          ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> tilesPerWarp, CGALayout cgaLayout,
                                          ArrayRef<unsigned> instrShape) {
  if (version < 1 || version > 3)
    return emitError() << "WMMA version must be 1, 2 or 3, got " << version;
  size_t rank = warpsPerCTA.size();
  if (rank != 2 && rank != 3)
    return emitError() << "warpsPerCTA must have 2 entries (or 3 with a batch dimension), got "
                       << rank;
  if (failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  using Shape = std::array<unsigned, 3>;
  static const Shape kV1[] = {{16, 16, 16}};
  static const Shape kV2[] = {{16, 16, 16}, {16, 16, 32}};
  static const Shape kV3[] = {{16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}};
  ArrayRef<Shape> valid = version == 1   ? ArrayRef<Shape>(kV1)
                          : version == 2 ? ArrayRef<Shape>(kV2)
                                         : ArrayRef<Shape>(kV3);
  bool known = instrShape.size() == 3 && llvm::any_of(valid, [&](const Shape &s) {
                 return ArrayRef<unsigned>(s) == instrShape;
               });
  if (!known) {
    InFlightDiagnostic diag = emitError();
    diag << "WMMA v" << version << " has no instruction of shape [";
    llvm::interleaveComma(instrShape, diag);
    return diag << "]";
  }
  if (tilesPerWarp.size() != rank)
    return emitError() << "tilesPerWarp needs " << rank << " entries, got " << tilesPerWarp.size();
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned AMDWmmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AMDWmmaEncodingAttr::getLanesPerWarp() const { return 32; }
unsigned AMDWmmaEncodingAttr::getWarpCount() const { return product(getWarpsPerCTA()); }

//===----------------------------------------------------------------------===//
// #ttg.dot_op
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "dot_op");
  if (fields.parseAngleDict())
    return {};
  auto opIdx = fields.getUnsigned("opIdx");
  auto parent = fields.getAttr("parent");
  auto kWidth = fields.getUnsigned("kWidth", 0);
  if (failed(opIdx) || failed(parent) || failed(kWidth) ||
      failed(fields.rejectUnknown({"opIdx", "parent", "kWidth"})))
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(parser.getContext(), *opIdx, *parent, *kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                             unsigned opIdx, Attribute parent, unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "opIdx must be 0 (left operand) or 1 (right operand), got " << opIdx;
  if (!parent)
    return emitError() << "a parent layout is required";
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    bool needsKWidth = mma.isAmpere() || mma.isHopper();
    if (needsKWidth && kWidth == 0)
      return emitError() << "kWidth is required when the parent is an MMA v"
                         << mma.getVersionMajor() << " layout";
    if (!needsKWidth && kWidth != 0)
      return emitError() << "kWidth is only allowed for MMA v2 and v3 parents";
    if (mma.isHopper() && opIdx != 0)
      return emitError() << "with a Hopper (MMA v3) parent only operand 0 lives in registers; "
                            "operand 1 must come from shared memory";
    return success();
  }
  if (isa<AMDMfmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "kWidth is required when the parent is an MFMA layout";
    return success();
  }
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(parent)) {
    if (wmma.getVersion() == 1 && kWidth != 8 && kWidth != 16)
      return emitError() << "kWidth must be 8 or 16 for a WMMA v1 parent, got " << kWidth;
    if (wmma.getVersion() == 2 && kWidth != 4 && kWidth != 8 && kWidth != 16)
      return emitError() << "kWidth must be 4, 8 or 16 for a WMMA v2 parent, got " << kWidth;
    if (wmma.getVersion() == 3 && kWidth == 0)
      return emitError() << "kWidth is required when the parent is a WMMA v3 layout";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "kWidth is not allowed when the parent is a blocked layout";
    return success();
  }
  return emitError() << "the parent must be an MMA, MFMA, WMMA or blocked layout, got " << parent;
}

unsigned DotOperandEncodingAttr::getRank() const {
  return cast<DistributedEncodingTrait>(getParent()).getRank();
}
CGALayout DotOperandEncodingAttr::getCGALayout() const {
  CGALayout parentLayout = cast<DistributedEncodingTrait>(getParent()).getCGALayout();
  // The K dimension of an operand is not split across CTAs.
  unsigned rank = parentLayout.rank;
  unsigned kDim = getOpIdx() == 0 ? rank - 1 : rank - 2;
  return parentLayout.withDimUnsplit(kDim);
}
unsigned DotOperandEncodingAttr::getLanesPerWarp() const {
  return cast<DistributedEncodingTrait>(getParent()).getLanesPerWarp();
}
unsigned DotOperandEncodingAttr::getWarpCount() const {
  return cast<DistributedEncodingTrait>(getParent()).getWarpCount();
}

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

static const std::array<StringRef, 4> kDistributedInDims = {"register", "lane", "warp", "block"};

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutFields fields(parser, "linear");
  if (fields.parseAngleDict())
    return {};
  FailureOr<LinearBases> bases = parseLinearBases(fields, kDistributedInDims);
  if (failed(bases))
    return {};
  return parser.getChecked<LinearEncodingAttr>(parser.getContext(), *bases);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinearBases(printer, getBases(), [](StringRef) { return true; });
  printer << "}>";
}

LogicalResult LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         LinearBases bases) {
  if (bases.dims.size() != kDistributedInDims.size())
    return emitError() << "a linear layout has the input dimensions register, lane, warp and "
                          "block";
  for (auto [index, dim] : llvm::enumerate(bases.dims)) {
    if (dim.first != kDistributedInDims[index])
      return emitError() << "input dimension " << index << " must be '" << kDistributedInDims[index]
                         << "', got '" << dim.first << "'";
    if (dim.second.size() > kMaxBasesPerDim)
      return emitError() << "'" << dim.first << "' has " << dim.second.size() << " bases; at most "
                         << kMaxBasesPerDim << " are supported";
    for (const Basis &basis : dim.second) {
      if (basis.size() != bases.rank)
        return emitError() << "all bases need " << bases.rank << " entries";
      unsigned nonZero = 0;
      for (int32_t coordinate : basis) {
        if (coordinate < 0)
          return emitError() << "basis entries must not be negative";
        nonZero += coordinate != 0;
      }
      if (nonZero > 1)
        return emitError() << "each basis of a distributed layout may move along one "
                              "dimension only; a basis of '"
                           << dim.first << "' moves along " << nonZero;
    }
  }
  return success();
}

unsigned LinearEncodingAttr::getRank() const { return getBases().rank; }
CGALayout LinearEncodingAttr::getCGALayout() const {
  return CGALayout{getBases().rank, getBases().get("block")};
}
unsigned LinearEncodingAttr::getLanesPerWarp() const { return 1u << getBases().numBases("lane"); }
unsigned LinearEncodingAttr::getWarpCount() const { return 1u << getBases().numBases("warp"); }

} // namespace trex::ttg
