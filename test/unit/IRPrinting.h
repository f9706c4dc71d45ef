// Test helpers: parse IR text with every trex dialect loaded, and print it the
// way Triton writes its stage files (debug locations, names from NameLocs).
#ifndef TREX_TEST_UNIT_IRPRINTING_H
#define TREX_TEST_UNIT_IRPRINTING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include <memory>
#include <string>

namespace trex::test {

// A context with all dialects trex knows, registered and loaded.
std::unique_ptr<mlir::MLIRContext> makeContext();

// Parses and verifies `text`; diagnostics are appended to `errors`.
mlir::OwningOpRef<mlir::ModuleOp> parseModule(mlir::MLIRContext &context, const std::string &text,
                                              std::string &errors);

// Prints with locations and NameLoc-derived SSA names, like Triton's dumps.
std::string printLikeTriton(mlir::ModuleOp module);

// Replaces every SSA value name (%x, %x_12, %0, ...) with %_ so that two
// printings can be compared for syntax independently of value numbering.
std::string withoutValueNames(const std::string &text);

} // namespace trex::test

#endif // TREX_TEST_UNIT_IRPRINTING_H
