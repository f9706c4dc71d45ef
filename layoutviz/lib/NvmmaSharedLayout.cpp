// NvmmaSharedLayout: conversion of #ttg.nvmma_shared (TMA / wgmma swizzled tiles) to a linear layout.
#include "layoutviz/NvmmaSharedLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>

namespace trex::layoutviz {
namespace {

void checkNvmma(const NvmmaSharedLayout &layout) {
  unsigned width = layout.swizzlingByteWidth;
  if (width != 0 && width != 32 && width != 64 && width != 128)
    throw LayoutError("nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, got " +
                      std::to_string(width));
  if (layout.elementBitWidth == 0)
    throw LayoutError("nvmma_shared: elementBitWidth must be non-zero");
}

// One 8-row group of the swizzle: columns are plain offsets over max(16, swizzle) bytes, row r
// is shifted by vec * ((r / perPhase) % maxPhase) elements.  fp4Padded maps the padding
// offsets onto the same elements as the real ones so that the layout stays linear.
LinearLayout coreMatrixLayout(const NvmmaSharedLayout &layout) {
  int32_t tileRows = 8;
  int32_t tileCols = static_cast<int32_t>(
      8 * std::max(16u, layout.swizzlingByteWidth) / layout.elementBitWidth);
  auto packed = [](int32_t paddedColumn) { return paddedColumn / 16 * 8 + paddedColumn % 8; };
  std::vector<LinearLayout::Basis> bases;
  for (int32_t col = 1; col < tileCols; col *= 2)
    bases.push_back({0, layout.fp4Padded ? packed(col) : col});
  for (int32_t row = 1; row < tileRows; row *= 2) {
    auto shift = static_cast<int32_t>(layout.vec() *
                                      ((row / layout.perPhase()) % layout.maxPhase()));
    bases.push_back({row, layout.fp4Padded ? packed(shift) : shift});
  }
  return LinearLayout({{kOffset, bases}}, standardOutDimNames(2));
}

} // namespace

unsigned NvmmaSharedLayout::vec() const {
  return swizzlingByteWidth == 0 ? 1 : 128 / elementBitWidth;
}
unsigned NvmmaSharedLayout::perPhase() const {
  return swizzlingByteWidth == 0 ? 1 : 128 / swizzlingByteWidth;
}
unsigned NvmmaSharedLayout::maxPhase() const {
  return swizzlingByteWidth == 0 ? 1 : swizzlingByteWidth / 16;
}

std::vector<int64_t> tmaBlockShape(const NvmmaSharedLayout &layout,
                                   const std::vector<int64_t> &shapePerCta, bool packedSize) {
  std::vector<int64_t> block = shapePerCta;
  size_t contigDim = layout.transposed ? 0 : block.size() - 1;
  if (layout.fp4Padded)
    block[contigDim] *= 2;
  for (auto &size : block)
    size = std::min<int64_t>(size, 256);
  if (layout.swizzlingByteWidth != 0) {
    int64_t contigSize = 8 * int64_t{layout.swizzlingByteWidth} / layout.elementBitWidth;
    if (block[contigDim] < contigSize)
      throw LayoutError("nvmma_shared: the contiguous dim holds " +
                        std::to_string(block[contigDim]) + " elements, fewer than the " +
                        std::to_string(contigSize) + " of one " +
                        std::to_string(layout.swizzlingByteWidth) + "-byte swizzle row");
    block[contigDim] = contigSize;
  }
  if (layout.fp4Padded && packedSize)
    block[contigDim] /= 2;
  return block;
}

LinearLayout toLinearLayout(const NvmmaSharedLayout &layout, const std::vector<int64_t> &shape) {
  checkNvmma(layout);
  int rank = static_cast<int>(shape.size());
  auto names = standardOutDimNames(rank);
  auto perCta = shapePerCta(layout.cga, shape);
  auto tmaShape = tmaBlockShape(layout, perCta, /*packedSize=*/true);

  if (layout.swizzlingByteWidth == 0) {
    LinearLayout box = LinearLayout::identity1D(static_cast<int32_t>(tmaShape[rank - 1]),
                                                kOffset, names[rank - 1]);
    for (int i = rank - 2; i >= 0; --i)
      box *= LinearLayout::identity1D(static_cast<int32_t>(tmaShape[i]), kOffset, names[i]);
    box = ensureLayoutNotSmallerThan(box, standardDimSizes(perCta));
    return combineCtaCgaWithShape(box, layout.cga, shape);
  }
  if (rank < 2)
    throw LayoutError("nvmma_shared: a swizzled layout needs a tensor of rank 2 or more");

  // Fold all outer dims into rows, lay the core matrices over the box, then unfold.
  int64_t rows = 1;
  for (int i = 0; i + 1 < rank; ++i)
    rows *= tmaShape[i];
  std::vector<int64_t> collapsed{rows, tmaShape.back()};
  if (layout.transposed)
    std::swap(collapsed[0], collapsed[1]);

  LinearLayout tile = coreMatrixLayout(layout);
  int64_t tileRows = tile.getOutDimSize("dim0"), tileCols = tile.getOutDimSize("dim1");
  int64_t packing = layout.fp4Padded ? 2 : 1;
  if (collapsed[1] * packing < tileCols || collapsed[0] < tileRows)
    throw LayoutError("nvmma_shared: the tensor must be at least " + std::to_string(tileRows) +
                      "x" + std::to_string(tileCols / packing) + " per CTA for this swizzle");
  LinearLayout box = ensureLayoutNotSmallerThan(tile, standardDimSizes(collapsed));

  std::vector<int64_t> unfolded = tmaShape;
  if (layout.transposed)
    std::rotate(unfolded.begin(), unfolded.begin() + 1, unfolded.end());
  int64_t unfoldedSize = 1;
  for (int64_t size : unfolded)
    unfoldedSize *= size;
  if (box.getTotalOutDimSize() != unfoldedSize)
    throw LayoutError("nvmma_shared: the swizzle tile does not fit the TMA box of this shape");
  LinearLayout reshaped = reshapeToShape(box, unfolded);
  if (layout.transposed) {
    std::vector<int> order{rank - 1};
    for (int i = 0; i < rank - 1; ++i)
      order.push_back(i);
    reshaped = permuteOutCoordinates(reshaped, order);
  }
  reshaped = ensureLayoutNotSmallerThan(reshaped, standardDimSizes(perCta));
  return combineCtaCgaWithShape(reshaped, layout.cga, shape);
}

} // namespace trex::layoutviz
