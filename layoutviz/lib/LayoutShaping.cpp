// LayoutShaping: broadcasting, repetition and dimension bookkeeping for layouts onto tensors.
#include "layoutviz/LayoutShaping.h"

#include "layoutviz/LayoutError.h"

#include <algorithm>

namespace trex::layoutviz {
namespace {

int32_t lookupSize(const LinearLayout::DimSizes &shape, const std::string &dim) {
  for (const auto &[name, size] : shape)
    if (name == dim)
      return size;
  throw LayoutError("shape has no size for out-dim '" + dim + "'");
}

} // namespace

std::vector<std::string> standardOutDimNames(int rank) {
  std::vector<std::string> names;
  for (int i = 0; i < rank; ++i)
    names.push_back("dim" + std::to_string(i));
  return names;
}

LinearLayout::DimSizes standardDimSizes(const std::vector<int64_t> &shape) {
  LinearLayout::DimSizes sizes;
  for (size_t i = 0; i < shape.size(); ++i)
    sizes.push_back({"dim" + std::to_string(i), static_cast<int32_t>(shape[i])});
  return sizes;
}

LinearLayout identityStandardND(const std::string &inDim, const std::vector<unsigned> &shape,
                                const std::vector<unsigned> &order) {
  if (shape.size() != order.size())
    throw LayoutError("identityStandardND: shape and order have different ranks");
  auto names = standardOutDimNames(static_cast<int>(shape.size()));
  LinearLayout result;
  for (unsigned dim : order) {
    if (dim >= shape.size())
      throw LayoutError("identityStandardND: order entry " + std::to_string(dim) +
                        " is out of range");
    result *= LinearLayout::identity1D(static_cast<int32_t>(shape[dim]), inDim, names[dim]);
  }
  return result;
}

LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const LinearLayout::DimSizes &shape) {
  if (shape.empty())
    return layout;
  if (layout.getNumInDims() == 0)
    throw LayoutError("ensureLayoutNotSmallerThan: layout has no in-dims to repeat along");
  const std::string repeatDim = layout.getInDimNames().front();
  LinearLayout result = layout;
  for (const auto &outDim : layout.getOutDimNames()) {
    int32_t actual = layout.getOutDimSize(outDim);
    int32_t desired = lookupSize(shape, outDim);
    if (actual <= desired && desired % actual != 0)
      throw LayoutError("cannot repeat a tile of size " + std::to_string(actual) +
                        " to cover size " + std::to_string(desired) + " along " + outDim);
    result *= LinearLayout::identity1D(desired / actual, repeatDim, outDim);
  }
  return result;
}

LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const LinearLayout::DimSizes &shape,
                                       bool broadcastRegisters) {
  if (shape.empty())
    return layout;
  LinearLayout::DimSizes outDims = layout.getOutDims();
  for (auto &[outDim, size] : outDims) {
    int32_t desired = lookupSize(shape, outDim);
    if (desired <= 0 || (desired & (desired - 1)) != 0)
      throw LayoutError("shape size " + std::to_string(desired) + " along " + outDim +
                        " is not a power of two");
    size = std::min(size, desired);
  }
  LinearLayout::BasesList bases = layout.getBases();
  for (auto &[inDim, inDimBases] : bases) {
    bool dropCopies = !broadcastRegisters && inDim == kRegister;
    std::vector<LinearLayout::Basis> kept;
    for (auto &basis : inDimBases) {
      bool wasZero = true, isZero = true;
      for (size_t i = 0; i < basis.size(); ++i) {
        if (basis[i] != 0)
          wasZero = false;
        if (basis[i] >= outDims[i].second)
          basis[i] = 0;
        if (basis[i] != 0)
          isZero = false;
      }
      if (!dropCopies || wasZero || !isZero)
        kept.push_back(basis);
    }
    inDimBases = std::move(kept);
  }
  return LinearLayout(std::move(bases), std::move(outDims), /*requireSurjective=*/false);
}

LinearLayout removeStandardDim(const LinearLayout &layout, int dim) {
  int rank = layout.getNumOutDims();
  if (dim < 0 || dim >= rank)
    throw LayoutError("removeStandardDim: dim " + std::to_string(dim) + " out of range");
  if (layout.getOutDimNames() != standardOutDimNames(rank))
    throw LayoutError("removeStandardDim: layout out-dims must be dim0..dim" +
                      std::to_string(rank - 1));
  auto kept = layout.getOutDimNames();
  kept.erase(kept.begin() + dim);
  LinearLayout sub = layout.sublayout(layout.getInDimNames(), kept);
  LinearLayout::DimSizes sizes = sub.getOutDims();
  auto newNames = standardOutDimNames(rank - 1);
  for (size_t i = 0; i < sizes.size(); ++i)
    sizes[i].first = newNames[i];
  return LinearLayout(sub.getBases(), std::move(sizes), /*requireSurjective=*/false);
}

LinearLayout reshapeToShape(const LinearLayout &layout, const std::vector<int64_t> &shape) {
  // reshapeOuts treats the first out-dim as least significant; reversing both sides makes it
  // keep the row-major index instead.
  auto sourceDims = layout.getOutDimNames();
  std::reverse(sourceDims.begin(), sourceDims.end());
  LinearLayout::DimSizes targetDims = standardDimSizes(shape);
  std::reverse(targetDims.begin(), targetDims.end());
  return layout.transposeOuts(sourceDims)
      .reshapeOuts(targetDims)
      .transposeOuts(standardOutDimNames(static_cast<int>(shape.size())));
}

LinearLayout permuteOutCoordinates(const LinearLayout &layout, const std::vector<int> &order) {
  LinearLayout::BasesList bases = layout.getBases();
  for (auto &entry : bases) {
    for (auto &basis : entry.second) {
      LinearLayout::Basis permuted;
      for (int index : order)
        permuted.push_back(basis.at(index));
      basis = std::move(permuted);
    }
  }
  return LinearLayout(std::move(bases), layout.getOutDimNames());
}

std::vector<unsigned> basesPerDim(const LinearLayout &layout, const std::string &inDim,
                                  bool skipBroadcast) {
  std::vector<unsigned> result(layout.getNumOutDims(), 1);
  if (!layout.hasInDim(inDim))
    return result;
  size_t lastDim = 0;
  for (const auto &basis : layout.getInDimBases(inDim)) {
    auto it = std::find_if(basis.begin(), basis.end(), [](int32_t v) { return v != 0; });
    if (it != basis.end()) {
      lastDim = static_cast<size_t>(it - basis.begin());
      result[lastDim] *= 2;
    } else if (!skipBroadcast) {
      result[lastDim] *= 2;
    }
  }
  return result;
}

std::vector<unsigned> orderPerDim(const LinearLayout &layout, const std::string &inDim,
                                  const std::vector<unsigned> &defaultOrder) {
  std::vector<unsigned> order;
  auto add = [&](unsigned dim) {
    if (std::find(order.begin(), order.end(), dim) == order.end())
      order.push_back(dim);
  };
  if (layout.hasInDim(inDim)) {
    for (const auto &basis : layout.getInDimBases(inDim)) {
      auto it = std::find_if(basis.begin(), basis.end(), [](int32_t v) { return v != 0; });
      if (it != basis.end())
        add(static_cast<unsigned>(it - basis.begin()));
    }
  }
  for (unsigned dim : defaultOrder)
    add(dim);
  return order;
}

} // namespace trex::layoutviz
