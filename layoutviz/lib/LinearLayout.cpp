// LinearLayout: construction, evaluation and the GF(2) algebra (product, composition, inversion).
#include "layoutviz/LinearLayout.h"

#include "F2Matrix.h"
#include "layoutviz/LayoutError.h"

#include <algorithm>
#include <ostream>
#include <set>

namespace trex::layoutviz {
namespace {

bool isPowerOf2(int64_t value) { return value > 0 && (value & (value - 1)) == 0; }

int32_t log2Exact(int64_t value) {
  int32_t result = 0;
  while ((int64_t{1} << result) < value)
    ++result;
  return result;
}

// The smallest power of two strictly greater than `value`: the out-dim size needed to hold it.
// Sizes are int32_t powers of two, so a coordinate of 2^30 or more has none (doubling past 2^30
// overflowed, and the loop never ended).
int32_t sizeToHold(int32_t value) {
  if (value >= (int32_t{1} << 30))
    throw LayoutError("basis coordinate " + std::to_string(value) +
                      " is too large: an out-dim holds at most 2^30 coordinates");
  int32_t size = 1;
  while (size <= value)
    size *= 2;
  return size;
}

std::string joinNames(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i ? ", " : "") + names[i];
  return out;
}

void requireSameDimSet(const std::vector<std::string> &a, const std::vector<std::string> &b,
                       const char *what) {
  std::set<std::string> as(a.begin(), a.end()), bs(b.begin(), b.end());
  if (as != bs || as.size() != a.size())
    throw LayoutError(std::string(what) + ": dimensions must match ignoring order, got [" +
                      joinNames(a) + "] and [" + joinNames(b) + "]");
}

void requireSubset(const std::vector<std::string> &small, const std::vector<std::string> &big,
                   const char *what) {
  std::set<std::string> bs(big.begin(), big.end());
  for (const auto &name : small)
    if (!bs.count(name))
      throw LayoutError(std::string(what) + ": dimension '" + name + "' is not one of [" +
                        joinNames(big) + "]");
}

// The merged dim order of a product: every dim of both lists, each list's order kept, the
// first list winning ties (sup([a, b], [a, c]) = [a, b, c]).  When the two lists order their
// common dims differently the merge is not always detected as impossible; Triton relies on
// that leniency (e.g. an operand tile over [dim0, dim1] times warps over [dim1, dim0]), so it
// is kept: the walk below is Triton's.
std::vector<std::string> mergedDimOrder(const std::vector<std::string> &x,
                                        const std::vector<std::string> &y) {
  auto positionIn = [](const std::vector<std::string> &list, const std::string &name) {
    auto it = std::find(list.begin(), list.end(), name);
    return it == list.end() ? -1 : static_cast<int>(it - list.begin());
  };
  std::vector<std::string> result;
  auto added = [&](const std::string &name) {
    return std::find(result.begin(), result.end(), name) != result.end();
  };
  auto fail = [&]() {
    throw LayoutError("product: the dim orders [" + joinNames(x) + "] and [" + joinNames(y) +
                      "] cannot be merged");
  };
  const int unreachable = 1 << 30;
  size_t i = 0, j = 0;
  while (i < x.size() || j < y.size()) {
    while (i < x.size() && added(x[i]))
      ++i;
    while (j < y.size() && added(y[j]))
      ++j;
    if (i >= x.size() && j >= y.size())
      break;
    if (i < x.size() && j < y.size() && x[i] == y[j]) {
      if (positionIn(y, x[i]) < static_cast<int>(j))
        fail();
      result.push_back(x[i]);
      ++i, ++j;
      continue;
    }
    int candidateX = unreachable, candidateY = unreachable;
    if (i < x.size()) {
      int position = positionIn(y, x[i]);
      if (position >= static_cast<int>(j))
        candidateX = position;
    }
    if (j < y.size()) {
      int position = positionIn(x, y[j]);
      if (position >= static_cast<int>(i))
        candidateY = position;
    }
    if (i < x.size() && candidateX == unreachable) {
      result.push_back(x[i++]);
      continue;
    }
    if (j < y.size() && candidateY == unreachable) {
      result.push_back(y[j++]);
      continue;
    }
    if (candidateX <= candidateY) {
      if (positionIn(y, x[i]) < static_cast<int>(j))
        fail();
      result.push_back(x[i++]);
    } else {
      if (positionIn(x, y[j]) < static_cast<int>(i))
        fail();
      result.push_back(y[j++]);
    }
  }
  return result;
}

// Rows: out-dim bits (out-dims in order, low bit first).  Columns: in-dim bits likewise.
F2Matrix basesMatrix(const LinearLayout &layout, int extraColumns = 0) {
  F2Matrix matrix(layout.getTotalOutDimSizeLog2(),
                  layout.getTotalInDimSizeLog2() + extraColumns);
  int column = 0;
  for (const auto &[inDim, inDimBases] : layout.getBases()) {
    for (const auto &basis : inDimBases) {
      int row = 0;
      for (size_t o = 0; o < layout.getOutDims().size(); ++o) {
        int32_t bits = log2Exact(layout.getOutDims()[o].second);
        for (int j = 0; j < bits; ++j)
          matrix.set(row + j, column, (basis[o] >> j) & 1);
        row += bits;
      }
      ++column;
    }
  }
  return matrix;
}

int matrixRank(const LinearLayout &layout) {
  F2Matrix matrix = basesMatrix(layout);
  return static_cast<int>(matrix.reduceToRowEchelonForm().size());
}

// Solves A X = B for the X with the fewest set bits, where Im(B) must lie inside Im(A).  The
// result maps B's inputs to A's inputs.  Free columns of A get no contribution, which is what
// makes broadcast copies collapse onto the lowest-numbered copy.
LinearLayout leastSquaresSolution(const LinearLayout &a, const LinearLayout &b) {
  int numColsA = a.getTotalInDimSizeLog2();
  // The solution's bases are flat 32-bit indices into A's inputs.
  if (numColsA > 30)
    throw LayoutError("invertAndCompose: the layout has 2^" + std::to_string(numColsA) +
                      " inputs, too many to invert");
  int numColsB = b.getTotalInDimSizeLog2();
  F2Matrix combined(a.getTotalOutDimSizeLog2(), numColsA + numColsB);
  F2Matrix matA = basesMatrix(a), matB = basesMatrix(b);
  for (int r = 0; r < combined.numRows(); ++r) {
    for (int c = 0; c < numColsA; ++c)
      combined.set(r, c, matA.get(r, c));
    for (int c = 0; c < numColsB; ++c)
      combined.set(r, numColsA + c, matB.get(r, c));
  }
  std::vector<int> pivots = combined.reduceToRowEchelonForm();
  for (int pivot : pivots)
    if (pivot >= numColsA)
      throw LayoutError("invertAndCompose: the image of the first layout is not contained in "
                        "the image of the second");

  // Row of X for A-column `pivots[j]` is the B-part of reduced row j; other rows are zero.
  std::vector<int32_t> flatBases(numColsB, 0);
  for (size_t j = 0; j < pivots.size(); ++j)
    for (int c = 0; c < numColsB; ++c)
      if (combined.get(static_cast<int>(j), numColsA + c))
        flatBases[c] |= 1 << pivots[j];

  // Any names do for the flat intermediate; it is reshaped into the real dims below.
  std::string inDim1D = a.getInDimNames().front();
  std::string outDim1D = a.getNumOutDims() ? a.getOutDimNames().front() : inDim1D;
  std::vector<LinearLayout::Basis> bases;
  for (int32_t value : flatBases)
    bases.push_back({value});
  LinearLayout flat({{inDim1D, bases}}, {{outDim1D, a.getTotalInDimSize()}},
                    /*requireSurjective=*/false);

  LinearLayout::DimSizes inDims, outDims;
  for (const auto &name : b.getInDimNames())
    inDims.push_back({name, b.getInDimSize(name)});
  for (const auto &name : a.getInDimNames())
    outDims.push_back({name, a.getInDimSize(name)});
  return flat.reshapeIns(inDims).reshapeOuts(outDims);
}

} // namespace

