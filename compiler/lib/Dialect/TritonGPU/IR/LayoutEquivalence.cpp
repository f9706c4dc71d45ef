// The dialect side of layout equivalence: equal attributes always are; other
// pairs go to the LayoutEquivalenceInterface the layout library registers.
#include "trex/Dialect/TritonGPU/IR/LayoutEquivalence.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;

namespace trex::ttg {

bool areLayoutsEquivalent(ArrayRef<int64_t> shape, Attribute lhs, Attribute rhs) {
  if (lhs == rhs)
    return true;
  if (!lhs || !rhs)
    return false;
  auto *dialect = lhs.getContext()->getLoadedDialect<TTGDialect>();
  auto *equivalence = dialect ? dialect->getRegisteredInterface<LayoutEquivalenceInterface>() : nullptr;
  return equivalence && equivalence->areEquivalent(shape, lhs, rhs);
}

} // namespace trex::ttg
