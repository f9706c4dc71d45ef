// RegisterCoordinates: what the registers of one thread hold, read off a linear layout; the
// shared vocabulary of the tensor-core plans (MmaV2Plan, WarpGroupMmaPlan, MfmaPlan).
//
// A plan looks at lane 0 of warp 0: the register bases give every register's coordinates
// there, and after checking that the lane and warp bases move coordinates the way the
// instruction's fragment does, what holds in that thread holds in all.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_REGISTERCOORDINATES_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_REGISTERCOORDINATES_H

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <map>
#include <vector>

namespace trex {

using Coordinates = std::vector<int32_t>;
using LayoutBases = std::vector<layoutviz::LinearLayout::Basis>;

// The bases of `inDim`, none where the layout lacks it.
LayoutBases basesOf(const layoutviz::LinearLayout &layout, const char *inDim);
bool isZero(const Coordinates &coordinates);
// The coordinates each register of a layout holds in lane 0 of warp 0.
std::vector<Coordinates> registerCoordinates(const layoutviz::LinearLayout &layout);
// The first register holding each coordinate.
std::map<Coordinates, int32_t> indexRegisters(const std::vector<Coordinates> &coordinates);
// Whether the warp bases of a dot operand are the result's with the dim the operand lacks (N
// for A, M for B) zeroed: the operand is broadcast over the warps that split the other
// operand's dim and holds nothing of K that another warp does not.
bool warpsAgree(const LayoutBases &result, const LayoutBases &operand, size_t droppedDim);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_REGISTERCOORDINATES_H