LinearLayout::LinearLayout(BasesList bases, const std::vector<std::string> &outDimNames)
    : bases_(std::move(bases)) {
  for (const auto &name : outDimNames)
    outDims_.push_back({name, 1});
  for (const auto &[inDim, inDimBases] : bases_) {
    for (const auto &basis : inDimBases) {
      if (basis.size() != outDimNames.size())
        throw LayoutError("basis of in-dim '" + inDim + "' has " +
                          std::to_string(basis.size()) + " coordinates but the layout has " +
                          std::to_string(outDimNames.size()) + " out-dims");
      for (size_t i = 0; i < basis.size(); ++i)
        if (basis[i] >= 0)
          outDims_[i].second = std::max(outDims_[i].second, sizeToHold(basis[i]));
    }
  }
  checkInvariants(/*requireSurjective=*/true);
}

LinearLayout::LinearLayout(BasesList bases, DimSizes outDims, bool requireSurjective)
    : bases_(std::move(bases)), outDims_(std::move(outDims)) {
  checkInvariants(requireSurjective);
}

void LinearLayout::checkInvariants(bool requireSurjective) {
  std::set<std::string> seenIn, seenOut;
  for (const auto &[inDim, inDimBases] : bases_) {
    if (!seenIn.insert(inDim).second)
      throw LayoutError("in-dim '" + inDim + "' appears twice");
    if (inDimBases.size() > 30)
      throw LayoutError("in-dim '" + inDim + "' has more than 30 bases");
  }
  for (const auto &[outDim, size] : outDims_) {
    if (!seenOut.insert(outDim).second)
      throw LayoutError("out-dim '" + outDim + "' appears twice");
    if (!isPowerOf2(size))
      throw LayoutError("out-dim '" + outDim + "' has size " + std::to_string(size) +
                        ", which is not a power of two");
  }
  for (const auto &[inDim, inDimBases] : bases_) {
    for (const auto &basis : inDimBases) {
      if (basis.size() != outDims_.size())
        throw LayoutError("basis of in-dim '" + inDim + "' has " +
                          std::to_string(basis.size()) + " coordinates but the layout has " +
                          std::to_string(outDims_.size()) + " out-dims");
      for (size_t i = 0; i < basis.size(); ++i) {
        if (basis[i] < 0)
          throw LayoutError("basis of in-dim '" + inDim + "' has a negative coordinate");
        if (basis[i] >= outDims_[i].second)
          throw LayoutError("basis value " + std::to_string(basis[i]) + " of in-dim '" + inDim +
                            "' does not fit out-dim '" + outDims_[i].first + "' of size " +
                            std::to_string(outDims_[i].second));
      }
    }
  }
  surjective_ = matrixRank(*this) == getTotalOutDimSizeLog2();
  if (requireSurjective && !surjective_)
    throw LayoutError("layout is expected to be surjective (every output reachable), but is "
                      "not:" +
                      toString());
}

