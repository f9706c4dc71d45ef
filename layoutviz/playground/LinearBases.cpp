// LinearBases: editing operations, the verifier's rules as messages, and the bases text syntax.
#include "LinearBases.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>
#include <cctype>

namespace trex::playground {

using layoutviz::LayoutError;

namespace {

std::string basisText(const std::vector<int32_t> &basis) {
  std::string text = "[";
  for (size_t i = 0; i < basis.size(); ++i)
    text += (i ? ", " : "") + std::to_string(basis[i]);
  return text + "]";
}

int log2Of(int64_t value) {
  int log = 0;
  while ((int64_t{1} << log) < value)
    ++log;
  return log;
}

class BasesTextReader {
public:
  BasesTextReader(const std::string &text, const std::string &what) : text_(text), what_(what) {}

  BasisList read() {
    BasisList bases;
    expect('[');
    if (peek() == ']') {
      ++pos_;
    } else {
      while (true) {
        bases.push_back(readBasis());
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        expect(']');
        break;
      }
    }
    if (peek() != '\0')
      fail("unexpected text after the closing ']'");
    return bases;
  }

private:
  std::vector<int32_t> readBasis() {
    std::vector<int32_t> basis;
    expect('[');
    while (true) {
      basis.push_back(readNumber());
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(']');
      return basis;
    }
  }

  int32_t readNumber() {
    skipSpaces();
    size_t start = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
    if (start == pos_ || pos_ - start > 9)
      fail("expected a non-negative number");
    return static_cast<int32_t>(std::stol(text_.substr(start, pos_ - start)));
  }

  char peek() {
    skipSpaces();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  void expect(char c) {
    if (peek() != c)
      fail(std::string("expected '") + c + "'");
    ++pos_;
  }

  void skipSpaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }

  [[noreturn]] void fail(const std::string &message) {
    throw LayoutError(what_ + " bases: " + message + " at column " + std::to_string(pos_ + 1) + " of \"" + text_ +
                      "\"");
  }

  const std::string &text_;
  std::string what_;
  size_t pos_ = 0;
};

} // namespace

BasisList &LinearBases::basesOf(const std::string &dim) {
  for (auto &[name, list] : dims)
    if (name == dim)
      return list;
  dims.push_back({dim, {}});
  return dims.back().second;
}

const BasisList &LinearBases::basesOf(const std::string &dim) const {
  static const BasisList none;
  for (const auto &[name, list] : dims)
    if (name == dim)
      return list;
  return none;
}

LinearBases defaultDistributedBases() {
  LinearBases bases;
  bases.rank = 2;
  bases.dims = {{layoutviz::kRegister, {{0, 1}, {0, 2}}},
                {layoutviz::kLane, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}},
                {layoutviz::kWarp, {{8, 0}, {16, 0}}},
                {layoutviz::kBlock, {}}};
  return bases;
}

LinearBases defaultSharedBases() {
  LinearBases bases;
  bases.rank = 2;
  bases.dims = {{layoutviz::kOffset, {{0, 1}, {0, 2}, {0, 4}, {1, 4}, {2, 0}, {4, 0}}}, {layoutviz::kBlock, {}}};
  return bases;
}

std::vector<int64_t> coveredShape(const LinearBases &bases) {
  std::vector<int64_t> shape(bases.rank, 1);
  for (const auto &[dim, list] : bases.dims)
    for (const std::vector<int32_t> &basis : list)
      for (size_t i = 0; i < basis.size() && i < shape.size(); ++i)
        while (shape[i] <= basis[i])
          shape[i] *= 2;
  return shape;
}

void addBasis(LinearBases &bases, size_t dim) {
  if (dim >= bases.dims.size() || bases.rank == 0)
    return;
  std::vector<int32_t> basis(bases.rank, 0);
  basis.back() = static_cast<int32_t>(coveredShape(bases).back());
  bases.dims[dim].second.push_back(basis);
}

void removeBasis(LinearBases &bases, size_t dim, size_t index) {
  if (dim < bases.dims.size() && index < bases.dims[dim].second.size())
    bases.dims[dim].second.erase(bases.dims[dim].second.begin() + static_cast<std::ptrdiff_t>(index));
}

void setBasesRank(LinearBases &bases, unsigned rank) {
  if (rank == 0)
    return;
  for (auto &[dim, list] : bases.dims)
    for (std::vector<int32_t> &basis : list) {
      if (basis.size() < rank)
        basis.insert(basis.begin(), rank - basis.size(), 0);
      else
        basis.erase(basis.begin(), basis.begin() + static_cast<std::ptrdiff_t>(basis.size() - rank));
    }
  bases.rank = rank;
}

