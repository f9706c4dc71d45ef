// CgaFields: validation with messages per field, and the inverse of
// CgaLayout::fromSplitParameters by search (a cluster has at most 16 CTAs, so it is small).
#include "CgaFields.h"

#include "layoutviz/LayoutError.h"

#include <algorithm>
#include <functional>

namespace trex::playground {

namespace {

bool isPowerOfTwo(unsigned value) { return value != 0 && (value & (value - 1)) == 0; }

std::string listText(const std::vector<unsigned> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

} // namespace

unsigned CgaFields::numCtas() const {
  unsigned count = 1;
  for (unsigned ctas : ctasPerCga)
    count *= std::max(ctas, 1u);
  return count;
}

std::string cgaFieldsProblem(const CgaFields &fields, size_t rank) {
  if (fields.ctasPerCga.size() != rank || fields.ctaSplitNum.size() != rank || fields.ctaOrder.size() != rank)
    return "CTAsPerCGA, CTASplitNum and CTAOrder need " + std::to_string(rank) + " entries, one per tensor dim";
  for (size_t dim = 0; dim < rank; ++dim) {
    unsigned ctas = fields.ctasPerCga[dim], split = fields.ctaSplitNum[dim];
    if (!isPowerOfTwo(ctas))
      return "CTAsPerCGA[" + std::to_string(dim) + "] = " + std::to_string(ctas) + " is not a power of two";
    if (!isPowerOfTwo(split) || split > ctas)
      return "CTASplitNum[" + std::to_string(dim) + "] = " + std::to_string(split) +
             " must be a power of two no larger than CTAsPerCGA[" + std::to_string(dim) + "] = " +
             std::to_string(ctas) + " (the CTAs along a dim split it or hold copies)";
  }
  std::vector<unsigned> sorted = fields.ctaOrder;
  std::sort(sorted.begin(), sorted.end());
  for (size_t dim = 0; dim < rank; ++dim)
    if (sorted[dim] != dim)
      return "CTAOrder " + listText(fields.ctaOrder) + " is not a permutation of the dims";
  if (fields.numCtas() > kMaxCtasPerCga)
    return "CTAsPerCGA " + listText(fields.ctasPerCga) + " makes a cluster of " + std::to_string(fields.numCtas()) +
           " CTAs; at most " + std::to_string(kMaxCtasPerCga) + " run together";
  return "";
}

layoutviz::CgaLayout cgaLayoutOf(const CgaFields &fields, size_t rank) {
  std::string problem = cgaFieldsProblem(fields, rank);
  if (!problem.empty())
    throw layoutviz::LayoutError(problem);
  return layoutviz::CgaLayout::fromSplitParameters(fields.ctasPerCga, fields.ctaSplitNum, fields.ctaOrder);
}

std::optional<CgaFields> cgaFieldsOf(const layoutviz::CgaLayout &cga, size_t rank) {
  CgaFields candidate;
  candidate.ctasPerCga.assign(rank, 1);
  candidate.ctaSplitNum.assign(rank, 1);
  candidate.ctaOrder.resize(rank);
  for (size_t dim = 0; dim < rank; ++dim)
    candidate.ctaOrder[dim] = static_cast<unsigned>(rank - 1 - dim);
  if (cga.isSingleCta())
    return candidate;
  const unsigned wanted = static_cast<unsigned>(cga.numBlocks());
  if (wanted > kMaxCtasPerCga)
    return std::nullopt;
  std::vector<std::vector<unsigned>> orders;
  std::vector<unsigned> order(rank);
  for (size_t dim = 0; dim < rank; ++dim)
    order[dim] = static_cast<unsigned>(dim);
  do
    orders.push_back(order);
  while (std::next_permutation(order.begin(), order.end()));
  // Every way of giving the dims power-of-two CTA counts whose product is the cluster size,
  // every split of each, every order.
  std::optional<CgaFields> found;
  std::function<void(size_t, unsigned)> choose = [&](size_t dim, unsigned remaining) {
    if (found)
      return;
    if (dim == rank) {
      if (remaining != 1)
        return;
      for (const std::vector<unsigned> &candidateOrder : orders) {
        candidate.ctaOrder = candidateOrder;
        if (layoutviz::CgaLayout::fromSplitParameters(candidate.ctasPerCga, candidate.ctaSplitNum,
                                                      candidate.ctaOrder) == cga) {
          found = candidate;
          return;
        }
      }
      return;
    }
    for (unsigned ctas = 1; ctas <= remaining; ctas *= 2) {
      if (remaining % ctas)
        continue;
      candidate.ctasPerCga[dim] = ctas;
      for (unsigned split = 1; split <= ctas; split *= 2) {
        candidate.ctaSplitNum[dim] = split;
        choose(dim + 1, remaining / ctas);
      }
    }
  };
  choose(0, wanted);
  return found;
}

void resizeCgaFields(CgaFields &fields, size_t rank) {
  auto resize = [&](std::vector<unsigned> &values) {
    if (values.size() < rank)
      values.insert(values.begin(), rank - values.size(), 1u);
    else
      values.erase(values.begin(), values.begin() + (values.size() - rank));
  };
  resize(fields.ctasPerCga);
  resize(fields.ctaSplitNum);
  // The order keeps its dims renumbered; new major dims come last (most major).
  int shift = static_cast<int>(rank) - static_cast<int>(fields.ctaOrder.size());
  std::vector<unsigned> order;
  for (unsigned dim : fields.ctaOrder)
    if (static_cast<int>(dim) + shift >= 0)
      order.push_back(static_cast<unsigned>(static_cast<int>(dim) + shift));
  for (int dim = shift - 1; dim >= 0; --dim)
    order.push_back(static_cast<unsigned>(dim));
  fields.ctaOrder = order;
}

} // namespace trex::playground
