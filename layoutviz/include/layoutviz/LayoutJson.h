// LayoutJson: a machine-readable description of a layout -- its bases and who holds every element.
#pragma once

#include "layoutviz/Layout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

// {
//   "kind": "distributed" | "shared",
//   "shape": [16, 32],
//   "inDims": [{"name": "register", "size": 4}, ...],
//   "outDims": [{"name": "dim0", "size": 16}, ...],
//   "bases": {"register": [[0, 1], [0, 2]], ...},
//   "ownerFields": ["register", "lane", "warp", "block"],     (or ["offset", "block"])
//   "elements": [{"coords": [0, 0], "owners": [[0, 0, 0, 0], [0, 16, 0, 0]]}, ...]
// }
// Elements are listed row-major; owners are hardware indices in ownerFields order, ascending.
std::string renderLayoutJson(const LinearLayout &layout, bool sharedMemory);

// As above, plus "family" and "attribute" (the #ttg text of the descriptor).
std::string renderLayoutJson(const Layout &layout, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
