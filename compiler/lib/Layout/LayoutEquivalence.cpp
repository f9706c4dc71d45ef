// LayoutEquivalence: two ttg layouts of a tensor are equivalent when their linear layouts are.
#include "trex/Layout/LayoutEquivalence.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutEquivalence.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

using namespace mlir;

namespace trex::layout {

namespace {

struct LinearLayoutEquivalence : public ttg::LayoutEquivalenceInterface {
  using LayoutEquivalenceInterface::LayoutEquivalenceInterface;

  bool areEquivalent(ArrayRef<int64_t> shape, Attribute lhs, Attribute rhs) const override {
    if (lhs == rhs)
      return true;
    if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(lhs) ||
        !isa_and_nonnull<ttg::DistributedEncodingTrait>(rhs))
      return false;
    // A layout that does not fit the shape is simply not equivalent to anything.
    MLIRContext *context = lhs.getContext();
    ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
    auto emitter = [&] { return emitError(UnknownLoc::get(context)); };
    FailureOr<layoutviz::LinearLayout> lhsLayout = toLinearLayout(lhs, shape, emitter);
    FailureOr<layoutviz::LinearLayout> rhsLayout = toLinearLayout(rhs, shape, emitter);
    return succeeded(lhsLayout) && succeeded(rhsLayout) && *lhsLayout == *rhsLayout;
  }
};

} // namespace

void registerLayoutEquivalence(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, ttg::TTGDialect *dialect) {
    dialect->addInterfaces<LinearLayoutEquivalence>();
  });
}

} // namespace trex::layout
