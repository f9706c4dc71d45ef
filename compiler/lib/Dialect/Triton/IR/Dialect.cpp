// Registration of the `tt` dialect: its types, ops, constant materializer and the
// inliner hooks that let the ttir pipeline inline `tt.call`s to private helpers.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Transforms/InliningUtils.h"

#include "trex/Dialect/Triton/IR/Dialect.cpp.inc"

using namespace mlir;

namespace {

struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  // Every call may be inlined unless its callee says `noinline = true`
  // (`@triton.jit(noinline=True)`); the frontend writes `noinline = false`
  // on all other functions.
  bool isLegalToInline(Operation *, Operation *callable, bool) const final {
    auto noinline = callable->getAttrOfType<BoolAttr>("noinline");
    return !noinline || !noinline.getValue();
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }

  // A callee with a single block: forward the returned values to the call's users.
  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto returnOp = cast<trex::tt::ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToReplace, returnOp.getOperands()))
      from.replaceAllUsesWith(to);
  }

  // A callee with several blocks: a return becomes a branch to the continuation.
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<trex::tt::ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, returnOp.getOperands());
    op->erase();
  }
};

} // namespace

void trex::tt::TTDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/Triton/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

// Constants folded out of tt ops are arith.constant, like every other constant
// in ttir.
Operation *trex::tt::TTDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                                    Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
