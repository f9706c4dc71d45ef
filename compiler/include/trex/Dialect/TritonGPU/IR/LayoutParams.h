// Value types stored inside ttg layout attributes: the CTA arrangement of a
// cluster (CGA layout) and the named bases of linear layouts.
#ifndef TREX_DIALECT_TRITONGPU_IR_LAYOUTPARAMS_H
#define TREX_DIALECT_TRITONGPU_IR_LAYOUTPARAMS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trex::ttg {

// One basis vector: a tensor coordinate with one entry per dimension.
using Basis = std::vector<int32_t>;
using BasisList = std::vector<Basis>;

// How the CTAs of a cluster split a tensor: bit i of the CTA index moves the
// tensor coordinate by blockBases[i] (all zero = the CTAs share that part).
// No bases means one CTA per cluster, Triton's default.
struct CGALayout {
  unsigned rank = 0;
  BasisList blockBases;

  static CGALayout oneCTA(unsigned rank) { return CGALayout{rank, {}}; }
  // The legacy spelling: CTAsPerCGA / CTASplitNum / CTAOrder.
  static CGALayout fromSplitParams(llvm::ArrayRef<unsigned> ctasPerCGA,
                                   llvm::ArrayRef<unsigned> ctaSplitNum,
                                   llvm::ArrayRef<unsigned> ctaOrder);

  unsigned numCTAs() const { return 1u << blockBases.size(); }
  bool isOneCTA() const { return blockBases.empty(); }
  // The same arrangement with tensor dimension `dim` removed (for slices).
  CGALayout withoutDim(unsigned dim) const;
  // The same arrangement with dimension `dim` no longer split (for dot operands).
  CGALayout withDimUnsplit(unsigned dim) const;

  bool operator==(const CGALayout &other) const {
    return rank == other.rank && blockBases == other.blockBases;
  }
};

llvm::hash_code hash_value(const CGALayout &layout);

// The bases of a linear layout per named input dimension, in order
// (register, lane, warp, block for distributed layouts; offset, block for
// shared ones). Every basis has `rank` entries.
struct LinearBases {
  unsigned rank = 0;
  std::vector<std::pair<std::string, BasisList>> dims;

  // The bases of `name`, or an empty list if the dimension is absent.
  const BasisList &get(llvm::StringRef name) const;
  size_t numBases(llvm::StringRef name) const { return get(name).size(); }

  bool operator==(const LinearBases &other) const {
    return rank == other.rank && dims == other.dims;
  }
};

llvm::hash_code hash_value(const LinearBases &bases);

// Sizes of the output dimensions a surjective layout with these bases covers:
// per dimension, the smallest power of two above every coordinate reached.
std::vector<int64_t> coveredShape(const LinearBases &bases);
// Rank over GF(2) of the given bases, each flattened to the bits of `shape`.
unsigned rankOverGF2(const BasisList &bases, llvm::ArrayRef<int64_t> shape);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_IR_LAYOUTPARAMS_H
