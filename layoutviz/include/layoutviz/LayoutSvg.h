// LayoutSvg: pictures of layouts as standalone SVG documents.
#pragma once

#include "layoutviz/Layout.h"
#include "layoutviz/LayoutText.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

// The tensor as a grid (leading dims stacked as rows, the last dim as columns).  Each cell is
// filled with its owning warp's colour and labelled "T<thread>:<register>" of its first owner,
// with "+n" when n more threads hold copies.
std::string renderDistributedTensorSvg(const LinearLayout &layout);

// The tensor as a grid of the shared-memory offsets its elements are stored at.  Cells are
// coloured by swizzle phase: the XOR between the offset and the offset the element would have
// without swizzling (same dim order), so unswizzled rows share one colour.
std::string renderSharedOffsetSvg(const LinearLayout &layout);

// One table per warp (and block): a row per register, a column per lane, each cell naming the
// element that lane holds in that register.
std::string renderHardwareSvg(const LinearLayout &layout);

// The picture for a descriptor: tensor view -> ownership grid (distributed) or offset grid
// (shared); hardware view -> per-warp tables (distributed) or the offset grid (shared).
std::string renderLayoutSvg(const Layout &layout, const std::vector<int64_t> &shape,
                            LayoutView view);

} // namespace trex::layoutviz
