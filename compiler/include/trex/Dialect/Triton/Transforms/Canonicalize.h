// MLIR's canonicalize with its patterns collected once per compile rather than once per pass.
#ifndef TREX_DIALECT_TRITON_TRANSFORMS_CANONICALIZE_H
#define TREX_DIALECT_TRITON_TRANSFORMS_CANONICALIZE_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace trex {

// The `canonicalize` pass as MLIR declares it (same argument, name, options and greedy-driver
// settings). Collecting and freezing the canonicalization patterns of every loaded dialect and
// registered op is a quarter of a canonicalize run on a small kernel, and a compile runs it
// ten times on one context (nine in the pipelines, one inside the inliner); within a
// CanonicalizePatternsScope the frozen set is built once per set of loaded dialects and shared
// (only by instances without enabled or disabled pattern lists).
std::unique_ptr<mlir::Pass> createCanonicalizerPass();

// While one lives on a thread, canonicalize passes there share their patterns. The patterns
// belong to one MLIRContext: make the scope after the context and let it end first.
class CanonicalizePatternsScope {
public:
  CanonicalizePatternsScope();
  ~CanonicalizePatternsScope();
  CanonicalizePatternsScope(const CanonicalizePatternsScope &) = delete;
  CanonicalizePatternsScope &operator=(const CanonicalizePatternsScope &) = delete;

  // Forgets the thread's scopes without ending them: after a crash skipped their ends.
  static void abandonAll();

  struct Shared;

private:
  std::unique_ptr<Shared> shared;
  Shared *outer; // the enclosing scope's, restored at the end
};

} // namespace trex

#endif // TREX_DIALECT_TRITON_TRANSFORMS_CANONICALIZE_H
