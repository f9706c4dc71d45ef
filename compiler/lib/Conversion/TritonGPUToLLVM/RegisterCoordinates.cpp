// RegisterCoordinates: a thread's registers and their coordinates, from a linear layout.
#include "trex/Conversion/TritonGPUToLLVM/RegisterCoordinates.h"

namespace trex {

LayoutBases basesOf(const layoutviz::LinearLayout &layout, const char *inDim) {
  return layout.hasInDim(inDim) ? layout.getInDimBases(inDim) : LayoutBases{};
}

bool isZero(const Coordinates &coordinates) {
  for (int32_t value : coordinates)
    if (value != 0)
      return false;
  return true;
}

std::vector<Coordinates> registerCoordinates(const layoutviz::LinearLayout &layout) {
  size_t rank = static_cast<size_t>(layout.getNumOutDims());
  LayoutBases bases = basesOf(layout, "register");
  std::vector<Coordinates> result;
  for (int64_t reg = 0; reg < (int64_t(1) << bases.size()); ++reg) {
    Coordinates coordinates(rank, 0);
    for (size_t bit = 0; bit < bases.size(); ++bit)
      if (reg >> bit & 1)
        for (size_t dim = 0; dim < rank; ++dim)
          coordinates[dim] ^= bases[bit][dim];
    result.push_back(coordinates);
  }
  return result;
}

std::map<Coordinates, int32_t> indexRegisters(const std::vector<Coordinates> &coordinates) {
  std::map<Coordinates, int32_t> index;
  for (size_t reg = 0; reg < coordinates.size(); ++reg)
    index.emplace(coordinates[reg], static_cast<int32_t>(reg));
  return index;
}

bool warpsAgree(const LayoutBases &result, const LayoutBases &operand, size_t droppedDim) {
  if (result.size() != operand.size())
    return false;
  for (size_t bit = 0; bit < result.size(); ++bit) {
    Coordinates expected = result[bit];
    expected[droppedDim] = 0;
    if (operand[bit] != expected)
      return false;
  }
  return true;
}

} // namespace trex
