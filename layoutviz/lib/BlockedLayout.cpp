// BlockedLayout: conversion of #ttg.blocked (and of FMA dot operands on it) to a linear layout.
#include "layoutviz/BlockedLayout.h"

#include "layoutviz/DotOperandLayout.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {
namespace {

void checkBlocked(const BlockedLayout &layout, size_t rank) {
  auto check = [&](const std::vector<unsigned> &values, const char *name) {
    if (values.size() != rank)
      throw LayoutError(std::string("blocked layout: ") + name + " has rank " +
                        std::to_string(values.size()) + " but the tensor has rank " +
                        std::to_string(rank));
    for (unsigned value : values)
      if (value == 0 || (value & (value - 1)) != 0)
        throw LayoutError(std::string("blocked layout: every entry of ") + name +
                          " must be a power of two");
  };
  check(layout.sizePerThread, "sizePerThread");
  check(layout.threadsPerWarp, "threadsPerWarp");
  check(layout.warpsPerCTA, "warpsPerCTA");
  if (layout.order.size() != rank)
    throw LayoutError("blocked layout: order has rank " + std::to_string(layout.order.size()) +
                      " but the tensor has rank " + std::to_string(rank));
}

std::vector<std::string> permutedDimNames(const std::vector<unsigned> &order) {
  auto names = standardOutDimNames(static_cast<int>(order.size()));
  std::vector<std::string> permuted;
  for (unsigned dim : order)
    permuted.push_back(names.at(dim));
  return permuted;
}

} // namespace

LinearLayout toLinearLayout(const BlockedLayout &layout, const std::vector<int64_t> &shape) {
  checkBlocked(layout, shape.size());
  LinearLayout ctaLayout = identityStandardND(kRegister, layout.sizePerThread, layout.order) *
                           identityStandardND(kLane, layout.threadsPerWarp, layout.order) *
                           identityStandardND(kWarp, layout.warpsPerCTA, layout.order);
  return combineCtaCgaWithShape(ctaLayout, layout.cga, shape);
}

LinearLayout blockedDotOperandToLinearLayout(const BlockedLayout &parent, unsigned opIdx,
                                             const std::vector<int64_t> &shape) {
  size_t rank = shape.size();
  checkBlocked(parent, rank);
  if (rank < 2)
    throw LayoutError("dot operand layouts need a tensor of rank 2 or 3");
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  std::vector<unsigned> threadSize = parent.sizePerThread;
  threadSize[kDim] = static_cast<unsigned>(shape[kDim]);
  auto repDimNames = permutedDimNames(parent.order);

  LinearLayout registers = identityStandardND(kRegister, threadSize, parent.order);
  LinearLayout lanes =
      broadcastedDotOperandLayout(parent.threadsPerWarp, parent.order, kDim, kLane);
  LinearLayout warps = broadcastedDotOperandLayout(parent.warpsPerCTA, parent.order, kDim, kWarp);
  LinearLayout ctaLayout = registers.transposeOuts(repDimNames) *
                           lanes.transposeOuts(repDimNames) * warps.transposeOuts(repDimNames);
  return combineCtaCgaWithShape(ctaLayout, parent.cga.withDimNotSplit(static_cast<int>(kDim)),
                                shape);
}

} // namespace trex::layoutviz