LinearLayout LinearLayout::identity1D(int32_t size, const std::string &inDim,
                                      const std::string &outDim) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    throw LayoutError("identity1D: size " + std::to_string(size) + " is not a power of two");
  std::vector<Basis> bases;
  for (int32_t value = 1; value < size; value *= 2)
    bases.push_back({value});
  return LinearLayout({{inDim, bases}}, DimSizes{{outDim, size}}, /*requireSurjective=*/true);
}

LinearLayout LinearLayout::zeros1D(int32_t size, const std::string &inDim,
                                   const std::string &outDim, int32_t outDimSize) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    throw LayoutError("zeros1D: size " + std::to_string(size) + " is not a power of two");
  std::vector<Basis> bases(log2Exact(size), Basis{0});
  return LinearLayout({{inDim, bases}}, DimSizes{{outDim, outDimSize}},
                      /*requireSurjective=*/outDimSize == 1);
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride, const std::string &inDim,
                                     const std::string &outDim) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size) || !isPowerOf2(stride))
    throw LayoutError("strided1D: size and stride must be powers of two");
  std::vector<Basis> bases;
  for (int32_t value = 1; value < size; value *= 2)
    bases.push_back({value * stride});
  return LinearLayout({{inDim, bases}}, DimSizes{{outDim, size * stride}},
                      /*requireSurjective=*/stride == 1);
}

