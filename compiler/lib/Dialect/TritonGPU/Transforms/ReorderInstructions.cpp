// tritongpu-reorder-instructions: moves conversions, shared-memory reads and
// allocations to the positions that keep register pressure and shared
// memory lifetimes low.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUREORDERINSTRUCTIONS
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// The first op of `op`'s block that uses it (directly or inside a region).
Operation *firstUseInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers())
    if (Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user))
      if (!first || ancestor->isBeforeInBlock(first))
        first = ancestor;
  return first;
}

// Reading into a dot operand layout (or from shared memory) makes values
// live in registers until their use.
bool increasesRegisterPressure(Operation *op) {
  if (isa<LocalLoadOp>(op))
    return true;
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  return convert && isa_and_nonnull<DotOperandEncodingAttr>(convert.getType().getEncoding());
}

} // namespace

void reorderInstructions(ModuleOp module) {
  DominanceInfo dominance(module);
  // Conversions go below the deallocations before their first use, so their
  // scratch space can reuse what was freed.
  module.walk([&](ConvertLayoutOp convert) {
    Operation *firstUse = firstUseInBlock(convert);
    for (auto it = Block::iterator(convert), end = convert->getBlock()->end();
         it != end && &*it != firstUse; ++it)
      if (isa<LocalDeallocOp>(&*it))
        convert->moveAfter(&*it);
  });
  // Values used only inside a deeper loop are produced there.
  DenseMap<Operation *, Operation *> moves;
  module.walk([&](Operation *op) {
    if (!increasesRegisterPressure(op) || !op->hasOneUse())
      return;
    Operation *user = *op->user_begin();
    if (user->getParentOfType<scf::ForOp>() == op->getParentOfType<scf::ForOp>())
      return;
    moves[op] = user;
  });
  for (auto [op, user] : moves)
    op->moveBefore(user);
  // A store to shared memory follows its value's definition.
  module.walk([&](LocalAllocOp alloc) {
    if (!alloc.getSrc())
      return;
    if (Operation *def = alloc.getSrc().getDefiningOp())
      alloc->moveAfter(def);
  });
  // Transposes follow their source, in registers (tt.trans) and in shared memory
  // (ttg.memdesc_trans) alike: a transposed view of an allocation sits next to it.
  module.walk([&](Operation *op) {
    if (!isa<tt::TransOp, MemDescTransOp>(op))
      return;
    if (Operation *def = op->getOperand(0).getDefiningOp())
      op->moveAfter(def);
  });
  // For a dot fed from shared memory, operand B is read after operand A.
  module.walk([&](LocalLoadOp load) {
    auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(load.getType().getEncoding());
    if (!operand || operand.getOpIdx() != 1 || !load->hasOneUse())
      return;
    auto dot = dyn_cast<tt::DotOp>(*load->user_begin());
    if (!dot)
      return;
    auto loadA = dot.getA().getDefiningOp<LocalLoadOp>();
    if (loadA && dominance.dominates(load.getOperation(), loadA.getOperation()))
      load->moveAfter(loadA);
  });
}

namespace {

struct TritonGPUReorderInstructionsPass
    : impl::TritonGPUReorderInstructionsBase<TritonGPUReorderInstructionsPass> {
  void runOnOperation() override { reorderInstructions(getOperation()); }
};

} // namespace

} // namespace trex::ttg
