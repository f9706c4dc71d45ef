// Shape-driven construction of blocked layouts (Triton's BlockedEncodingAttr
// builders) and the per-thread element counts of blocked and slice layouts.
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

#include <algorithm>
#include <numeric>

using namespace mlir;

namespace trex::ttg {

CGALayout buildCGALayout(ArrayRef<int64_t> shape, ArrayRef<unsigned> sizePerThread,
                         ArrayRef<unsigned> order, unsigned numCTAs) {
  unsigned rank = order.size();
  if (numCTAs <= 1)
    return CGALayout::oneCTA(rank);
  SmallVector<unsigned> ctasPerCGA(rank, 1), ctaSplitNum(rank, 1);
  unsigned remaining = numCTAs;
  // The slowest dimensions are split first: neighbouring CTAs then hold
  // neighbouring rows, which is what TMA multicast and 2-CTA MMA want.
  for (int d = static_cast<int>(rank) - 1; d >= 0; --d) {
    unsigned dim = order[d];
    int64_t room = std::max<int64_t>(1, shape[dim] / sizePerThread[dim]);
    ctasPerCGA[dim] = static_cast<unsigned>(std::clamp<int64_t>(remaining, 1, room));
    ctaSplitNum[dim] = ctasPerCGA[dim];
    remaining /= ctasPerCGA[dim];
  }
  // CTAs the shape cannot absorb replicate the last dimension.
  ctasPerCGA[rank - 1] *= remaining;
  return CGALayout::fromSplitParams(ctasPerCGA, ctaSplitNum, order);
}

SmallVector<unsigned> getCTASplitNum(const CGALayout &layout) {
  SmallVector<unsigned> split(layout.rank, 1);
  for (const Basis &basis : layout.blockBases)
    for (unsigned dim = 0; dim < layout.rank; ++dim)
      if (basis[dim] != 0)
        split[dim] *= 2;
  return split;
}

SmallVector<int64_t> getShapePerCTA(const CGALayout &layout, ArrayRef<int64_t> shape) {
  SmallVector<unsigned> split = getCTASplitNum(layout);
  SmallVector<int64_t> perCTA(shape);
  for (unsigned dim = 0; dim < perCTA.size() && dim < split.size(); ++dim)
    perCTA[dim] = std::max<int64_t>(1, perCTA[dim] / split[dim]);
  return perCTA;
}

BlockedEncodingAttr buildBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                         ArrayRef<unsigned> sizePerThread,
                                         ArrayRef<unsigned> order, unsigned numWarps,
                                         unsigned threadsPerWarp, const CGALayout &cgaLayout) {
  unsigned rank = sizePerThread.size();
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(cgaLayout, shape);
  unsigned remainingLanes = threadsPerWarp;
  unsigned remainingThreads = numWarps * threadsPerWarp;
  unsigned remainingWarps = numWarps;
  unsigned usedLanes = 1, usedWarps = 1;
  // Every dimension but the slowest takes as many threads as it has
  // sizePerThread-wide columns; lanes fill first, then warps.
  for (unsigned d = 0; d + 1 < rank; ++d) {
    unsigned dim = order[d];
    int64_t columns = std::max<int64_t>(1, shapePerCTA[dim] / sizePerThread[dim]);
    unsigned threads = static_cast<unsigned>(std::clamp<int64_t>(remainingThreads, 1, columns));
    lanes[dim] = std::clamp<unsigned>(threads, 1, remainingLanes);
    warps[dim] = std::clamp<unsigned>(threads / lanes[dim], 1, remainingWarps);
    remainingWarps /= warps[dim];
    remainingLanes /= lanes[dim];
    remainingThreads /= threads;
    usedLanes *= lanes[dim];
    usedWarps *= warps[dim];
  }
  // The slowest dimension takes whatever lanes and warps are left, even if
  // that replicates it.
  lanes[order[rank - 1]] = threadsPerWarp / usedLanes;
  warps[order[rank - 1]] = numWarps / usedWarps;
  return BlockedEncodingAttr::get(context, sizePerThread, lanes, warps, order, cgaLayout);
}

BlockedEncodingAttr buildBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                         ArrayRef<unsigned> sizePerThread,
                                         ArrayRef<unsigned> order, unsigned numWarps,
                                         unsigned threadsPerWarp, unsigned numCTAs) {
  return buildBlockedEncoding(context, shape, sizePerThread, order, numWarps, threadsPerWarp,
                              buildCGALayout(shape, sizePerThread, order, numCTAs));
}

SmallVector<unsigned> fmaDotSizePerThread(ArrayRef<int64_t> shape, int64_t numThreads) {
  int64_t elements = 1;
  for (int64_t extent : shape)
    elements *= extent;
  int64_t perThread = elements / numThreads;
  unsigned square = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread[rank - 1] = static_cast<unsigned>(std::min<int64_t>(square, shape[rank - 1]));
  sizePerThread[rank - 2] = static_cast<unsigned>(std::min<int64_t>(square, shape[rank - 2]));
  return sizePerThread;
}

BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                              unsigned numWarps, unsigned threadsPerWarp,
                                              unsigned numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  SmallVector<unsigned> sizePerThread(rank, 1);
  return buildBlockedEncoding(context, shape, sizePerThread, order, numWarps, threadsPerWarp,
                              numCTAs);
}

