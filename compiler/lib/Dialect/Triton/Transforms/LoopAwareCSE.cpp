// triton-loop-aware-cse: merges scf.for iteration arguments that provably
// carry the same value, then cleans up with CSE and loop canonicalization.
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONLOOPAWARECSE
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

// Decides equality of values in one loop body, assuming iteration
// arguments equal while their yields are compared (how the recursion
// through the loop ends).
class LoopValueEquivalence {
public:
  explicit LoopValueEquivalence(scf::ForOp loop) : loop(loop) {}

  bool iterArgsEqual(unsigned i, unsigned j) {
    if (i == j)
      return true;
    if (loop.getInitArgs()[i] != loop.getInitArgs()[j])
      return false;
    BlockArgument a = loop.getRegionIterArg(i), b = loop.getRegionIterArg(j);
    known[key(a, b)] = true;
    bool equal = equalInLoop(loop.getYieldedValues()[i], loop.getYieldedValues()[j]);
    known[key(a, b)] = equal;
    return equal;
  }

private:
  std::pair<Value, Value> key(Value a, Value b) {
    if (a.getAsOpaquePointer() < b.getAsOpaquePointer())
      return {a, b};
    return {b, a};
  }

  bool equalInLoop(Value a, Value b) {
    if (a == b)
      return true;
    if (a.getType() != b.getType())
      return false;
    // Distinct values from outside the loop are not known to be equal.
    if (a.getParentBlock() != loop.getBody() || b.getParentBlock() != loop.getBody())
      return false;
    if (isa<BlockArgument>(a) != isa<BlockArgument>(b))
      return false;
    if (a == loop.getInductionVar() || b == loop.getInductionVar())
      return false;
    if (auto it = known.find(key(a, b)); it != known.end())
      return it->second;
    if (auto argA = dyn_cast<BlockArgument>(a)) {
      auto argB = cast<BlockArgument>(b);
      bool equal = iterArgsEqual(argA.getArgNumber() - 1, argB.getArgNumber() - 1);
      known[key(a, b)] = equal;
      return equal;
    }
    Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
    if (!isMemoryEffectFree(defA) || !isMemoryEffectFree(defB) || defA->getNumRegions() ||
        defB->getNumRegions())
      return false;
    bool equal = OperationEquivalence::isEquivalentTo(
        defA, defB, [&](Value x, Value y) { return success(equalInLoop(x, y)); },
        [&](Value x, Value y) { known[key(x, y)] = true; },
        OperationEquivalence::IgnoreLocations);
    known[key(a, b)] = equal;
    return equal;
  }

  scf::ForOp loop;
  DenseMap<std::pair<Value, Value>, bool> known;
};

void mergeEqualIterArgs(scf::ForOp loop) {
  unsigned count = loop.getNumRegionIterArgs();
  llvm::EquivalenceClasses<unsigned> classes;
  LoopValueEquivalence equivalence(loop);
  for (unsigned i = 0; i < count; ++i)
    for (unsigned j = i + 1; j < count; ++j)
      if (equivalence.iterArgsEqual(i, j))
        classes.unionSets(i, j);
  for (auto it = classes.begin(), end = classes.end(); it != end; ++it) {
    if (!(*it)->isLeader())
      continue;
    SmallVector<unsigned> members(classes.member_begin(**it), classes.member_end());
    llvm::sort(members);
    BlockArgument kept = loop.getRegionIterArg(members.front());
    Value keptResult = loop.getResult(members.front());
    for (unsigned j : llvm::drop_begin(members)) {
      BlockArgument other = loop.getRegionIterArg(j);
      other.replaceAllUsesWith(kept);
      // The argument now only yields itself; canonicalization drops it.
      (*loop.getYieldedValuesMutable())[j].set(other);
      loop.getResult(j).replaceAllUsesWith(keptResult);
    }
  }
}

} // namespace

LogicalResult loopAwareCSE(Operation *root) {
  IRRewriter rewriter(root->getContext());
  DominanceInfo dominance(root);
  // Equal values from outside loops must be the same value first.
  eliminateCommonSubExpressions(rewriter, dominance, root);
  root->walk(mergeEqualIterArgs);
  eliminateCommonSubExpressions(rewriter, dominance, root);
  RewritePatternSet patterns(root->getContext());
  scf::ForOp::getCanonicalizationPatterns(patterns, root->getContext());
  return applyPatternsGreedily(root, std::move(patterns));
}

namespace {

struct TritonLoopAwareCSEPass : impl::TritonLoopAwareCSEBase<TritonLoopAwareCSEPass> {
  void runOnOperation() override {
    if (failed(loopAwareCSE(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::tt