std::vector<std::string> LinearLayout::getInDimNames() const {
  std::vector<std::string> names;
  for (const auto &entry : bases_)
    names.push_back(entry.first);
  return names;
}

std::vector<std::string> LinearLayout::getOutDimNames() const {
  std::vector<std::string> names;
  for (const auto &entry : outDims_)
    names.push_back(entry.first);
  return names;
}

std::vector<int32_t> LinearLayout::getOutDimSizes() const {
  std::vector<int32_t> sizes;
  for (const auto &entry : outDims_)
    sizes.push_back(entry.second);
  return sizes;
}

int LinearLayout::inDimIndex(const std::string &inDim) const {
  for (size_t i = 0; i < bases_.size(); ++i)
    if (bases_[i].first == inDim)
      return static_cast<int>(i);
  return -1;
}

bool LinearLayout::hasInDim(const std::string &inDim) const { return inDimIndex(inDim) >= 0; }

bool LinearLayout::hasOutDim(const std::string &outDim) const {
  for (const auto &entry : outDims_)
    if (entry.first == outDim)
      return true;
  return false;
}

int LinearLayout::getOutDimIndex(const std::string &outDim) const {
  for (size_t i = 0; i < outDims_.size(); ++i)
    if (outDims_[i].first == outDim)
      return static_cast<int>(i);
  throw LayoutError("out-dim '" + outDim + "' is not in the layout:" + toString());
}

const std::vector<LinearLayout::Basis> &
LinearLayout::getInDimBases(const std::string &inDim) const {
  int index = inDimIndex(inDim);
  if (index < 0)
    throw LayoutError("in-dim '" + inDim + "' is not in the layout:" + toString());
  return bases_[index].second;
}

int32_t LinearLayout::getInDimSizeLog2(const std::string &inDim) const {
  return static_cast<int32_t>(getInDimBases(inDim).size());
}

int32_t LinearLayout::getOutDimSize(const std::string &outDim) const {
  return outDims_[getOutDimIndex(outDim)].second;
}

int32_t LinearLayout::getOutDimSizeLog2(const std::string &outDim) const {
  return log2Exact(getOutDimSize(outDim));
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : bases_)
    total += static_cast<int32_t>(entry.second.size());
  return total;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : outDims_)
    total += log2Exact(entry.second);
  return total;
}

int32_t LinearLayout::getBasis(const std::string &inDim, int basisIndex,
                               const std::string &outDim) const {
  return getInDimBases(inDim).at(basisIndex).at(getOutDimIndex(outDim));
}

bool LinearLayout::isInjective() const { return matrixRank(*this) == getTotalInDimSizeLog2(); }

bool LinearLayout::isInvertible() const {
  return surjective_ && getTotalInDimSizeLog2() == getTotalOutDimSizeLog2();
}

LinearLayout::Coordinates LinearLayout::apply(const Coordinates &ins) const {
  std::vector<std::string> names;
  for (const auto &entry : ins)
    names.push_back(entry.first);
  requireSameDimSet(names, getInDimNames(), "apply");

  Coordinates result;
  for (size_t o = 0; o < outDims_.size(); ++o) {
    int32_t value = 0;
    for (const auto &[inDim, inValue] : ins) {
      const auto &inDimBases = bases_[inDimIndex(inDim)].second;
      for (size_t bit = 0; bit < inDimBases.size(); ++bit)
        if ((inValue >> bit) & 1)
          value ^= inDimBases[bit][o];
    }
    result.push_back({outDims_[o].first, value});
  }
  return result;
}

