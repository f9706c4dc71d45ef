// tritongpu-coalesce: picks, for every global memory access on a tensor of
// pointers, the blocked layout whose accesses coalesce and vectorize, and
// rewrites the access in it with conversions around.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Analysis/AxisInfo.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include <memory>

#include <numeric>

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// Dimensions by decreasing contiguity; among equal ones the earlier dimension
// comes first, as in Triton 3.6: with nothing known about a 2-d access
// (strides that are runtime values) the order is [0, 1], and a 3-d access
// contiguous only along its last dimension gets [2, 0, 1].
SmallVector<unsigned> orderFromContiguity(ArrayRef<int64_t> contiguity) {
  SmallVector<unsigned> order(contiguity.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](unsigned a, unsigned b) { return contiguity[a] > contiguity[b]; });
  return order;
}

unsigned pointeeBitWidth(RankedTensorType pointerType) {
  Type element = pointerType.getElementType();
  if (auto pointer = dyn_cast<tt::PointerType>(element))
    element = pointer.getPointeeType();
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
}

// The widest vector one thread can access at `op`'s pointer along `order[0]`:
// limited by the alignment of the addresses, their contiguity, the tensor's
// extent and 128 bits.
unsigned vectorWidth(Operation *op, ArrayRef<unsigned> order,
                     const ModuleAxisInfoAnalysis &axisInfo, ArrayRef<int64_t> shapePerCTA) {
  Value pointer = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(pointer.getType());
  const AxisInfo *info = axisInfo.getAxisInfo(pointer);
  if (!info)
    return 1;
  unsigned elementBits = pointeeBitWidth(type);
  int64_t elementBytes = std::max(elementBits / 8, 1u);
  int64_t maxMultiple = std::max<int64_t>(info->getDivisibility(order[0]) / elementBytes, 1);
  int64_t maxContiguity = std::min(info->getContiguity(order[0]), shapePerCTA[order[0]]);
  int64_t alignment = std::min(maxMultiple, maxContiguity);
  return static_cast<unsigned>(std::min<int64_t>(alignment, 128 / elementBits));
}

// The memory accesses of each op's slice: what mlir::getSlice(op) returns, everything connected
// to op through the values it computes from or feeds. getSlice closes the set under each op's
// whole backward and forward slices, which is quadratic in the slice's size (cubic over all
// the accesses of a loop unrolled a few thousand times: minutes). Its closure is the same as
// the closure under single steps, which this walks once per slice, in linear time:
//   - an operand's defining op;
//   - a block argument's parent op, when getBackwardSlice goes there (the parent is not
//     isolated from above and has one region of one block);
//   - the ops nested in the op's regions (getForwardSlice walks them);
//   - the users of the op's results.
// Every access in a slice shares the slice's list.
class RelatedAccesses {
public:
  llvm::ArrayRef<Operation *> of(Operation *op) {
    auto known = byAccess_.find(op);
    if (known != byAccess_.end())
      return *known->second;
    auto accesses = std::make_shared<SmallVector<Operation *>>();
    llvm::DenseSet<Operation *> seen{op};
    SmallVector<Operation *> work{op};
    auto reach = [&](Operation *next) {
      if (next && seen.insert(next).second)
        work.push_back(next);
    };
    while (!work.empty()) {
      Operation *current = work.pop_back_val();
      if (getMemAccessPtr(current))
        accesses->push_back(current);
      for (Value operand : current->getOperands()) {
        if (Operation *definition = operand.getDefiningOp()) {
          reach(definition);
          continue;
        }
        Operation *parent = cast<BlockArgument>(operand).getOwner()->getParentOp();
        if (parent && !parent->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
            parent->getNumRegions() == 1 && parent->getRegion(0).hasOneBlock())
          reach(parent);
      }
      for (Region &region : current->getRegions())
        for (Block &block : region)
          for (Operation &nested : block)
            reach(&nested);
      for (Value result : current->getResults())
        for (Operation *user : result.getUsers())
          reach(user);
    }
    for (Operation *access : *accesses)
      byAccess_.try_emplace(access, accesses);
    byAccess_.try_emplace(op, accesses);
    return *accesses;
  }

private:
  llvm::DenseMap<Operation *, std::shared_ptr<SmallVector<Operation *>>> byAccess_;
};

