// SliceLayout: the #ttg.slice family -- a parent layout with one tensor dim removed.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace trex::layoutviz {

struct Layout;

// The layout of a reduction result along `dim` of a tensor in `parent`: the threads that held
// the reduced row now all hold the one result element (they become copies).
struct SliceLayout {
  unsigned dim = 0;
  std::shared_ptr<const Layout> parent;
};

LinearLayout toLinearLayout(const SliceLayout &layout, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
