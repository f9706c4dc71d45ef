// Reading and writing the `<{key = value, ...}>` bodies of ttg layout
// attributes, with located errors for every malformed or missing field.
#ifndef TREX_LIB_DIALECT_TRITONGPU_IR_LAYOUTSYNTAX_H
#define TREX_LIB_DIALECT_TRITONGPU_IR_LAYOUTSYNTAX_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

namespace trex::ttg {

// The fields of one layout attribute, parsed as a dictionary. Getters emit an
// error naming the attribute and field and return failure when a field is
// missing (if required) or has the wrong kind of value.
class LayoutFields {
public:
  LayoutFields(mlir::AsmParser &parser, llvm::StringRef attrName)
      : parser(parser), attrName(attrName) {}

  // Parses `<{...}>`.
  mlir::ParseResult parseAngleDict();
  // Parses `{...}` only (for attributes with more syntax around the dictionary).
  mlir::ParseResult parseDict();

  bool has(llvm::StringRef key) const { return bool(dict.get(key)); }
  mlir::FailureOr<unsigned> getUnsigned(llvm::StringRef key);
  mlir::FailureOr<unsigned> getUnsigned(llvm::StringRef key, unsigned defaultValue);
  mlir::FailureOr<bool> getBool(llvm::StringRef key);
  mlir::FailureOr<bool> getBool(llvm::StringRef key, bool defaultValue);
  mlir::FailureOr<llvm::SmallVector<unsigned>> getUnsignedArray(llvm::StringRef key);
  mlir::FailureOr<llvm::SmallVector<unsigned>>
  getUnsignedArray(llvm::StringRef key, llvm::ArrayRef<unsigned> defaultValue);
  mlir::FailureOr<mlir::Attribute> getAttr(llvm::StringRef key);
  // A list of bases (`[[0, 1], [2, 0]]`); `rank` is checked when non-zero.
  mlir::FailureOr<BasisList> getBases(llvm::StringRef key, unsigned rank);
  // The CGA layout from `CGALayout = [[...]]` or the legacy CTAsPerCGA /
  // CTASplitNum / CTAOrder triple; one CTA when absent.
  mlir::FailureOr<CGALayout> getCGALayout(unsigned rank);
  // Fails, naming the key, if the dictionary has a key outside `known`.
  mlir::LogicalResult rejectUnknown(llvm::ArrayRef<llvm::StringRef> known);

  mlir::InFlightDiagnostic emitError() const;
  mlir::AsmParser &getParser() const { return parser; }

private:
  mlir::FailureOr<unsigned> toUnsigned(llvm::StringRef key, mlir::Attribute value);

  mlir::AsmParser &parser;
  llvm::StringRef attrName;
  llvm::SMLoc location;
  mlir::DictionaryAttr dict;
};

// Parses linear-layout bases for the in-dimensions `inDims` from `fields`,
// all required unless listed in `optionalInDims` (which default to no bases).
mlir::FailureOr<LinearBases> parseLinearBases(LayoutFields &fields,
                                              llvm::ArrayRef<llvm::StringRef> inDims,
                                              llvm::ArrayRef<llvm::StringRef> optionalInDims = {});

// `[1, 2, 4]`
void printUnsignedArray(mlir::AsmPrinter &printer, llvm::ArrayRef<unsigned> values);
// `[[0, 1], [2, 0]]`
void printBases(mlir::AsmPrinter &printer, const BasisList &bases);
// `register = [[...]], lane = [[...]], ...` for the dimensions with `include(name)` true.
void printLinearBases(mlir::AsmPrinter &printer, const LinearBases &bases,
                      llvm::function_ref<bool(llvm::StringRef)> include);
// `, CGALayout = [[...]]`, printed only for more than one CTA.
void printCGALayoutField(mlir::AsmPrinter &printer, const CGALayout &layout);

// More bases than this in one input dimension would index beyond 2^31 threads,
// registers or CTAs; no GPU layout needs that many.
inline constexpr size_t kMaxBasesPerDim = 30;

// Shared checks used by several layout verifiers.
mlir::LogicalResult verifyOrder(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                                llvm::ArrayRef<unsigned> order);
mlir::LogicalResult verifyCGALayout(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                                    const CGALayout &layout, unsigned rank);
mlir::LogicalResult verifyPowersOfTwo(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                                      llvm::StringRef field, llvm::ArrayRef<unsigned> values);

} // namespace trex::ttg

#endif // TREX_LIB_DIALECT_TRITONGPU_IR_LAYOUTSYNTAX_H
