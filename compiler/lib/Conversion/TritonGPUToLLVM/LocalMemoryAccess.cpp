// LocalMemoryAccess: register-to-offset maps between distributed tensors and shared buffers.
#include "trex/Conversion/TritonGPUToLLVM/LocalMemoryAccess.h"

#include <algorithm>
#include <map>

namespace trex {

namespace {

// The bases of `inDim` as flat element indices, the out-dims named in `dimNames` packed with
// the first one in the lowest bits (the convention of FlatLayout). Empty when the layout lacks
// one of the dims.
std::optional<std::vector<int32_t>> flatBases(const layoutviz::LinearLayout &layout,
                                              const std::string &inDim,
                                              const std::vector<std::string> &dimNames,
                                              const std::vector<int32_t> &shifts) {
  std::vector<int32_t> result;
  if (!layout.hasInDim(inDim))
    return result;
  std::vector<std::string> names = layout.getOutDimNames();
  std::vector<int> position;
  for (const std::string &name : names) {
    auto found = std::find(dimNames.begin(), dimNames.end(), name);
    if (found == dimNames.end())
      return std::nullopt;
    position.push_back(static_cast<int>(found - dimNames.begin()));
  }
  for (const layoutviz::LinearLayout::Basis &basis : layout.getInDimBases(inDim)) {
    int32_t value = 0;
    for (size_t dim = 0; dim < basis.size(); ++dim)
      value |= basis[dim] << shifts[position[dim]];
    result.push_back(value);
  }
  return result;
}

int32_t log2Ceil(int32_t value) {
  int32_t bits = 0;
  while ((1 << bits) < value)
    ++bits;
  return bits;
}

// The inverse of a bijective linear map from offsets to flat elements, kept in reduced
// row-echelon form: pivot[bit] is the offset whose element is exactly 1 << bit.
class OffsetInverse {
public:
  // False when the bases are linearly dependent (two offsets hold one element).
  bool add(int32_t element, int32_t offset) {
    for (const auto &[bit, row] : pivots)
      if (element >> bit & 1) {
        element ^= row.first;
        offset ^= row.second;
      }
    if (element == 0)
      return false;
    int bit = 31 - __builtin_clz(static_cast<uint32_t>(element));
    for (auto &[otherBit, row] : pivots)
      if (row.first >> bit & 1) {
        row.first ^= element;
        row.second ^= offset;
      }
    pivots[bit] = {element, offset};
    return true;
  }
  size_t rank() const { return pivots.size(); }
  // The offset of `element` (valid once every element bit has a pivot).
  int32_t offsetOf(int32_t element) const {
    int32_t offset = 0;
    for (const auto &[bit, row] : pivots)
      if (element >> bit & 1)
        offset ^= row.second;
    return offset;
  }

private:
  std::map<int, std::pair<int32_t, int32_t>> pivots;
};

} // namespace

std::vector<int32_t> LocalMemoryAccess::vectorStarts() const {
  std::vector<int32_t> starts;
  int32_t mask = (1 << vectorBits) - 1;
  for (size_t reg = 0; reg < registerOffset.size(); ++reg)
    if ((static_cast<int32_t>(reg) & mask) == 0 && canonical[reg] == static_cast<int32_t>(reg))
      starts.push_back(static_cast<int32_t>(reg));
  return starts;
}

std::optional<LocalMemoryAccess> planLocalMemoryAccess(const layoutviz::LinearLayout &distributed,
                                                       const layoutviz::LinearLayout &shared,
                                                       int32_t elementBytes,
                                                       int32_t maxVectorBytes, std::string &why,
                                                       const std::vector<int32_t> &viewOrigin,
                                                       const std::vector<int64_t> &viewShape) {
  std::vector<std::string> dimNames = distributed.getOutDimNames();
  std::vector<int32_t> shifts;
  int32_t elementBits = 0;
  for (const std::string &name : dimNames) {
    shifts.push_back(elementBits);
    if (!shared.hasOutDim(name) ||
        shared.getOutDimSize(name) != distributed.getOutDimSize(name)) {
      why = "the shared and distributed layouts describe different shapes";
      return std::nullopt;
    }
    elementBits += log2Ceil(distributed.getOutDimSize(name));
  }

  std::optional<std::vector<int32_t>> offsets = flatBases(shared, "offset", dimNames, shifts);
  std::optional<std::vector<int32_t>> sharedBlocks = flatBases(shared, "block", dimNames, shifts);
  std::optional<std::vector<int32_t>> registers =
      flatBases(distributed, "register", dimNames, shifts);
  std::optional<std::vector<int32_t>> lanes = flatBases(distributed, "lane", dimNames, shifts);
  std::optional<std::vector<int32_t>> warps = flatBases(distributed, "warp", dimNames, shifts);
  std::optional<std::vector<int32_t>> blocks = flatBases(distributed, "block", dimNames, shifts);
  if (!offsets || !sharedBlocks || !registers || !lanes || !warps || !blocks) {
    why = "the shared and distributed layouts name different dimensions";
    return std::nullopt;
  }
  bool multiCTA = std::any_of(blocks->begin(), blocks->end(), [](int32_t b) { return b != 0; }) ||
                  std::any_of(sharedBlocks->begin(), sharedBlocks->end(),
                              [](int32_t b) { return b != 0; });
  if (multiCTA) {
    why = "the tensor is split across the CTAs of a cluster";
    return std::nullopt;
  }

  OffsetInverse inverse;
  for (size_t bit = 0; bit < offsets->size(); ++bit)
    if (!inverse.add((*offsets)[bit], 1 << bit)) {
      why = "the shared layout stores an element at several offsets";
      return std::nullopt;
    }
  if (static_cast<int32_t>(inverse.rank()) != elementBits) {
    why = "the shared layout does not hold every element of the tensor";
    return std::nullopt;
  }

  LocalMemoryAccess access;
  std::vector<int32_t> registerBasisOffset;
  int32_t broadcastMask = 0;
  for (size_t bit = 0; bit < registers->size(); ++bit) {
    registerBasisOffset.push_back(inverse.offsetOf((*registers)[bit]));
    if ((*registers)[bit] == 0)
      broadcastMask |= 1 << bit;
  }
  for (int32_t lane : *lanes)
    access.laneOffset.push_back(inverse.offsetOf(lane));
  for (int32_t warp : *warps)
    access.warpOffset.push_back(inverse.offsetOf(warp));
  int32_t registerCount = 1 << registers->size();
  for (int32_t reg = 0; reg < registerCount; ++reg) {
    int32_t offset = 0;
    for (size_t bit = 0; bit < registerBasisOffset.size(); ++bit)
      if (reg >> bit & 1)
        offset ^= registerBasisOffset[bit];
    access.registerOffset.push_back(offset);
    access.canonical.push_back(reg & ~broadcastMask);
  }

  // Widest access: the leading register bits step through offsets 1, 2, 4, ... and no other
  // bit (register, lane or warp) touches those low offset bits, so every vector is aligned.
  int32_t vectorBits = 0;
  while (vectorBits < static_cast<int32_t>(registerBasisOffset.size()) &&
         registerBasisOffset[vectorBits] == (1 << vectorBits) &&
         (elementBytes << (vectorBits + 1)) <= maxVectorBytes) {
    int32_t lowMask = (1 << (vectorBits + 1)) - 1;
    bool aligned = true;
    for (size_t bit = vectorBits + 1; bit < registerBasisOffset.size(); ++bit)
      aligned &= (registerBasisOffset[bit] & lowMask) == 0;
    for (int32_t offset : access.laneOffset)
      aligned &= (offset & lowMask) == 0;
    for (int32_t offset : access.warpOffset)
      aligned &= (offset & lowMask) == 0;
    if (!aligned)
      break;
    ++vectorBits;
  }
  // A view's origin: its offset, XOR-ed into every register's (the thread's part stays).
  if (!viewOrigin.empty()) {
    if (viewOrigin.size() != dimNames.size() || viewShape.size() != dimNames.size()) {
      why = "the view's origin and shape need one entry per dimension";
      return std::nullopt;
    }
    int32_t flat = 0;
    for (size_t dim = 0; dim < dimNames.size(); ++dim) {
      int32_t origin = viewOrigin[dim];
      if (origin < 0 || viewShape[dim] <= 0 || origin % viewShape[dim] != 0 ||
          origin + viewShape[dim] > distributed.getOutDimSize(dimNames[dim])) {
        why = "a view must start at a multiple of its size inside its buffer";
        return std::nullopt;
      }
      flat |= origin << shifts[dim];
    }
    int32_t originOffset = inverse.offsetOf(flat);
    for (int32_t &offset : access.registerOffset)
      offset ^= originOffset;
    while (vectorBits > 0 && (originOffset & ((1 << vectorBits) - 1)) != 0)
      --vectorBits;
  }
  access.vectorBits = vectorBits;
  return access;
}

} // namespace trex
