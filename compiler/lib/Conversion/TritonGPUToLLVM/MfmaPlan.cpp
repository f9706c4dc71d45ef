// MfmaPlan: the MFMA fragments of a tt.dot, looked up in its operand and result layouts.
#include "trex/Conversion/TritonGPUToLLVM/MfmaPlan.h"
#include "trex/Conversion/TritonGPUToLLVM/RegisterCoordinates.h"

#include <map>

namespace trex {

namespace {

using Bases = LayoutBases;

constexpr int kWaveSize = 64;
constexpr int kLaneBits = 6;
// The accumulator's rows come in runs of 4 per lane (one 128-bit group of values).
constexpr int32_t kRowRun = 4;

bool isPowerOfTwo(int32_t value) { return value > 0 && (value & (value - 1)) == 0; }

int log2Of(int32_t value) {
  int bits = 0;
  while ((1 << bits) < value)
    ++bits;
  return bits;
}

Coordinates along(size_t rank, size_t dim, int32_t value) {
  Coordinates coordinates(rank, 0);
  coordinates[dim] = value;
  return coordinates;
}

} // namespace

std::optional<MfmaPlan> planMfma(const layoutviz::LinearLayout &a, const layoutviz::LinearLayout &b,
                                 const layoutviz::LinearLayout &c, int32_t nonKDim, int32_t kBase,
                                 bool transposed, std::string &why) {
  size_t rank = static_cast<size_t>(c.getNumOutDims());
  if (rank < 2 || a.getNumOutDims() != c.getNumOutDims() ||
      b.getNumOutDims() != c.getNumOutDims()) {
    why = "the operands and the result of the dot need the same rank, at least 2";
    return std::nullopt;
  }
  if (nonKDim != 16 && nonKDim != 32) {
    why = "trex lowers MFMA instructions of 32x32 and 16x16 tiles, not " + std::to_string(nonKDim) +
          "x" + std::to_string(nonKDim);
    return std::nullopt;
  }
  if (!isPowerOfTwo(kBase) || kBase > 16) {
    why = "an MFMA takes 1 to 16 (a power of two) operand elements per lane";
    return std::nullopt;
  }
  // Dims: C is [..., M, N], A [..., M, K], B [..., K, N].
  size_t mDim = rank - 2, nDim = rank - 1, aK = rank - 1, bK = rank - 2;
  // The accumulator's dims as the hardware sees them: rows run along registers, columns
  // along the first lanes; transposed, the tt.dot's N is the hardware's row.
  size_t rowDim = transposed ? nDim : mDim, columnDim = transposed ? mDim : nDim;
  const int tileBits = log2Of(nonKDim);
  const int32_t laneGroups = kWaveSize / nonKDim;
  const int32_t fragmentK = kBase * laneGroups;

  for (const layoutviz::LinearLayout *layout : {&a, &b, &c})
    for (const Coordinates &basis : basesOf(*layout, "block"))
      if (!isZero(basis)) {
        why = "dots spread over several CTAs are not supported";
        return std::nullopt;
      }

  // Lanes: the first tileBits move A's M, B's N and the accumulator's column by 1, 2, 4...;
  // the lane group moves the operands' K (as the layouts place it, alike in A and B) and the
  // accumulator's row by 4, 8 (16x16: and 8 ... as the 4 lane groups).
  Bases aLanes = basesOf(a, "lane"), bLanes = basesOf(b, "lane"), cLanes = basesOf(c, "lane");
  if (aLanes.size() != kLaneBits || bLanes.size() != kLaneBits || cLanes.size() != kLaneBits) {
    why = "MFMA needs 64 lanes per wavefront";
    return std::nullopt;
  }
  std::vector<int32_t> laneK;
  for (int bit = 0; bit < kLaneBits; ++bit) {
    bool inTile = bit < tileBits;
    Coordinates expectedC = inTile ? along(rank, columnDim, 1 << bit)
                                   : along(rank, rowDim, kRowRun << (bit - tileBits));
    if (cLanes[bit] != expectedC) {
      why = std::string("the result layout does not place lanes as the ") +
            (transposed ? "transposed " : "") + std::to_string(nonKDim) + "x" +
            std::to_string(nonKDim) + " MFMA accumulator";
      return std::nullopt;
    }
    Coordinates expectedA, expectedB;
    if (inTile) {
      expectedA = along(rank, mDim, 1 << bit);
      expectedB = along(rank, nDim, 1 << bit);
    } else {
      laneK.push_back(aLanes[bit][aK]);
      expectedA = along(rank, aK, laneK.back());
      expectedB = along(rank, bK, laneK.back());
    }
    if (aLanes[bit] != expectedA || bLanes[bit] != expectedB) {
      why = "the operand layouts do not place lanes as the " + std::to_string(nonKDim) + "x" +
            std::to_string(nonKDim) + " MFMA's operands (alike along K)";
      return std::nullopt;
    }
  }

  // K: the fragment's K bits (elements, then lane group) and the step bits go to the
  // layouts' K bits: A's first register bases along K alone, the lane group's bases, A's
  // further register bases along K alone.
  std::vector<int32_t> registerK;
  for (const Coordinates &basis : basesOf(a, "register")) {
    Coordinates otherThanK = basis;
    otherThanK[aK] = 0;
    if (basis[aK] != 0 && isZero(otherThanK))
      registerK.push_back(basis[aK]);
  }
  const int elementBits = log2Of(kBase);
  if (static_cast<int>(registerK.size()) < elementBits) {
    why = "the A operand holds fewer K elements per lane (" +
          std::to_string(1 << registerK.size()) + ") than one MFMA takes (" +
          std::to_string(kBase) + ")";
    return std::nullopt;
  }
  std::vector<int32_t> fragmentImage(registerK.begin(), registerK.begin() + elementBits);
  fragmentImage.insert(fragmentImage.end(), laneK.begin(), laneK.end());
  std::vector<int32_t> stepImage(registerK.begin() + elementBits, registerK.end());
  int32_t kSize = a.getOutDimSizes()[aK];
  if (b.getOutDimSizes()[bK] != kSize) {
    why = "A and B differ in K";
    return std::nullopt;
  }
  int32_t covered = 0;
  for (const std::vector<int32_t> *images : {&fragmentImage, &stepImage})
    for (int32_t image : *images) {
      if (!isPowerOfTwo(image) || image >= kSize || (covered & image)) {
        why = "the operand layouts do not place K in whole MFMA fragments";
        return std::nullopt;
      }
      covered |= image;
    }
  if (covered != kSize - 1) {
    why = "K (" + std::to_string(kSize) +
          ") is not held whole by each lane group's registers "
          "(an MFMA step reads " +
          std::to_string(fragmentK) + ")";
    return std::nullopt;
  }

  MfmaPlan plan;
  plan.nonKDim = nonKDim;
  plan.kBase = kBase;
  plan.transposed = transposed;
  plan.valuesPerLane = nonKDim * nonKDim / kWaveSize;
  auto imageOf = [](const std::vector<int32_t> &images, int32_t index) {
    int32_t image = 0;
    for (size_t bit = 0; bit < images.size(); ++bit)
      if (index >> bit & 1)
        image |= images[bit];
    return image;
  };
  for (int32_t step = 0; step < (1 << stepImage.size()); ++step) {
    std::vector<int32_t> positions;
    for (int32_t position = 0; position < fragmentK; ++position)
      positions.push_back(imageOf(stepImage, step) | imageOf(fragmentImage, position));
    plan.stepK.push_back(std::move(positions));
  }

  // Warps split the result in whole tiles, and the operands follow the result.
  Bases cWarps = basesOf(c, "warp");
  for (const Coordinates &basis : cWarps)
    if (basis[mDim] % nonKDim != 0 || basis[nDim] % nonKDim != 0) {
      why = "the result layout splits an MFMA tile between warps";
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

  std::map<Coordinates, bool> tileSeen;
  size_t canonicalCount = 0;
  for (size_t reg = 0; reg < cCoordinates.size(); ++reg) {
    if (plan.canonical[reg] != static_cast<int32_t>(reg))
      continue;
    ++canonicalCount;
    Coordinates origin = cCoordinates[reg];
    origin[mDim] &= ~(nonKDim - 1);
    origin[nDim] &= ~(nonKDim - 1);
    if (!tileSeen.emplace(origin, true).second)
      continue;
    MfmaTile tile;
    // Lane 0 (lane group 0, column 0) holds rows v % 4 + (4 * laneGroups) * (v / 4).
    for (int32_t value = 0; value < plan.valuesPerLane; ++value) {
      Coordinates at = origin;
      at[rowDim] += value % kRowRun + kRowRun * laneGroups * (value / kRowRun);
      auto found = cIndex.find(at);
      if (found == cIndex.end()) {
        why = "the result layout does not hold whole " + std::to_string(nonKDim) + "x" +
              std::to_string(nonKDim) + " MFMA tiles";
        return std::nullopt;
      }
      tile.accumulator.push_back(found->second);
    }
    // Lane 0 supplies fragment K positions 0 .. kBase-1 of each step.
    for (const std::vector<int32_t> &positions : plan.stepK) {
      MfmaStep step;
      for (int32_t element = 0; element < kBase; ++element) {
        Coordinates aAt = origin, bAt = origin;
        aAt[aK] = positions[element];
        bAt[bK] = positions[element];
        auto foundA = aIndex.find(aAt);
        auto foundB = bIndex.find(bAt);
        if (foundA == aIndex.end() || foundB == bIndex.end()) {
          why = std::string("the ") + (foundA == aIndex.end() ? "A" : "B") +
                " operand layout lacks elements of an MFMA fragment";
          return std::nullopt;
        }
        step.a.push_back(foundA->second);
        step.b.push_back(foundB->second);
      }
      tile.steps.push_back(std::move(step));
    }
    plan.tiles.push_back(std::move(tile));
  }
  if (canonicalCount != static_cast<size_t>(plan.valuesPerLane) * plan.tiles.size()) {
    why = "the result layout's registers do not form whole " + std::to_string(nonKDim) + "x" +
          std::to_string(nonKDim) + " MFMA tiles";
    return std::nullopt;
  }
  return plan;
}

} // namespace trex
