// LayoutBankConflicts: shared-memory bank conflicts of moving a register layout to or from a shared layout.
#ifndef TREX_LAYOUT_LAYOUTBANKCONFLICTS_H
#define TREX_LAYOUT_LAYOUTBANKCONFLICTS_H

#include "trex/Layout/LayoutAdapter.h"

#include "layoutviz/BankConflicts.h"

#include <cstdint>

namespace trex::layout {

// What one local_store / local_load of a `shape` tensor costs in shared-memory wavefronts when
// the registers use `registerLayout` (a distributed ttg layout) and the buffer `sharedLayout`
// (a shared ttg layout); the model is layoutviz's (layoutviz/BankConflicts.h).  Fails with a
// diagnostic when a layout is of the wrong kind or does not fit the shape, or when the access
// is impossible (vectorWidth not dividing the registers, more than 16 bytes per lane).
mlir::FailureOr<layoutviz::BankConflictReport>
analyzeBankConflicts(mlir::Attribute registerLayout, mlir::Attribute sharedLayout,
                     llvm::ArrayRef<int64_t> shape, const layoutviz::SharedMemoryAccess &access,
                     EmitErrorFn emitError);

} // namespace trex::layout

#endif // TREX_LAYOUT_LAYOUTBANKCONFLICTS_H
