// Dialect interfaces through which `tt` asks the dialect that owns a tensor's
// layout (ttg) to check and infer layouts, so that `tt` needs no layout knowledge.
#ifndef TREX_DIALECT_TRITON_IR_INTERFACES_H
#define TREX_DIALECT_TRITON_IR_INTERFACES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectInterface.h"
#include <optional>

namespace trex::tt {

// Checks that a layout attribute suits the tensor it is attached to and the
// surrounding module (rank, threads per warp, warps, CTAs).
class DialectVerifyTensorLayoutInterface
    : public mlir::DialectInterface::Base<DialectVerifyTensorLayoutInterface> {
public:
  explicit DialectVerifyTensorLayoutInterface(mlir::Dialect *dialect) : Base(dialect) {}

  virtual mlir::LogicalResult
  verifyTensorLayout(mlir::Attribute layout, mlir::RankedTensorType type, mlir::Operation *op,
                     llvm::function_ref<mlir::InFlightDiagnostic()> makeError) const = 0;
};

// Derives the layout an op's result must have from its operand's layout.
// Each method fails (emitting at `loc` when given) if the operand layout does
// not admit the operation.
class DialectInferLayoutInterface
    : public mlir::DialectInterface::Base<DialectInferLayoutInterface> {
public:
  explicit DialectInferLayoutInterface(mlir::Dialect *dialect) : Base(dialect) {}

  virtual mlir::LogicalResult inferReduceOpEncoding(mlir::Attribute operandEncoding, unsigned axis,
                                                    mlir::Attribute &resultEncoding,
                                                    std::optional<mlir::Location> loc) const = 0;

  virtual mlir::LogicalResult
  inferExpandDimsOpEncoding(mlir::Attribute operandEncoding, unsigned axis,
                            mlir::Attribute &resultEncoding,
                            std::optional<mlir::Location> loc) const = 0;

  // Succeeds with a null result when the layout family has no closed-form
  // transpose (the caller then accepts the result layout it is given).
  virtual mlir::LogicalResult inferTransOpEncoding(mlir::Attribute operandEncoding,
                                                   llvm::ArrayRef<int32_t> order,
                                                   mlir::Attribute &resultEncoding,
                                                   std::optional<mlir::Location> loc) const = 0;

  // Whether two layout attributes are the same layout of a tensor of `shape`
  // (several attributes can spell one layout, e.g. a blocked layout and the
  // linear layout it amounts to).
  virtual bool areLayoutsEquivalent(llvm::ArrayRef<int64_t> shape, mlir::Attribute lhs,
                                    mlir::Attribute rhs) const = 0;

  // Checks that a dot operand's layout fits the dot's result layout.
  virtual mlir::LogicalResult verifyDotOpEncoding(mlir::Attribute operandEncoding, unsigned opIdx,
                                                  mlir::Attribute resultEncoding,
                                                  std::optional<mlir::Location> loc) const = 0;
};

} // namespace trex::tt

#endif // TREX_DIALECT_TRITON_IR_INTERFACES_H