std::vector<int32_t> LinearLayout::evaluateAllFlat() const {
  int32_t totalInLog2 = getTotalInDimSizeLog2();
  if (totalInLog2 > 26)
    throw LayoutError("evaluateAllFlat: layout has 2^" + std::to_string(totalInLog2) +
                      " inputs, too many to enumerate");
  // A row-major linear index is the out coordinates' bits side by side, so it is itself
  // linear: evaluate each basis once, then XOR.
  std::vector<int32_t> shifts(outDims_.size(), 0);
  int32_t shift = 0;
  for (size_t o = outDims_.size(); o-- > 0;) {
    shifts[o] = shift;
    shift += log2Exact(outDims_[o].second);
  }
  if (shift > 30)
    throw LayoutError("evaluateAllFlat: the outputs span 2^" + std::to_string(shift) +
                      " elements, too many for a flat 32-bit index");
  std::vector<int32_t> flatBases;
  for (const auto &entry : bases_) {
    for (const auto &basis : entry.second) {
      int32_t value = 0;
      for (size_t o = 0; o < basis.size(); ++o)
        value |= basis[o] << shifts[o];
      flatBases.push_back(value);
    }
  }
  std::vector<int32_t> table(size_t{1} << totalInLog2, 0);
  for (size_t input = 1; input < table.size(); ++input) {
    size_t lowestBit = 0;
    while (!((input >> lowestBit) & 1))
      ++lowestBit;
    table[input] = table[input & (input - 1)] ^ flatBases[lowestBit];
  }
  return table;
}

LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer) {
  std::vector<std::pair<std::string, int32_t>> inDimSizesLog2, outDimSizesLog2;
  for (const auto &name : mergedDimOrder(inner.getInDimNames(), outer.getInDimNames()))
    inDimSizesLog2.push_back({name, 0});
  for (const auto &name : mergedDimOrder(inner.getOutDimNames(), outer.getOutDimNames()))
    outDimSizesLog2.push_back({name, 0});
  auto addTo = [](std::vector<std::pair<std::string, int32_t>> &list, const std::string &name,
                  int32_t sizeLog2) {
    for (auto &entry : list)
      if (entry.first == name)
        entry.second += sizeLog2;
  };
  for (const LinearLayout *layout : {&inner, &outer}) {
    for (const auto &name : layout->getInDimNames())
      addTo(inDimSizesLog2, name, layout->getInDimSizeLog2(name));
    for (const auto &name : layout->getOutDimNames())
      addTo(outDimSizesLog2, name, layout->getOutDimSizeLog2(name));
  }
  // Sizes are int32_t powers of two (a blocked layout with sizePerThread = [1, 2^19] and
  // warpsPerCTA = [4, 2^16] shifted past 31 bits).
  for (const auto &[name, sizeLog2] : outDimSizesLog2)
    if (sizeLog2 > 30)
      throw LayoutError("the product of two layouts has out-dim '" + name + "' of size 2^" +
                        std::to_string(sizeLog2) + "; an out-dim holds at most 2^30 coordinates");

  LinearLayout::BasesList allBases;
  for (const auto &[inDim, inDimSizeLog2] : inDimSizesLog2) {
    std::vector<LinearLayout::Basis> inDimBases(
        inDimSizeLog2, LinearLayout::Basis(outDimSizesLog2.size(), 0));
    for (size_t o = 0; o < outDimSizesLog2.size(); ++o) {
      const std::string &outDim = outDimSizesLog2[o].first;
      if (inner.hasInDim(inDim) && inner.hasOutDim(outDim)) {
        for (int i = 0; i < inner.getInDimSizeLog2(inDim); ++i)
          inDimBases[i][o] = inner.getBasis(inDim, i, outDim);
      }
      if (outer.hasInDim(inDim) && outer.hasOutDim(outDim)) {
        int offset = inner.hasInDim(inDim) ? inner.getInDimSizeLog2(inDim) : 0;
        int shift = inner.hasOutDim(outDim) ? inner.getOutDimSizeLog2(outDim) : 0;
        for (int i = 0; i < outer.getInDimSizeLog2(inDim); ++i)
          inDimBases[offset + i][o] = outer.getBasis(inDim, i, outDim) << shift;
      }
    }
    allBases.push_back({inDim, std::move(inDimBases)});
  }
  LinearLayout::DimSizes outDimSizes;
  for (const auto &[outDim, sizeLog2] : outDimSizesLog2)
    outDimSizes.push_back({outDim, 1 << sizeLog2});
  return LinearLayout(std::move(allBases), std::move(outDimSizes),
                      inner.isSurjective() && outer.isSurjective());
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  requireSameDimSet(getOutDimNames(), outer.getInDimNames(), "compose");
  for (const auto &[outDim, size] : outDims_)
    if (size > outer.getInDimSize(outDim))
      throw LayoutError("compose: out-dim '" + outDim + "' of size " + std::to_string(size) +
                        " does not fit the outer layout's in-dim of size " +
                        std::to_string(outer.getInDimSize(outDim)));

  BasesList newBases;
  for (const auto &[inDim, inDimBases] : bases_) {
    std::vector<Basis> composed;
    for (const auto &basis : inDimBases) {
      Coordinates asInput;
      for (size_t o = 0; o < outDims_.size(); ++o)
        asInput.push_back({outDims_[o].first, basis[o]});
      Basis image;
      for (const auto &entry : outer.apply(asInput))
        image.push_back(entry.second);
      composed.push_back(std::move(image));
    }
    newBases.push_back({inDim, std::move(composed)});
  }
  bool surjective = isSurjective() && outer.isSurjective() &&
                    std::all_of(outDims_.begin(), outDims_.end(), [&](const DimSize &dim) {
                      return dim.second == outer.getInDimSize(dim.first);
                    });
  return LinearLayout(std::move(newBases), outer.getOutDims(), surjective);
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  std::vector<std::string> outDimNames = getOutDimNames();
  requireSameDimSet(outDimNames, outer.getOutDimNames(), "invertAndCompose");
  const LinearLayout &b = *this;
  LinearLayout a = outer.transposeOuts(outDimNames);
  for (const auto &name : outDimNames)
    if (a.getOutDimSize(name) != b.getOutDimSize(name))
      throw LayoutError("invertAndCompose: out-dim '" + name +
                        "' has different sizes in the two layouts");
  if (!a.isSurjective())
    throw LayoutError("invertAndCompose: the outer layout must be surjective");

  // In-dims that both layouts map identically are kept as identities rather than solved for:
  // least squares would send every broadcast copy to copy 0, but "leave this dim alone" is
  // both correct and what a conversion wants.
  std::vector<std::string> identityDims, aRest, bRest;
  for (const auto &dim : a.getInDimNames())
    if (b.hasInDim(dim) && a.sublayout({dim}, outDimNames) == b.sublayout({dim}, outDimNames))
      identityDims.push_back(dim);
  auto isIdentityDim = [&](const std::string &dim) {
    return std::find(identityDims.begin(), identityDims.end(), dim) != identityDims.end();
  };
  for (const auto &dim : a.getInDimNames())
    if (!isIdentityDim(dim))
      aRest.push_back(dim);
  for (const auto &dim : b.getInDimNames())
    if (!isIdentityDim(dim))
      bRest.push_back(dim);

  LinearLayout result;
  if (!aRest.empty()) {
    result = leastSquaresSolution(a.sublayout(aRest, outDimNames), b.sublayout(bRest, outDimNames));
  } else if (!bRest.empty()) {
    // Nothing left to solve for: every remaining input of `this` must map to zero.
    BasesList zeros;
    for (const auto &dim : bRest)
      zeros.push_back({dim, std::vector<Basis>(b.getInDimSizeLog2(dim), Basis{})});
    result = LinearLayout(std::move(zeros), DimSizes{}, /*requireSurjective=*/false);
  }
  for (const auto &dim : identityDims)
    result *= identity1D(a.getInDimSize(dim), dim, dim);
  return result.transposeIns(b.getInDimNames()).transposeOuts(a.getInDimNames());
}

