// LayoutShaping: fitting layouts to tensor shapes in the standard out-dims dim0, dim1, ...
//
// A layout family describes one tile; a tensor may be larger (the tile repeats, so each thread
// holds more registers) or smaller (the tile is cut down, so several threads hold copies).
// These helpers do that fitting exactly as Triton 3.6 does, plus the dimension bookkeeping the
// family conversions share.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

// Hardware dimension names used by every distributed layout, in Triton's order.
inline const std::string kRegister = "register";
inline const std::string kLane = "lane";
inline const std::string kWarp = "warp";
inline const std::string kBlock = "block";
// Hardware dimension of shared-memory layouts (element offset within one CTA's buffer).
inline const std::string kOffset = "offset";

// {"dim0", ..., "dim<rank-1>"}.
std::vector<std::string> standardOutDimNames(int rank);

// A 1-D input spread over the standard dims as an N-D identity: the most minor dim is
// order[0].  identityStandardND("lane", {4, 8}, {1, 0}) puts lanes 0..7 along dim1 and then
// 4 rows along dim0.
LinearLayout identityStandardND(const std::string &inDim, const std::vector<unsigned> &shape,
                                const std::vector<unsigned> &order);

// Grows each out-dim to at least shape[dim] by adding bases to the layout's *first* in-dim
// (register or offset): the tile repeats.  Out-dims are visited in the layout's out-dim order,
// which decides which dim's repetitions get the lower register numbers.
LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const LinearLayout::DimSizes &shape);

// Shrinks each out-dim to at most shape[dim]: every basis coordinate that falls outside the
// shape becomes 0 (the hardware indices it distinguished become copies).  With
// `broadcastRegisters` false, register bases that became all-zero are dropped instead, so no
// register holds a duplicate.
LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const LinearLayout::DimSizes &shape,
                                       bool broadcastRegisters = true);

// Drops out-dim `dim` of a layout onto dim0..dimN and renames the rest dim0..dimN-1.
LinearLayout removeStandardDim(const LinearLayout &layout, int dim);

// Reinterprets a layout onto dim0..dimN as one onto `shape` (same element count), keeping the
// row-major linear index of every element.
LinearLayout reshapeToShape(const LinearLayout &layout, const std::vector<int64_t> &shape);

// Permutes the coordinates of every basis: new coordinate j is old coordinate order[j].  Out-dim
// names stay, sizes are recomputed.
LinearLayout permuteOutCoordinates(const LinearLayout &layout, const std::vector<int> &order);

// For an in-dim whose bases each move along at most one out-dim: how many distinct positions
// it reaches along each out-dim (zero bases are skipped when `skipBroadcast`, otherwise they
// count toward the dim of the previous non-zero basis).
std::vector<unsigned> basesPerDim(const LinearLayout &layout, const std::string &inDim,
                                  bool skipBroadcast = true);

// The out-dims in the order the in-dim's bases first move along them, completed with
// `defaultOrder` for dims it never moves along.
std::vector<unsigned> orderPerDim(const LinearLayout &layout, const std::string &inDim,
                                  const std::vector<unsigned> &defaultOrder);

// Pairs standard out-dim names with sizes: {{"dim0", shape[0]}, ...}.
LinearLayout::DimSizes standardDimSizes(const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
