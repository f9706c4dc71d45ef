// AmdWmmaLayout: conversion of WMMA accumulators and register operands to linear layouts.
#include "layoutviz/AmdWmmaLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/MatrixOrder.h"

#include <algorithm>

namespace trex::layoutviz {
namespace {

constexpr int32_t kWaveSize = 32;
constexpr int32_t kWmmaTileDim = 16;

void checkWmma(const AmdWmmaLayout &layout, size_t rank) {
  if (rank != 2 && rank != 3)
    throw LayoutError("amd_wmma: the tensor must have rank 2 or 3");
  if (layout.version < 1 || layout.version > 3)
    throw LayoutError("amd_wmma: version must be 1, 2 or 3, got " +
                      std::to_string(layout.version));
  if (layout.warpsPerCTA.size() != rank)
    throw LayoutError("amd_wmma: warpsPerCTA has rank " +
                      std::to_string(layout.warpsPerCTA.size()) + " but the tensor has rank " +
                      std::to_string(rank));
  if (!layout.tilesPerWarp.empty() && layout.tilesPerWarp.size() != rank)
    throw LayoutError("amd_wmma: tilesPerWarp must have the tensor's rank");
  if (layout.instrShape.size() != 3)
    throw LayoutError("amd_wmma: instrShape must be [M, N, K]");
}

std::vector<std::string> permutedNames(const std::vector<unsigned> &order) {
  auto names = standardOutDimNames(static_cast<int>(order.size()));
  std::vector<std::string> permuted;
  for (unsigned dim : order)
    permuted.push_back(names[dim]);
  return permuted;
}

// How instruction tiles are spread over one CTA: tilesPerWarp register repeats, then warps,
// along N first and then M.
LinearLayout wmmaCtaTiling(const AmdWmmaLayout &layout, int rank) {
  auto names = standardOutDimNames(rank);
  std::vector<unsigned> tiles = layout.tilesPerWarp;
  if (tiles.empty())
    tiles.assign(rank, 1);
  LinearLayout result;
  for (unsigned dim : getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/true)) {
    result *= LinearLayout::identity1D(static_cast<int32_t>(tiles[dim]), kRegister, names[dim]);
    result *=
        LinearLayout::identity1D(static_cast<int32_t>(layout.warpsPerCTA[dim]), kWarp, names[dim]);
  }
  return result.transposeOuts(names);
}

} // namespace

LinearLayout toLinearLayout(const AmdWmmaLayout &layout, const std::vector<int64_t> &shape) {
  int rank = static_cast<int>(shape.size());
  checkWmma(layout, shape.size());
  auto names = standardOutDimNames(rank);
  auto threadOrder = getMatrixOrder(static_cast<unsigned>(rank), !layout.isTranspose);
  std::vector<std::string> tileDims{names[threadOrder[0]], names[threadOrder[1]]};

  LinearLayout tile;
  if (layout.version == 1) {
    // Registers skip every other row: the second half-wave holds the rows in between.
    tile = LinearLayout({{kRegister, {{0, 2}, {0, 4}, {0, 8}}},
                         {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}}},
                        tileDims);
  } else if (layout.instrShape[0] == 32 && layout.instrShape[1] == 16) {
    tile = LinearLayout({{kRegister, {{0, 1}, {0, 2}, {0, 4}, {0, 16}}},
                         {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}},
                        tileDims);
  } else {
    tile = LinearLayout({{kRegister, {{0, 1}, {0, 2}, {0, 4}}},
                         {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}},
                        tileDims);
  }
  if (rank == 3) {
    tile *= LinearLayout::identity1D(1, kRegister, names[0]);
    tile *= LinearLayout::identity1D(1, kLane, names[0]);
  }
  tile = tile.transposeOuts(names);
  LinearLayout wmma = tile * wmmaCtaTiling(layout, rank);
  auto repDimNames = permutedNames(getMatrixOrder(static_cast<unsigned>(rank), true));
  return combineCtaCgaWithShape(wmma.transposeOuts(repDimNames), layout.cga, shape);
}

LinearLayout amdWmmaOperandToLinearLayout(const AmdWmmaLayout &parent, unsigned opIdx,
                                          unsigned kWidth, const CgaLayout &operandCga,
                                          const std::vector<int64_t> &shape) {
  int rank = static_cast<int>(shape.size());
  checkWmma(parent, shape.size());
  if (kWidth == 0)
    throw LayoutError("dot_op with an amd_wmma parent needs kWidth > 0");
  auto names = standardOutDimNames(rank);
  auto order = getOrderForDotOperand(opIdx, static_cast<unsigned>(rank), /*kContig=*/true);
  const std::string &dimK = names[order[0]];
  const std::string &dimNonK = names[order[1]];
  int32_t kDim = static_cast<int32_t>(parent.instrShape[2]);
  int32_t nonKDim = static_cast<int32_t>(opIdx == 0 ? parent.instrShape[0] : parent.instrShape[1]);
  int32_t width = static_cast<int32_t>(kWidth);

  int32_t kDepth = kWaveSize / kWmmaTileDim;
  LinearLayout tile = LinearLayout::identity1D(width, kRegister, dimK) *
                      LinearLayout::identity1D(kWmmaTileDim, kLane, dimNonK);
  tile *= parent.version == 1 ? LinearLayout::zeros1D(kDepth, kLane, dimK)
                              : LinearLayout::identity1D(kDepth, kLane, dimK);
  // When kWidth covers the instruction's K on its own the repeat count rounds down to zero,
  // which adds nothing (identity1D(0) is empty).
  tile *= LinearLayout::identity1D(kDim / (kDepth * width), kRegister, dimK);
  if (nonKDim / kWmmaTileDim > 1)
    tile *= LinearLayout::identity1D(nonKDim / kWmmaTileDim, kRegister, dimNonK);
  if (rank == 3) {
    tile *= LinearLayout::identity1D(1, kRegister, names[order[2]]);
    tile *= LinearLayout::identity1D(1, kLane, names[order[2]]);
  }

  // The CTA tiling with K projected away: warps (and tile repeats) along K hold copies of the
  // operand, and register repeats along K are dropped altogether.
  LinearLayout::BasesList ctaBases = wmmaCtaTiling(parent, rank).getBases();
  int kIndex = static_cast<int>(order[0]);
  for (auto &[inDim, inDimBases] : ctaBases) {
    std::vector<LinearLayout::Basis> kept;
    for (auto &basis : inDimBases) {
      basis[kIndex] = 0;
      bool isZero = std::all_of(basis.begin(), basis.end(), [](int32_t v) { return v == 0; });
      if (inDim != kRegister || !isZero)
        kept.push_back(basis);
    }
    inDimBases = std::move(kept);
  }
  LinearLayout cta(std::move(ctaBases), names);

  auto repDimNames = permutedNames(order);
  LinearLayout operand = tile.transposeOuts(repDimNames) * cta.transposeOuts(repDimNames);
  return combineCtaCgaWithShape(operand, operandCga, shape);
}

} // namespace trex::layoutviz