LinearLayout LinearLayout::invert() const {
  if (!isInvertible())
    throw LayoutError("invert: layout must be surjective and have as many inputs as outputs:" +
                      toString());
  return pseudoinvert();
}

LinearLayout LinearLayout::pseudoinvert() const {
  if (!isSurjective())
    throw LayoutError("pseudoinvert: layout must be surjective:" + toString());
  LinearLayout identity;
  for (const auto &[outDim, size] : outDims_)
    identity *= identity1D(size, outDim, outDim);
  return identity.invertAndCompose(*this);
}

LinearLayout LinearLayout::transposeIns(const std::vector<std::string> &newInDims) const {
  requireSameDimSet(newInDims, getInDimNames(), "transposeIns");
  BasesList newBases;
  for (const auto &name : newInDims)
    newBases.push_back({name, bases_[inDimIndex(name)].second});
  return LinearLayout(std::move(newBases), outDims_, surjective_);
}

LinearLayout LinearLayout::transposeOuts(const std::vector<std::string> &newOutDims) const {
  requireSameDimSet(newOutDims, getOutDimNames(), "transposeOuts");
  std::vector<int> permutation;
  for (const auto &name : newOutDims)
    permutation.push_back(getOutDimIndex(name));
  BasesList newBases;
  for (const auto &[inDim, inDimBases] : bases_) {
    std::vector<Basis> permuted;
    for (const auto &basis : inDimBases) {
      Basis newBasis;
      for (int index : permutation)
        newBasis.push_back(basis[index]);
      permuted.push_back(std::move(newBasis));
    }
    newBases.push_back({inDim, std::move(permuted)});
  }
  DimSizes newSizes;
  for (const auto &name : newOutDims)
    newSizes.push_back({name, getOutDimSize(name)});
  return LinearLayout(std::move(newBases), std::move(newSizes), surjective_);
}

