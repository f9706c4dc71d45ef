// SharedOffsetGrid: where a shared layout stores each tensor element, and its swizzle phase.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// The tensor of a shared layout (in-dims offset[, block]) as the tensor views draw it: every
// element in row-major order with the offset of block 0 that stores it.
//
// The swizzle phase of an element is the XOR between its offset and the offset it would have
// unswizzled, i.e. row-major in the order the layout's offset bases first walk the dims.  An
// unswizzled row has phase 0; a #ttg.swizzled_shared row r has phase
// vec * ((r / perPhase) % maxPhase) in its columns' groups, so rows that share a phase are
// stored alike and rows of different phases land in different banks.
struct SharedOffsetGrid {
  std::vector<int32_t> shape;
  // Per element: the smallest offset storing it, -1 when no offset of block 0 does.
  std::vector<int64_t> offset;
  // Per element: its swizzle phase (0 where `offset` is -1).
  std::vector<int64_t> swizzlePhase;

  int64_t columns() const { return shape.empty() ? 1 : shape.back(); }
  int64_t rows() const;
  // The element index of grid cell (row, column): leading dims stacked as rows.
  int64_t elementAt(int64_t row, int64_t column) const { return row * columns() + column; }
};

// Throws LayoutError when `layout` has no offset in-dim.
SharedOffsetGrid sharedOffsetGrid(const LinearLayout &layout);

} // namespace trex::layoutviz
