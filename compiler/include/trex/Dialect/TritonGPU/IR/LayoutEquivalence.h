// Whether two layout attributes of a tensor are the same layout in different
// spellings (a #ttg.blocked and the #ttg.linear it amounts to, say), so that a
// conversion between them moves nothing.
#ifndef TREX_DIALECT_TRITONGPU_IR_LAYOUTEQUIVALENCE_H
#define TREX_DIALECT_TRITONGPU_IR_LAYOUTEQUIVALENCE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectInterface.h"
#include "llvm/ADT/ArrayRef.h"

namespace trex::ttg {

// Answers the question through linear layouts, which the dialect itself does
// not compute: the layout library (trex/Layout/LayoutEquivalence.h) attaches
// the implementation to ttg when the dialects are registered
// (registerAllDialects).
class LayoutEquivalenceInterface
    : public mlir::DialectInterface::Base<LayoutEquivalenceInterface> {
public:
  explicit LayoutEquivalenceInterface(mlir::Dialect *dialect) : Base(dialect) {}

  // True if both layouts map every element of a tensor of `shape` to the
  // same register of the same lane, warp and CTA.
  virtual bool areEquivalent(llvm::ArrayRef<int64_t> shape, mlir::Attribute lhs,
                             mlir::Attribute rhs) const = 0;
};

// Equal attributes, or layouts the registered interface finds equivalent
// (without it, only equal attributes count).
bool areLayoutsEquivalent(llvm::ArrayRef<int64_t> shape, mlir::Attribute lhs, mlir::Attribute rhs);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_IR_LAYOUTEQUIVALENCE_H
