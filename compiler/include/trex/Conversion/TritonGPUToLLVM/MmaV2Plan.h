// MmaV2Plan: which registers of a tt.dot's operands and accumulator feed each mma.sync, worked
// out on the host from the three linear layouts.
//
// mma.sync.aligned.m16n8k<K> multiplies, per warp, a 16 x K tile of A by a K x 8 tile of B
// into a 16 x 8 accumulator. Its operands are "fragments": each lane supplies 32-bit words,
// and the PTX ISA fixes which element of the tile each word (and each element packed in it)
// is. With groupID = lane / 4 and t = lane % 4, and p elements per word (2 for f16/bf16,
// 1 for tf32, 4 for int8, so K = 8p):
//   A word j, element e: row groupID + 8 * (j & 1),  column t*p + e + 4p * (j >> 1)
//   B word j, element e: row t*p + e + 4p * j,       column groupID
//   C value s:           row groupID + 8 * (s >> 1), column 2t + (s & 1)
// A #ttg.dot_op layout of a #ttg.nvidia_mma v2 parent gives each thread exactly the elements
// its fragments need, but the register that holds each one is read off the layouts rather
// than assumed: in lane 0 of warp 0, for every 16 x 8 accumulator tile and every K step,
// the plan looks up the registers at the fragment's coordinates. That the lane and warp
// parts of the layouts move those coordinates the way the hardware moves the fragment
// (lanes as above; warps alike in A, B and C) is checked, so the lookup holds in every thread.
//
// Along K, a layout may spread the elements of a step over the lanes in another order than
// the hardware's (kWidth above 32 bits / element width, as for operands upcast from 8 bits):
// the sum over K is the same under any permutation of K applied to both A and B, so the plan
// maps the fragment's K positions to the layout's (`kPermutation`) and checks that A and B
// place K alike. Those positions need not fill one step's span of K: where a thread holds
// more consecutive K than a step takes (kWidth 8 for 16-bit operands unpacked from e2m1), the
// steps interleave, each taking the K values of its own setting of the remaining K bits.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_MMAV2PLAN_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_MMAV2PLAN_H

#include "layoutviz/LinearLayout.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex {

// One K step of an accumulator tile: the operand registers of each fragment word, word
// after word, the element in the low bits first (a: 4 words, b: 2 words, p registers each).
struct MmaV2Step {
  std::vector<int32_t> a;
  std::vector<int32_t> b;
};

// A 16 x 8 accumulator tile: the result registers of its four values (also the registers of
// the initial accumulator), then one mma.sync per K step in increasing K.
struct MmaV2Tile {
  std::array<int32_t, 4> accumulator{};
  std::vector<MmaV2Step> steps;
};

struct MmaV2Plan {
  int32_t elementsPerWord = 2;
  std::vector<MmaV2Tile> tiles;
  // Result register r holds the value of result register canonical[r] (itself unless the
  // layout repeats an element in several registers).
  std::vector<int32_t> canonical;
  // The K position within a step of the layouts for each fragment K position (8p entries).
  std::vector<int32_t> kPermutation;
};

// The plan for D = A * B + C with A in `a` (dims [..., M, K]), B in `b` ([..., K, N]) and C, D
// in `c` ([..., M, N]); `elementsPerWord` is p above. Empty, with `why` set, when the layouts
// do not give every thread its fragments (not a dot_op/nvidia_mma v2 family, several CTAs,
// or a tile smaller than one instruction).
std::optional<MmaV2Plan> planMmaV2(const layoutviz::LinearLayout &a,
                                   const layoutviz::LinearLayout &b,
                                   const layoutviz::LinearLayout &c, int32_t elementsPerWord,
                                   std::string &why);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_MMAV2PLAN_H
