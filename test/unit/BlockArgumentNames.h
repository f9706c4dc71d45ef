// Test helper: parse a stage file Triton wrote and give loop and region
// arguments back the NameLocs Triton's in-memory IR had, which the text lost.
#ifndef TREX_TEST_UNIT_BLOCKARGUMENTNAMES_H
#define TREX_TEST_UNIT_BLOCKARGUMENTNAMES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include <string>

namespace trex::test {

// Parses and verifies `text` like parseModule. Triton's frontend gives the
// arguments of scf.for bodies (and other custom-syntax regions) NameLocs, and
// the printer names them after those (%k, %a_ptrs_47), but their locations are
// not part of the custom syntax. Such an argument gets NameLoc(name) back,
// `name` being its printed name without the uniquing suffix `_<n>`. Arguments
// printed with a location, or with a generated name (%argN), are untouched.
mlir::OwningOpRef<mlir::ModuleOp> parseModuleWithBlockArgumentNames(mlir::MLIRContext &context,
                                                                    const std::string &text,
                                                                    std::string &errors);

} // namespace trex::test

#endif // TREX_TEST_UNIT_BLOCKARGUMENTNAMES_H
