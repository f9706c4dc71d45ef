// LayoutParsing: reads layouts and tensor types from text with MLIR, so any attribute real
// Triton prints is accepted and checked by trex's own ttg dialect.
#ifndef TREX_LAYOUT_LAYOUTPARSING_H
#define TREX_LAYOUT_LAYOUTPARSING_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace trex::layout {

// Parses one attribute, e.g. `#ttg.blocked<{sizePerThread = [1, 4], ...}>`.  Returns null
// after emitting diagnostics (located in `text`) when it does not parse or verify.  Any
// attribute is accepted; isTensorLayout() tells whether it is a layout.
mlir::Attribute parseLayoutAttribute(llvm::StringRef text, mlir::MLIRContext *context);

// The parts of a tensor type a layout view needs.
struct LayoutTensorType {
  llvm::SmallVector<int64_t> shape;
  mlir::Type elementType;
  // The type's layout; null for a plain `tensor<128x256xf16>`.
  mlir::Attribute encoding;
};

// Parses `tensor<128x256xf16>`, `tensor<128x256xf16, #ttg.blocked<{...}>>` or
// `!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{...}>, #ttg.shared_memory>`.  Fails after
// emitting diagnostics when the text does not parse or is another kind of type.
mlir::FailureOr<LayoutTensorType> parseLayoutTensorType(llvm::StringRef text,
                                                       mlir::MLIRContext *context);

// One `#name = <attribute>` line of an IR file.
struct AttributeAlias {
  // Without the leading '#'.
  std::string name;
  mlir::Attribute value;
  // Where the alias is defined (file:line:col), for diagnostics about its layout.
  mlir::Location location;
};

// Parses the IR file held in `sourceMgr`'s main buffer (a .ttgir/.mlir file, ops and all) and
// returns its attribute aliases in the order they are defined.  Fails after emitting the
// parser's diagnostics (file:line:col) when the file is not valid IR.
mlir::FailureOr<std::vector<AttributeAlias>> parseAttributeAliases(const llvm::SourceMgr &sourceMgr,
                                                                   mlir::MLIRContext *context);

} // namespace trex::layout

#endif // TREX_LAYOUT_LAYOUTPARSING_H
