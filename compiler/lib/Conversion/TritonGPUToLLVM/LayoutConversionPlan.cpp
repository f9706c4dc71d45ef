// LayoutConversionPlan: classifying a layout conversion and planning its data movement.
#include "trex/Conversion/TritonGPUToLLVM/LayoutConversionPlan.h"

#include <algorithm>
#include <array>

namespace trex {

namespace {

enum HardwareDim { kRegister = 0, kLane = 1, kWarp = 2, kBlock = 3 };

std::array<const std::vector<int32_t> *, 4> dimsOf(const FlatLayout &layout) {
  return {&layout.registers, &layout.lanes, &layout.warps, &layout.blocks};
}

// Where each in-dim starts in the concatenated hardware bits of `layout`.
std::array<size_t, 4> dimStarts(const FlatLayout &layout) {
  std::array<size_t, 4> starts{};
  size_t start = 0;
  auto dims = dimsOf(layout);
  for (int d = 0; d < 4; ++d) {
    starts[d] = start;
    start += dims[d]->size();
  }
  return starts;
}

uint64_t bitRange(size_t start, size_t count) {
  return ((uint64_t(1) << count) - 1) << start;
}

// Register index with the bits of `compact` placed at the positions of the nonzero register
// bases (broadcast bits stay 0), and the reverse.
int32_t expandRegister(const std::vector<int32_t> &registers, int32_t compact) {
  int32_t reg = 0, next = 0;
  for (size_t bit = 0; bit < registers.size(); ++bit) {
    if (registers[bit] == 0)
      continue;
    if (compact >> next & 1)
      reg |= 1 << bit;
    ++next;
  }
  return reg;
}

int32_t compactRegister(const std::vector<int32_t> &registers, int32_t reg) {
  int32_t compact = 0, next = 0;
  for (size_t bit = 0; bit < registers.size(); ++bit) {
    if (registers[bit] == 0)
      continue;
    if (reg >> bit & 1)
      compact |= 1 << next;
    ++next;
  }
  return compact;
}

// The element offset bits (low) and round bits (high) of a flat element in the exchange.
struct ExchangeInverse {
  std::vector<std::pair<int32_t, uint64_t>> span;
  int32_t offsetBits = 0;

  explicit ExchangeInverse(const SwizzledExchange &exchange) : offsetBits(exchange.offsetBits()) {
    std::vector<int32_t> bases = exchange.bases();
    for (size_t bit = 0; bit < bases.size(); ++bit)
      add(bases[bit], uint64_t(1) << bit);
  }

  void add(int32_t value, uint64_t combination) {
    for (const auto &[row, rowCombination] : span) {
      if (value >> leading(row) & 1) {
        value ^= row;
        combination ^= rowCombination;
      }
    }
    if (value == 0)
      return;
    auto position = std::find_if(span.begin(), span.end(), [&](const auto &entry) {
      return leading(entry.first) < leading(value);
    });
    span.insert(position, {value, combination});
  }

  // (round, offset) of `element`.
  std::pair<int32_t, int32_t> locate(int32_t element) const {
    uint64_t combination = 0;
    for (const auto &[row, rowCombination] : span) {
      if (element >> leading(row) & 1) {
        element ^= row;
        combination ^= rowCombination;
      }
    }
    int32_t offset = static_cast<int32_t>(combination & ((uint64_t(1) << offsetBits) - 1));
    return {static_cast<int32_t>(combination >> offsetBits), offset};
  }

