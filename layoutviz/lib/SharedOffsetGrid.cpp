// SharedOffsetGrid: one walk over the offsets of block 0, then each element's unswizzled offset.
#include "layoutviz/SharedOffsetGrid.h"

#include "HardwareIndexing.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

int64_t SharedOffsetGrid::rows() const {
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i)
    rows *= shape[i];
  return rows;
}

SharedOffsetGrid sharedOffsetGrid(const LinearLayout &layout) {
  if (!layout.hasInDim(kOffset))
    throw LayoutError("a shared-memory offset grid needs a layout with an 'offset' in-dim");
  HardwareIndexing shared(layout, {kOffset, kBlock});
  SharedOffsetGrid grid;
  grid.shape = shared.tensorShape();
  const size_t elements = static_cast<size_t>(shared.tensorSize());
  grid.offset.assign(elements, -1);
  grid.swizzlePhase.assign(elements, 0);
  // Walking downwards leaves the smallest offset of every element.
  for (int32_t offset = shared.dimSize(0); offset-- > 0;)
    grid.offset[shared.elementAt(shared.index({offset, 0}))] = offset;

  std::vector<unsigned> defaultOrder(grid.shape.size());
  for (size_t i = 0; i < grid.shape.size(); ++i)
    defaultOrder[i] = static_cast<unsigned>(grid.shape.size() - 1 - i);
  std::vector<unsigned> memoryOrder = orderPerDim(layout, kOffset, defaultOrder);
  for (size_t element = 0; element < elements; ++element) {
    if (grid.offset[element] < 0)
      continue;
    std::vector<int32_t> coords = shared.coordinatesOf(static_cast<int32_t>(element));
    int64_t natural = 0, stride = 1;
    for (unsigned dim : memoryOrder) {
      natural += coords[dim] * stride;
      stride *= grid.shape[dim];
    }
    grid.swizzlePhase[element] = grid.offset[element] ^ natural;
  }
  return grid;
}

} // namespace trex::layoutviz
