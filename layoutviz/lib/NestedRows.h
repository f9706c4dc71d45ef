// NestedRows: prints per-element cells as bracketed rows, the tensor-view format of triton-tensor-layout (library-private).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

// Cells are in row-major order.  A "[" opens every dim whose index wraps to 0 at a cell, a
// "]" closes every dim that wraps after it; rows end with a newline, cells within a row are
// joined by `separator`.  A new line is indented by one space per dim not opened on it.
std::string formatNestedRows(const std::vector<std::string> &cells,
                             const std::vector<int32_t> &shape, const std::string &separator);

} // namespace trex::layoutviz
