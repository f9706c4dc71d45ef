// Parsing and printing helpers shared by the ttg layout attributes.
#include "LayoutSyntax.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex::ttg {

InFlightDiagnostic LayoutFields::emitError() const {
  return parser.emitError(location) << "#ttg." << attrName << ": ";
}

ParseResult LayoutFields::parseDict() {
  location = parser.getCurrentLocation();
  return parser.parseAttribute(dict);
}

ParseResult LayoutFields::parseAngleDict() {
  if (parser.parseLess() || parseDict() || parser.parseGreater())
    return failure();
  return success();
}

FailureOr<Attribute> LayoutFields::getAttr(StringRef key) {
  Attribute value = dict.get(key);
  if (!value) {
    emitError() << "missing field '" << key << "'";
    return failure();
  }
  return value;
}

FailureOr<unsigned> LayoutFields::toUnsigned(StringRef key, Attribute value) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || !integer.getType().isIntOrIndex()) {
    emitError() << "field '" << key << "' must be an integer, got " << value;
    return failure();
  }
  int64_t number = integer.getValue().getSExtValue();
  if (number < 0 || number > std::numeric_limits<int32_t>::max()) {
    emitError() << "field '" << key << "' must be a non-negative integer, got " << number;
    return failure();
  }
  return static_cast<unsigned>(number);
}

FailureOr<unsigned> LayoutFields::getUnsigned(StringRef key) {
  FailureOr<Attribute> value = getAttr(key);
  if (failed(value))
    return failure();
  return toUnsigned(key, *value);
}

FailureOr<unsigned> LayoutFields::getUnsigned(StringRef key, unsigned defaultValue) {
  if (!has(key))
    return defaultValue;
  return getUnsigned(key);
}

FailureOr<bool> LayoutFields::getBool(StringRef key) {
  FailureOr<Attribute> value = getAttr(key);
  if (failed(value))
    return failure();
  auto boolean = dyn_cast<BoolAttr>(*value);
  if (!boolean) {
    emitError() << "field '" << key << "' must be true or false, got " << *value;
    return failure();
  }
  return boolean.getValue();
}

FailureOr<bool> LayoutFields::getBool(StringRef key, bool defaultValue) {
  if (!has(key))
    return defaultValue;
  return getBool(key);
}

FailureOr<SmallVector<unsigned>> LayoutFields::getUnsignedArray(StringRef key) {
  FailureOr<Attribute> value = getAttr(key);
  if (failed(value))
    return failure();
  auto array = dyn_cast<ArrayAttr>(*value);
  if (!array) {
    emitError() << "field '" << key << "' must be a list of integers, got " << *value;
    return failure();
  }
  SmallVector<unsigned> result;
  for (Attribute element : array) {
    FailureOr<unsigned> number = toUnsigned(key, element);
    if (failed(number))
      return failure();
    result.push_back(*number);
  }
  return result;
}

FailureOr<SmallVector<unsigned>> LayoutFields::getUnsignedArray(StringRef key,
                                                                ArrayRef<unsigned> defaultValue) {
  if (!has(key))
    return SmallVector<unsigned>(defaultValue);
  return getUnsignedArray(key);
}

FailureOr<BasisList> LayoutFields::getBases(StringRef key, unsigned rank) {
  FailureOr<Attribute> value = getAttr(key);
  if (failed(value))
    return failure();
  auto outer = dyn_cast<ArrayAttr>(*value);
  if (!outer) {
    emitError() << "field '" << key << "' must be a list of bases like [[0, 1], [1, 0]]";
    return failure();
  }
  BasisList bases;
  for (Attribute element : outer) {
    auto inner = dyn_cast<ArrayAttr>(element);
    if (!inner) {
      emitError() << "field '" << key << "' must be a list of bases like [[0, 1], [1, 0]], got "
                  << element << " as a basis";
      return failure();
    }
    Basis basis;
    for (Attribute coordinate : inner) {
      auto integer = dyn_cast<IntegerAttr>(coordinate);
      if (!integer) {
        emitError() << "basis entries of '" << key << "' must be integers, got " << coordinate;
        return failure();
      }
      basis.push_back(static_cast<int32_t>(integer.getValue().getSExtValue()));
    }
    if (rank != 0 && basis.size() != rank) {
      emitError() << "every basis of '" << key << "' needs " << rank << " entries, got "
                  << basis.size();
      return failure();
    }
    bases.push_back(std::move(basis));
  }
  return bases;
}

