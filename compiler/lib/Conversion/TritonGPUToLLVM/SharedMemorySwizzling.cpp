// SharedMemorySwizzling: choosing the shared-memory layout of a layout conversion's exchange.
//
// The choice follows Triton 3.6's generic swizzling step by step (the scratch size it
// implies has to match): vectorize over the register bases both layouts share, fill the
// first bank row, place the rows so that the lanes of one access hit different banks, and
// split off register bases both layouts share as repeated rounds. On NVIDIA the plan also
// considers ldmatrix/stmatrix tiles and keeps the one with the fewest conflicts.
#include "trex/Conversion/TritonGPUToLLVM/SharedMemorySwizzling.h"

#include <algorithm>
#include <cassert>
#include <set>

namespace trex {

//===----------------------------------------------------------------------===//
// Flat layouts
//===----------------------------------------------------------------------===//

FlatLayout FlatLayout::from(const layoutviz::LinearLayout &layout) {
  FlatLayout flat;
  std::vector<int32_t> sizes = layout.getOutDimSizes();
  std::vector<int32_t> shifts;
  for (int32_t size : sizes) {
    shifts.push_back(flat.elementBits);
    int32_t bits = 0;
    while ((1 << bits) < size)
      ++bits;
    flat.elementBits += bits;
  }
  auto flatten = [&](const char *inDim, std::vector<int32_t> &out) {
    if (!layout.hasInDim(inDim))
      return;
    for (const layoutviz::LinearLayout::Basis &basis : layout.getInDimBases(inDim)) {
      int32_t value = 0;
      for (size_t dim = 0; dim < basis.size(); ++dim)
        value |= basis[dim] << shifts[dim];
      out.push_back(value);
    }
  };
  flatten("register", flat.registers);
  flatten("lane", flat.lanes);
  flatten("warp", flat.warps);
  flatten("block", flat.blocks);
  return flat;
}

FlatLayout FlatLayout::withoutBroadcastRegisters() const {
  FlatLayout result = *this;
  result.registers.clear();
  for (int32_t basis : registers)
    if (basis != 0)
      result.registers.push_back(basis);
  return result;
}

int32_t FlatLayout::element(int32_t reg, int32_t lane, int32_t warp) const {
  int32_t value = 0;
  for (size_t bit = 0; bit < registers.size(); ++bit)
    if (reg >> bit & 1)
      value ^= registers[bit];
  for (size_t bit = 0; bit < lanes.size(); ++bit)
    if (lane >> bit & 1)
      value ^= lanes[bit];
  for (size_t bit = 0; bit < warps.size(); ++bit)
    if (warp >> bit & 1)
      value ^= warps[bit];
  return value;
}

std::vector<int32_t> SwizzledExchange::bases() const {
  std::vector<int32_t> all = vector;
  all.insert(all.end(), bank.begin(), bank.end());
  all.insert(all.end(), segment.begin(), segment.end());
  all.insert(all.end(), rounds.begin(), rounds.end());
  return all;
}

namespace {

using Bases = std::vector<int32_t>;

bool contains(const Bases &bases, int32_t value) {
  return std::find(bases.begin(), bases.end(), value) != bases.end();
}

int32_t log2Floor(int64_t value) {
  int32_t bits = -1;
  while (value > 0) {
    value >>= 1;
    ++bits;
  }
  return bits;
}

int32_t lowestBit(uint64_t value) {
  int32_t bit = 0;
  while (!(value >> bit & 1))
    ++bit;
  return bit;
}

//===----------------------------------------------------------------------===//
// GF(2) linear algebra on bit-mask vectors (bit c = column c)
//===----------------------------------------------------------------------===//

// The nonzero rows of the reduced row echelon form, columns eliminated from bit 0 up; each
// row's lowest set bit is its pivot. The form is unique, so so is everything derived from it.
std::vector<uint64_t> reducedRowEchelon(const Bases &vectors, int32_t columns) {
  std::vector<uint64_t> rows(vectors.begin(), vectors.end());
  for (uint64_t &row : rows)
    row = static_cast<uint32_t>(row);
  size_t next = 0;
  for (int32_t column = 0; column < columns && next < rows.size(); ++column) {
    size_t found = next;
    while (found < rows.size() && !(rows[found] >> column & 1))
      ++found;
    if (found == rows.size())
      continue;
    std::swap(rows[next], rows[found]);
    for (size_t r = 0; r < rows.size(); ++r)
      if (r != next && (rows[r] >> column & 1))
        rows[r] ^= rows[next];
    ++next;
  }
  rows.resize(next);
  return rows;
}

// A basis of {x : v . x = 0 for every v in `vectors`}, one vector per free column.
Bases nullspaceBasis(const Bases &vectors, int32_t dim) {
  std::vector<uint64_t> rows = reducedRowEchelon(vectors, dim);
  std::set<int32_t> pivots;
  for (uint64_t row : rows)
    pivots.insert(lowestBit(row));
  Bases basis;
  for (int32_t free = 0; free < dim; ++free) {
    if (pivots.count(free))
      continue;
    uint64_t vec = uint64_t(1) << free;
    for (uint64_t row : rows)
      if (row >> free & 1)
        vec ^= uint64_t(1) << lowestBit(row);
    basis.push_back(static_cast<int32_t>(vec));
  }
  return basis;
}

// Unit vectors that complete `basis` to the whole space.
Bases complementBasis(const Bases &basis, int32_t dim) {
  std::set<int32_t> pivots;
  for (uint64_t row : reducedRowEchelon(basis, dim))
    pivots.insert(lowestBit(row));
  Bases complement;
  for (int32_t bit = 0; bit < dim; ++bit)
    if (!pivots.count(bit))
      complement.push_back(1 << bit);
  return complement;
}

bool allPowersOfTwo(const Bases &bases) {
  return std::all_of(bases.begin(), bases.end(),
                     [](int32_t v) { return v > 0 && (v & (v - 1)) == 0; });
}

// A basis of span(a) n span(b). For unit vectors, the members of `a` also in `b`, in a's order.
Bases intersectionBasis(const Bases &a, const Bases &b, int32_t dim) {
  if (allPowersOfTwo(a) && allPowersOfTwo(b)) {
    Bases result;
    for (int32_t v : a)
      if (contains(b, v))
        result.push_back(v);
    return result;
  }
  Bases joint = nullspaceBasis(a, dim);
  Bases nullB = nullspaceBasis(b, dim);
  joint.insert(joint.end(), nullB.begin(), nullB.end());
  return nullspaceBasis(joint, dim);
}

//===----------------------------------------------------------------------===//
// The layout for given vector and access tiles
//===----------------------------------------------------------------------===//

// The segment (row) bases: unit vectors neither access touches first; then, pairing what only
// the source touches with what only the destination touches, their XOR (conflict-free for
// both); conflicts are accepted only when the rows run out.
Bases computeSegment(const Bases &bankSource, const Bases &bankDestination, int32_t dim,
                     int32_t length) {
  std::set<int32_t> source(bankSource.begin(), bankSource.end());
  std::set<int32_t> destination(bankDestination.begin(), bankDestination.end());
  source.erase(0);
  destination.erase(0);
  Bases segment;
  for (int32_t bit = 0; bit < dim; ++bit)
    if (!source.count(1 << bit) && !destination.count(1 << bit))
      segment.push_back(1 << bit);
  if (static_cast<int32_t>(segment.size()) >= length) {
    segment.resize(length);
    return segment;
  }
  Bases onlySource, onlyDestination;
  for (int32_t v : source)
    if (!destination.count(v))
      onlySource.push_back(v);
  for (int32_t v : destination)
    if (!source.count(v))
      onlyDestination.push_back(v);
  if (onlySource.size() > onlyDestination.size())
    std::swap(onlySource, onlyDestination);
  std::sort(onlySource.begin(), onlySource.end());
  std::sort(onlyDestination.begin(), onlyDestination.end());
  int32_t smaller = static_cast<int32_t>(onlySource.size());
  int32_t conflicts = std::min(
      std::max(0, length - smaller - static_cast<int32_t>(segment.size())), smaller);
  for (int32_t i = conflicts; i < smaller; ++i)
    segment.push_back(onlySource[i] ^ onlyDestination[i]);
  segment.insert(segment.end(), onlySource.begin(), onlySource.begin() + conflicts);
  segment.insert(segment.end(), onlyDestination.begin(), onlyDestination.begin() + conflicts);
  if (static_cast<int32_t>(segment.size()) > length)
    segment.resize(length);
  return segment;
}

// Builds the exchange for vector bases `vbasis` and the lane tiles of one source and one
// destination access, then moves segment bases that are registers in both layouts to rounds
// (keeping the first `keepInSegment` for ldmatrix/stmatrix's .x4 vectorization).
SwizzledExchange buildExchange(const FlatLayout &source, const FlatLayout &destination,
                               int32_t bitwidth, const Bases &vbasis, const Bases &tileSource,
                               const Bases &tileDestination, int32_t keepInSegment) {
  int32_t dim = source.elementBits;
  Bases bankSource = vbasis, bankDestination = vbasis;
  bankSource.insert(bankSource.end(), tileSource.begin(), tileSource.end());
  bankDestination.insert(bankDestination.end(), tileDestination.begin(), tileDestination.end());

  // One row of shared memory is 32 banks of 32 bits.
  constexpr int64_t kRowBits = 32 * 32;
  int32_t vectorBits = static_cast<int32_t>(vbasis.size());
  int32_t bankLength = std::min<int32_t>(
      log2Floor(kRowBits / ((int64_t(1) << vectorBits) * bitwidth)), dim - vectorBits);
  int32_t segmentLength = dim - bankLength - vectorBits;
  Bases segment = computeSegment(bankSource, bankDestination, dim, segmentLength);
  Bases spanned = vbasis;
  spanned.insert(spanned.end(), segment.begin(), segment.end());

  SwizzledExchange exchange;
  exchange.vector = vbasis;
  exchange.bank = complementBasis(spanned, dim);
  std::set<int32_t> seen;
  for (int32_t s : segment) {
    if (!seen.insert(s).second)
      continue;
    if (contains(source.registers, s) && contains(destination.registers, s)) {
      if (keepInSegment > 0) {
        --keepInSegment;
        exchange.segment.push_back(s);
      } else {
        exchange.rounds.push_back(s);
      }
    } else {
      exchange.segment.push_back(s);
    }
  }
  return exchange;
}

// (read, write) conflicts: accesses of one tile that land in the same bank, counted as
// 2^(dimension of the tile's overlap with the segment) - 1.
std::pair<int32_t, int32_t> bankConflicts(const Bases &tileSource, const Bases &tileDestination,
                                          const SwizzledExchange &exchange, int32_t dim) {
  int32_t write = 1 << intersectionBasis(exchange.segment, tileSource, dim).size();
  int32_t read = 1 << intersectionBasis(exchange.segment, tileDestination, dim).size();
  return {read - 1, write - 1};
}

//===----------------------------------------------------------------------===//
// ld/st.shared only
//===----------------------------------------------------------------------===//

// The vector bases: registers both layouts share (up to 128 bits), filled up to one 32-bit
// bank word with the leading registers of one side, plus registers of that side that are
// lanes of the other (vectorizing one side without costing the other conflicts).
Bases vectorBasis(const FlatLayout &source, const FlatLayout &destination, int32_t bitwidth) {
  Bases regSource = source.registers, regDestination = destination.registers;
  int32_t dim = source.elementBits;
  Bases vbasis = intersectionBasis(regSource, regDestination, dim);
  size_t maxVectorBases = log2Floor(128 / bitwidth);
  if (vbasis.size() > maxVectorBases)
    vbasis.resize(maxVectorBases);
  int32_t basesPerBank = bitwidth > 32 ? 0 : log2Floor(32 / bitwidth);

  auto registersInOtherLanes = [bitwidth](const Bases &regs, const Bases &taken,
                                          const Bases &otherLanes) {
    Bases extra;
    size_t maxExtra = log2Floor(128 / std::max(bitwidth, 32));
    for (int32_t r : regs) {
      if (contains(taken, r))
        continue;
      if (contains(otherLanes, r))
        extra.push_back(r);
      if (extra.size() == maxExtra)
        break;
    }
    return extra;
  };

  bool vectorizeSource = true;
  if ((int64_t(1) << vbasis.size()) * bitwidth < 32) {
    auto isPrefix = [](const Bases &prefix, const Bases &regs) {
      return prefix.size() <= regs.size() && std::equal(prefix.begin(), prefix.end(), regs.begin());
    };
    bool sourcePrefix = isPrefix(vbasis, regSource);
    bool destinationPrefix = isPrefix(vbasis, regDestination);
    auto prefixFirst = [&vbasis](const Bases &regs) {
      Bases reordered = vbasis;
      for (int32_t r : regs)
        if (!contains(vbasis, r))
          reordered.push_back(r);
      return reordered;
    };
    if (!vbasis.empty() && !sourcePrefix && !destinationPrefix) {
      regSource = prefixFirst(regSource);
      regDestination = prefixFirst(regDestination);
      sourcePrefix = destinationPrefix = true;
    }
    auto fillBank = [basesPerBank](const Bases &regs, const Bases &start) {
      Bases filled = start;
      for (size_t i = start.size(); static_cast<int32_t>(i) < basesPerBank && i < regs.size(); ++i)
        filled.push_back(regs[i]);
      return filled;
    };
    if (sourcePrefix && destinationPrefix) {
      Bases extraSource = registersInOtherLanes(regSource, fillBank(regSource, vbasis),
                                                destination.lanes);
      Bases extraDestination = registersInOtherLanes(regDestination,
                                                     fillBank(regDestination, vbasis), source.lanes);
      // Triton compares the candidate lists lexicographically.
      sourcePrefix = extraSource >= extraDestination;
      destinationPrefix = extraDestination > extraSource;
    }
    vectorizeSource = sourcePrefix;
    vbasis = fillBank(vectorizeSource ? regSource : regDestination, vbasis);
  }
  Bases extra = vectorizeSource ? registersInOtherLanes(regSource, vbasis, destination.lanes)
                                : registersInOtherLanes(regDestination, vbasis, source.lanes);
  vbasis.insert(vbasis.end(), extra.begin(), extra.end());
  return vbasis;
}

SwizzledExchange swizzleForLoadStore(const FlatLayout &source, const FlatLayout &destination,
                                     int32_t bitwidth) {
  Bases vbasis = vectorBasis(source, destination, bitwidth);
  // The lanes of one access: all of them, less the top ones when an access moves 64 or 128
  // bits (then a wavefront covers fewer lanes), less those already in the vector.
  auto accessTile = [&](const Bases &regs, const Bases &lanes) {
    size_t common = 0;
    while (common < vbasis.size() && common < regs.size() && regs[common] == vbasis[common])
      ++common;
    Bases tile = lanes;
    int64_t accessBits = (int64_t(1) << common) * bitwidth;
    if (accessBits > 32) {
      size_t drop = log2Floor(accessBits / 32);
      tile.resize(tile.size() > drop ? tile.size() - drop : 0);
    }
    Bases result;
    for (int32_t lane : tile)
      if (!contains(vbasis, lane))
        result.push_back(lane);
    return result;
  };
  Bases tileSource = accessTile(source.registers, source.lanes);
  Bases tileDestination = accessTile(destination.registers, destination.lanes);
  return buildExchange(source, destination, bitwidth, vbasis, tileSource, tileDestination, 0);
}

//===----------------------------------------------------------------------===//
// Instruction tiles (NVIDIA)
//===----------------------------------------------------------------------===//

// Lanes whose elements are contiguous in one 128-bit access, and lanes that address one
// wavefront; missing entries are registers.
struct AccessTile {
  Bases laneContiguous;
  Bases laneAddress;
  SharedAccessInstruction instruction = SharedAccessInstruction::LoadStore;
};

// The contiguous part of a pair of tiles: registers both layouts share, then the contiguous
// lanes of the side with fewer registers, provided they are registers (first ones) or the
// matching contiguous lanes of the other side.
std::optional<Bases> contiguousTile(const FlatLayout &a, const FlatLayout &b, int32_t regA,
                                    int32_t regB, const Bases &laneIdsA, const Bases &laneIdsB) {
  if (regA < regB)
    return contiguousTile(b, a, regB, regA, laneIdsB, laneIdsA);
  std::optional<std::vector<uint64_t>> correspondence = hardwareCorrespondence(b, a);
  if (!correspondence)
    return std::nullopt;
  Bases vbasis = intersectionBasis(a.registers, b.registers, a.elementBits);
  if (static_cast<int32_t>(vbasis.size()) < regB)
    return std::nullopt;
  vbasis.resize(regB);
  Bases laneTileA, laneTileB;
  for (int32_t id : laneIdsA)
    laneTileA.push_back(a.lanes[id]);
  for (int32_t id : laneIdsB)
    laneTileB.push_back(b.lanes[id]);
  if (contains(laneTileA, 0) || contains(laneTileB, 0))
    return std::nullopt;
  // Masks over a's concatenated bits.
  size_t aRegisters = a.registers.size();
  uint64_t aRegisterMask = (uint64_t(1) << aRegisters) - 1;
  size_t bLaneStart = b.registers.size();
  for (int32_t i = 0; i < regA - regB; ++i)
    if (((*correspondence)[bLaneStart + laneIdsB[i]] & aRegisterMask) == 0)
      return std::nullopt;
  uint64_t aLaneMask = ((uint64_t(1) << a.lanes.size()) - 1) << aRegisters;
  size_t offset = laneIdsB.size() - laneIdsA.size();
  for (size_t k = 0; k < laneIdsA.size(); ++k) {
    uint64_t image = (*correspondence)[bLaneStart + laneIdsB[offset + k]] & aLaneMask;
    if (image != uint64_t(1) << (aRegisters + laneIdsA[k]))
      return std::nullopt;
  }
  vbasis.insert(vbasis.end(), laneTileB.begin(), laneTileB.end());
  return vbasis;
}

// The address part of an access: registers outside the vector, then the addressing lanes.
std::optional<Bases> addressTile(const AccessTile &tile, const Bases &regs, const Bases &lanes,
                                 const Bases &vbasis) {
  Bases result;
  int32_t needed = 3 - static_cast<int32_t>(tile.laneAddress.size());
  for (int32_t r : regs) {
    if (needed == 0)
      break;
    if (!contains(vbasis, r)) {
      result.push_back(r);
      --needed;
    }
  }
  if (needed > 0)
    return std::nullopt;
  for (int32_t id : tile.laneAddress)
    result.push_back(lanes[id]);
  return result;
}

SwizzledExchange swizzleForTiles(const FlatLayout &source, const FlatLayout &destination,
                                 int32_t bitwidth, const SwizzleInstructions &instructions) {
  std::vector<AccessTile> sourceTiles{{{}, {0, 1, 2}}}, destinationTiles{{{}, {0, 1, 2}}};
  if (bitwidth <= 32) {
    AccessTile matrix{{0, 1}, {2, 3, 4}, SharedAccessInstruction::Matrix};
    if (instructions.hasStMatrix)
      sourceTiles.push_back(matrix);
    if (instructions.hasLdMatrix)
      destinationTiles.push_back(matrix);
  }
  if (bitwidth == 16) {
    AccessTile transposed{{2, 3, 4}, {0, 1}, SharedAccessInstruction::MatrixTransposed};
    if (instructions.hasStMatrix)
      sourceTiles.push_back(transposed);
    if (instructions.hasLdMatrix)
      destinationTiles.push_back(transposed);
  }
  int32_t totalBases = log2Floor(128 / bitwidth);
  int32_t dim = source.elementBits;

  struct Candidate {
    int32_t conflicts;
    SwizzledExchange exchange;
  };
  std::vector<Candidate> candidates;
  for (const AccessTile &sourceTile : sourceTiles) {
    for (const AccessTile &destinationTile : destinationTiles) {
      int32_t regSource = totalBases - static_cast<int32_t>(sourceTile.laneContiguous.size());
      int32_t regDestination =
          totalBases - static_cast<int32_t>(destinationTile.laneContiguous.size());
      std::optional<Bases> vbasis =
          contiguousTile(source, destination, regSource, regDestination,
                         sourceTile.laneContiguous, destinationTile.laneContiguous);
      if (!vbasis)
        continue;
      std::optional<Bases> tileSource =
          addressTile(sourceTile, source.registers, source.lanes, *vbasis);
      std::optional<Bases> tileDestination =
          addressTile(destinationTile, destination.registers, destination.lanes, *vbasis);
      if (!tileSource || !tileDestination)
        continue;
      auto missingRegisters = [](const AccessTile &tile) {
        return static_cast<int32_t>(tile.laneContiguous.size() + tile.laneAddress.size()) - 3;
      };
      int32_t keep = std::min(missingRegisters(sourceTile), missingRegisters(destinationTile));
      SwizzledExchange exchange = buildExchange(source, destination, bitwidth, *vbasis,
                                                *tileSource, *tileDestination, keep);
      exchange.store = sourceTile.instruction;
      exchange.load = destinationTile.instruction;
      auto [read, write] = bankConflicts(*tileSource, *tileDestination, exchange, dim);
      candidates.push_back({read + write, std::move(exchange)});
    }
  }
  if (candidates.empty())
    return swizzleForLoadStore(source, destination, bitwidth);
  // Fewest conflicts; among equals, the most rounds (the smallest buffer); the first on ties.
  const Candidate *best = &candidates.front();
  for (const Candidate &candidate : candidates)
    if (candidate.conflicts < best->conflicts ||
        (candidate.conflicts == best->conflicts &&
         candidate.exchange.rounds.size() > best->exchange.rounds.size()))
      best = &candidate;
  return best->exchange;
}

// Reduces `value` by the echelon `span` (value, combination) pairs; the combination that
// gives it, or nothing when it is outside the span.
std::optional<uint64_t> expressIn(const std::vector<std::pair<int32_t, uint64_t>> &span,
                                  int32_t value) {
  uint64_t combination = 0;
  for (const auto &[row, rowCombination] : span) {
    int32_t leading = 31 - __builtin_clz(static_cast<uint32_t>(row));
    if (value >> leading & 1) {
      value ^= row;
      combination ^= rowCombination;
    }
  }
  if (value != 0)
    return std::nullopt;
  return combination;
}

// Adds `value` (with its combination) to the echelon span when independent of it; rows stay
// sorted by decreasing leading bit.
bool addToSpan(std::vector<std::pair<int32_t, uint64_t>> &span, int32_t value,
               uint64_t combination) {
  for (const auto &[row, rowCombination] : span) {
    int32_t leading = 31 - __builtin_clz(static_cast<uint32_t>(row));
    if (value >> leading & 1) {
      value ^= row;
      combination ^= rowCombination;
    }
  }
  if (value == 0)
    return false;
  auto position = std::find_if(span.begin(), span.end(), [&](const auto &entry) {
    return __builtin_clz(static_cast<uint32_t>(entry.first)) >
           __builtin_clz(static_cast<uint32_t>(value));
  });
  span.insert(position, {value, combination});
  return true;
}

} // namespace

SwizzledExchange chooseSwizzledExchange(const FlatLayout &source, const FlatLayout &destination,
                                        int32_t bitwidth, const SwizzleInstructions &instructions) {
  if (instructions.plansTiles)
    return swizzleForTiles(source, destination, bitwidth, instructions);
  return swizzleForLoadStore(source, destination, bitwidth);
}

std::optional<std::vector<uint64_t>> hardwareCorrespondence(const FlatLayout &from,
                                                            const FlatLayout &to) {
  const std::vector<int32_t> *fromDims[] = {&from.registers, &from.lanes, &from.warps,
                                            &from.blocks};
  const std::vector<int32_t> *toDims[] = {&to.registers, &to.lanes, &to.warps, &to.blocks};
  // Where each in-dim of `to` starts in its concatenated bits.
  size_t toStart[4];
  size_t start = 0;
  for (int d = 0; d < 4; ++d) {
    toStart[d] = start;
    start += toDims[d]->size();
  }
  bool identity[4];
  for (int d = 0; d < 4; ++d)
    identity[d] = *fromDims[d] == *toDims[d];

  // The span of `to`'s other in-dims, built in bit order so that the earliest independent
  // bases are the ones used.
  std::vector<std::pair<int32_t, uint64_t>> span;
  for (int d = 0; d < 4; ++d) {
    if (identity[d])
      continue;
    for (size_t bit = 0; bit < toDims[d]->size(); ++bit) {
      int32_t value = (*toDims[d])[bit];
      if (value != 0)
        addToSpan(span, value, uint64_t(1) << (toStart[d] + bit));
    }
  }
  std::vector<uint64_t> images;
  for (int d = 0; d < 4; ++d) {
    for (size_t bit = 0; bit < fromDims[d]->size(); ++bit) {
      if (identity[d]) {
        images.push_back(uint64_t(1) << (toStart[d] + bit));
        continue;
      }
      std::optional<uint64_t> image = expressIn(span, (*fromDims[d])[bit]);
      if (!image)
        return std::nullopt;
      images.push_back(*image);
    }
  }
  return images;
}

} // namespace trex
