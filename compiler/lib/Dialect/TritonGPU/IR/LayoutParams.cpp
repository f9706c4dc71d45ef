// The CGA layout and linear-bases value types stored in ttg layout attributes.
#include "trex/Dialect/TritonGPU/IR/LayoutParams.h"

#include "llvm/Support/MathExtras.h"
#include <algorithm>

namespace trex::ttg {

CGALayout CGALayout::fromSplitParams(llvm::ArrayRef<unsigned> ctasPerCGA,
                                     llvm::ArrayRef<unsigned> ctaSplitNum,
                                     llvm::ArrayRef<unsigned> ctaOrder) {
  // Walk the dimensions fastest first: the CTAs that split a dimension take
  // the next bits of the CTA index (moving by 1, 2, 4, ... along it); the CTAs
  // that only replicate it take the following bits with zero bases.
  unsigned rank = ctaOrder.size();
  CGALayout layout = oneCTA(rank);
  for (unsigned dim : ctaOrder) {
    unsigned split = ctaSplitNum[dim];
    unsigned replicas = ctasPerCGA[dim] / split;
    for (unsigned step = 1; step < split; step *= 2) {
      Basis basis(rank, 0);
      basis[dim] = static_cast<int32_t>(step);
      layout.blockBases.push_back(std::move(basis));
    }
    for (unsigned copy = 1; copy < replicas; copy *= 2)
      layout.blockBases.push_back(Basis(rank, 0));
  }
  return layout;
}

CGALayout CGALayout::withoutDim(unsigned dim) const {
  CGALayout result{rank - 1, {}};
  for (Basis basis : blockBases) {
    basis.erase(basis.begin() + dim);
    result.blockBases.push_back(std::move(basis));
  }
  return result;
}

CGALayout CGALayout::withDimUnsplit(unsigned dim) const {
  CGALayout result = *this;
  for (Basis &basis : result.blockBases)
    basis[dim] = 0;
  return result;
}

llvm::hash_code hash_value(const CGALayout &layout) {
  llvm::hash_code code = llvm::hash_value(layout.rank);
  for (const Basis &basis : layout.blockBases)
    code = llvm::hash_combine(code, llvm::hash_combine_range(basis.begin(), basis.end()));
  return code;
}

const BasisList &LinearBases::get(llvm::StringRef name) const {
  static const BasisList empty;
  for (const auto &[dimName, bases] : dims)
    if (dimName == name)
      return bases;
  return empty;
}

llvm::hash_code hash_value(const LinearBases &bases) {
  llvm::hash_code code = llvm::hash_value(bases.rank);
  for (const auto &[name, list] : bases.dims) {
    code = llvm::hash_combine(code, llvm::hash_value(name));
    for (const Basis &basis : list)
      code = llvm::hash_combine(code, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  return code;
}

std::vector<int64_t> coveredShape(const LinearBases &bases) {
  std::vector<int64_t> reached(bases.rank, 0);
  for (const auto &[name, list] : bases.dims)
    for (const Basis &basis : list)
      for (unsigned dim = 0; dim < bases.rank; ++dim)
        reached[dim] |= basis[dim];
  std::vector<int64_t> shape;
  for (int64_t bits : reached)
    shape.push_back(bits == 0 ? 1 : static_cast<int64_t>(llvm::NextPowerOf2(bits)));
  return shape;
}

unsigned rankOverGF2(const BasisList &bases, llvm::ArrayRef<int64_t> shape) {
  // Flatten each basis into one bit vector (dimension d occupies log2(shape[d])
  // bits) and run Gaussian elimination over GF(2), where addition is XOR.
  std::vector<uint64_t> rows;
  for (const Basis &basis : bases) {
    uint64_t flat = 0;
    unsigned offset = 0;
    for (size_t dim = 0; dim < basis.size(); ++dim) {
      flat |= static_cast<uint64_t>(basis[dim]) << offset;
      offset += llvm::Log2_64(shape[dim]);
    }
    rows.push_back(flat);
  }
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 64; ++bit) {
    auto pivot = std::find_if(rows.begin() + rank, rows.end(),
                              [&](uint64_t row) { return (row >> bit) & 1; });
    if (pivot == rows.end())
      continue;
    std::swap(*pivot, rows[rank]);
    for (size_t other = 0; other < rows.size(); ++other)
      if (other != rank && ((rows[other] >> bit) & 1))
        rows[other] ^= rows[rank];
    ++rank;
  }
  return rank;
}

} // namespace trex::ttg
