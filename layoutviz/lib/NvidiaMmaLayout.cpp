// NvidiaMmaLayout: conversion of mma.sync / wgmma accumulators and register operands.
#include "layoutviz/NvidiaMmaLayout.h"

#include "layoutviz/DotOperandLayout.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/MatrixOrder.h"

namespace trex::layoutviz {
namespace {

// The per-warp tile of the mma.sync family, built up from its fragments: kWidth consecutive
// registers along the inner dim, 4 lanes along the inner dim, 8 lanes along the outer dim,
// then register repeats down the outer dim and across the inner dim.  The out-dims are listed
// in `repOrder` so that later repetitions follow it.
LinearLayout nvidiaMmaTile(const std::vector<unsigned> &tileShape, unsigned kWidth,
                           const std::vector<unsigned> &order,
                           const std::vector<unsigned> &repOrder) {
  int rank = static_cast<int>(repOrder.size());
  auto names = standardOutDimNames(rank);
  LinearLayout tile = identityStandardND(kRegister, std::vector<unsigned>(rank, 1), repOrder);
  unsigned inner = order[0], outer = order[1];
  unsigned m = tileShape[outer], n = tileShape[inner];
  if (m % 8 != 0 || n % (kWidth * 4) != 0)
    throw LayoutError("mma tile " + std::to_string(m) + "x" + std::to_string(n) +
                      " is not a multiple of the 8 x (4*kWidth) fragment");
  auto size = [](unsigned value) { return static_cast<int32_t>(value); };
  return tile * LinearLayout::identity1D(size(kWidth), kRegister, names[inner]) *
         LinearLayout::identity1D(4, kLane, names[inner]) *
         LinearLayout::identity1D(8, kLane, names[outer]) *
         LinearLayout::identity1D(size(m / 8), kRegister, names[outer]) *
         LinearLayout::identity1D(size(n / (kWidth * 4)), kRegister, names[inner]);
}

void checkMma(const NvidiaMmaLayout &layout, size_t rank) {
  if (!layout.isAmpere() && !layout.isHopper())
    throw LayoutError("nvidia_mma: only versionMajor 2 and 3 are supported, got " +
                      std::to_string(layout.versionMajor));
  if (layout.warpsPerCTA.size() != rank)
    throw LayoutError("nvidia_mma: warpsPerCTA has rank " +
                      std::to_string(layout.warpsPerCTA.size()) + " but the tensor has rank " +
                      std::to_string(rank));
  if (rank < 2)
    throw LayoutError("nvidia_mma: the tensor must have rank 2 or 3");
  size_t expectedInstr = layout.isAmpere() ? rank : 3;
  if (layout.instrShape.size() != expectedInstr)
    throw LayoutError("nvidia_mma: instrShape must have " + std::to_string(expectedInstr) +
                      " entries");
  if (layout.isHopper() && rank != 2)
    throw LayoutError("nvidia_mma v3: only rank-2 tensors are supported");
}

} // namespace

LinearLayout toLinearLayout(const NvidiaMmaLayout &layout, const std::vector<int64_t> &shape) {
  size_t rank = shape.size();
  checkMma(layout, rank);
  std::vector<unsigned> tileShape = layout.instrShape;
  if (layout.isHopper())
    tileShape = {layout.instrShape[0], layout.instrShape[1]};
  // The accumulator behaves like an operand with two consecutive elements per thread.
  const unsigned kWidth = 2;
  auto order = getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/true);
  LinearLayout ctaLayout = nvidiaMmaTile(tileShape, kWidth, order, order);
  auto warpOrder = getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/!layout.isHopper());
  ctaLayout *= identityStandardND(kWarp, layout.warpsPerCTA, warpOrder)
                   .transposeOuts(ctaLayout.getOutDimNames());
  return combineCtaCgaWithShape(ctaLayout, layout.cga, shape);
}

LinearLayout nvidiaMmaOperandToLinearLayout(const NvidiaMmaLayout &parent, unsigned opIdx,
                                            unsigned kWidth, const CgaLayout &operandCga,
                                            const std::vector<int64_t> &shape) {
  size_t rank = shape.size();
  checkMma(parent, rank);
  if (kWidth == 0)
    throw LayoutError("dot_op with an nvidia_mma parent needs kWidth > 0");
  bool isA = opIdx == 0;
  if (!isA && parent.isHopper())
    throw LayoutError("dot_op: Hopper (nvidia_mma v3) only takes operand A (opIdx 0) in "
                      "registers");
  std::vector<unsigned> tileShape(rank, 1);
  unsigned instrM = parent.instrShape[parent.isHopper() ? 0 : rank - 2];
  // fp64 mma (m8n8k4) has a K tile half as deep as the 16-row instructions.
  unsigned kTileMultiplier = instrM == 8 ? 4 : 8;
  if (isA) {
    tileShape[rank - 2] = instrM;
    tileShape[rank - 1] = kWidth * kTileMultiplier;
  } else {
    tileShape[rank - 2] = kWidth * kTileMultiplier;
    tileShape[rank - 1] = 8;
  }
  auto order = getOrderForDotOperand(opIdx, static_cast<unsigned>(rank), /*kContig=*/true);
  LinearLayout ctaLayout = nvidiaMmaTile(tileShape, kWidth, order, order);
  unsigned kDim = isA ? rank - 1 : rank - 2;
  auto warpOrder = getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/!parent.isHopper());
  ctaLayout *= broadcastedDotOperandLayout(parent.warpsPerCTA, warpOrder, kDim, kWarp)
                   .transposeOuts(ctaLayout.getOutDimNames());
  return combineCtaCgaWithShape(ctaLayout, operandCga, shape);
}

} // namespace trex::layoutviz