BlockedEncodingAttr coalescedEncoding(Operation *op, const ModuleAxisInfoAnalysis &axisInfo,
                                      RelatedAccesses &relatedAccesses, int numWarps,
                                      int threadsPerWarp) {
  Value pointer = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(pointer.getType());
  const AxisInfo *info = axisInfo.getAxisInfo(pointer);
  SmallVector<int64_t> contiguity(type.getRank(), 1);
  if (info)
    contiguity.assign(info->getContiguity().begin(), info->getContiguity().end());
  SmallVector<unsigned> order = orderFromContiguity(contiguity);

  auto distributed = dyn_cast_or_null<DistributedEncodingTrait>(type.getEncoding());
  CGALayout cga = distributed ? distributed.getCGALayout() : CGALayout::oneCTA(type.getRank());
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cga, type.getShape());

  // Accesses of the same shape and order connected to this one (through
  // the values they compute from or feed) can share its vector width: a
  // load of well-aligned data may go as wide as the widest of them.
  unsigned perThread = vectorWidth(op, order, axisInfo, shapePerCTA);
  if (pointer.getDefiningOp()) {
    for (Operation *related : relatedAccesses.of(op)) {
      Value relatedPointer = getMemAccessPtr(related);
      if (!relatedPointer || related == op)
        continue;
      auto relatedType = dyn_cast<RankedTensorType>(relatedPointer.getType());
      const AxisInfo *relatedInfo = axisInfo.getAxisInfo(relatedPointer);
      if (!relatedType || relatedType.getShape() != type.getShape() || !relatedInfo)
        continue;
      if (orderFromContiguity(relatedInfo->getContiguity()) != order)
        continue;
      perThread = std::max(perThread, vectorWidth(related, order, axisInfo, shapePerCTA));
    }
  }
  int64_t numElements = std::accumulate(shapePerCTA.begin(), shapePerCTA.end(), int64_t(1),
                                        std::multiplies<int64_t>());
  perThread = static_cast<unsigned>(
      std::min<int64_t>(perThread, std::max<int64_t>(numElements / (numWarps * threadsPerWarp), 1)));
  // Writes wider than their own alignment would leave gaps in each warp's
  // store; only loads (served by L1) may borrow a wider width.
  if (!isa<tt::LoadOp>(op))
    perThread = std::min(perThread, vectorWidth(op, order, axisInfo, shapePerCTA));

  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread[order[0]] = perThread;
  return buildBlockedEncoding(op->getContext(), type.getShape(), sizePerThread, order, numWarps,
                              threadsPerWarp, cga);
}

// A tensor-descriptor access moves a row-major block whose innermost dimension is contiguous
// and whose rows start 16-byte aligned (TMA requires both): threads take the widest vector
// along it, up to 128 bits and the elements each thread owns, as Triton 3.6's coalesce
// gives descriptor loads and stores.
BlockedEncodingAttr descriptorEncoding(Operation *op, RankedTensorType type, int numWarps,
                                       int threadsPerWarp) {
  unsigned rank = type.getRank();
  SmallVector<unsigned> order(rank);
  for (unsigned i = 0; i < rank; ++i)
    order[i] = rank - 1 - i;
  auto distributed = dyn_cast_or_null<DistributedEncodingTrait>(type.getEncoding());
  CGALayout cga = distributed ? distributed.getCGALayout() : CGALayout::oneCTA(rank);
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cga, type.getShape());
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  int64_t perThread = std::min<int64_t>(std::max(128u / bits, 1u), shapePerCTA[order[0]]);
  int64_t numElements = std::accumulate(shapePerCTA.begin(), shapePerCTA.end(), int64_t(1),
                                        std::multiplies<int64_t>());
  perThread =
      std::min<int64_t>(perThread, std::max<int64_t>(numElements / (numWarps * threadsPerWarp), 1));
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread[order[0]] = static_cast<unsigned>(perThread);
  return buildBlockedEncoding(op->getContext(), type.getShape(), sizePerThread, order, numWarps,
                              threadsPerWarp, cga);
}

// Rewrites `op` with all its tensor operands and results in `encoding`,
// converting on the way in and back on the way out. Every tensor operand
// gets a conversion, even one already in `encoding` (as Triton's coalesce
// does): remove-layout-conversions rewrites the access's operands through
// these conversions, which keeps the ones it needs next to the access; the
// identities fold away afterwards.
void rewriteInEncoding(Operation *op, Attribute encoding) {
  OpBuilder builder(op);
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      continue;
    mapping.map(operand, ConvertLayoutOp::create(builder, op->getLoc(),
                                                 type.cloneWithEncoding(encoding), operand));
  }
  Operation *newOp = builder.clone(*op, mapping);
  for (auto [oldResult, newResult] : llvm::zip(op->getResults(), newOp->getResults())) {
    auto type = dyn_cast<RankedTensorType>(oldResult.getType());
    Value replacement = newResult;
    // An async copy's result is a token; it keeps its type.
    if (type && !isa<AsyncCopyGlobalToLocalOp>(op) && type.getEncoding() != encoding) {
      newResult.setType(type.cloneWithEncoding(encoding));
      replacement = ConvertLayoutOp::create(builder, op->getLoc(), type, newResult);
    }
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
}

} // namespace

void coalesceMemoryAccesses(ModuleOp module) {
  ModuleAxisInfoAnalysis axisInfo(module);
  int threadsPerWarp = TTGDialect::getThreadsPerWarp(module);
  llvm::MapVector<Operation *, Attribute> layouts;
  RelatedAccesses relatedAccesses;
  module.walk([&](Operation *op) {
    RankedTensorType descriptorBlock;
    if (auto load = dyn_cast<tt::DescriptorLoadOp>(op))
      descriptorBlock = load.getType();
    else if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
      descriptorBlock = store.getSrc().getType();
    if (descriptorBlock) {
      layouts[op] = descriptorEncoding(op, descriptorBlock, lookupNumWarps(op), threadsPerWarp);
      return;
    }
    Value pointer = getMemAccessPtr(op);
    if (!pointer)
      return;
    auto type = dyn_cast<RankedTensorType>(pointer.getType());
    if (!type || !isa<tt::PointerType>(type.getElementType()))
      return;
    layouts[op] =
        coalescedEncoding(op, axisInfo, relatedAccesses, lookupNumWarps(op), threadsPerWarp);
  });
  for (auto &[op, encoding] : layouts)
    rewriteInEncoding(op, encoding);
}

namespace {

struct TritonGPUCoalescePass : impl::TritonGPUCoalesceBase<TritonGPUCoalescePass> {
  void runOnOperation() override { coalesceMemoryAccesses(getOperation()); }
};

} // namespace

} // namespace trex::ttg
