// SwizzledTile: the XOR-swizzled shared-memory tile common to the swizzled and rotating families (library-private).
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace trex::layoutviz {

// offset -> tensor element for a tile whose two most minor dims (order[0] = columns,
// order[1] = rows) are swizzled: columns are plain offsets, and each power-of-two row moves
// down one row and across by `rowShift(row)` (modulo the row length).  The remaining dims are
// stacked on top in `order`.  `sizes` gives the tile's extent along every dim.
LinearLayout swizzledTile(const std::vector<unsigned> &order, const std::vector<int64_t> &sizes,
                          const std::function<int32_t(int32_t)> &rowShift);

// Checks the parameters every swizzled family shares; `family` names it in the error.
void checkSwizzleParameters(unsigned vec, unsigned perPhase, unsigned maxPhase,
                            const std::vector<unsigned> &order, size_t rank,
                            const std::string &family);

} // namespace trex::layoutviz
