// MfmaPlan: which registers of a tt.dot's operands and accumulator feed each AMD matrix-core
// instruction (v_mfma_*), worked out on the host from the three linear layouts.
//
// A CDNA MFMA multiplies, per 64-lane wavefront, an S x Kf tile of its first source (src0)
// by a Kf x S tile of its second (src1) into an S x S accumulator, S = 32 or 16 (the
// instrShape's M = N). Each lane supplies `kBase` consecutive K elements of each source (4
// f16/bf16 in 64 bits, 1 f32, 2 xf32, 8 i8), so Kf = kBase * 64 / S. With g = lane / S
// (the lane group), AMD's CDNA3 ISA fixes, for lane l, element e and accumulator value v:
//   src0:  row l % S,                                column kBase * g + e
//   src1:  row kBase * g + e,                        column l % S
//   D/C:   row (v % 4) + 4 * g + (4 * 64 / S) * (v / 4),   column l % S
// (S = 32: 16 values, rows 8 * (v / 4) + 4 * g + v % 4; S = 16: 4 values, rows 4 * g + v).
//
// #ttg.amd_mfma's isTransposed computes D^T = B^T * A^T: the tt.dot's B goes to src0 and A to
// src1, so a lane holds 4 consecutive columns (N) of a row instead of 4 rows of a column. The
// operands' fragments are the same either way (A: M along l % S; B: N along l % S; K along
// the lane group and the elements); only the accumulator's rows and columns swap.
//
// A #ttg.dot_op layout of a #ttg.amd_mfma parent gives each lane exactly those elements, but
// the register holding each one is read off the layouts rather than assumed: in lane 0 of
// warp 0, for every S x S accumulator tile and every K step, the plan looks up the registers
// at the fragment's coordinates. That the lane and warp parts of the layouts move those
// coordinates the way the hardware moves the fragments is checked, so the lookup holds in
// every lane of every warp.
//
// Along K, a layout may hold more than one instruction's elements per lane (kWidth =
// kPack * kBase): lane group g then starts at K = kWidth * g, not kBase * g. The sum over K
// is the same under any permutation of K applied to A and B alike, so each step reads the K
// positions the layouts place where the hardware expects its fragment (`stepK`): the first
// log2(kBase) K bits of A's registers are the elements of one instruction, the lane bits are
// the layouts' own, and the remaining register K bits number the steps.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_MFMAPLAN_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_MFMAPLAN_H

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex {

// One K step of an accumulator tile: the registers of the tt.dot's A and B that form the
// calling lane's kBase fragment elements, element 0 first (the instruction's src0 is `b`
// when the plan is transposed, else `a`).
struct MfmaStep {
  std::vector<int32_t> a;
  std::vector<int32_t> b;
};

// An S x S accumulator tile: the result registers of its S*S/64 values in the hardware's
// value order (also the registers of the initial accumulator), then one instruction per K
// step.
struct MfmaTile {
  std::vector<int32_t> accumulator;
  std::vector<MfmaStep> steps;
};

struct MfmaPlan {
  int32_t nonKDim = 32;
  int32_t kBase = 4;
  bool transposed = false;
  int32_t valuesPerLane = 16;
  std::vector<MfmaTile> tiles;
  // Result register r holds the value of result register canonical[r] (itself unless the
  // layout repeats an element in several registers).
  std::vector<int32_t> canonical;
  // stepK[s][f]: the K coordinate of the tt.dot that fragment K position f (= kBase * g + e)
  // of step s reads; the steps together read every K once.
  std::vector<std::vector<int32_t>> stepK;
};

// The plan for D = A * B + C with A in `a` (dims [..., M, K]), B in `b` ([..., K, N]) and
// C, D in `c` ([..., M, N]) on S x S instructions (`nonKDim`, 16 or 32) taking `kBase`
// elements per lane and operand, transposed as #ttg.amd_mfma's isTransposed. Empty, with
// `why` set, when the layouts do not give every lane its fragments (not a dot_op/amd_mfma
// family of this instruction, several CTAs, or a tile smaller than one instruction).
std::optional<MfmaPlan> planMfma(const layoutviz::LinearLayout &a, const layoutviz::LinearLayout &b,
                                 const layoutviz::LinearLayout &c, int32_t nonKDim, int32_t kBase,
                                 bool transposed, std::string &why);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_MFMAPLAN_H
