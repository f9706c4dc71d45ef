// LinearLayout: a map from named hardware indices to named tensor indices that is linear over GF(2).
//
// ---------------------------------------------------------------------------------------------
// A short tutorial
// ---------------------------------------------------------------------------------------------
//
// Every GPU layout answers one question: "which tensor element does this piece of hardware
// hold?"  The hardware side is a tuple of small integers -- for a tensor living in registers it
// is (register, lane, warp, block); for a tensor living in shared memory it is (offset, block).
// The tensor side is a tuple of coordinates (dim0, dim1, ...).
//
// Triton noticed that for every layout it uses, that question has an answer of a very special
// shape: write each hardware index in binary, and every bit that is set contributes a fixed
// tensor coordinate; contributions are combined with XOR.  Such a map is *linear over GF(2)*,
// the field with two elements where addition is XOR.  So a layout is fully described by one
// tensor coordinate per input bit.  Those coordinates are the layout's *bases*.
//
// Example 1 -- sixteen floats, four lanes, four registers each, lane-major:
//
//     register: [[1], [2]]          register bit 0 moves 1 element, bit 1 moves 2
//     lane:     [[4], [8]]          lane bit 0 moves 4 elements, bit 1 moves 8
//     out dims: dim0 (size 16)
//
//   Lane 3 (binary 11), register 2 (binary 10) holds element 8 ^ 4 ^ 2 = 14.
//   Reading every (lane, register) pair gives the familiar picture
//
//     lane 0: 0 1 2 3    lane 1: 4 5 6 7    lane 2: 8 9 10 11    lane 3: 12 13 14 15
//
// Example 2 -- broadcasting.  Make lane bit 1 contribute nothing:
//
//     register: [[1], [2]]   lane: [[4], [0]]   out dims: dim0 (size 8)
//
//   Now lanes 0 and 2 hold the same four elements; so do lanes 1 and 3.  A zero basis is how a
//   linear layout says "these hardware indices are copies of each other".  The input bits whose
//   flips never change the output are the layout's *free variables*
//   (`getFreeVariableMasks()` returns lane -> 0b10 here).
//
// Example 3 -- swizzling.  XOR is what makes bank-conflict-free shared-memory layouts linear.
// A 4x4 tile stored row-major, where row r is rotated by XOR-ing its column with r:
//
//     offset: [[0, 1], [0, 2], [1, 1], [2, 2]]     out dims: dim0 (size 4), dim1 (size 4)
//
//   Offset 5 = binary 0101 = bits 0 and 2 -> (0, 1) ^ (1, 1) = (1, 0).  Offsets 4..7 (the
//   second row of shared memory) hold elements (1, 1), (1, 0), (1, 3), (1, 2): row 1 has its
//   columns XOR-ed with 1, row 2 with 2, row 3 with 3.
//
// Two-dimensional outputs are XOR-ed component-wise.  Out-dim sizes are powers of two, and a
// basis may not exceed them.
//
// Operations, all on the bases:
//
//  * apply(ins)      evaluates the map (XOR of the bases of every set input bit).
//  * A * B           the product: A's in-dims and out-dims come first ("more minor"); B's
//                    bases are appended after A's in the same in-dim, and are shifted left by
//                    A's size in every out-dim that A also has.  identity1D(4, "lane", "dim0") *
//                    identity1D(2, "lane", "dim0") is identity1D(8, "lane", "dim0").
//  * A.compose(B)    the function B(A(x)); A's out-dims are B's in-dims.
//  * A.invertAndCompose(B)
//                    for two layouts onto the same tensor, the map from A's inputs to the B
//                    inputs that hold the same element (B^-1 o A).  When B broadcasts, the
//                    solution with the fewest set bits is chosen.  This is what a layout
//                    conversion or a shared-memory store needs.
//  * invert()        for a bijective layout, the map from tensor coordinates back to hardware.
//  * reshapeIns/Outs regroup the bits of the inputs/outputs into differently sized dims
//                    (bit order is preserved: first dim = least significant bits).
//  * transposeIns/Outs only reorder the dims.
//
// Names of dims are plain strings; every input dim has size 2^(number of its bases).
// ---------------------------------------------------------------------------------------------
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace trex::layoutviz {

class LinearLayout {
public:
  // One tensor coordinate per out-dim, in out-dim order.
  using Basis = std::vector<int32_t>;
  // The bases of one in-dim: element i is the image of input value 2^i.
  using InDimBases = std::pair<std::string, std::vector<Basis>>;
  // In-dims in order; the first is the most minor.
  using BasesList = std::vector<InDimBases>;
  using DimSize = std::pair<std::string, int32_t>;
  using DimSizes = std::vector<DimSize>;
  // A named value per dimension, e.g. {{"register", 3}, {"lane", 17}}.
  using Coordinates = std::vector<std::pair<std::string, int32_t>>;

  // The empty layout: no in-dims, no out-dims.
  LinearLayout() = default;
  // Out-dim sizes are the smallest powers of two that contain every basis; the result must be
  // surjective (every output reachable).  Throws LayoutError otherwise.
  LinearLayout(BasesList bases, const std::vector<std::string> &outDimNames);
  // Explicit out-dim sizes.  Throws LayoutError if a basis does not fit, or if
  // `requireSurjective` and some output is unreachable.
  LinearLayout(BasesList bases, DimSizes outDims, bool requireSurjective);

  static LinearLayout empty() { return LinearLayout(); }
  // in -> out, value i -> i.  A size of 0 gives the empty layout (Triton relies on this when a
  // repeat count rounds down to zero).
  static LinearLayout identity1D(int32_t size, const std::string &inDim,
                                 const std::string &outDim);
  // Every input maps to 0: `size` copies of one element.
  static LinearLayout zeros1D(int32_t size, const std::string &inDim,
                              const std::string &outDim, int32_t outDimSize = 1);
  // in -> out, value i -> i * stride.
  static LinearLayout strided1D(int32_t size, int32_t stride, const std::string &inDim,
                                const std::string &outDim);

  const BasesList &getBases() const { return bases_; }
  const DimSizes &getOutDims() const { return outDims_; }
  std::vector<std::string> getInDimNames() const;
  std::vector<std::string> getOutDimNames() const;
  std::vector<int32_t> getOutDimSizes() const;
  bool hasInDim(const std::string &inDim) const;
  bool hasOutDim(const std::string &outDim) const;
  int getNumInDims() const { return static_cast<int>(bases_.size()); }
  int getNumOutDims() const { return static_cast<int>(outDims_.size()); }
  int getOutDimIndex(const std::string &outDim) const;

  int32_t getInDimSizeLog2(const std::string &inDim) const;
  int32_t getInDimSize(const std::string &inDim) const { return 1 << getInDimSizeLog2(inDim); }
  int32_t getOutDimSizeLog2(const std::string &outDim) const;
  int32_t getOutDimSize(const std::string &outDim) const;
  int32_t getTotalInDimSizeLog2() const;
  int32_t getTotalInDimSize() const { return 1 << getTotalInDimSizeLog2(); }
  int32_t getTotalOutDimSizeLog2() const;
  int32_t getTotalOutDimSize() const { return 1 << getTotalOutDimSizeLog2(); }

  const std::vector<Basis> &getInDimBases(const std::string &inDim) const;
  int32_t getBasis(const std::string &inDim, int basisIndex, const std::string &outDim) const;

  // Every output is reached by some input.
  bool isSurjective() const { return surjective_; }
  // No two inputs reach the same output (no free variables).
  bool isInjective() const;
  // Surjective and as many inputs as outputs.
  bool isInvertible() const;

  // Evaluates the layout.  `ins` must name every in-dim exactly once (in any order); the result
  // lists the out-dims in order.
  Coordinates apply(const Coordinates &ins) const;
  // Evaluates the layout on every input at once.  Input index: the in-dims' bits concatenated,
  // first in-dim in the lowest bits.  Output value: the out-dims' bits concatenated row-major,
  // i.e. the *last* out-dim in the lowest bits (the linear index of a row-major tensor).
  std::vector<int32_t> evaluateAllFlat() const;

  LinearLayout compose(const LinearLayout &outer) const;
  LinearLayout invertAndCompose(const LinearLayout &outer) const;
  LinearLayout invert() const;
  LinearLayout pseudoinvert() const;

  LinearLayout transposeIns(const std::vector<std::string> &newInDims) const;
  LinearLayout transposeOuts(const std::vector<std::string> &newOutDims) const;
  LinearLayout reshapeIns(const DimSizes &newInDims) const;
  LinearLayout reshapeOuts(const DimSizes &newOutDims) const;
  // Merges all in-dims (out-dims) into the first one, keeping its name.
  LinearLayout flattenIns() const;
  LinearLayout flattenOuts() const;

  // Keeps only the given in-dims and out-dims (out-dim sizes are kept).
  LinearLayout sublayout(const std::vector<std::string> &inDims,
                         const std::vector<std::string> &outDims) const;
  bool sublayoutIsZero(const std::vector<std::string> &inDims,
                       const std::vector<std::string> &outDims) const;
  LinearLayout removeZeroBasesAlongDim(const std::string &inDim) const;

  // For each in-dim, a bit mask of the input bits that are free variables: flipping them (on
  // top of some choice of the other bits) never changes the output.  Bits belonging to zero
  // bases and to bases that repeat earlier ones are free.
  std::vector<std::pair<std::string, int32_t>> getFreeVariableMasks() const;
  int32_t getFreeVariableMask(const std::string &inDim) const;

  // Multi-line description in the format of Triton's LinearLayout::toString.
  std::string toString() const;

  friend bool operator==(const LinearLayout &lhs, const LinearLayout &rhs);
  friend bool operator!=(const LinearLayout &lhs, const LinearLayout &rhs) {
    return !(lhs == rhs);
  }
  friend LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer);
  LinearLayout &operator*=(const LinearLayout &outer) {
    *this = *this * outer;
    return *this;
  }

private:
  void checkInvariants(bool requireSurjective);
  int inDimIndex(const std::string &inDim) const;

  BasesList bases_;
  DimSizes outDims_;
  bool surjective_ = true;
};

// Writes toString(); lets test frameworks and logs show a layout.
std::ostream &operator<<(std::ostream &out, const LinearLayout &layout);

} // namespace trex::layoutviz
