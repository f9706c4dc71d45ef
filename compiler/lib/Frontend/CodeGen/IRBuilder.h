// IRBuilder: an MLIR builder that remembers the location to give new operations.
//
// Triton's builder keeps a "last location" that the AST visitor updates as it walks; every
// operation created takes it. trex does the same, so an operation's location is the source
// position of the last AST node visited when it was made (see CodeGenerator::visit).
#ifndef TREX_FRONTEND_CODEGEN_IRBUILDER_H
#define TREX_FRONTEND_CODEGEN_IRBUILDER_H

#include "CompileError.h"

#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"

namespace trex::frontend {

class IRBuilder {
public:
  explicit IRBuilder(mlir::MLIRContext *context)
      : builder(context), location(mlir::UnknownLoc::get(context)) {}

  mlir::MLIRContext *context() const { return builder.getContext(); }

  template <typename Op, typename... Args> Op create(Args &&...args) {
    requireIR();
    return Op::create(builder, location, std::forward<Args>(args)...);
  }

  // Creates the op and folds it when its folder can (Triton does this for splat and
  // broadcast, so a splat of a constant becomes a dense constant right away).
  template <typename Op, typename... Args> mlir::Value createOrFold(Args &&...args) {
    requireIR();
    return builder.createOrFold<Op>(location, std::forward<Args>(args)...);
  }

  // Compile-time evaluation (default values, module constants) runs with IR disabled; an
  // expression that needs IR there is not a constant.
  void requireIR() const {
    if (!irAllowed)
      fail("this expression needs code, but only compile-time constants are allowed here");
  }

  // Moving the insertion point also moves the current location, as Triton's builder does:
  // to the first (or last) operation of the block, or unknown when there is none. These
  // locations are what operations created right after a region is built get.
  void setInsertionPointToStart(mlir::Block *block) {
    location = block->empty() ? mlir::Location(mlir::UnknownLoc::get(context()))
                              : block->front().getLoc();
    builder.setInsertionPointToStart(block);
  }
  void setInsertionPointToEnd(mlir::Block *block) {
    location = block->empty() ? mlir::Location(mlir::UnknownLoc::get(context()))
                              : block->back().getLoc();
    builder.setInsertionPointToEnd(block);
  }
  void restoreInsertionPoint(mlir::OpBuilder::InsertPoint point) {
    if (point.isSet() && point.getPoint() != point.getBlock()->end())
      location = point.getPoint()->getLoc();
    else
      location = mlir::UnknownLoc::get(context());
    builder.restoreInsertionPoint(point);
  }

  mlir::OpBuilder builder;
  mlir::Location location;
  bool irAllowed = true;
};

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_IRBUILDER_H
