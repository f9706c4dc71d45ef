// AmdMfmaLayout: conversion of MFMA accumulators and register operands to linear layouts.
#include "layoutviz/AmdMfmaLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/MatrixOrder.h"

namespace trex::layoutviz {
namespace {

constexpr int32_t kWavefrontSize = 64;

std::vector<unsigned> tilesPerWarpOrOnes(const AmdMfmaLayout &layout) {
  if (layout.tilesPerWarp.empty())
    return std::vector<unsigned>(layout.warpsPerCTA.size(), 1);
  return layout.tilesPerWarp;
}

void checkMfma(const AmdMfmaLayout &layout, size_t rank) {
  if (rank != 2 && rank != 3)
    throw LayoutError("amd_mfma: the tensor must have rank 2 or 3");
  if (layout.warpsPerCTA.size() != rank)
    throw LayoutError("amd_mfma: warpsPerCTA has rank " +
                      std::to_string(layout.warpsPerCTA.size()) + " but the tensor has rank " +
                      std::to_string(rank));
  if (!layout.tilesPerWarp.empty() && layout.tilesPerWarp.size() != rank)
    throw LayoutError("amd_mfma: tilesPerWarp must have the tensor's rank");
  if (layout.instrShape.size() < 2)
    throw LayoutError("amd_mfma: instrShape must be [M, N, K]");
  for (unsigned i = 0; i < 2; ++i) {
    unsigned size = layout.instrShape[i];
    if (size == 0 || (size & (size - 1)) != 0 || size > 64)
      throw LayoutError("amd_mfma: instruction M and N must be powers of two up to 64");
  }
}

int32_t asSize(unsigned value) { return static_cast<int32_t>(value); }

} // namespace

LinearLayout toLinearLayout(const AmdMfmaLayout &layout, const std::vector<int64_t> &shape) {
  size_t rank = shape.size();
  checkMfma(layout, rank);
  bool hasBatchDim = rank == 3;
  unsigned mIndex = hasBatchDim ? 1 : 0, nIndex = mIndex + 1;
  auto names = standardOutDimNames(static_cast<int>(rank));
  auto order = getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/true);
  const std::string &dimM = names[order[1]];
  const std::string &dimN = names[order[0]];

  int32_t mDim = asSize(layout.instrShape[0]), nDim = asSize(layout.instrShape[1]);
  int32_t height = layout.elementBitWidth == 64 ? 1 : 4;
  int32_t tiles = (mDim * nDim) / (kWavefrontSize * height);

  // One instruction tile: `height` registers along M (N when transposed), lanes first along N
  // (M) and then along M (N), then whole register groups repeating down M (N).
  LinearLayout tile;
  const std::string &alongRegisters = layout.isTransposed ? dimN : dimM;
  const std::string &alongLanesFirst = layout.isTransposed ? dimM : dimN;
  int32_t lanesFirst = layout.isTransposed ? mDim : nDim;
  tile = LinearLayout::identity1D(height, kRegister, alongRegisters) *
         LinearLayout::identity1D(lanesFirst, kLane, alongLanesFirst) *
         LinearLayout::identity1D(kWavefrontSize / lanesFirst, kLane, alongRegisters);
  if (tiles > 0)
    tile *= LinearLayout::identity1D(tiles, kRegister, alongRegisters);
  tile = tile.transposeOuts({dimN, dimM});