static SmallVector<unsigned> rowMajorOrder(unsigned rank) {
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  return order;
}

SmallVector<unsigned> getOrder(Attribute layout, unsigned rank) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(layout))
    return SmallVector<unsigned>(blocked.getOrder());
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(layout)) {
    SmallVector<unsigned> order;
    for (unsigned dim : getOrder(slice.getParent(), rank + 1))
      if (dim != slice.getDim())
        order.push_back(dim > slice.getDim() ? dim - 1 : dim);
    return order;
  }
  if (auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(layout)) {
    // K is the last dimension of operand A and the second-to-last of B.
    SmallVector<unsigned> order = rowMajorOrder(rank);
    if (operand.getOpIdx() == 1 && rank >= 2)
      std::swap(order[0], order[1]);
    return order;
  }
  if (auto linear = dyn_cast_or_null<LinearEncodingAttr>(layout)) {
    // Dimensions in the order the register bases first move along them;
    // the rest keep row-major order.
    SmallVector<unsigned> order;
    // getBases() returns a copy: keep it alive while iterating over it.
    LinearBases bases = linear.getBases();
    for (const Basis &basis : bases.get("register"))
      for (unsigned dim = 0; dim < basis.size(); ++dim)
        if (basis[dim] != 0 && !llvm::is_contained(order, dim))
          order.push_back(dim);
    for (unsigned dim : rowMajorOrder(rank))
      if (!llvm::is_contained(order, dim))
        order.push_back(dim);
    return order;
  }
  return rowMajorOrder(rank);
}

// Per dimension: the thread's own sizePerThread block (cut to the tensor),
// repeated as often as the CTA tile fits into the tensor.
static SmallVector<unsigned> blockedElemsPerThread(BlockedEncodingAttr blocked,
                                                   ArrayRef<int64_t> shape) {
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(blocked.getCGALayout(), shape);
  SmallVector<unsigned> elems;
  for (unsigned dim = 0; dim < shapePerCTA.size(); ++dim) {
    int64_t size = shapePerCTA[dim];
    int64_t own = std::min<int64_t>(blocked.getSizePerThread()[dim], size);
    int64_t threads =
        static_cast<int64_t>(blocked.getThreadsPerWarp()[dim]) * blocked.getWarpsPerCTA()[dim];
    elems.push_back(static_cast<unsigned>(std::max<int64_t>(own, size / threads)));
  }
  return elems;
}

std::optional<SmallVector<unsigned>> getElemsPerThread(RankedTensorType type) {
  Attribute encoding = type.getEncoding();
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(encoding))
    return blockedElemsPerThread(blocked, type.getShape());
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(encoding)) {
    SmallVector<int64_t> parentShape(type.getShape());
    parentShape.insert(parentShape.begin() + slice.getDim(), 1);
    auto parentType = RankedTensorType::get(parentShape, type.getElementType(), slice.getParent());
    std::optional<SmallVector<unsigned>> parentElems = getElemsPerThread(parentType);
    if (!parentElems)
      return std::nullopt;
    parentElems->erase(parentElems->begin() + slice.getDim());
    return parentElems;
  }
  return std::nullopt;
}

std::optional<unsigned> getTotalElemsPerThread(RankedTensorType type) {
  std::optional<SmallVector<unsigned>> elems = getElemsPerThread(type);
  if (!elems)
    return std::nullopt;
  return std::accumulate(elems->begin(), elems->end(), 1u, std::multiplies<unsigned>());
}

FailureOr<Attribute> inferJoinEncoding(Attribute operandEncoding) {
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(operandEncoding);
  if (!blocked)
    return failure();
  unsigned rank = blocked.getRank();
  auto append = [](ArrayRef<unsigned> values, unsigned value) {
    SmallVector<unsigned> result(values);
    result.push_back(value);
    return result;
  };
  SmallVector<unsigned> order{rank};
  order.append(blocked.getOrder().begin(), blocked.getOrder().end());
  CGALayout cga = blocked.getCGALayout();
  cga.rank = rank + 1;
  for (Basis &basis : cga.blockBases)
    basis.push_back(0);
  return Attribute(BlockedEncodingAttr::get(
      blocked.getContext(), append(blocked.getSizePerThread(), 2),
      append(blocked.getThreadsPerWarp(), 1), append(blocked.getWarpsPerCTA(), 1), order, cga));
}

FailureOr<Attribute> inferSplitEncoding(Attribute operandEncoding) {
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(operandEncoding);
  if (!blocked)
    return failure();
  unsigned rank = blocked.getRank();
  if (rank < 2 || blocked.getSizePerThread().back() != 2 ||
      blocked.getThreadsPerWarp().back() != 1 || blocked.getWarpsPerCTA().back() != 1 ||
      blocked.getOrder().front() != rank - 1)
    return failure();
  CGALayout cga = blocked.getCGALayout();
  if (llvm::any_of(cga.blockBases, [](const Basis &basis) { return basis.back() != 0; }))
    return failure();
  return Attribute(BlockedEncodingAttr::get(
      blocked.getContext(), blocked.getSizePerThread().drop_back(),
      blocked.getThreadsPerWarp().drop_back(), blocked.getWarpsPerCTA().drop_back(),
      blocked.getOrder().drop_front(), cga.withoutDim(rank - 1)));
}

} // namespace trex::ttg