  static int32_t leading(int32_t value) { return 31 - __builtin_clz(static_cast<uint32_t>(value)); }
};

std::optional<SharedMemoryAccess> planAccess(const FlatLayout &layout,
                                             const ExchangeInverse &inverse, int32_t bitwidth) {
  SharedMemoryAccess access;
  int32_t registers = 1 << layout.registers.size();
  for (int32_t reg = 0; reg < registers; ++reg) {
    int32_t element = layout.element(reg, 0, 0);
    auto [round, offset] = inverse.locate(element);
    access.round.push_back(round);
    access.offset.push_back(offset);
    int32_t canonical = reg;
    for (size_t bit = 0; bit < layout.registers.size(); ++bit)
      if (layout.registers[bit] == 0)
        canonical &= ~(1 << bit);
    access.canonical.push_back(canonical);
  }
  // The thread part must not choose the round: all threads run the rounds together.
  auto threadOffsets = [&](const std::vector<int32_t> &bases,
                           std::vector<int32_t> &offsets) -> bool {
    for (int32_t basis : bases) {
      auto [round, offset] = inverse.locate(basis);
      if (round != 0)
        return false;
      offsets.push_back(offset);
    }
    return true;
  };
  if (!threadOffsets(layout.lanes, access.laneOffset) ||
      !threadOffsets(layout.warps, access.warpOffset))
    return std::nullopt;

  // Vector accesses: register bits whose offsets are 1, 2, 4, ... while no other part of the
  // offset touches those low bits, up to 128 bits per access.
  for (int32_t width = 0; (bitwidth << (width + 1)) <= 128; ++width) {
    int32_t wanted = 1 << width;
    int32_t found = -1;
    for (size_t bit = 0; bit < layout.registers.size(); ++bit) {
      if (layout.registers[bit] == 0)
        continue;
      int32_t reg = 1 << bit;
      if (access.round[reg] == 0 && access.offset[reg] == wanted)
        found = static_cast<int32_t>(bit);
    }
    if (found < 0)
      break;
    bool clear = true;
    for (size_t bit = 0; bit < layout.registers.size(); ++bit) {
      int32_t reg = 1 << bit;
      bool inVector = static_cast<int32_t>(bit) == found ||
                      std::find(access.vectorRegisterBits.begin(),
                                access.vectorRegisterBits.end(),
                                static_cast<int32_t>(bit)) != access.vectorRegisterBits.end();
      if (!inVector && (access.offset[reg] & wanted))
        clear = false;
    }
    for (int32_t offset : access.laneOffset)
      clear = clear && !(offset & wanted);
    for (int32_t offset : access.warpOffset)
      clear = clear && !(offset & wanted);
    if (!clear)
      break;
    access.vectorRegisterBits.push_back(found);
  }
  return access;
}

bool isBlockTrivial(const FlatLayout &layout) {
  return std::all_of(layout.blocks.begin(), layout.blocks.end(),
                     [](int32_t basis) { return basis == 0; });
}

} // namespace

ConversionKind classifyConversion(const FlatLayout &source, const FlatLayout &destination) {
  std::optional<std::vector<uint64_t>> correspondence =
      hardwareCorrespondence(destination, source);
  if (!correspondence)
    return ConversionKind::SharedMemory;
  auto sourceDims = dimsOf(source);
  auto destinationDims = dimsOf(destination);
  std::array<size_t, 4> sourceStart = dimStarts(source);
  std::array<size_t, 4> destinationStart = dimStarts(destination);

  // Triton's quotient: drop the slowest hardware dims on which the conversion is the identity
  // and which no other dim feeds, from blocks down to registers.
  bool remaining[4] = {true, true, true, true};
  for (int d = kBlock; d >= kRegister; --d) {
    size_t count = destinationDims[d]->size();
    bool identity = count == sourceDims[d]->size();
    for (size_t bit = 0; identity && bit < count; ++bit)
      identity = (*correspondence)[destinationStart[d] + bit] ==
                 uint64_t(1) << (sourceStart[d] + bit);
    uint64_t sourceMask = bitRange(sourceStart[d], sourceDims[d]->size());
    for (int e = 0; identity && e < 4; ++e) {
      if (e == d || !remaining[e])
        continue;
      for (size_t bit = 0; bit < destinationDims[e]->size(); ++bit)
        if ((*correspondence)[destinationStart[e] + bit] & sourceMask)
          identity = false;
    }
    if (!identity)
      break;
    remaining[d] = false;
  }
  if (remaining[kBlock])
    return ConversionKind::AcrossBlocks;
  if (remaining[kWarp])
    return ConversionKind::SharedMemory;
  if (!remaining[kLane])
    return ConversionKind::Registers;
  std::optional<WarpShufflePlan> shuffle = planWarpShuffle(source, destination);
  if (shuffle && shuffle->swaps.size() < 2)
    return ConversionKind::WarpShuffle;
  return ConversionKind::SharedMemory;
}

std::optional<std::vector<int32_t>> planRegisterCopy(const FlatLayout &source,
                                                     const FlatLayout &destination) {
  if (source.lanes != destination.lanes || source.warps != destination.warps ||
      source.blocks != destination.blocks)
    return std::nullopt;
  std::optional<std::vector<uint64_t>> correspondence =
      hardwareCorrespondence(destination, source);
  if (!correspondence)
    return std::nullopt;
  uint64_t registerMask = bitRange(0, source.registers.size());
  std::vector<int32_t> result;
  int32_t registers = 1 << destination.registers.size();
  for (int32_t reg = 0; reg < registers; ++reg) {
    uint64_t image = 0;
    for (size_t bit = 0; bit < destination.registers.size(); ++bit)
      if (reg >> bit & 1)
        image ^= (*correspondence)[bit];
    if (image & ~registerMask)
      return std::nullopt;
    result.push_back(static_cast<int32_t>(image));
  }
  return result;
}

std::vector<std::vector<int32_t>> SharedMemoryAccess::vectorsOfRound(int64_t wanted) const {
  int32_t vectorMask = 0;
  for (int32_t bit : vectorRegisterBits)
    vectorMask |= 1 << bit;
  std::vector<std::vector<int32_t>> vectors;
  for (size_t reg = 0; reg < offset.size(); ++reg) {
    if (canonical[reg] != static_cast<int32_t>(reg) || (reg & vectorMask) || round[reg] != wanted)
      continue;
    std::vector<int32_t> registers;
    for (int32_t position = 0; position < (1 << vectorRegisterBits.size()); ++position) {
      int32_t member = static_cast<int32_t>(reg);
      for (size_t k = 0; k < vectorRegisterBits.size(); ++k)
        if (position >> k & 1)
          member |= 1 << vectorRegisterBits[k];
      registers.push_back(member);
    }
    vectors.push_back(std::move(registers));
  }
  return vectors;
}

bool WarpShufflePlan::movesLanes() const {
  for (size_t j = 0; j < laneTarget.size(); ++j)
    if (laneTarget[j] != static_cast<int32_t>(j))
      return true;
  return false;
}

std::optional<WarpShufflePlan> planWarpShuffle(const FlatLayout &source,
                                               const FlatLayout &destination) {
  if (source.warps != destination.warps || source.blocks != destination.blocks)
    return std::nullopt;
  FlatLayout s = source.withoutBroadcastRegisters();
  FlatLayout t = destination.withoutBroadcastRegisters();
  size_t registerBits = std::max(s.registers.size(), t.registers.size());
  size_t laneBits = std::max(s.lanes.size(), t.lanes.size());
  size_t bits = registerBits + laneBits;
  // Register then lane bases of each side, padded with zeros (copies) to equal sizes.
  auto padded = [&](const FlatLayout &layout) {
    std::vector<int32_t> bases(bits, 0);
    std::copy(layout.registers.begin(), layout.registers.end(), bases.begin());
    std::copy(layout.lanes.begin(), layout.lanes.end(), bases.begin() + registerBits);
    return bases;
  };
  std::vector<int32_t> sourceBases = padded(s), destinationBases = padded(t);

  // The bit permutation: where the element of each source bit sits in the destination.
  std::vector<int32_t> target(bits, -1);
  for (size_t k = 0; k < bits; ++k) {
    if (sourceBases[k] == 0)
      continue;
    if (std::count(destinationBases.begin(), destinationBases.end(), sourceBases[k]) != 1)
      return std::nullopt;
    target[k] = static_cast<int32_t>(
        std::find(destinationBases.begin(), destinationBases.end(), sourceBases[k]) -
        destinationBases.begin());
  }
  // Copies pair with copies: in place where both sides copy, else in order (as Triton).
  std::vector<size_t> sourceCopies, destinationCopies;
  for (size_t k = 0; k < bits; ++k) {
    if (sourceBases[k] == 0 && destinationBases[k] == 0)
      target[k] = static_cast<int32_t>(k);
    else if (sourceBases[k] == 0)
      sourceCopies.push_back(k);
    else if (destinationBases[k] == 0)
      destinationCopies.push_back(k);
  }
  for (size_t i = 0; i < std::min(sourceCopies.size(), destinationCopies.size()); ++i)
    target[sourceCopies[i]] = static_cast<int32_t>(destinationCopies[i]);
  std::vector<int32_t> sorted = target;
  std::sort(sorted.begin(), sorted.end());
  for (size_t k = 0; k < bits; ++k)
    if (sorted[k] != static_cast<int32_t>(k))
      return std::nullopt;

  WarpShufflePlan plan;
  plan.registerBits = static_cast<int32_t>(registerBits);
  // Register bits that go to lanes are swapped with lane bits that go to registers, in order;
  // what remains keeps registers in registers and lanes in lanes.
  std::vector<int32_t> toLanes, toRegisters;
  for (size_t i = 0; i < registerBits; ++i)
    if (target[i] >= static_cast<int32_t>(registerBits))
      toLanes.push_back(static_cast<int32_t>(i));
  for (size_t j = 0; j < laneBits; ++j)
    if (target[registerBits + j] < static_cast<int32_t>(registerBits))
      toRegisters.push_back(static_cast<int32_t>(j));
  std::vector<int32_t> afterSwaps = target;
  for (size_t k = 0; k < toLanes.size(); ++k) {
    int32_t reg = toLanes[k], lane = toRegisters[k];
    plan.swaps.push_back({reg, lane});
    std::swap(afterSwaps[reg], afterSwaps[registerBits + lane]);
  }
  for (size_t i = 0; i < registerBits; ++i)
    plan.registerTarget.push_back(afterSwaps[i]);
  for (size_t j = 0; j < laneBits; ++j)
    plan.laneTarget.push_back(afterSwaps[registerBits + j] - static_cast<int32_t>(registerBits));

  int32_t sourceMask = (1 << s.registers.size()) - 1;
  for (int32_t u = 0; u < (1 << registerBits); ++u)
    plan.initialRegister.push_back(expandRegister(source.registers, u & sourceMask));
  for (int32_t reg = 0; reg < (1 << destination.registers.size()); ++reg)
    plan.resultRegister.push_back(compactRegister(destination.registers, reg));
  return plan;
}

std::optional<SharedMemoryPlan> planSharedMemory(const FlatLayout &source,
                                                 const FlatLayout &destination, int32_t bitwidth,
                                                 const SwizzleInstructions &instructions) {
  if (!isBlockTrivial(source) || !isBlockTrivial(destination))
    return std::nullopt;
  SharedMemoryPlan plan;
  plan.exchange = chooseSwizzledExchange(source.withoutBroadcastRegisters(),
                                         destination.withoutBroadcastRegisters(), bitwidth,
                                         instructions);
  ExchangeInverse inverse(plan.exchange);
  std::optional<SharedMemoryAccess> store = planAccess(source, inverse, bitwidth);
  std::optional<SharedMemoryAccess> load = planAccess(destination, inverse, bitwidth);
  if (!store || !load)
    return std::nullopt;
  plan.store = std::move(*store);
  plan.load = std::move(*load);
  return plan;
}

std::optional<std::vector<MatrixExchangeRound>>
planMatrixExchange(const SharedMemoryPlan &plan, ExchangeSide side, int32_t bitwidth) {
  SharedAccessInstruction instruction =
      side == ExchangeSide::Load ? plan.exchange.load : plan.exchange.store;
  const SharedMemoryAccess &load = side == ExchangeSide::Load ? plan.load : plan.store;
  if (instruction == SharedAccessInstruction::LoadStore || bitwidth != 16)
    return std::nullopt;
  for (size_t reg = 0; reg < load.canonical.size(); ++reg)
    if (load.canonical[reg] != static_cast<int32_t>(reg))
      return std::nullopt;
  bool transposed = instruction == SharedAccessInstruction::MatrixTransposed;
  std::vector<MatrixExchangeRound> rounds;
  for (int64_t round = 0; round < plan.exchange.roundCount(); ++round) {
    std::vector<int32_t> registers;
    for (size_t reg = 0; reg < load.round.size(); ++reg)
      if (load.round[reg] == round)
        registers.push_back(static_cast<int32_t>(reg));
    int32_t bits = 0;
    while ((size_t(1) << bits) < registers.size())
      ++bits;
    if (registers.empty() || (size_t(1) << bits) != registers.size())
      return std::nullopt;
    // ldmatrix gives a lane two elements in one word: registers 2j and 2j + 1 of the access.
    // Which bit of the round's registers pairs them depends on the destination layout (its
    // first register bit, or another one), so each bit is tried as the access's bit 0, the
    // others keeping their order.
    std::optional<MatrixExchangeRound> found;
    for (int32_t first = 0; first < bits && !found; ++first) {
      std::vector<int32_t> order{first};
      for (int32_t bit = 0; bit < bits; ++bit)
        if (bit != first)
          order.push_back(bit);
      MatrixExchangeRound entry;
      entry.access.laneOffset = load.laneOffset;
      entry.access.warpOffset = load.warpOffset;
      for (int32_t index = 0; index < (1 << bits); ++index) {
        int32_t position = 0;
        for (int32_t k = 0; k < bits; ++k)
          if (index >> k & 1)
            position |= 1 << order[k];
        entry.registers.push_back(registers[position]);
        entry.access.registerOffset.push_back(load.offset[registers[position]]);
        entry.access.canonical.push_back(index);
      }
      std::optional<MatrixLoadPlan> matrix = planMatrixLoad(entry.access, bitwidth / 8);
      // Read the way the exchange was laid out for: a plain ldmatrix tile plainly, a .trans
      // one transposed.
      if (!matrix || matrix->transposed != transposed)
        continue;
      entry.matrix = *matrix;
      found = std::move(entry);
    }
    if (!found)
      return std::nullopt;
    rounds.push_back(std::move(*found));
  }
  return rounds;
}

SwizzleInstructions swizzleInstructionsFor(std::string_view target) {
  SwizzleInstructions instructions;
  constexpr std::string_view kCuda = "cuda:";
  if (target.substr(0, kCuda.size()) == kCuda) {
    int capability = 0;
    for (char c : target.substr(kCuda.size())) {
      if (c < '0' || c > '9')
        break;
      capability = capability * 10 + (c - '0');
    }
    instructions.plansTiles = true;
    instructions.hasLdMatrix = capability >= 75;
    instructions.hasStMatrix = capability >= 90;
  }
  return instructions;
}

int32_t exchangeBitwidth(int32_t elementBits, bool isPointer) {
  return isPointer ? 64 : std::max(elementBits, 8);
}

int64_t layoutConversionScratchBytes(const FlatLayout &source, const FlatLayout &destination,
                                     int32_t bitwidth, const SwizzleInstructions &instructions) {
  if (classifyConversion(source, destination) != ConversionKind::SharedMemory)
    return 0;
  SwizzledExchange exchange =
      chooseSwizzledExchange(source.withoutBroadcastRegisters(),
                             destination.withoutBroadcastRegisters(), bitwidth, instructions);
  return exchange.elementsPerRound() * bitwidth / 8;
}

} // namespace trex
