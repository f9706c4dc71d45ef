// Triton's closed form for the blocked layout of a reshape's result: the
// dimensions a reshape merges must sit next to each other in the source's
// physical order, and each level of the hierarchy (registers, lanes, warps)
// must fill a minor dimension before it spans a more major one; then the
// result's sizePerThread, threadsPerWarp and warpsPerCTA are the source's,
// redistributed over the result dimensions of each group.
#include "trex/Dialect/TritonGPU/IR/BlockedReshape.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

#include <algorithm>
#include <numeric>

using namespace mlir;

namespace trex::ttg {

namespace {

int64_t product(ArrayRef<int64_t> values) {
  return std::accumulate(values.begin(), values.end(), int64_t(1), std::multiplies<int64_t>());
}

template <typename T> SmallVector<int64_t> gather(ArrayRef<T> values, ArrayRef<int64_t> indices) {
  SmallVector<int64_t> result;
  for (int64_t index : indices)
    result.push_back(static_cast<int64_t>(values[index]));
  return result;
}

// position[dim] = how minor `dim` is (0 = fastest) for an order listing
// dimensions fastest first.
SmallVector<unsigned> positionsInOrder(ArrayRef<unsigned> order) {
  SmallVector<unsigned> position(order.size());
  for (auto [rank, dim] : llvm::enumerate(order))
    position[dim] = static_cast<unsigned>(rank);
  return position;
}

// A level of the hierarchy (sizePerThread, threadsPerWarp or warpsPerCTA)
// may cover a dimension of a merged group only once every more minor
// dimension of the group is covered completely by the levels before it; it
// may exceed the tensor (repeat) only in the group's most major dimension.
// `remaining` carries, per group dimension, the extent the earlier levels
// left uncovered.
LogicalResult coverGroupLevel(ArrayRef<int64_t> groupDims, ArrayRef<unsigned> level,
                              SmallVector<int64_t> &remaining) {
  for (int i = static_cast<int>(groupDims.size()) - 1; i >= 0; --i) {
    unsigned size = level[groupDims[i]];
    if (size == 1)
      continue;
    for (size_t j = i + 1; j < groupDims.size(); ++j)
      if (remaining[j] != 1)
        return failure();
    remaining[i] = remaining[i] >= size ? remaining[i] / size : 0;
    if (remaining[i] == 0 && i != 0)
      return failure();
  }
  return success();
}

// Redistributes one level over the result dimensions: per group, its total
// size fills the result dimensions from the most minor one, as far as their
// still uncovered extent (`dstRemaining`, shared by the levels in turn)
// allows; what is left repeats along the group's most major dimension.
SmallVector<unsigned> redistributeLevel(ArrayRef<ReshapeGroup> groups, ArrayRef<unsigned> level,
                                        SmallVector<int64_t> &dstRemaining) {
  SmallVector<unsigned> result(dstRemaining.size(), 1);
  for (const auto &[srcDims, dstDims] : groups) {
    int64_t left = product(gather(level, srcDims));
    for (int i = static_cast<int>(dstDims.size()) - 1; i >= 0; --i) {
      int64_t take = std::min(left, dstRemaining[dstDims[i]]);
      result[dstDims[i]] = static_cast<unsigned>(take);
      left /= take;
      dstRemaining[dstDims[i]] /= take;
    }
    result[dstDims.front()] *= static_cast<unsigned>(left);
  }
  return result;
}

} // namespace

SmallVector<ReshapeGroup> getReshapeDecomposition(ArrayRef<int64_t> srcShape,
                                                  ArrayRef<int64_t> dstShape) {
  SmallVector<ReshapeGroup> groups;
  if (srcShape.empty())
    return groups;
  groups.emplace_back();
  size_t srcIndex = 0, dstIndex = 0;
  int64_t srcElements = 1, dstElements = 1;
  while (srcIndex < srcShape.size() || dstIndex < dstShape.size()) {
    bool takeSource = srcIndex < srcShape.size() &&
                      (srcElements < dstElements || srcElements == 1 || srcShape[srcIndex] == 1);
    bool takeResult = !takeSource && dstIndex < dstShape.size() &&
                      (dstElements < srcElements || dstShape[dstIndex] == 1);
    if (takeSource) {
      srcElements *= srcShape[srcIndex];
      groups.back().first.push_back(static_cast<int64_t>(srcIndex++));
    } else if (takeResult) {
      dstElements *= dstShape[dstIndex];
      groups.back().second.push_back(static_cast<int64_t>(dstIndex++));
    } else {
      // Both sides hold the same elements: the group is complete.
      groups.emplace_back();
      srcElements = dstElements = 1;
    }
  }
  return groups;
}

FailureOr<BlockedEncodingAttr> inferBlockedReshapeEncoding(ArrayRef<int64_t> srcShape,
                                                           Attribute srcEncoding,
                                                           ArrayRef<int64_t> dstShape) {
  auto src = dyn_cast_or_null<BlockedEncodingAttr>(srcEncoding);
  if (!src || product(srcShape) != product(dstShape))
    return failure();
  if (srcShape == dstShape)
    return src;
  MLIRContext *context = src.getContext();
  auto total = [](ArrayRef<unsigned> values) {
    return std::accumulate(values.begin(), values.end(), 1u, std::multiplies<unsigned>());
  };
  unsigned numWarps = total(src.getWarpsPerCTA());
  unsigned numLanes = total(src.getThreadsPerWarp());
  unsigned numCTAs = src.getCGALayout().numCTAs();
  // The default layout of one shape reshapes to the default of the other.
  if (src == getDefaultBlockedEncoding(context, srcShape, numWarps, numLanes, numCTAs))
    return getDefaultBlockedEncoding(context, dstShape, numWarps, numLanes, numCTAs);
  if (!src.getCGALayout().isOneCTA())
    return failure();

  // Every level must tile each dimension evenly (or exceed it).
  for (ArrayRef<unsigned> level :
       {src.getSizePerThread(), src.getThreadsPerWarp(), src.getWarpsPerCTA()})
    for (size_t dim = 0; dim < srcShape.size(); ++dim)
      if (srcShape[dim] >= level[dim] && srcShape[dim] % level[dim] != 0)
        return failure();

  SmallVector<ReshapeGroup> groups = getReshapeDecomposition(srcShape, dstShape);
  SmallVector<unsigned> srcPosition = positionsInOrder(src.getOrder());
  for (const auto &[srcDims, dstDims] : groups) {
    if (srcDims.empty() || dstDims.empty())
      return failure();
    // Merged dimensions must be physically adjacent, the first most major.
    for (size_t i = 1; i < srcDims.size(); ++i)
      if (srcPosition[srcDims[i - 1]] != srcPosition[srcDims[i]] + 1)
        return failure();
    SmallVector<int64_t> remaining = gather(srcShape, srcDims);
    for (ArrayRef<unsigned> level :
         {src.getSizePerThread(), src.getThreadsPerWarp(), src.getWarpsPerCTA()})
      if (failed(coverGroupLevel(srcDims, level, remaining)))
        return failure();
  }

  SmallVector<int64_t> dstRemaining(dstShape);
  SmallVector<unsigned> sizePerThread =
      redistributeLevel(groups, src.getSizePerThread(), dstRemaining);
  SmallVector<unsigned> threadsPerWarp =
      redistributeLevel(groups, src.getThreadsPerWarp(), dstRemaining);
  SmallVector<unsigned> warpsPerCTA = redistributeLevel(groups, src.getWarpsPerCTA(), dstRemaining);

  // The result's order: groups from the source's most minor to its most
  // major, and within a group the result dimensions from the last.
  llvm::stable_sort(groups, [&](const ReshapeGroup &a, const ReshapeGroup &b) {
    return srcPosition[a.first.front()] < srcPosition[b.first.front()];
  });
  SmallVector<unsigned> order;
  for (const auto &[srcDims, dstDims] : groups)
    for (int64_t dim : llvm::reverse(dstDims))
      order.push_back(static_cast<unsigned>(dim));
  return BlockedEncodingAttr::get(context, sizePerThread, threadsPerWarp, warpsPerCTA, order,
                                  CGALayout::oneCTA(dstShape.size()));
}

} // namespace trex::ttg
