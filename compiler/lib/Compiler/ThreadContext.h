// ThreadContext: the MLIR context a compile runs in, kept for the thread's next compiles.
#ifndef TREX_LIB_COMPILER_THREADCONTEXT_H
#define TREX_LIB_COMPILER_THREADCONTEXT_H

#include "trex/Compiler/Target.h"

#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace trex::driver {

// Making a context with the dialects of ttir, ttgir and LLVM (hundreds of registered ops and
// their uniqued names) and freeing it again are 8-9% of a small kernel's compile; compiles in
// one thread therefore share one context, made by the first, with the dialects `target`
// needs loaded. Nothing of a compile stays in it but uniqued types, attributes and locations,
// and it is replaced after kCompilesPerContext compiles so that those cannot pile up. A
// compile inside a compile (the thread's context busy) gets a context of its own.
class ContextLease {
public:
  static constexpr int kCompilesPerContext = 64;

  explicit ContextLease(const Target &target);
  ~ContextLease();
  ContextLease(const ContextLease &) = delete;
  ContextLease &operator=(const ContextLease &) = delete;

  mlir::MLIRContext &context() { return *leased; }

private:
  mlir::MLIRContext *leased;
  std::unique_ptr<mlir::MLIRContext> own; // when the thread's context was busy
};

// After a compile crashed (its lease never ended) or a stage printer's worker crashed on its
// context, the thread's context may hold anything (half-built IR, handlers of dead diagnostics
// collectors): it is abandoned, neither reused nor freed. A lease still open keeps using it.
void abandonThreadContext();

} // namespace trex::driver

#endif // TREX_LIB_COMPILER_THREADCONTEXT_H
