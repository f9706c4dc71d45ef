// ContextTeardown: a finished compile's MLIR context and module, freed off the caller's path.
#ifndef TREX_LIB_COMPILER_CONTEXTTEARDOWN_H
#define TREX_LIB_COMPILER_CONTEXTTEARDOWN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace trex::driver {

// Owns a compile's context and its module. Freeing them (every uniqued type and attribute,
// the registered ops of a dozen dialects, the IR) is 3-4% of a small kernel's compile and
// nothing the result needs: when the owner ends they go to a background thread, which frees
// them while the caller goes on. The module is freed before the context, as it must be.
// Everything else that refers to the context (diagnostic handlers, caches keyed by its
// attributes) has to end before the owner does: declare the owner first.
class ContextTeardown {
public:
  explicit ContextTeardown(std::unique_ptr<mlir::MLIRContext> context);
  ~ContextTeardown();
  ContextTeardown(const ContextTeardown &) = delete;
  ContextTeardown &operator=(const ContextTeardown &) = delete;

  mlir::MLIRContext &context() { return *ownedContext; }
  mlir::OwningOpRef<mlir::ModuleOp> module;

private:
  std::unique_ptr<mlir::MLIRContext> ownedContext;
};

// Waits until everything handed to the background thread is freed (tests; a process that
// wants its memory back now).
void waitForContextTeardown();

} // namespace trex::driver

#endif // TREX_LIB_COMPILER_CONTEXTTEARDOWN_H
