// triton-loop-unroll: unrolls the scf.for loops the user marked with
// tt.loop_unroll_factor (tl.range(..., loop_unroll_factor=N)).
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kUnrollFactorAttr = "tt.loop_unroll_factor";
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";
// The most copies of a loop's body one unrolling makes, as for tl.static_range: a factor of
// 2^31 - 1 ran the compiler out of memory (23 GB in 50 s).
constexpr int64_t kMaxUnrollFactor = 4096;

// Unmarked loops have factor 1, which means "leave alone".
int64_t getUnrollFactor(scf::ForOp loop) {
  if (auto factor = loop->getAttrOfType<IntegerAttr>(kUnrollFactorAttr))
    return factor.getInt();
  return 1;
}

struct TritonLoopUnrollPass : impl::TritonLoopUnrollBase<TritonLoopUnrollPass> {
  void runOnOperation() override { unrollMarkedLoops(getOperation()); }
};

} // namespace

void unrollMarkedLoops(Operation *root) {
  // Collected first: unrolling creates loops the walk must not visit.
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) {
    if (getUnrollFactor(loop) > 1)
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    int64_t factor = getUnrollFactor(loop);
    loop->removeAttr(kUnrollFactorAttr);
    if (factor > kMaxUnrollFactor) {
      loop.emitWarning() << "loop_unroll_factor " << factor << " is more than trex unrolls; the "
                         << "loop is unrolled " << kMaxUnrollFactor << " times";
      factor = kMaxUnrollFactor;
    }
    FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(loop, factor);
    // The epilogue runs fewer than `factor` iterations; pipelining it would
    // cost more than it saves.
    if (succeeded(unrolled) && unrolled->epilogueLoopOp)
      (*unrolled->epilogueLoopOp)
          ->setAttr(kNumStagesAttr, IntegerAttr::get(IntegerType::get(root->getContext(), 32), 1));
  }
}

} // namespace trex::tt
