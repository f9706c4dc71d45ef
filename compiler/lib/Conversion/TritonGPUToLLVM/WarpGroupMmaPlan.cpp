// WarpGroupMmaPlan: wgmma descriptors and accumulator registers from a warp-group dot's layouts.
#include "trex/Conversion/TritonGPUToLLVM/WarpGroupMmaPlan.h"
#include "trex/Conversion/TritonGPUToLLVM/RegisterCoordinates.h"

#include <map>
#include <utility>

namespace trex {

namespace {

using Bases = LayoutBases;

constexpr int32_t kWarpGroupRows = 64;
constexpr int32_t kWarpRows = 16;
constexpr int kLaneBits = 5;
// Warps 0-3 of a group each hold 16 rows; higher warp-id bits pick the warp group.
constexpr int kWarpsInGroupBits = 2;

int32_t log2Exact(int64_t value) {
  int32_t bits = 0;
  while ((int64_t(1) << bits) < value)
    ++bits;
  return (int64_t(1) << bits) == value ? bits : -1;
}

// Element offset of every element of a 2-d shared buffer, indexed by row * columns + column;
// empty when the layout is not a bijection onto the tile.
struct SharedOffsets {
  int32_t rows = 0;
  int32_t columns = 0;
  std::vector<int64_t> offsetOf;

  bool build(const layoutviz::LinearLayout &layout, std::string &why) {
    if (layout.getNumOutDims() != 2) {
      why = "wgmma operands in shared memory must be 2-d";
      return false;
    }
    for (const Coordinates &basis : basesOf(layout, "block"))
      if (!isZero(basis)) {
        why = "warp-group dots over several CTAs are not supported";
        return false;
      }
    rows = layout.getOutDimSizes()[0];
    columns = layout.getOutDimSizes()[1];
    Bases offsets = basesOf(layout, "offset");
    int64_t count = int64_t(1) << offsets.size();
    if (count != int64_t(rows) * columns) {
      why = "the shared layout of a wgmma operand must store each element once";
      return false;
    }
    offsetOf.assign(static_cast<size_t>(count), -1);
    for (int64_t offset = 0; offset < count; ++offset) {
      int32_t row = 0, column = 0;
      for (size_t bit = 0; bit < offsets.size(); ++bit)
        if (offset >> bit & 1) {
          row ^= offsets[bit][0];
          column ^= offsets[bit][1];
        }
      int64_t &slot = offsetOf[static_cast<size_t>(row) * columns + column];
      if (slot != -1) {
        why = "the shared layout of a wgmma operand must store each element once";
        return false;
      }
      slot = offset;
    }
    return true;
  }

