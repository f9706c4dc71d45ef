// LinearBases: the bases of a #ttg.linear or #ttg.shared_linear layout as the playground edits
// them (add or remove a basis, change a coordinate), and why a set of bases is no layout.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trex::playground {

using BasisList = std::vector<std::vector<int32_t>>;

// One list of bases per hardware in-dim, in Triton's order (register, lane, warp, block for
// #ttg.linear; offset, block for #ttg.shared_linear).  Basis i of an in-dim is the tensor
// element that index 2^i of it holds: one coordinate per tensor dim, `rank` of them.
struct LinearBases {
  std::vector<std::pair<std::string, BasisList>> dims;
  unsigned rank = 2;

  BasisList &basesOf(const std::string &dim);
  const BasisList &basesOf(const std::string &dim) const;
};

LinearBases defaultDistributedBases();
// A swizzled 8x8 tile: offsets 1, 2, 4 walk a row, 8 moves a row down and XORs column 4.
LinearBases defaultSharedBases();

// Appends a basis to in-dim `dim` (an index into `dims`): the next power of two along the last
// tensor dim that no basis reaches yet, so the new basis extends the tensor.
void addBasis(LinearBases &bases, size_t dim);
void removeBasis(LinearBases &bases, size_t dim, size_t index);
// Changes the rank keeping the minor (last) coordinates of every basis.
void setBasesRank(LinearBases &bases, unsigned rank);

// The tensor the bases span: per dim, the smallest power of two above every coordinate.
std::vector<int64_t> coveredShape(const LinearBases &bases);

// Why the bases are not a valid layout (the rules the compiler's verifier applies), or "":
// every basis has `rank` non-negative coordinates; a distributed basis moves along one dim
// only; the bases reach every element of the tensor they span; a shared layout stores every
// element once (its non-zero bases are linearly independent).
std::string linearBasesProblem(const LinearBases &bases, bool isShared);

// The layout (in-dims as `dims`, out-dims dim0..).  Throws LayoutError with
// linearBasesProblem's message.
layoutviz::LinearLayout linearLayoutOf(const LinearBases &bases, bool isShared);
// The bases of a layout whose in-dims are `dimNames` (missing ones get no bases).
LinearBases linearBasesOf(const layoutviz::LinearLayout &layout, const std::vector<std::string> &dimNames);

// Parses "[[0, 1], [2, 0]]" (also "[]") into bases.  Throws LayoutError naming `what`.
BasisList parseBasesText(const std::string &text, const std::string &what);
std::string formatBasesText(const BasisList &bases);

} // namespace trex::playground
