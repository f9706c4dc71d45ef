// WgmmaOperandReads: walks the plan's instructions, groups each tile's element addresses into
// core matrices and counts their wavefronts over 32 banks of 4-byte words.
#include "WgmmaOperandReads.h"

#include <algorithm>
#include <map>
#include <set>

namespace trex::explorer {

namespace lv = trex::layoutviz;

namespace {

constexpr int kBanks = 32;
constexpr int kBankBytes = 4;
constexpr int32_t kWarpGroupRows = 64;
constexpr int32_t kCoreMatrixRows = 8;
constexpr int32_t kCoreMatrixRowBytes = 16;

// The core matrix element (row, k) of a tile belongs to, and its row within it.
struct CoreMatrixPlace {
  std::pair<int32_t, int32_t> key;
  int row = 0;
};

CoreMatrixPlace placeOf(bool mnMajor, int32_t row, int32_t k, int32_t elementBytes) {
  if (mnMajor)
    // 16 bytes along M / N per row; the rows are 8 consecutive k.
    return {{row * elementBytes / kCoreMatrixRowBytes, k / kCoreMatrixRows},
            static_cast<int>(k % kCoreMatrixRows)};
  // 16 bytes along K per row; the rows are 8 consecutive M / N.
  return {{row / kCoreMatrixRows, k * elementBytes / kCoreMatrixRowBytes},
          static_cast<int>(row % kCoreMatrixRows)};
}

} // namespace

int coreMatrixWavefronts(const std::vector<int64_t> &addresses, const std::vector<int> &rowOf,
                         int32_t elementBytes, std::vector<lv::BankCollision> &collisions) {
  std::map<int, std::set<int64_t>> wordsOfBank;
  std::map<int, std::set<int>> rowsOfBank;
  for (size_t i = 0; i < addresses.size(); ++i)
    // An element wider than a word touches each of its words.
    for (int64_t byte = addresses[i]; byte < addresses[i] + elementBytes; byte += kBankBytes) {
      int64_t word = byte / kBankBytes;
      int bank = static_cast<int>(word % kBanks);
      wordsOfBank[bank].insert(word);
      rowsOfBank[bank].insert(rowOf[i]);
    }
  int wavefronts = addresses.empty() ? 0 : 1;
  collisions.clear();
  for (const auto &[bank, words] : wordsOfBank) {
    wavefronts = std::max(wavefronts, static_cast<int>(words.size()));
    if (words.size() < 2)
      continue;
    lv::BankCollision collision;
    collision.bank = bank;
    collision.lanes.assign(rowsOfBank[bank].begin(), rowsOfBank[bank].end());
    collision.words.assign(words.begin(), words.end());
    collisions.push_back(collision);
  }
  return wavefronts;
}

std::optional<WgmmaOperandReads> wgmmaOperandReads(const lv::LinearLayout &accumulator,
                                                   const std::optional<WgmmaSharedOperand> &aShared,
                                                   const lv::LinearLayout *aRegisters,
                                                   const WgmmaSharedOperand &bShared,
                                                   int operandIndex, int32_t instrN, int32_t instrK,
                                                   int32_t elementBytes, std::string &why) {
  if (operandIndex == 0 && !aShared) {
    why = "the A operand is in registers: wgmma does not read it from shared memory";
    return std::nullopt;
  }
  std::optional<WarpGroupMmaPlan> plan = planWarpGroupMma(accumulator, aShared, aRegisters, bShared,
                                                          instrN, instrK, elementBytes, why);
  if (!plan)
    return std::nullopt;
  const bool isA = operandIndex == 0;
  WgmmaOperandReads reads;
  reads.instrN = plan->instrN;
  reads.instrK = plan->instrK;
  reads.descriptor = isA ? plan->a : plan->b;
  const std::vector<int64_t> &groupOffsets = isA ? plan->aWarpGroupOffset : plan->bWarpGroupOffset;
  const int32_t tileRows = isA ? kWarpGroupRows : plan->instrN;

  // Every element of the instruction's tile, by core matrix.
  std::map<std::pair<int32_t, int32_t>, std::vector<std::pair<int32_t, int32_t>>> coreMatrices;
  for (int32_t row = 0; row < tileRows; ++row)
    for (int32_t k = 0; k < plan->instrK; ++k)
      coreMatrices[placeOf(reads.descriptor.mnMajor, row, k, elementBytes).key].push_back({row, k});
  reads.coreMatricesPerInstruction = static_cast<int>(coreMatrices.size());
  reads.report.idealWavefronts = reads.coreMatricesPerInstruction;
  std::vector<CoreMatrixRead> worstOfInstruction;

  const int64_t groups = int64_t(1) << groupOffsets.size();
  for (int64_t group = 0; group < groups; ++group) {
    int64_t groupBytes = 0;
    for (size_t bit = 0; bit < groupOffsets.size(); ++bit)
      if (group >> bit & 1)
        groupBytes += groupOffsets[bit];
    int instructionInGroup = 0;
    for (const WgmmaTile &tile : plan->tiles) {
      const std::vector<int64_t> &starts = isA ? tile.aByteOffset : tile.bByteOffset;
      for (int64_t start : starts) {
        lv::InstructionWavefronts instruction;
        instruction.warp = static_cast<int>(group);
        instruction.firstRegister = instructionInGroup++;
        CoreMatrixRead instructionWorst;
        instructionWorst.wavefronts = -1;
        for (const auto &[key, elements] : coreMatrices) {
          std::vector<int64_t> addresses;
          std::vector<int> rows;
          for (const auto &[row, k] : elements) {
            addresses.push_back(
                wgmmaElementAddress(reads.descriptor, start + groupBytes, row, k, elementBytes));
            rows.push_back(placeOf(reads.descriptor.mnMajor, row, k, elementBytes).row);
          }
          std::vector<lv::BankCollision> collisions;
          int wavefronts = coreMatrixWavefronts(addresses, rows, elementBytes, collisions);
          instruction.wavefronts += wavefronts;
          if (wavefronts > instructionWorst.wavefronts) {
            instructionWorst.instruction = static_cast<int>(reads.report.instructions.size());
            instructionWorst.firstRow = elements.front().first;
            instructionWorst.firstK = elements.front().second;
            instructionWorst.wavefronts = wavefronts;
            instructionWorst.collisions = collisions;
            instruction.collisions = collisions;
          }
        }
        worstOfInstruction.push_back(instructionWorst);
        reads.report.maxWavefronts = std::max(reads.report.maxWavefronts, instruction.wavefronts);
        reads.report.totalWavefronts += instruction.wavefronts;
        reads.report.instructions.push_back(std::move(instruction));
      }
    }
  }
  for (const CoreMatrixRead &candidate : worstOfInstruction)
    if (reads.report.instructions[candidate.instruction].wavefronts == reads.report.maxWavefronts) {
      reads.worst = candidate;
      break;
    }
  return reads;
}

} // namespace trex::explorer
