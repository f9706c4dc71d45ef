// triton-nvidia-gpu-fence-insertion: a proxy fence before each wgmma that
// reads shared memory written through the generic proxy (before the loops around it
// that do not write that memory).
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUFENCEINSERTION
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

namespace {

// The allocation a shared-memory view was taken from.
Value underlyingAllocation(Value view) {
  while (Operation *def = view.getDefiningOp()) {
    if (isa<ttg::MemDescTransOp, ttg::MemDescSubsliceOp, ttg::MemDescIndexOp,
            ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(def))
      view = def->getOperand(0);
    else
      break;
  }
  return view;
}

// The ops that store registers into `view`'s buffer: the local_alloc that creates it from a
// tensor, and every ttg.local_store into a view of it. Empty when none does.
SmallVector<Operation *> registerWrites(Value view) {
  SmallVector<Operation *> writes;
  Value allocation = underlyingAllocation(view);
  if (auto alloc = allocation.getDefiningOp<ttg::LocalAllocOp>(); alloc && alloc.getSrc())
    writes.push_back(alloc);
  SmallVector<Value> views{allocation};
  DenseSet<Value> seen;
  while (!views.empty()) {
    Value current = views.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    for (Operation *user : current.getUsers()) {
      if (isa<ttg::LocalStoreOp>(user))
        writes.push_back(user);
      if (isa<ttg::MemDescTransOp, ttg::MemDescSubsliceOp, ttg::MemDescIndexOp,
              ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(user))
        views.push_back(user->getResult(0));
    }
  }
  return writes;
}

} // namespace

void insertProxyFences(ModuleOp module) {
  module.walk([](WarpGroupDotOp dot) {
    SmallVector<Operation *> writes;
    for (Value operand : {Value(dot.getA()), Value(dot.getB())})
      if (isa<ttg::MemDescType>(operand.getType()))
        llvm::append_range(writes, registerWrites(operand));
    if (writes.empty())
      return;
    // Before the outermost loop around the dot that none of the writes is in (Q of an
    // attention kernel, stored once before the loop over the keys): one fence, not one per
    // iteration; else right before the dot.
    Operation *before = dot;
    for (Operation *parent = dot->getParentOp(); isa_and_nonnull<scf::ForOp, scf::WhileOp>(parent);
         parent = parent->getParentOp()) {
      if (llvm::any_of(writes, [&](Operation *write) { return parent->isAncestor(write); }))
        break;
      before = parent;
    }
    if (isa_and_nonnull<FenceAsyncSharedOp>(before->getPrevNode()))
      return;
    OpBuilder builder(before);
    FenceAsyncSharedOp::create(builder, dot.getLoc(), /*bCluster=*/false);
  });
}

namespace {

struct TritonNvidiaGPUFenceInsertionPass
    : impl::TritonNvidiaGPUFenceInsertionBase<TritonNvidiaGPUFenceInsertionPass> {
  void runOnOperation() override { insertProxyFences(getOperation()); }
};

} // namespace

} // namespace trex::ttng