LinearLayout LinearLayout::reshapeIns(const DimSizes &newInDims) const {
  int64_t total = 1;
  for (const auto &[name, size] : newInDims) {
    if (!isPowerOf2(size))
      throw LayoutError("reshapeIns: size of '" + name + "' is not a power of two");
    total *= size;
  }
  if (total != getTotalInDimSize())
    throw LayoutError("reshapeIns: new in-dims hold " + std::to_string(total) +
                      " values but the layout has " + std::to_string(getTotalInDimSize()));
  std::vector<Basis> flat;
  for (const auto &entry : bases_)
    flat.insert(flat.end(), entry.second.begin(), entry.second.end());
  BasesList newBases;
  size_t next = 0;
  for (const auto &[name, size] : newInDims) {
    std::vector<Basis> dimBases;
    for (int j = 0; j < log2Exact(size); ++j)
      dimBases.push_back(flat[next++]);
    newBases.push_back({name, std::move(dimBases)});
  }
  return LinearLayout(std::move(newBases), outDims_, surjective_);
}

LinearLayout LinearLayout::reshapeOuts(const DimSizes &newOutDims) const {
  int64_t total = 1;
  for (const auto &[name, size] : newOutDims) {
    if (!isPowerOf2(size))
      throw LayoutError("reshapeOuts: size of '" + name + "' is not a power of two");
    total *= size;
  }
  if (total != getTotalOutDimSize())
    throw LayoutError("reshapeOuts: new out-dims hold " + std::to_string(total) +
                      " values but the layout has " + std::to_string(getTotalOutDimSize()));
  // The first out-dim is the least significant here, as everywhere in LinearLayout.
  std::vector<int32_t> shifts{0};
  for (const auto &[name, size] : outDims_)
    shifts.push_back(shifts.back() + log2Exact(size));
  BasesList newBases;
  for (const auto &[inDim, inDimBases] : bases_) {
    std::vector<Basis> reshaped;
    for (const auto &basis : inDimBases) {
      int64_t flat = 0;
      for (size_t i = 0; i < basis.size(); ++i)
        flat += int64_t{basis[i]} << shifts[i];
      Basis newBasis;
      for (const auto &[name, size] : newOutDims) {
        newBasis.push_back(static_cast<int32_t>(flat % size));
        flat /= size;
      }
      reshaped.push_back(std::move(newBasis));
    }
    newBases.push_back({inDim, std::move(reshaped)});
  }
  return LinearLayout(std::move(newBases), newOutDims, surjective_);
}

