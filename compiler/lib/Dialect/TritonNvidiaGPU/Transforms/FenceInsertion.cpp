// triton-nvidia-gpu-fence-insertion: a proxy fence before each wgmma that
// reads shared memory written through the generic proxy.
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

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

// True if registers are stored into `view`'s buffer: it is allocated from a
// tensor, or some ttg.local_store writes into a view of it.
bool isWrittenFromRegisters(Value view) {
  Value allocation = underlyingAllocation(view);
  if (auto alloc = allocation.getDefiningOp<ttg::LocalAllocOp>(); alloc && alloc.getSrc())
    return true;
  SmallVector<Value> views{allocation};
  DenseSet<Value> seen;
  while (!views.empty()) {
    Value current = views.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    for (Operation *user : current.getUsers()) {
      if (isa<ttg::LocalStoreOp>(user))
        return true;
      if (isa<ttg::MemDescTransOp, ttg::MemDescSubsliceOp, ttg::MemDescIndexOp,
              ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(user))
        views.push_back(user->getResult(0));
    }
  }
  return false;
}

} // namespace

void insertProxyFences(ModuleOp module) {
  module.walk([](WarpGroupDotOp dot) {
    bool needsFence = false;
    for (Value operand : {Value(dot.getA()), Value(dot.getB())})
      if (isa<ttg::MemDescType>(operand.getType()) && isWrittenFromRegisters(operand))
        needsFence = true;
    if (!needsFence)
      return;
    if (auto previous = dyn_cast_or_null<FenceAsyncSharedOp>(dot->getPrevNode()))
      return;
    OpBuilder builder(dot);
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
