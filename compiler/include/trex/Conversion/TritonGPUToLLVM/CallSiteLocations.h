// Rewriting inlined-call locations into the forms MLIR's debug-scope pass accepts.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_CALLSITELOCATIONS_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_CALLSITELOCATIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

namespace trex {

// `callsite(callee at caller)` with a callee that has no file becomes the caller; a callee
// that is itself a call site is flattened into the caller chain. Other locations are kept.
mlir::Location simplifyCallSiteLocation(mlir::Location location);

// Applies simplifyCallSiteLocation to every op of the module.
void simplifyCallSiteLocations(mlir::ModuleOp module);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_CALLSITELOCATIONS_H