FailureOr<CGALayout> LayoutFields::getCGALayout(unsigned rank) {
  bool legacy = has("CTAsPerCGA") || has("CTASplitNum") || has("CTAOrder");
  if (has("CGALayout") && legacy) {
    emitError() << "give either CGALayout or CTAsPerCGA/CTASplitNum/CTAOrder, not both";
    return failure();
  }
  if (has("CGALayout")) {
    FailureOr<BasisList> bases = getBases("CGALayout", rank);
    if (failed(bases))
      return failure();
    return CGALayout{rank, std::move(*bases)};
  }
  if (!legacy)
    return CGALayout::oneCTA(rank);
  SmallVector<unsigned> ones(rank, 1);
  SmallVector<unsigned> reversed;
  for (unsigned dim = rank; dim-- > 0;)
    reversed.push_back(dim);
  FailureOr<SmallVector<unsigned>> ctasPerCGA = getUnsignedArray("CTAsPerCGA", ones);
  FailureOr<SmallVector<unsigned>> splitNum = getUnsignedArray("CTASplitNum", ones);
  FailureOr<SmallVector<unsigned>> ctaOrder = getUnsignedArray("CTAOrder", reversed);
  if (failed(ctasPerCGA) || failed(splitNum) || failed(ctaOrder))
    return failure();
  if (ctasPerCGA->size() != rank || splitNum->size() != rank || ctaOrder->size() != rank) {
    emitError() << "CTAsPerCGA, CTASplitNum and CTAOrder need " << rank << " entries each";
    return failure();
  }
  for (unsigned dim = 0; dim < rank; ++dim) {
    unsigned total = (*ctasPerCGA)[dim], split = (*splitNum)[dim];
    if (!llvm::isPowerOf2_32(total) || !llvm::isPowerOf2_32(split) || total % split != 0) {
      emitError() << "CTAsPerCGA and CTASplitNum must be powers of two with CTASplitNum "
                     "dividing CTAsPerCGA";
      return failure();
    }
  }
  if (failed(verifyOrder([&] { return emitError(); }, *ctaOrder)))
    return failure();
  return CGALayout::fromSplitParams(*ctasPerCGA, *splitNum, *ctaOrder);
}

LogicalResult LayoutFields::rejectUnknown(ArrayRef<StringRef> known) {
  for (NamedAttribute field : dict) {
    if (!llvm::is_contained(known, field.getName().getValue())) {
      emitError() << "unexpected field '" << field.getName().getValue() << "'";
      return failure();
    }
  }
  return success();
}

FailureOr<LinearBases> parseLinearBases(LayoutFields &fields, ArrayRef<StringRef> inDims,
                                        ArrayRef<StringRef> optionalInDims) {
  LinearBases result;
  for (StringRef name : inDims) {
    if (!fields.has(name) && llvm::is_contained(optionalInDims, name)) {
      result.dims.emplace_back(name.str(), BasisList{});
      continue;
    }
    FailureOr<BasisList> bases = fields.getBases(name, /*rank=*/0);
    if (failed(bases))
      return failure();
    result.dims.emplace_back(name.str(), std::move(*bases));
  }
  for (auto &[name, bases] : result.dims) {
    for (const Basis &basis : bases) {
      // An empty basis once left the rank to the next one, and code reading `rank` entries of
      // every basis read past its end.
      if (basis.empty()) {
        fields.emitError() << "a basis needs one entry per dimension, but '" << name
                           << "' has an empty one";
        return failure();
      }
      if (result.rank == 0) {
        result.rank = basis.size();
      } else if (basis.size() != result.rank) {
        fields.emitError() << "all bases need the same number of entries (" << result.rank
                           << "), but '" << name << "' has one with " << basis.size();
        return failure();
      }
    }
  }
  if (result.rank == 0) {
    fields.emitError() << "a linear layout needs at least one basis (its rank comes from them)";
    return failure();
  }
  SmallVector<StringRef> known(inDims);
  if (failed(fields.rejectUnknown(known)))
    return failure();
  return result;
}

void printUnsignedArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

void printBases(AsmPrinter &printer, const BasisList &bases) {
  printer << "[";
  llvm::interleaveComma(bases, printer, [&](const Basis &basis) {
    printer << "[";
    llvm::interleaveComma(basis, printer);
    printer << "]";
  });
  printer << "]";
}

void printLinearBases(AsmPrinter &printer, const LinearBases &bases,
                      function_ref<bool(StringRef)> include) {
  bool first = true;
  for (const auto &[name, list] : bases.dims) {
    if (!include(name))
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << name << " = ";
    printBases(printer, list);
  }
}

void printCGALayoutField(AsmPrinter &printer, const CGALayout &layout) {
  if (layout.isOneCTA())
    return;
  printer << ", CGALayout = ";
  printBases(printer, layout.blockBases);
}

LogicalResult verifyOrder(function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned dim : order) {
    if (dim >= order.size() || seen[dim]) {
      InFlightDiagnostic diag = emitError();
      diag << "order must be a permutation of 0.." << order.size() - 1 << ", got [";
      llvm::interleaveComma(order, diag);
      return diag << "]";
    }
    seen[dim] = true;
  }
  return success();
}

LogicalResult verifyCGALayout(function_ref<InFlightDiagnostic()> emitError, const CGALayout &layout,
                              unsigned rank) {
  if (layout.rank != rank)
    return emitError() << "CGALayout has rank " << layout.rank << " but the layout has rank "
                       << rank;
  if (layout.blockBases.size() > kMaxBasesPerDim)
    return emitError() << "CGALayout has " << layout.blockBases.size() << " bases; at most "
                       << kMaxBasesPerDim << " are supported";
  for (const Basis &basis : layout.blockBases) {
    if (basis.size() != rank)
      return emitError() << "every CGALayout basis needs " << rank << " entries";
    unsigned nonZero = 0;
    for (int32_t coordinate : basis) {
      if (coordinate == 0)
        continue;
      ++nonZero;
      if (coordinate < 0 || !llvm::isPowerOf2_32(coordinate))
        return emitError() << "CGALayout basis entries must be 0 or powers of two";
    }
    if (nonZero > 1)
      return emitError() << "each CGALayout basis may move along one dimension only";
  }
  return success();
}

LogicalResult verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError, StringRef field,
                                ArrayRef<unsigned> values) {
  for (unsigned value : values)
    if (!llvm::isPowerOf2_32(value))
      return emitError() << "every entry of " << field << " must be a power of two, got " << value;
  return success();
}

} // namespace trex::ttg
