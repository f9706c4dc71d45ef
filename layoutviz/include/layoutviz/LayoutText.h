// LayoutText: the text views printed by triton-tensor-layout, reproduced byte for byte.
#pragma once

#include "layoutviz/Layout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

enum class LayoutView {
  // For every tensor element, who holds it: "T<thread>:<register>" cells (distributed) or the
  // element stored at each offset (shared), as nested bracketed rows.
  Tensor,
  // For every piece of hardware, which element it holds: per warp, one line per register
  // listing each lane's element (distributed), or "Offset: i -> (r,c)" lines per block (shared).
  // This is triton-tensor-layout's -use-hw-view.
  Hardware,
};

// Views of a register layout with in-dims register, lane, warp, block (missing ones count as
// size 1) onto dim0..dimN.
std::string renderDistributedLayoutText(const LinearLayout &layout, LayoutView view);

// Views of a shared-memory layout with in-dims offset, block onto dim0..dimN.
std::string renderSharedLayoutText(const LinearLayout &layout, LayoutView view);

// Converts `layout` for `shape` and renders it with the renderer for its kind.
std::string renderLayoutText(const Layout &layout, const std::vector<int64_t> &shape,
                             LayoutView view);

} // namespace trex::layoutviz
