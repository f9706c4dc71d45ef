// ThreadContext: one reusable MLIR context per thread (ThreadContext.h says why).
#include "ThreadContext.h"

#include "trex/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"

namespace trex::driver {

namespace {

struct ThreadState {
  std::unique_ptr<mlir::MLIRContext> context;
  int compiles = 0;
  bool busy = false;
};

thread_local ThreadState threadState;

// Deterministic pass order in the snapshots, and no thread pool to start.
std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  return std::make_unique<mlir::MLIRContext>(registry, mlir::MLIRContext::Threading::DISABLED);
}

// The dialects of ttir and ttgir (llvm and gpu included: tl.assume and tl.debug_barrier are
// llvm.intr.assume and gpu.barrier from the front end on). The targets' intrinsic dialects,
// nvvm and rocdl (hundreds of ops each), load when the lowering to LLVM starts, and amdg only
// for AMD targets (its passes name it as a dependent dialect; the back end loads it for a
// module laid out for AMD); a parsed op of an unloaded dialect loads it from the registry.
void loadDialectsFor(mlir::MLIRContext &context, const Target &target) {
  for (llvm::StringRef name : context.getDialectRegistry().getDialectNames())
    if (name != "nvvm" && name != "rocdl" && !(name == "amdg" && target.isCUDA()))
      context.getOrLoadDialect(name);
}

} // namespace

ContextLease::ContextLease(const Target &target) {
  ThreadState &state = threadState;
  if (state.busy) {
    own = makeContext();
    leased = own.get();
  } else {
    if (!state.context || state.compiles >= kCompilesPerContext) {
      state.context = makeContext();
      state.compiles = 0;
    }
    ++state.compiles;
    state.busy = true;
    leased = state.context.get();
  }
  loadDialectsFor(*leased, target);
}

ContextLease::~ContextLease() {
  if (!own)
    threadState.busy = false;
}

void abandonThreadContext() {
  ThreadState &state = threadState;
  if (state.busy)
    (void)state.context.release(); // leaked on purpose: freeing it could crash in turn
  state = ThreadState();
}

} // namespace trex::driver
