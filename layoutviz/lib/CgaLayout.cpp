// CgaLayout: block bases, their linear layout, and combining a CTA tile with them for a shape.
#include "layoutviz/CgaLayout.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>

namespace trex::layoutviz {

CgaLayout CgaLayout::fromSplitParameters(const std::vector<unsigned> &ctasPerCga,
                                         const std::vector<unsigned> &ctaSplitNum,
                                         const std::vector<unsigned> &ctaOrder) {
  size_t rank = ctaOrder.size();
  if (ctasPerCga.size() != rank || ctaSplitNum.size() != rank)
    throw LayoutError("CTAsPerCGA, CTASplitNum and CTAOrder must have the same rank");
  auto names = standardOutDimNames(static_cast<int>(rank));
  LinearLayout layout;
  for (unsigned dim : ctaOrder) {
    if (dim >= rank)
      throw LayoutError("CTAOrder entry " + std::to_string(dim) + " is out of range");
    unsigned split = ctaSplitNum[dim], total = ctasPerCga[dim];
    if (split == 0 || total % split != 0)
      throw LayoutError("CTAsPerCGA[" + std::to_string(dim) + "] = " + std::to_string(total) +
                        " is not a multiple of CTASplitNum = " + std::to_string(split));
    layout *= LinearLayout::identity1D(static_cast<int32_t>(split), kBlock, names[dim]) *
              LinearLayout::zeros1D(static_cast<int32_t>(total / split), kBlock, names[dim]);
  }
  CgaLayout result;
  if (layout.hasInDim(kBlock))
    result.blockBases = layout.transposeOuts(names).getInDimBases(kBlock);
  return result;
}

LinearLayout CgaLayout::toLinearLayout(int rank) const {
  for (const auto &basis : blockBases)
    if (static_cast<int>(basis.size()) != rank)
      throw LayoutError("CGA layout basis has " + std::to_string(basis.size()) +
                        " entries but the tensor has rank " + std::to_string(rank));
  return LinearLayout({{kBlock, blockBases}}, standardOutDimNames(rank));
}

std::vector<unsigned> CgaLayout::splitNumPerDim(int rank) const {
  return basesPerDim(toLinearLayout(rank), kBlock, /*skipBroadcast=*/true);
}

CgaLayout CgaLayout::withDimNotSplit(int dim) const {
  CgaLayout result = *this;
  for (auto &basis : result.blockBases)
    if (dim >= 0 && dim < static_cast<int>(basis.size()))
      basis[dim] = 0;
  return result;
}

std::vector<int64_t> shapePerCta(const CgaLayout &cga, const std::vector<int64_t> &shape) {
  auto split = cga.splitNumPerDim(static_cast<int>(shape.size()));
  std::vector<int64_t> result(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    result[i] = shape[i] / std::min<int64_t>(shape[i], split[i]);
  return result;
}

LinearLayout combineCtaCgaWithShape(const LinearLayout &ctaLayout, const CgaLayout &cga,
                                    const std::vector<int64_t> &shape) {
  int rank = static_cast<int>(shape.size());
  if (ctaLayout.getNumOutDims() != rank)
    throw LayoutError("layout has rank " + std::to_string(ctaLayout.getNumOutDims()) +
                      " but the shape has rank " + std::to_string(rank));
  for (int64_t size : shape)
    if (size <= 0 || (size & (size - 1)) != 0)
      throw LayoutError("every tensor dim must be a power of two, got " + std::to_string(size));
  LinearLayout::DimSizes labeledShape = standardDimSizes(shape);

  LinearLayout cgaLayout = ensureLayoutNotLargerThan(cga.toLinearLayout(rank), labeledShape)
                               .transposeOuts(ctaLayout.getOutDimNames());
  LinearLayout::DimSizes ctaShape;
  for (const auto &dim : ctaLayout.getOutDimNames()) {
    int32_t size = 0;
    for (const auto &[name, value] : labeledShape)
      if (name == dim)
        size = value;
    ctaShape.push_back({dim, std::max<int32_t>(1, size / cgaLayout.getOutDimSize(dim))});
  }
  LinearLayout fitted = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  fitted = ensureLayoutNotLargerThan(fitted, ctaShape);
  return (fitted * cgaLayout).transposeOuts(standardOutDimNames(rank));
}

} // namespace trex::layoutviz
