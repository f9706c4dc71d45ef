// triton-licm: loop-invariant code motion that also hoists loads out of loops
// that write no memory, predicated on the loop running at least once.
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

// True if everything `op` (and what it contains) does to memory is reading.
bool onlyReadsMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects = getEffectsRecursively(op);
  return effects && llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &effect) {
           return isa<MemoryEffects::Read>(effect.getEffect());
         });
}

// `mask && splat(loopRuns)`, or `splat(loopRuns)` for an unmasked load: the
// hoisted load must not read where the loop would not have.
Value predicateMask(OpBuilder &builder, LoadOp load, Value loopRuns) {
  Location loc = loopRuns.getLoc();
  Value predicate = loopRuns;
  Type maskType = getI1SameShape(load.getPtr().getType());
  if (isa<RankedTensorType>(maskType))
    predicate = SplatOp::create(builder, loc, maskType, loopRuns);
  if (Value mask = load.getMask())
    return arith::AndIOp::create(builder, loc, predicate, mask);
  return predicate;
}

void hoistOutOf(LoopLikeOpInterface loop, llvm::DenseMap<Operation *, bool> &readOnlyLoops) {
  auto isReadOnlyLoop = [&] {
    auto [it, inserted] = readOnlyLoops.try_emplace(loop.getOperation(), false);
    if (inserted)
      it->second = onlyReadsMemory(loop);
    return it->second;
  };
  moveLoopInvariantCode(
      loop.getLoopRegions(),
      [&](Value value, Region *) { return loop.isDefinedOutsideOfLoop(value); },
      [&](Operation *op, Region *) {
        auto load = dyn_cast<LoadOp>(op);
        if (!load)
          return isSpeculatable(op) && isMemoryEffectFree(op);
        // A block-pointer load takes no mask to predicate (Triton would
        // create an invalid one); it waits for triton-rewrite-tensor-pointer.
        if (isTensorPointerType(load.getPtr().getType()))
          return false;
        return onlyReadsMemory(op) && isReadOnlyLoop();
      },
      [&](Operation *op, Region *) {
        if (auto load = dyn_cast<LoadOp>(op)) {
          // Only scf.for has bounds to predicate on; Triton leaves loads of
          // other loops (scf.while) where they are.
          auto forLoop = dyn_cast<scf::ForOp>(loop.getOperation());
          if (!forLoop)
            return;
          OpBuilder builder(forLoop);
          Value loopRuns = arith::CmpIOp::create(builder, forLoop.getLoc(), arith::CmpIPredicate::slt,
                                                 forLoop.getLowerBound(), forLoop.getUpperBound());
          load.getMaskMutable().assign(predicateMask(builder, load, loopRuns));
        }
        loop.moveOutOfLoop(op);
      });
}

struct TritonLoopInvariantCodeMotionPass
    : impl::TritonLoopInvariantCodeMotionBase<TritonLoopInvariantCodeMotionPass> {
  void runOnOperation() override { hoistLoopInvariants(getOperation()); }
};

} // namespace

void hoistLoopInvariants(Operation *root) {
  llvm::DenseMap<Operation *, bool> readOnlyLoops;
  // Post-order visits inner loops first, so what leaves an inner loop may
  // leave the outer one too.
  root->walk([&](LoopLikeOpInterface loop) { hoistOutOf(loop, readOnlyLoops); });
}

} // namespace trex::tt
