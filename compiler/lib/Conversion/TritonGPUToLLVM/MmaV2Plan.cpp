// MmaV2Plan: the mma.sync fragments of a tt.dot, looked up in its operand and result layouts.
#include "trex/Conversion/TritonGPUToLLVM/MmaV2Plan.h"
#include "trex/Conversion/TritonGPUToLLVM/RegisterCoordinates.h"

#include <map>

namespace trex {

namespace {

using Bases = LayoutBases;

constexpr int32_t kTileM = 16;
constexpr int32_t kTileN = 8;
constexpr int kLaneBits = 5;

bool isPowerOfTwo(int32_t value) { return value > 0 && (value & (value - 1)) == 0; }

} // namespace

std::optional<MmaV2Plan> planMmaV2(const layoutviz::LinearLayout &a,
                                   const layoutviz::LinearLayout &b,
                                   const layoutviz::LinearLayout &c, int32_t elementsPerWord,
                                   std::string &why) {
  size_t rank = static_cast<size_t>(c.getNumOutDims());
  if (rank < 2 || a.getNumOutDims() != c.getNumOutDims() ||
      b.getNumOutDims() != c.getNumOutDims()) {
    why = "the operands and the result of the dot need the same rank, at least 2";
    return std::nullopt;
  }
  if (!isPowerOfTwo(elementsPerWord) || elementsPerWord > 4) {
    why = "mma.sync packs 1, 2 or 4 elements per 32-bit word";
    return std::nullopt;
  }
  // Dims: C is [..., M, N], A [..., M, K], B [..., K, N].
  size_t mDim = rank - 2, nDim = rank - 1, aK = rank - 1, bK = rank - 2;
  int32_t p = elementsPerWord;
  int32_t stepK = 8 * p;

  for (const layoutviz::LinearLayout *layout : {&a, &b, &c})
    for (const Coordinates &basis : basesOf(*layout, "block"))
      if (!isZero(basis)) {
        why = "dots spread over several CTAs are not supported";
        return std::nullopt;
      }

  // A result or operand smaller than one instruction's tile along M or N (M < 16 or N < 8, as
  // in split-K and decode kernels) has a layout that broadcasts there: the coordinates past the
  // tensor's extent wrap around (the layout's bases for them are zero), so several fragment
  // rows read the same element and several accumulator slots hold the same value. Every
  // coordinate below is taken modulo the extents, as the layouts take them.
  std::vector<int32_t> aSize = a.getOutDimSizes(), bSize = b.getOutDimSizes(),
                       cSize = c.getOutDimSizes();
  auto wrap = [](Coordinates at, const std::vector<int32_t> &size) {
    for (size_t d = 0; d < at.size(); ++d)
      at[d] &= size[d] - 1;
    return at;
  };

  // Lanes: t (lane bits 0, 1) moves C's columns by 2 and 4 and the operands' K; groupID (lane
  // bits 2-4) moves the rows of A and C and the columns of B by 1, 2 and 4.
  Bases aLanes = basesOf(a, "lane"), bLanes = basesOf(b, "lane"), cLanes = basesOf(c, "lane");
  if (aLanes.size() != kLaneBits || bLanes.size() != kLaneBits || cLanes.size() != kLaneBits) {
    why = "mma.sync needs 32 lanes per warp";
    return std::nullopt;
  }
  const int32_t groupRows[kLaneBits] = {0, 0, 1, 2, 4};
  const int32_t accumulatorColumns[kLaneBits] = {2, 4, 0, 0, 0};
  std::vector<int32_t> laneK(kLaneBits);
  for (int bit = 0; bit < kLaneBits; ++bit) {
    laneK[bit] = aLanes[bit][aK];
    Coordinates expectedC(rank, 0), expectedA(rank, 0), expectedB(rank, 0);
    expectedC[mDim] = groupRows[bit];
    expectedC[nDim] = accumulatorColumns[bit];
    expectedA[mDim] = groupRows[bit];
    expectedA[aK] = laneK[bit];
    expectedB[bK] = laneK[bit];
    expectedB[nDim] = groupRows[bit];
    expectedC = wrap(expectedC, cSize);
    expectedA = wrap(expectedA, aSize);
    expectedB = wrap(expectedB, bSize);
    if (cLanes[bit] != expectedC) {
      why = "the result layout does not place lanes as mma.sync's accumulator fragment";
      return std::nullopt;
    }
    if (aLanes[bit] != expectedA || bLanes[bit] != expectedB) {
      why = "the operand layouts do not place lanes as mma.sync's A and B fragments (alike "
            "along K)";
      return std::nullopt;
    }
    if ((bit < 2) != (laneK[bit] != 0)) {
      why = "the operand layouts do not spread K over the lanes of a quad";
      return std::nullopt;
    }
  }

  // The K permutation: the fragment's K bits (elements within a word, t's two bits, then the
  // upper half of the step) go to the layout's K bits (A's first register bases along K
  // alone, t's lane bases, the next such register basis).
  std::vector<int32_t> registerK;
  for (const Coordinates &basis : basesOf(a, "register")) {
    Coordinates onlyK = basis;
    onlyK[aK] = 0;
    if (basis[aK] != 0 && isZero(onlyK))
      registerK.push_back(basis[aK]);
  }
  int wordBits = 0;
  while ((1 << wordBits) < p)
    ++wordBits;
  if (static_cast<int>(registerK.size()) < wordBits + 1) {
    why = "the A operand holds less of K than one mma.sync step";
    return std::nullopt;
  }
  std::vector<int32_t> kBitImage;
  for (int bit = 0; bit < wordBits; ++bit)
    kBitImage.push_back(registerK[bit]);
  kBitImage.push_back(laneK[0]);
  kBitImage.push_back(laneK[1]);
  kBitImage.push_back(registerK[wordBits]);
  // The fragment's K positions may be spread over more than one step's span of K (a kWidth
  // wider than a word, as for operands unpacked from e2m1): the steps then interleave, each
  // taking the K values whose other bits are fixed.
  int32_t covered = 0;
  int32_t kSpan = a.getOutDimSizes()[aK];
  for (int32_t image : kBitImage) {
    if (!isPowerOfTwo(image) || image >= kSpan || (covered & image)) {
      why = "the operand layouts do not hold whole mma.sync steps along K";
      return std::nullopt;
    }
    covered |= image;
  }
  MmaV2Plan plan;
  plan.elementsPerWord = p;
  for (int32_t k = 0; k < stepK; ++k) {
    int32_t image = 0;
    for (size_t bit = 0; bit < kBitImage.size(); ++bit)
      if (k >> bit & 1)
        image |= kBitImage[bit];
    plan.kPermutation.push_back(image);
  }

  // Warps split the result in whole tiles, and the operands follow the result.
  Bases cWarps = basesOf(c, "warp");
  for (const Coordinates &basis : cWarps)
    if (basis[mDim] % kTileM != 0 || basis[nDim] % kTileN != 0) {
      why = "the result layout splits an mma.sync tile between warps";
      return std::nullopt;
    }
  if (!warpsAgree(cWarps, basesOf(a, "warp"), nDim) ||
      !warpsAgree(cWarps, basesOf(b, "warp"), mDim)) {
    why = "the operand layouts do not give each warp the rows and columns of its result tiles";
    return std::nullopt;
  }

  std::vector<Coordinates> cCoordinates = registerCoordinates(c);
  std::map<Coordinates, int32_t> cIndex = indexRegisters(cCoordinates);
  std::map<Coordinates, int32_t> aIndex = indexRegisters(registerCoordinates(a));
  std::map<Coordinates, int32_t> bIndex = indexRegisters(registerCoordinates(b));
  for (const Coordinates &coordinates : cCoordinates)
    plan.canonical.push_back(cIndex.at(coordinates));

  int32_t kSize = a.getOutDimSizes()[aK];
  if (kSize < stepK) {
    why = "K (" + std::to_string(kSize) + ") is smaller than one mma.sync step (" +
          std::to_string(stepK) + ")";
    return std::nullopt;
  }
  std::map<Coordinates, bool> tileSeen;
  std::vector<bool> written(cCoordinates.size(), false);
  for (size_t reg = 0; reg < cCoordinates.size(); ++reg) {
    if (plan.canonical[reg] != static_cast<int32_t>(reg))
      continue;
    Coordinates origin = cCoordinates[reg];
    origin[mDim] &= ~(kTileM - 1);
    origin[nDim] &= ~(kTileN - 1);
    if (!tileSeen.emplace(origin, true).second)
      continue;
    MmaV2Tile tile;
    for (int32_t slot = 0; slot < 4; ++slot) {
      Coordinates at = origin;
      at[mDim] += 8 * (slot >> 1);
      at[nDim] += slot & 1;
      auto found = cIndex.find(wrap(at, cSize));
      if (found == cIndex.end()) {
        why = "the result layout does not hold whole 16x8 mma.sync tiles";
        return std::nullopt;
      }
      tile.accumulator[slot] = found->second;
      written[found->second] = true;
    }
    for (int32_t kBase = 0; kBase < kSize; ++kBase) {
      if (kBase & covered)
        continue;
      MmaV2Step step;
      for (int32_t word = 0; word < 4; ++word)
        for (int32_t element = 0; element < p; ++element) {
          Coordinates at = origin;
          at[mDim] += 8 * (word & 1);
          at[aK] = kBase | plan.kPermutation[element + 4 * p * (word >> 1)];
          auto found = aIndex.find(wrap(at, aSize));
          if (found == aIndex.end()) {
            why = "the A operand layout lacks elements of a fragment";
            return std::nullopt;
          }
          step.a.push_back(found->second);
        }
      for (int32_t word = 0; word < 2; ++word)
        for (int32_t element = 0; element < p; ++element) {
          Coordinates at = origin;
          at[bK] = kBase | plan.kPermutation[element + 4 * p * word];
          auto found = bIndex.find(wrap(at, bSize));
          if (found == bIndex.end()) {
            why = "the B operand layout lacks elements of a fragment";
            return std::nullopt;
          }
          step.b.push_back(found->second);
        }
      tile.steps.push_back(std::move(step));
    }
    plan.tiles.push_back(std::move(tile));
  }
  // Every distinct result register is some tile's slot (a broadcast tile fills a register
  // from two slots, with equal values).
  for (size_t reg = 0; reg < cCoordinates.size(); ++reg)
    if (plan.canonical[reg] == static_cast<int32_t>(reg) && !written[reg]) {
      why = "the result layout's registers do not form whole 16x8 mma.sync tiles";
      return std::nullopt;
    }
  return plan;
}

} // namespace trex
