// LayoutBankConflicts: checks which layout is which, then runs layoutviz's bank-conflict model.
#include "trex/Layout/LayoutBankConflicts.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <exception>

using namespace mlir;

namespace trex::layout {
namespace lv = layoutviz;

FailureOr<lv::BankConflictReport> analyzeBankConflicts(Attribute registerLayout,
                                                       Attribute sharedLayout,
                                                       ArrayRef<int64_t> shape,
                                                       const lv::SharedMemoryAccess &access,
                                                       EmitErrorFn emitError) {
  if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(registerLayout))
    return emitError() << "the register layout must be a distributed layout (blocked, mma, "
                       << "slice, dot_op, linear, ...), got " << registerLayout;
  if (!isa_and_nonnull<ttg::SharedEncodingTrait>(sharedLayout))
    return emitError() << "bank conflicts need a shared-memory layout, got " << sharedLayout;
  FailureOr<lv::LinearLayout> registers = toLinearLayout(registerLayout, shape, emitError);
  if (failed(registers))
    return failure();
  FailureOr<lv::LinearLayout> shared = toLinearLayout(sharedLayout, shape, emitError);
  if (failed(shared))
    return failure();
  try {
    return lv::analyzeBankConflicts(*registers, *shared, access);
  } catch (const std::exception &error) {
    return emitError() << "cannot analyse bank conflicts of " << registerLayout << " and "
                       << sharedLayout << ": " << error.what();
  }
}

} // namespace trex::layout