LinearLayout LinearLayout::flattenIns() const {
  if (bases_.empty())
    return *this;
  return reshapeIns({{bases_.front().first, getTotalInDimSize()}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims_.empty())
    return *this;
  return reshapeOuts({{outDims_.front().first, getTotalOutDimSize()}});
}

LinearLayout LinearLayout::sublayout(const std::vector<std::string> &inDims,
                                     const std::vector<std::string> &outDims) const {
  requireSubset(inDims, getInDimNames(), "sublayout");
  requireSubset(outDims, getOutDimNames(), "sublayout");
  std::set<std::string> inSet(inDims.begin(), inDims.end());
  std::set<std::string> outSet(outDims.begin(), outDims.end());
  std::vector<size_t> keep;
  for (size_t o = 0; o < outDims_.size(); ++o)
    if (outSet.count(outDims_[o].first))
      keep.push_back(o);
  BasesList newBases;
  for (const auto &[inDim, inDimBases] : bases_) {
    if (!inSet.count(inDim))
      continue;
    std::vector<Basis> kept;
    for (const auto &basis : inDimBases) {
      Basis newBasis;
      for (size_t o : keep)
        newBasis.push_back(basis[o]);
      kept.push_back(std::move(newBasis));
    }
    newBases.push_back({inDim, std::move(kept)});
  }
  DimSizes newOutDims;
  for (size_t o : keep)
    newOutDims.push_back(outDims_[o]);
  return LinearLayout(std::move(newBases), std::move(newOutDims), /*requireSurjective=*/false);
}

bool LinearLayout::sublayoutIsZero(const std::vector<std::string> &inDims,
                                   const std::vector<std::string> &outDims) const {
  LinearLayout sub = sublayout(inDims, outDims);
  for (const auto &entry : sub.bases_)
    for (const auto &basis : entry.second)
      for (int32_t value : basis)
        if (value != 0)
          return false;
  return true;
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(const std::string &stripDim) const {
  BasesList result;
  for (const auto &[inDim, inDimBases] : bases_) {
    if (inDim != stripDim) {
      result.push_back({inDim, inDimBases});
      continue;
    }
    std::vector<Basis> kept;
    for (const auto &basis : inDimBases)
      if (std::any_of(basis.begin(), basis.end(), [](int32_t v) { return v != 0; }))
        kept.push_back(basis);
    result.push_back({inDim, std::move(kept)});
  }
  return LinearLayout(std::move(result), getOutDimNames());
}

std::vector<std::pair<std::string, int32_t>> LinearLayout::getFreeVariableMasks() const {
  F2Matrix matrix = basesMatrix(*this);
  std::vector<int> pivots = matrix.reduceToRowEchelonForm();
  std::set<int> basicColumns(pivots.begin(), pivots.end());
  std::vector<std::pair<std::string, int32_t>> masks;
  int column = 0;
  for (const auto &[inDim, inDimBases] : bases_) {
    int32_t mask = 0;
    for (size_t i = 0; i < inDimBases.size(); ++i, ++column)
      if (!basicColumns.count(column))
        mask |= 1 << i;
    masks.push_back({inDim, mask});
  }
  return masks;
}

int32_t LinearLayout::getFreeVariableMask(const std::string &inDim) const {
  for (const auto &[name, mask] : getFreeVariableMasks())
    if (name == inDim)
      return mask;
  throw LayoutError("in-dim '" + inDim + "' is not in the layout:" + toString());
}

std::string LinearLayout::toString() const {
  std::string outDimsText = "[";
  for (size_t o = 0; o < outDims_.size(); ++o)
    outDimsText += (o ? ", " : "") + outDims_[o].first + " (size " +
                   std::to_string(outDims_[o].second) + ")";
  outDimsText += "]";
  if (bases_.empty())
    return outDims_.empty() ? "\n(empty layout)"
                            : "\n(empty layout with out-dims " + outDimsText + ")";
  std::string text = "\n";
  for (const auto &[inDim, inDimBases] : bases_) {
    if (inDimBases.empty()) {
      text += " - " + inDim + " is a size 1 dimension\n";
      continue;
    }
    text += " - ";
    for (size_t i = 0; i < inDimBases.size(); ++i) {
      if (i)
        text += "\n   ";
      text += inDim + "=" + std::to_string(1 << i) + " -> (";
      for (size_t o = 0; o < inDimBases[i].size(); ++o)
        text += (o ? ", " : "") + std::to_string(inDimBases[i][o]);
      text += ")";
    }
    text += "\n";
  }
  return text + "where out dims are: " + outDimsText;
}

bool operator==(const LinearLayout &lhs, const LinearLayout &rhs) {
  return lhs.bases_ == rhs.bases_ && lhs.outDims_ == rhs.outDims_;
}

std::ostream &operator<<(std::ostream &out, const LinearLayout &layout) {
  return out << layout.toString();
}

} // namespace trex::layoutviz
