// tritonamdgpu-move-up-prologue-loads: issues the loads the pipeliner marked
// as prologue loads as early as their dependencies allow.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUMOVEUPPROLOGUELOADS
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kPipelinerPartAttr = "amd.pipeliner_part";

// The op after which `load` may go: the definition of its pointer or the
// last atomic, barrier or loop before it (end() = the block's start).
Block::iterator earliestPosition(Block *block, tt::LoadOp load) {
  Block::iterator position = block->end();
  Value pointer = load.getPtr();
  for (Operation &op : *block) {
    if (&op == load)
      break;
    if (llvm::is_contained(op.getResults(), pointer) ||
        isa<tt::AtomicRMWOp, tt::AtomicCASOp, gpu::BarrierOp, ttg::BarrierOp, scf::ForOp,
            scf::WhileOp>(&op))
      position = Block::iterator(&op);
  }
  return position;
}

void moveUp(tt::LoadOp load) {
  Block *block = load->getBlock();
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.inclusive = false;
  options.omitUsesFromAbove = false;
  options.filter = [block](Operation *op) { return op->getBlock() == block; };
  (void)getBackwardSlice(load.getOperation(), &slice, options);
  slice.insert(load);
  Block::iterator position = earliestPosition(block, load);
  SmallVector<Operation *> toMove = slice.takeVector();
  if (position != block->end())
    llvm::erase_if(toMove, [&](Operation *op) { return !position->isBeforeInBlock(op); });
  for (Operation *op : llvm::reverse(toMove)) {
    if (position != block->end())
      op->moveAfter(block, position);
    else
      op->moveBefore(block, block->begin());
  }
}

} // namespace

void moveUpPrologueLoads(ModuleOp module) {
  SmallVector<tt::LoadOp> loads;
  module.walk([&](tt::LoadOp load) {
    if (load->hasAttr(kPipelinerPartAttr))
      loads.push_back(load);
  });
  // Last first, so the moved loads keep their relative order.
  for (tt::LoadOp load : llvm::reverse(loads))
    moveUp(load);
}

namespace {

struct MoveUpPrologueLoadsPass
    : impl::TritonAMDGPUMoveUpPrologueLoadsBase<MoveUpPrologueLoadsPass> {
  void runOnOperation() override { moveUpPrologueLoads(getOperation()); }
};

} // namespace

} // namespace trex::amdg