std::string linearBasesProblem(const LinearBases &bases, bool isShared) {
  if (bases.rank == 0)
    return "the layout needs at least one tensor dim";
  for (const auto &[dim, list] : bases.dims)
    for (size_t index = 0; index < list.size(); ++index) {
      const std::vector<int32_t> &basis = list[index];
      std::string which = dim + " basis " + std::to_string(index) + " " + basisText(basis);
      if (basis.size() != bases.rank)
        return which + " has " + std::to_string(basis.size()) + " coordinates; the tensor has " +
               std::to_string(bases.rank) + " dims";
      if (std::any_of(basis.begin(), basis.end(), [](int32_t c) { return c < 0; }))
        return which + " has a negative coordinate";
      if (std::any_of(basis.begin(), basis.end(), [](int32_t c) { return c > (1 << 16); }))
        return which + " reaches past element 65536 of a dim";
      long moving = std::count_if(basis.begin(), basis.end(), [](int32_t c) { return c != 0; });
      if (!isShared && moving > 1)
        return which + " moves along " + std::to_string(moving) +
               " dims; each basis of a register layout moves along one dim only";
    }
  // Each element as one integer: dim d's coordinate in its own run of bits, the last dim lowest.
  std::vector<int64_t> shape = coveredShape(bases);
  std::vector<int> shift(bases.rank, 0);
  int totalBits = 0;
  for (size_t d = bases.rank; d-- > 0;) {
    shift[d] = totalBits;
    totalBits += log2Of(shape[d]);
  }
  if (totalBits > 62)
    return "the bases span a tensor of 2^" + std::to_string(totalBits) + " elements; the playground draws smaller ones";
  std::string tensor;
  for (size_t d = 0; d < shape.size(); ++d)
    tensor += (d ? "x" : "") + std::to_string(shape[d]);
  // Gaussian elimination over GF(2): pivots[bit] holds a reduced vector whose top bit is `bit`.
  std::vector<uint64_t> pivots(static_cast<size_t>(totalBits) + 1, 0);
  int reached = 0;
  for (const auto &[dim, list] : bases.dims)
    for (size_t index = 0; index < list.size(); ++index) {
      uint64_t element = 0;
      for (size_t d = 0; d < bases.rank; ++d)
        element |= static_cast<uint64_t>(list[index][d]) << shift[d];
      if (element == 0)
        continue; // a copy (broadcast) or, in shared memory, an unused offset bit
      for (int bit = totalBits - 1; bit >= 0 && element; --bit)
        if ((element >> bit & 1) && pivots[bit])
          element ^= pivots[bit];
      if (element == 0) {
        if (isShared)
          return dim + " basis " + std::to_string(index) + " " + basisText(list[index]) +
                 " is the XOR of earlier bases: two offsets would store the same element (a shared layout stores "
                 "each element once)";
        continue;
      }
      int top = 63 - __builtin_clzll(element);
      pivots[top] = element;
      ++reached;
    }
  if (reached != totalBits)
    return "the bases reach 2^" + std::to_string(reached) + " of the 2^" + std::to_string(totalBits) +
           " elements of the " + tensor + " tensor they span; every element must be " +
           (isShared ? "stored" : "held by some thread") + " (add a basis or change one)";
  return "";
}

layoutviz::LinearLayout linearLayoutOf(const LinearBases &bases, bool isShared) {
  std::string problem = linearBasesProblem(bases, isShared);
  if (!problem.empty())
    throw LayoutError((isShared ? "shared_linear: " : "linear: ") + problem);
  layoutviz::LinearLayout::BasesList list(bases.dims.begin(), bases.dims.end());
  return layoutviz::LinearLayout(std::move(list), layoutviz::standardOutDimNames(static_cast<int>(bases.rank)));
}

LinearBases linearBasesOf(const layoutviz::LinearLayout &layout, const std::vector<std::string> &dimNames) {
  LinearBases bases;
  bases.rank = static_cast<unsigned>(layout.getNumOutDims());
  for (const std::string &name : dimNames)
    bases.dims.push_back({name, layout.hasInDim(name) ? layout.getInDimBases(name) : BasisList()});
  return bases;
}

BasisList parseBasesText(const std::string &text, const std::string &what) {
  return BasesTextReader(text, what).read();
}

std::string formatBasesText(const BasisList &bases) {
  std::string text = "[";
  for (size_t i = 0; i < bases.size(); ++i)
    text += (i ? ", " : "") + basisText(bases[i]);
  return text + "]";
}

} // namespace trex::playground
