// SwizzledTile: builds the XOR-swizzled offset -> element tile from a per-row column shift.
#include "SwizzledTile.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {

LinearLayout swizzledTile(const std::vector<unsigned> &order, const std::vector<int64_t> &sizes,
                          const std::function<int32_t(int32_t)> &rowShift) {
  auto names = standardOutDimNames(static_cast<int>(order.size()));
  unsigned colDim = order[0], rowDim = order[1];
  auto numCols = static_cast<int32_t>(sizes[colDim]);
  auto numRows = static_cast<int32_t>(sizes[rowDim]);
  std::vector<LinearLayout::Basis> bases;
  for (int32_t col = 1; col < numCols; col *= 2)
    bases.push_back({0, col});
  for (int32_t row = 1; row < numRows; row *= 2)
    bases.push_back({row, rowShift(row) % numCols});
  LinearLayout tile({{kOffset, bases}}, {names[rowDim], names[colDim]});
  for (size_t i = 2; i < order.size(); ++i)
    tile *= LinearLayout::identity1D(static_cast<int32_t>(sizes[order[i]]), kOffset,
                                     names[order[i]]);
  return tile;
}

void checkSwizzleParameters(unsigned vec, unsigned perPhase, unsigned maxPhase,
                            const std::vector<unsigned> &order, size_t rank,
                            const std::string &family) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    throw LayoutError(family + ": vec, perPhase and maxPhase must be at least 1");
  if (order.size() != rank)
    throw LayoutError(family + ": order has rank " + std::to_string(order.size()) +
                      " but the tensor has rank " + std::to_string(rank));
  std::vector<bool> seen(rank, false);
  for (unsigned dim : order) {
    if (dim >= rank || seen[dim])
      throw LayoutError(family + ": order must be a permutation of 0.." +
                        std::to_string(rank - 1));
    seen[dim] = true;
  }
}

} // namespace trex::layoutviz
