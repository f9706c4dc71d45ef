// BankConflicts: wavefront counting for warp-wide shared-memory accesses under the 32-bank model.
#include "layoutviz/BankConflicts.h"

#include "HardwareIndexing.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>
#include <map>
#include <set>

namespace trex::layoutviz {
namespace {

constexpr int kNumBanks = 32;
constexpr int kBankBytes = 4;
constexpr int kWarpLanes = 32;
constexpr int kWavefrontBytes = kNumBanks * kBankBytes;

// Smallest offset that stores each element (shared layouts may keep copies).
std::vector<int64_t> offsetOfEachElement(const LinearLayout &sharedLayout) {
  HardwareIndexing shared(sharedLayout, {kOffset, kBlock});
  std::vector<int64_t> offsetOf(static_cast<size_t>(shared.tensorSize()), -1);
  int32_t numOffsets = shared.dimSize(0);
  for (int32_t block = 0; block < shared.dimSize(1); ++block) {
    for (int32_t offset = 0; offset < numOffsets; ++offset) {
      int32_t element = shared.elementAt(shared.index({offset, block}));
      if (offsetOf[element] < 0)
        offsetOf[element] = offset;
    }
  }
  return offsetOf;
}

InstructionWavefronts countWavefronts(const std::vector<std::vector<int64_t>> &wordsPerLane,
                                      int lanesPerPhase) {
  InstructionWavefronts result;
  for (int phaseStart = 0; phaseStart < static_cast<int>(wordsPerLane.size());
       phaseStart += lanesPerPhase) {
    std::map<int, std::set<int64_t>> wordsPerBank;
    std::map<int, std::set<int>> lanesPerBank;
    int phaseEnd = std::min<int>(phaseStart + lanesPerPhase, static_cast<int>(wordsPerLane.size()));
    for (int lane = phaseStart; lane < phaseEnd; ++lane) {
      for (int64_t word : wordsPerLane[lane]) {
        int bank = static_cast<int>(word % kNumBanks);
        wordsPerBank[bank].insert(word);
        lanesPerBank[bank].insert(lane);
      }
    }
    int phaseWavefronts = 0;
    for (const auto &[bank, words] : wordsPerBank) {
      phaseWavefronts = std::max(phaseWavefronts, static_cast<int>(words.size()));
      if (words.size() > 1) {
        const auto &lanes = lanesPerBank[bank];
        result.collisions.push_back({bank, std::vector<int>(lanes.begin(), lanes.end()),
                                     std::vector<int64_t>(words.begin(), words.end())});
      }
    }
    result.wavefronts += phaseWavefronts;
  }
  return result;
}

} // namespace

double BankConflictReport::averageWavefronts() const {
  return instructions.empty() ? 0.0
                              : static_cast<double>(totalWavefronts) /
                                    static_cast<double>(instructions.size());
}

BankConflictReport analyzeBankConflicts(const LinearLayout &registerLayout,
                                        const LinearLayout &sharedLayout,
                                        const SharedMemoryAccess &access) {
  if (registerLayout.getOutDimSizes() != sharedLayout.getOutDimSizes())
    throw LayoutError("bank conflicts: the register and shared layouts cover different shapes");
  if (access.vectorWidth == 0 || access.elementBitWidth == 0)
    throw LayoutError("bank conflicts: vector width and element width must be positive");
  int64_t bitsPerLane = int64_t{access.vectorWidth} * access.elementBitWidth;
  if (bitsPerLane % 8 != 0)
    throw LayoutError("bank conflicts: a lane must move whole bytes per access");
  int64_t bytesPerLane = bitsPerLane / 8;
  if (bytesPerLane > 16)
    throw LayoutError("bank conflicts: shared-memory accesses move at most 16 bytes per lane, "
                      "got " + std::to_string(bytesPerLane));
  int lanesPerPhase = bytesPerLane <= kBankBytes
                          ? kWarpLanes
                          : static_cast<int>(kWavefrontBytes / bytesPerLane);

  HardwareIndexing hardware(registerLayout, {kRegister, kLane, kWarp, kBlock});
  int32_t numRegisters = hardware.dimSize(0);
  if (numRegisters % static_cast<int32_t>(access.vectorWidth) != 0)
    throw LayoutError("bank conflicts: vector width " + std::to_string(access.vectorWidth) +
                      " does not divide the " + std::to_string(numRegisters) +
                      " registers per thread");
  std::vector<int64_t> offsetOf = offsetOfEachElement(sharedLayout);

  // Every phase needs at least enough wavefronts to move its bytes; for 32 lanes this is
  // ceil(32 * bytesPerLane / 128).
  int numLanes = hardware.dimSize(1);
  int phases = (numLanes + lanesPerPhase - 1) / lanesPerPhase;
  int64_t bytesPerPhase = std::min(numLanes, lanesPerPhase) * bytesPerLane;
  BankConflictReport report;
  report.idealWavefronts =
      phases * static_cast<int>((bytesPerPhase + kWavefrontBytes - 1) / kWavefrontBytes);
  for (int32_t warp = 0; warp < hardware.dimSize(2); ++warp) {
    for (int32_t first = 0; first < numRegisters;
         first += static_cast<int32_t>(access.vectorWidth)) {
      std::vector<std::vector<int64_t>> wordsPerLane(numLanes);
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        std::set<int64_t> words;
        for (int32_t reg = first; reg < first + static_cast<int32_t>(access.vectorWidth); ++reg) {
          int32_t element = hardware.elementAt(hardware.index({reg, lane, warp, 0}));
          int64_t offset = offsetOf[element];
          if (offset < 0)
            throw LayoutError("bank conflicts: the shared layout does not store every element");
          int64_t firstBit = offset * access.elementBitWidth;
          int64_t lastBit = firstBit + access.elementBitWidth - 1;
          for (int64_t word = firstBit / (8 * kBankBytes); word <= lastBit / (8 * kBankBytes);
               ++word)
            words.insert(word);
        }
        wordsPerLane[lane].assign(words.begin(), words.end());
      }
      InstructionWavefronts instruction = countWavefronts(wordsPerLane, lanesPerPhase);
      instruction.warp = warp;
      instruction.firstRegister = first;
      report.maxWavefronts = std::max(report.maxWavefronts, instruction.wavefronts);
      report.totalWavefronts += instruction.wavefronts;
      report.instructions.push_back(std::move(instruction));
    }
  }
  return report;
}

} // namespace trex::layoutviz