  // The dot lowering expects instruction tiles to be numbered N-contiguously across the whole
  // tensor, so the layout is defined globally along N before moving to M.
  auto tilesPerWarp = tilesPerWarpOrOnes(layout);
  tile *= LinearLayout::identity1D(asSize(tilesPerWarp[nIndex]), kRegister, dimN);
  tile *= LinearLayout::identity1D(asSize(layout.warpsPerCTA[nIndex]), kWarp, dimN);
  int64_t nRepeats =
      shape[nIndex] / (int64_t{nDim} * layout.warpsPerCTA[nIndex] * tilesPerWarp[nIndex]);
  tile *= LinearLayout::identity1D(static_cast<int32_t>(nRepeats), kRegister, dimN);
  tile *= LinearLayout::identity1D(asSize(tilesPerWarp[mIndex]), kRegister, dimM);
  tile *= LinearLayout::identity1D(asSize(layout.warpsPerCTA[mIndex]), kWarp, dimM);
  if (hasBatchDim) {
    const std::string &dimBatch = names[order[2]];
    tile *= LinearLayout::identity1D(1, kRegister, dimBatch);
    tile *= LinearLayout::identity1D(1, kLane, dimBatch);
    tile *= LinearLayout::identity1D(asSize(layout.warpsPerCTA[0]), kWarp, dimBatch);
  }
  return combineCtaCgaWithShape(tile, layout.cga, shape);
}

LinearLayout amdMfmaOperandToLinearLayout(const AmdMfmaLayout &parent, unsigned opIdx,
                                          unsigned kWidth, const std::vector<int64_t> &shape) {
  size_t rank = shape.size();
  checkMfma(parent, rank);
  if (kWidth == 0)
    throw LayoutError("dot_op with an amd_mfma parent needs kWidth > 0");
  bool hasBatchDim = rank == 3;
  auto names = standardOutDimNames(static_cast<int>(rank));
  unsigned nonKDimIndex = opIdx == 0 ? rank - 2 : rank - 1;
  unsigned kDimIndex = opIdx == 0 ? rank - 1 : rank - 2;
  if (opIdx > 1)
    throw LayoutError("dot operand index must be 0 or 1");
  int32_t mDim = asSize(parent.instrShape[0]), nDim = asSize(parent.instrShape[1]);
  int32_t nonKDim = opIdx == 0 ? mDim : nDim;
  int64_t kSize = shape[kDimIndex];

  auto order = getOrderForDotOperand(opIdx, static_cast<unsigned>(rank), /*kContig=*/true);
  const std::string &dimK = names[order[0]];
  const std::string &dimNonK = names[order[1]];

  LinearLayout tile = LinearLayout::identity1D(asSize(kWidth), kRegister, dimK) *
                      LinearLayout::identity1D(nonKDim, kLane, dimNonK) *
                      LinearLayout::identity1D(kWavefrontSize / nonKDim, kLane, dimK);
  int64_t kTileSize = int64_t{kWavefrontSize} / nonKDim * kWidth;
  // The 64x4 / 4x64 instructions read a 64-deep K operand: 16 blocks of the basic tile.
  if ((mDim == 64 && nDim == 4 && opIdx == 0) || (mDim == 4 && nDim == 64 && opIdx == 1)) {
    tile *= LinearLayout::identity1D(16, kRegister, dimK);
    kTileSize *= 16;
  }
  if (kSize > kTileSize)
    tile *= LinearLayout::identity1D(static_cast<int32_t>(kSize / kTileSize), kRegister, dimK);
  tile *= LinearLayout::identity1D(asSize(tilesPerWarpOrOnes(parent)[nonKDimIndex]), kRegister,
                                   dimNonK);
  tile = tile.transposeOuts({dimK, dimNonK});
  if (hasBatchDim) {
    tile *= LinearLayout::identity1D(1, kRegister, names[order[2]]);
    tile *= LinearLayout::identity1D(1, kLane, names[order[2]]);
  }
  auto warpOrder = getMatrixOrder(static_cast<unsigned>(rank), /*rowMajor=*/true);
  LinearLayout ctaLayout = tile * identityStandardND(kWarp, parent.warpsPerCTA, warpOrder);
  // The out-dims are still [k, non-k(, batch)]: repeating in that order before restoring the
  // standard order is what the lowering expects.  Unlike the NVIDIA operands, Triton keeps
  // the parent's CGA split here.
  return combineCtaCgaWithShape(ctaLayout, parent.cga, shape).transposeOuts(names);
}

} // namespace trex::layoutviz
