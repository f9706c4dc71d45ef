// LayoutAdapter: turns ttg layout attributes into layoutviz descriptors and linear layouts.
//
// layoutviz is the one linear-layout implementation (see ARCHITECTURE.md); the compiler keeps
// its layouts as MLIR attributes.  This is the bridge between the two.  layoutviz reports
// invalid layouts by throwing layoutviz::LayoutError while MLIR code is built without
// exceptions, so every function here catches inside and reports through `emitError` instead:
// callers see mlir::FailureOr and ordinary diagnostics, never an exception.
#ifndef TREX_LAYOUT_LAYOUTADAPTER_H
#define TREX_LAYOUT_LAYOUTADAPTER_H

#include "layoutviz/Layout.h"
#include "layoutviz/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>
#include <string>

namespace trex::layout {

using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

// "128x256" ("?" for a dynamic dim), the way MLIR spells shapes in types.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

// True for ttg's distributed and shared layouts, the attributes triton-tensor-layout accepts.
// toLayoutvizLayout may still refuse one of them (#ttg.padded_shared).
bool isTensorLayout(mlir::Attribute attr);

// The layoutviz descriptor of a ttg layout attribute, parents of #ttg.slice and #ttg.dot_op
// included.  Fails (with a diagnostic) for attributes that are not ttg layouts and for
// #ttg.padded_shared, whose padded offsets no linear layout can express.
mlir::FailureOr<layoutviz::Layout> toLayoutvizLayout(mlir::Attribute attr, EmitErrorFn emitError);

// The largest dim a layout can index (linear layouts use 32-bit coordinates).
inline constexpr int64_t kMaxLayoutDimSize = int64_t(1) << 30;

// Checks that a tensor of `shape` can carry `layout` the way Triton requires: the same rank,
// static and power-of-two dims (up to kMaxLayoutDimSize).  Says which dim is wrong otherwise.
mlir::LogicalResult verifyLayoutShape(mlir::Attribute layout, llvm::ArrayRef<int64_t> shape,
                                      EmitErrorFn emitError);

// The linear layout Triton's toLinearLayout(shape, layout) computes: (register, lane, warp,
// block) -> (dim0, ...) for distributed layouts, (offset, block) -> (dim0, ...) for shared ones.
mlir::FailureOr<layoutviz::LinearLayout> toLinearLayout(mlir::Attribute layout,
                                                        llvm::ArrayRef<int64_t> shape,
                                                        EmitErrorFn emitError);

// While one lives on a thread, toLinearLayout there keeps what it computed for each (layout,
// shape) and answers repeated questions from it (passes and the lowering ask about the same
// few layouts thousands of times per compile). Layout attributes are unique only within their
// MLIRContext: make the scope after the context and let it end first.
class LinearLayoutCacheScope {
public:
  LinearLayoutCacheScope();
  ~LinearLayoutCacheScope();
  LinearLayoutCacheScope(const LinearLayoutCacheScope &) = delete;
  LinearLayoutCacheScope &operator=(const LinearLayoutCacheScope &) = delete;

  // Forgets the thread's scopes without ending them: after a crash skipped their ends.
  static void abandonAll();

  struct Cache;

private:
  std::unique_ptr<Cache> cache;
  Cache *outer; // the enclosing scope's, restored at the end
};

} // namespace trex::layout

#endif // TREX_LAYOUT_LAYOUTADAPTER_H
