// LayoutEquivalence: ttg's LayoutEquivalenceInterface, implemented by comparing linear layouts.
#ifndef TREX_LAYOUT_LAYOUTEQUIVALENCE_H
#define TREX_LAYOUT_LAYOUTEQUIVALENCE_H

#include "mlir/IR/DialectRegistry.h"

namespace trex::layout {

// Attaches the implementation to the ttg dialect of every context that uses `registry`.
void registerLayoutEquivalence(mlir::DialectRegistry &registry);

} // namespace trex::layout

#endif // TREX_LAYOUT_LAYOUTEQUIVALENCE_H