  int64_t at(int32_t row, int32_t column) const {
    return offsetOf[static_cast<size_t>(row) * columns + column];
  }
};

// The descriptor fields of one operand, from its attribute as Triton derives them. `kDim` is
// the operand's K dim (1 for A, 0 for B).
std::optional<WgmmaDescriptor> describeOperand(const WgmmaSharedOperand &operand,
                                               const SharedOffsets &offsets, int kDim,
                                               int32_t elementBytes, std::string &why) {
  WgmmaDescriptor descriptor;
  descriptor.swizzleBytes = operand.swizzleBytes;
  if (operand.swizzleBytes != 32 && operand.swizzleBytes != 64 && operand.swizzleBytes != 128) {
    why = "wgmma operands need a swizzled #ttg.nvmma_shared layout (32, 64 or 128 bytes), not " +
          std::to_string(operand.swizzleBytes);
    return std::nullopt;
  }
  int contiguousDim = operand.transposed ? 0 : 1;
  descriptor.mnMajor = contiguousDim != kDim;
  if (descriptor.mnMajor && elementBytes != 2) {
    why = "wgmma reads M- or N-contiguous operands of 16-bit types only";
    return std::nullopt;
  }
  int32_t contiguous = contiguousDim == 0 ? offsets.rows : offsets.columns;
  int32_t other = contiguousDim == 0 ? offsets.columns : offsets.rows;
  if (int64_t(contiguous) * elementBytes < operand.swizzleBytes) {
    why = "the contiguous dim of a wgmma operand (" + std::to_string(contiguous * elementBytes) +
          " bytes) is narrower than its swizzle (" + std::to_string(operand.swizzleBytes) + ")";
    return std::nullopt;
  }
  descriptor.strideByteOffset = 8 * int64_t(operand.swizzleBytes);
  // The leading dim's atoms: the swizzle-width chunks of the contiguous dim, each holding
  // every row of the other. A K-major instruction (32 bytes of K) never leaves its atom, so
  // the hardware ignores the field there; it is left 0, as in Triton's descriptors.
  descriptor.leadingByteOffset = descriptor.mnMajor ? int64_t(operand.swizzleBytes) * other : 0;
  return descriptor;
}

// Whether every element the instruction reads from `offsets` is where the descriptor takes
// it: rows [rowBase, rowBase + rowCount) along M (A) or N (B), K [kBase, kBase + kCount).
// `start` is the byte offset the descriptor starts at; `kIsDim1` says which tile dim is K.
bool descriptorReads(const WgmmaDescriptor &descriptor, const SharedOffsets &offsets, int64_t start,
                     int32_t rowBase, int32_t rowCount, int32_t kBase, int32_t kCount, bool kIsDim1,
                     int32_t elementBytes) {
  for (int32_t row = 0; row < rowCount; ++row)
    for (int32_t k = 0; k < kCount; ++k) {
      int32_t d0 = kIsDim1 ? rowBase + row : kBase + k;
      int32_t d1 = kIsDim1 ? kBase + k : rowBase + row;
      int64_t expected = offsets.at(d0, d1) * elementBytes;
      if (wgmmaElementAddress(descriptor, start, row, k, elementBytes) != expected)
        return false;
    }
  return true;
}

} // namespace

uint64_t WgmmaDescriptor::bitsWithoutAddress() const {
  uint64_t mode = swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2 : swizzleBytes == 32 ? 3 : 0;
  uint64_t leading = static_cast<uint64_t>(leadingByteOffset >> 4) & 0x3fff;
  uint64_t stride = static_cast<uint64_t>(strideByteOffset >> 4) & 0x3fff;
  return (leading << 16) | (stride << 32) | (mode << 62);
}

int64_t wgmmaElementAddress(const WgmmaDescriptor &descriptor, int64_t start, int32_t row,
                            int32_t k, int32_t elementBytes) {
  int64_t s = descriptor.swizzleBytes;
  int64_t address;
  if (descriptor.mnMajor) {
    int64_t rowBytes = int64_t(row) * elementBytes;
    address = start + (rowBytes / s) * descriptor.leadingByteOffset +
              (k / 8) * descriptor.strideByteOffset + (k % 8) * s + rowBytes % s;
  } else {
    int64_t kBytes = int64_t(k) * elementBytes;
    address = start + (row / 8) * descriptor.strideByteOffset + (row % 8) * s +
              (kBytes / s) * descriptor.leadingByteOffset + kBytes % s;
  }
  int64_t phaseMask = s / 16 - 1;
  return address ^ (((address >> 7) & phaseMask) << 4);
}

std::optional<WarpGroupMmaPlan>
planWarpGroupMma(const layoutviz::LinearLayout &c, const std::optional<WgmmaSharedOperand> &aShared,
                 const layoutviz::LinearLayout *aRegisters, const WgmmaSharedOperand &bShared,
                 int32_t instrN, int32_t instrK, int32_t elementBytes, std::string &why) {
  if (c.getNumOutDims() != 2) {
    why = "warp-group dots are 2-d";
    return std::nullopt;
  }
  if (instrN < 8 || instrN > 256 || instrN % 8 != 0 || instrK * elementBytes != 32) {
    why = "no wgmma instruction has N = " + std::to_string(instrN) +
          " and K = " + std::to_string(instrK) + " for " + std::to_string(elementBytes) +
          "-byte operands";
    return std::nullopt;
  }
  if (!aShared && !aRegisters) {
    why = "the A operand has neither a shared nor a register layout";
    return std::nullopt;
  }
  for (const Coordinates &basis : basesOf(c, "block"))
    if (!isZero(basis)) {
      why = "warp-group dots over several CTAs are not supported";
      return std::nullopt;
    }

  // Lanes: t moves columns by 2 and 4, g rows by 1, 2 and 4.
  const Coordinates laneImage[kLaneBits] = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  Bases cLanes = basesOf(c, "lane");
  if (cLanes.size() != kLaneBits) {
    why = "wgmma needs 32 lanes per warp";
    return std::nullopt;
  }
  for (int bit = 0; bit < kLaneBits; ++bit)
    if (cLanes[bit] != laneImage[bit]) {
      why = "the result layout does not place lanes as wgmma's accumulator";
      return std::nullopt;
    }
  // Warps: the four of a group stack 16-row slices; the rest move whole 64 x N tiles.
  Bases cWarps = basesOf(c, "warp");
  if (cWarps.size() < kWarpsInGroupBits || cWarps[0] != Coordinates{kWarpRows, 0} ||
      cWarps[1] != Coordinates{2 * kWarpRows, 0}) {
    why = "the result layout does not give the four warps of a group 16 rows each";
    return std::nullopt;
  }
  std::vector<Coordinates> groupMoves(cWarps.begin() + kWarpsInGroupBits, cWarps.end());
  for (const Coordinates &move : groupMoves)
    if (move[0] % kWarpGroupRows != 0 || move[1] % instrN != 0) {
      why = "the result layout splits a wgmma tile between warp groups";
      return std::nullopt;
    }

  WarpGroupMmaPlan plan;
  plan.instrN = instrN;
  plan.instrK = instrK;
  plan.elementsPerWord = 4 / elementBytes;

  // Shared operands: their element offsets and descriptors.
  SharedOffsets aOffsets, bOffsets;
  if (!bOffsets.build(bShared.layout, why))
    return std::nullopt;
  std::optional<WgmmaDescriptor> bDescriptor =
      describeOperand(bShared, bOffsets, /*kDim=*/0, elementBytes, why);
  if (!bDescriptor)
    return std::nullopt;
  plan.b = *bDescriptor;
  int32_t kSize = bOffsets.rows;
  if (kSize % instrK != 0) {
    why = "K (" + std::to_string(kSize) + ") is not a multiple of the wgmma K (" +
          std::to_string(instrK) + ")";
    return std::nullopt;
  }
  if (aShared) {
    if (!aOffsets.build(aShared->layout, why))
      return std::nullopt;
    std::optional<WgmmaDescriptor> aDescriptor =
        describeOperand(*aShared, aOffsets, /*kDim=*/1, elementBytes, why);
    if (!aDescriptor)
      return std::nullopt;
    plan.a = *aDescriptor;
    if (aOffsets.columns != kSize) {
      why = "the operands of the warp-group dot disagree on K";
      return std::nullopt;
    }
  } else {
    plan.aInRegisters = true;
  }

  // Accumulator tiles, from the registers of lane 0 in warp 0.
  std::vector<Coordinates> cCoordinates = registerCoordinates(c);
  std::map<Coordinates, int32_t> cIndex = indexRegisters(cCoordinates);
  for (const Coordinates &coordinates : cCoordinates)
    plan.canonical.push_back(cIndex.at(coordinates));
  std::map<std::pair<int32_t, int32_t>, bool> origins;
  size_t canonicalCount = 0;
  for (size_t reg = 0; reg < cCoordinates.size(); ++reg) {
    if (plan.canonical[reg] != static_cast<int32_t>(reg))
      continue;
    ++canonicalCount;
    origins[{cCoordinates[reg][0] & ~(kWarpGroupRows - 1), cCoordinates[reg][1] & ~(instrN - 1)}] =
        true;
  }
  if (canonicalCount != origins.size() * static_cast<size_t>(instrN / 2)) {
    why = "the result layout's registers do not form whole m64n" + std::to_string(instrN) +
          " wgmma tiles";
    return std::nullopt;
  }

  std::vector<Coordinates> aCoordinates;
  std::map<Coordinates, int32_t> aIndex;
  if (plan.aInRegisters) {
    // The A fragment: t moves K by p and 2p, g rows by 1, 2, 4; warps as the result's.
    int32_t p = plan.elementsPerWord;
    const Coordinates aLaneImage[kLaneBits] = {{0, p}, {0, 2 * p}, {1, 0}, {2, 0}, {4, 0}};
    Bases aLanes = basesOf(*aRegisters, "lane");
    Bases aWarps = basesOf(*aRegisters, "warp");
    if (aLanes.size() != kLaneBits || aWarps.size() != cWarps.size()) {
      why = "the A operand layout does not have wgmma's lanes and warps";
      return std::nullopt;
    }
    for (int bit = 0; bit < kLaneBits; ++bit)
      if (aLanes[bit] != aLaneImage[bit]) {
        why = "the A operand layout does not place lanes as wgmma's A fragment";
        return std::nullopt;
      }
    for (size_t bit = 0; bit < cWarps.size(); ++bit)
      if (aWarps[bit] != Coordinates{cWarps[bit][0], 0}) {
        why = "the A operand layout does not give each warp the rows of its result";
        return std::nullopt;
      }
    if (aRegisters->getOutDimSizes()[1] != kSize) {
      why = "the operands of the warp-group dot disagree on K";
      return std::nullopt;
    }
    aCoordinates = registerCoordinates(*aRegisters);
    aIndex = indexRegisters(aCoordinates);
  }

  int32_t kSteps = kSize / instrK;
  for (const auto &[origin, unused] : origins) {
    (void)unused;
    auto [rowBase, columnBase] = origin;
    WgmmaTile tile;
    for (int32_t i = 0; i < instrN / 2; ++i) {
      Coordinates at{rowBase + 8 * ((i >> 1) & 1), columnBase + 8 * (i >> 2) + (i & 1)};
      auto found = cIndex.find(at);
      if (found == cIndex.end()) {
        why = "the result layout does not hold whole wgmma accumulator tiles";
        return std::nullopt;
      }
      tile.accumulator.push_back(found->second);
    }
    for (int32_t step = 0; step < kSteps; ++step) {
      int32_t kBase = step * instrK;
      if (!plan.aInRegisters)
        tile.aByteOffset.push_back(aOffsets.at(rowBase, kBase) * elementBytes);
      tile.bByteOffset.push_back(bOffsets.at(kBase, columnBase) * elementBytes);
      if (plan.aInRegisters) {
        int32_t p = plan.elementsPerWord;
        std::vector<int32_t> registers;
        for (int32_t word = 0; word < 4; ++word)
          for (int32_t element = 0; element < p; ++element) {
            Coordinates at{rowBase + 8 * (word & 1), kBase + element + 4 * p * (word >> 1)};
            auto found = aIndex.find(at);
            if (found == aIndex.end()) {
              why = "the A operand layout lacks elements of a wgmma fragment";
              return std::nullopt;
            }
            registers.push_back(found->second);
          }
        tile.aRegisters.push_back(std::move(registers));
      }
    }
    plan.tiles.push_back(std::move(tile));
  }

  // Warp-group offsets, then the check: for every warp group, instruction and element, the
  // descriptor reads what the buffer's layout stores there.
  for (const Coordinates &move : groupMoves) {
    plan.aWarpGroupOffset.push_back(plan.aInRegisters ? 0 : aOffsets.at(move[0], 0) * elementBytes);
    plan.bWarpGroupOffset.push_back(bOffsets.at(0, move[1]) * elementBytes);
  }
  for (int64_t group = 0; group < (int64_t(1) << groupMoves.size()); ++group) {
    int32_t rowMove = 0, columnMove = 0;
    int64_t aMove = 0, bMove = 0;
    for (size_t bit = 0; bit < groupMoves.size(); ++bit)
      if (group >> bit & 1) {
        rowMove ^= groupMoves[bit][0];
        columnMove ^= groupMoves[bit][1];
        aMove += plan.aWarpGroupOffset[bit];
        bMove += plan.bWarpGroupOffset[bit];
      }
    for (const auto &[origin, unused] : origins) {
      (void)unused;
      int32_t rowBase = origin.first ^ rowMove, columnBase = origin.second ^ columnMove;
      const WgmmaTile &tile = plan.tiles[std::distance(origins.begin(), origins.find(origin))];
      for (int32_t step = 0; step < kSteps; ++step) {
        if (!plan.aInRegisters && !descriptorReads(plan.a, aOffsets, tile.aByteOffset[step] + aMove,
                                                   rowBase, kWarpGroupRows, step * instrK, instrK,
                                                   /*kIsDim1=*/true, elementBytes)) {
          why = "the A buffer's layout is not one a wgmma descriptor can read";
          return std::nullopt;
        }
        if (!descriptorReads(plan.b, bOffsets, tile.bByteOffset[step] + bMove, columnBase, instrN,
                             step * instrK, instrK, /*kIsDim1=*/false, elementBytes)) {
          why = "the B buffer's layout is not one a wgmma descriptor can read";
          return std::nullopt;
        }
      }
    }
  }
  return plan;
}

} // namespace trex
