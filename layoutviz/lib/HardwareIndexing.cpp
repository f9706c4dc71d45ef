// HardwareIndexing: one-shot tabulation of hardware index -> element for the renderers.
#include "HardwareIndexing.h"

#include "layoutviz/LayoutError.h"

namespace trex::layoutviz {

HardwareIndexing::HardwareIndexing(const LinearLayout &layout,
                                   const std::vector<std::string> &hardwareDims) {
  for (const auto &name : layout.getInDimNames()) {
    bool known = false;
    for (const auto &dim : hardwareDims)
      known = known || dim == name;
    if (!known)
      throw LayoutError("layout has in-dim '" + name + "', which this view does not know");
  }
  LinearLayout::BasesList bases;
  for (const auto &dim : hardwareDims) {
    std::vector<LinearLayout::Basis> dimBases;
    if (layout.hasInDim(dim))
      dimBases = layout.getInDimBases(dim);
    dimBits_.push_back(static_cast<int32_t>(dimBases.size()));
    bases.push_back({dim, std::move(dimBases)});
  }
  LinearLayout ordered(std::move(bases), layout.getOutDims(), /*requireSurjective=*/false);
  shape_ = ordered.getOutDimSizes();
  elementOf_ = ordered.evaluateAllFlat();
}

size_t HardwareIndexing::index(const std::vector<int32_t> &values) const {
  size_t result = 0;
  int shift = 0;
  for (size_t i = 0; i < dimBits_.size(); ++i) {
    result |= static_cast<size_t>(values[i] & ((1 << dimBits_[i]) - 1)) << shift;
    shift += dimBits_[i];
  }
  return result;
}

int64_t HardwareIndexing::tensorSize() const {
  int64_t size = 1;
  for (int32_t dim : shape_)
    size *= dim;
  return size;
}

std::vector<int32_t> HardwareIndexing::coordinatesOf(int32_t element) const {
  std::vector<int32_t> coords(shape_.size());
  for (size_t i = shape_.size(); i-- > 0;) {
    coords[i] = element % shape_[i];
    element /= shape_[i];
  }
  return coords;
}

int numCharacterPadding(int64_t value, int64_t max) {
  return static_cast<int>(std::to_string(max).size()) -
         static_cast<int>(std::to_string(value).size());
}

std::string paddedNumber(int64_t value, int64_t max) {
  int padding = numCharacterPadding(value, max);
  return std::string(padding > 0 ? padding : 0, ' ') + std::to_string(value);
}

} // namespace trex::layoutviz
