// AccessRange: which elements of its pointer arguments a kernel's loads, stores and atomics
// touch, in chosen programs of one concrete launch (its grid and scalar argument values).
//
// It interprets the kernel's ttir on the host, one program at a time: the integer arithmetic
// of arith, tt's shape ops (make_range, splat, broadcast, expand_dims, reshape, trans),
// tt.addptr on pointers tracked as (argument, element offset), block pointers, tt.call, and
// scf.for / scf.if / scf.while with their real trip counts. For every tt.load, tt.store,
// tt.atomic_rmw and tt.atomic_cas it executes, it takes the smallest and largest element
// offset over the lanes the mask enables. `trex run` compares them with the buffers the user
// asked for and stops an out-of-bounds launch before it reaches the GPU.
//
// What it cannot follow -- values loaded from memory, floating point feeding an address,
// ops it does not model, branches on such values -- makes the affected access "unknown":
// it is counted, never reported as out of bounds. The total work is bounded (elements
// processed); past the bound the evaluation stops quietly with what it has.
//
// Example: add_kernel (BLOCK_SIZE 1024) with grid 4 and n_elements = 4000 gives, for
// program 3, the x load at offsets [3072, 3999]: the mask `offsets < n_elements` turns off
// the lanes past 3999.
#ifndef TREX_ANALYSIS_ACCESSRANGE_H
#define TREX_ANALYSIS_ACCESSRANGE_H

#include "trex/Analysis/ProgramValue.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include <array>
#include <cstdint>
#include <vector>

namespace trex {

// A kernel argument's value at launch, as the evaluator sees it: a buffer (the pointer's
// offsets count from its start), an integer, or anything else (floats).
struct LaunchArgument {
  enum class Kind { Unknown, Integer, Buffer };
  Kind kind = Kind::Unknown;
  // Integer: the value (extended or truncated to the parameter's width).
  std::int64_t value = 0;

  static LaunchArgument unknown() { return {}; }
  static LaunchArgument integer(std::int64_t value) { return {Kind::Integer, value}; }
  static LaunchArgument buffer() { return {Kind::Buffer, 0}; }
};

struct ProgramId {
  std::int64_t x = 0, y = 0, z = 0;
  bool operator==(const ProgramId &other) const {
    return x == other.x && y == other.y && z == other.z;
  }
};

// Programs per axis (x, y, z), each at least 1.
using GridSize = std::array<std::int64_t, 3>;

enum class AccessKind { Load, Store, AtomicRMW, AtomicCAS };

// One access op in one program, over all its executions there (loop iterations, calls).
struct AccessRange {
  mlir::Operation *op = nullptr;
  AccessKind kind = AccessKind::Load;
  ProgramId program;
  // Whether any followed execution enabled a lane; then the argument the pointers point into
  // and the smallest and largest element offset of the enabled lanes.
  bool known = false;
  unsigned argument = 0;
  std::int64_t minOffset = 0;
  std::int64_t maxOffset = 0;
  // The launch inputs the followed executions' addresses, masks and enclosing control flow
  // were computed from.
  LaunchDependencies dependencies = 0;
  // Executions whose address or mask the evaluator could not follow (skipped, not checked).
  unsigned unknownExecutions = 0;
};

struct AccessRangeOptions {
  // Elements processed over all programs before the evaluation gives up.
  std::int64_t workBudget = 50'000'000;
  // Nested tt.call depth followed; deeper calls give unknown results.
  unsigned callDepthLimit = 16;
};

struct AccessRangeResult {
  // One entry per access op executed in each evaluated program, in program order, then in
  // order of first execution.
  std::vector<AccessRange> accesses;
  // The programs evaluated to their end.
  std::vector<ProgramId> programs;
  // The work bound stopped the evaluation (the entries so far still hold).
  bool budgetExhausted = false;
  std::int64_t work = 0;
};

// The programs worth evaluating for `grid`: all of them when there are at most
// `allProgramsLimit`, otherwise the corners (each axis at 0 or its last program; the last
// corner first, where tails usually overrun), the centre and the middle of each axis.
std::vector<ProgramId> representativePrograms(const GridSize &grid,
                                              std::int64_t allProgramsLimit = 64);

// Evaluates `kernel` (with tt.call'ed functions from its module) for each of `programs`.
// `arguments` holds one entry per kernel parameter; a mismatch in count gives no accesses.
AccessRangeResult evaluateAccessRanges(tt::FuncOp kernel, llvm::ArrayRef<LaunchArgument> arguments,
                                       const GridSize &grid, llvm::ArrayRef<ProgramId> programs,
                                       const AccessRangeOptions &options = {});

} // namespace trex

#endif // TREX_ANALYSIS_ACCESSRANGE_H
