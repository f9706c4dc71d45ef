// Layout conversion plans run on the host: for many pairs of layouts, every thread of the
// simulated program must end with, in each destination register, the element the destination
// layout assigns it; and the shared memory a conversion asks for must be what Triton 3.6
// allocated for the same conversion in the reference kernels.
#include "BitProduct.h"
#include "IRPrinting.h"
#include "TestFiles.h"

#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Conversion/TritonGPUToLLVM/LayoutConversionPlan.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

using namespace trex;

namespace {

class LayoutConversionPlanTest : public testing::Test {
protected:
  void SetUp() override { context = test::makeContext(); }

  FlatLayout flat(const std::string &attribute, const std::vector<int64_t> &shape) {
    mlir::Attribute attr = mlir::parseAttribute(attribute, context.get());
    EXPECT_TRUE(attr) << attribute;
    auto layout = layout::toLinearLayout(attr, shape, [&] {
      return mlir::emitError(mlir::UnknownLoc::get(context.get()));
    });
    if (mlir::failed(layout)) {
      ADD_FAILURE() << attribute;
      return {};
    }
    return FlatLayout::from(*layout);
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

int32_t countOf(const std::vector<int32_t> &bases) { return 1 << bases.size(); }

// How many of the conversions checkPlan ran read their exchange with ldmatrix, and how many
// wrote it with stmatrix.
int matrixExchanges = 0;
int matrixStoreExchanges = 0;

// Runs the plan of the conversion and checks every destination register of every thread.
void checkPlan(ConversionKind kind, const FlatLayout &source, const FlatLayout &destination,
               int32_t bitwidth, const SwizzleInstructions &instructions,
               const std::string &what) {
  int32_t lanes = countOf(source.lanes), warps = countOf(source.warps);
  int32_t destinationRegisters = countOf(destination.registers);
  switch (kind) {
  case ConversionKind::Registers: {
    auto copy = planRegisterCopy(source, destination);
    EXPECT_TRUE(copy) << what;
    if (!copy)
      break;
    for (int32_t warp = 0; warp < warps; ++warp)
      for (int32_t lane = 0; lane < lanes; ++lane)
        for (int32_t reg = 0; reg < destinationRegisters; ++reg)
          ASSERT_EQ(source.element((*copy)[reg], lane, warp),
                    destination.element(reg, lane, warp))
              << what << " lane " << lane << " warp " << warp << " register " << reg;
    break;
  }
  case ConversionKind::WarpShuffle: {
    auto plan = planWarpShuffle(source, destination);
    EXPECT_TRUE(plan) << what;
    if (!plan)
      break;
    EXPECT_LT(plan->swaps.size(), 2u) << what;
    for (int32_t warp = 0; warp < warps; ++warp) {
      // state[lane][u]: the element exchange register u of `lane` holds.
      std::vector<std::vector<int32_t>> state(lanes);
      for (int32_t lane = 0; lane < lanes; ++lane)
        for (int32_t reg : plan->initialRegister)
          state[lane].push_back(source.element(reg, lane, warp));
      for (auto [registerBit, laneBit] : plan->swaps) {
        auto next = state;
        for (int32_t lane = 0; lane < lanes; ++lane) {
          int32_t partner = lane ^ (1 << laneBit);
          bool upper = lane >> laneBit & 1;
          for (size_t low = 0; low < state[lane].size(); ++low) {
            if (low >> registerBit & 1)
              continue;
            size_t high = low | (size_t(1) << registerBit);
            // What the partner sends: its low register if it is in the upper half, else high.
            bool partnerUpper = !upper;
            int32_t received = partnerUpper ? state[partner][low] : state[partner][high];
            next[lane][low] = upper ? received : state[lane][low];
            next[lane][high] = upper ? state[lane][high] : received;
          }
        }
        state = std::move(next);
      }
      for (int32_t lane = 0; lane < lanes; ++lane) {
        int32_t sourceLane = 0;
        for (size_t j = 0; j < plan->laneTarget.size(); ++j)
          sourceLane |= (lane >> plan->laneTarget[j] & 1) << j;
        std::vector<int32_t> permuted(state[lane].size());
        for (size_t u = 0; u < state[lane].size(); ++u) {
          size_t moved = 0;
          for (size_t bit = 0; bit < plan->registerTarget.size(); ++bit)
            if (u >> bit & 1)
              moved |= size_t(1) << plan->registerTarget[bit];
          permuted[moved] = state[sourceLane][u];
        }
        for (int32_t reg = 0; reg < destinationRegisters; ++reg)
          ASSERT_EQ(permuted[plan->resultRegister[reg]], destination.element(reg, lane, warp))
              << what << " lane " << lane << " warp " << warp << " register " << reg;
      }
    }
    break;
  }
  case ConversionKind::SharedMemory: {
    auto plan = planSharedMemory(source, destination, bitwidth, instructions);
    EXPECT_TRUE(plan) << what;
    if (!plan)
      break;
    int64_t size = plan->exchange.elementsPerRound();
    EXPECT_EQ(size * bitwidth / 8,
              layoutConversionScratchBytes(source, destination, bitwidth, instructions))
        << what;
    auto threadOffset = [](const SharedMemoryAccess &access, int32_t lane, int32_t warp) {
      int32_t offset = 0;
      for (size_t bit = 0; bit < access.laneOffset.size(); ++bit)
        if (lane >> bit & 1)
          offset ^= access.laneOffset[bit];
      for (size_t bit = 0; bit < access.warpOffset.size(); ++bit)
        if (warp >> bit & 1)
          offset ^= access.warpOffset[bit];
      return offset;
    };
    // The address of each register of a vector access: contiguous from an aligned start.
    auto vectorAddresses = [&](const SharedMemoryAccess &access,
                               const std::vector<int32_t> &registers, int32_t lane,
                               int32_t warp) {
      int32_t start = access.offset[registers.front()] ^ threadOffset(access, lane, warp);
      EXPECT_EQ(start % static_cast<int32_t>(registers.size()), 0) << what;
      EXPECT_LE(static_cast<int64_t>(registers.size()) * bitwidth, 128) << what;
      std::vector<int32_t> addresses;
      for (size_t k = 0; k < registers.size(); ++k) {
        int32_t address = access.offset[registers[k]] ^ threadOffset(access, lane, warp);
        EXPECT_EQ(address, start + static_cast<int32_t>(k)) << what;
        EXPECT_GE(address, 0) << what;
        EXPECT_LT(address, size) << what;
        addresses.push_back(address);
      }
      return addresses;
    };
    std::vector<int32_t> loadedElement(size_t(warps) * lanes * destinationRegisters, -1);
    // Where the lowering reads with ldmatrix: a model of the instruction (lane L addresses row
    // L % 8 of matrix L / 8; lane l receives in word j the elements at columns 2 (l % 4) and
    // 2 (l % 4) + 1 of row l / 4 of matrix j, or with .trans at rows 2 (l % 4), 2 (l % 4) + 1
    // of column l / 4) reads the round's buffer.
    std::optional<std::vector<MatrixExchangeRound>> matrixRounds =
        planMatrixExchange(*plan, ExchangeSide::Load, bitwidth);
    std::optional<std::vector<MatrixExchangeRound>> matrixStoreRounds =
        planMatrixExchange(*plan, ExchangeSide::Store, bitwidth);
    matrixStoreExchanges += matrixStoreRounds.has_value();
    matrixExchanges += matrixRounds.has_value();
    // For every lane of every warp, each register the instruction moves and the offset it
    // moves it to or from; stmatrix addresses rows and gives each lane's words to them as
    // ldmatrix does.
    auto forEachMatrixElement = [&](const MatrixExchangeRound &matrixRound,
                                    const std::function<void(int32_t, int32_t, int32_t, int32_t)>
                                        &visit) {
      const LocalMemoryAccess &access = matrixRound.access;
      const MatrixLoadPlan &matrix = matrixRound.matrix;
      int32_t step = matrix.registersPerInstruction();
      for (int32_t warp = 0; warp < warps; ++warp)
        for (int32_t start = 0; start < static_cast<int32_t>(access.registerOffset.size());
             start += step) {
          std::vector<int32_t> row(32);
          for (int32_t lane = 0; lane < 32; ++lane) {
            row[lane] = access.registerOffset[start] ^
                        test::xorOfBits(lane, matrix.laneAddressOffset) ^
                        test::xorOfBits(warp, access.warpOffset);
            EXPECT_EQ(row[lane] % 8, 0) << what << ": matrix rows are 16-byte aligned";
          }
          for (int32_t lane = 0; lane < lanes; ++lane)
            for (int32_t word = 0; word < matrix.matrices; ++word)
              for (int32_t element = 0; element < 2; ++element) {
                int32_t group = lane / 4, t = lane % 4;
                int32_t address = matrix.transposed ? row[8 * word + 2 * t + element] + group
                                                    : row[8 * word + group] + 2 * t + element;
                ASSERT_TRUE(address >= 0 && address < size) << what;
                visit(warp, lane, matrixRound.registers[start + 2 * word + element], address);
              }
        }
    };
    for (int64_t round = 0; round < plan->exchange.roundCount(); ++round) {
      std::vector<int32_t> buffer(size, -1);
      if (matrixStoreRounds)
        forEachMatrixElement((*matrixStoreRounds)[round],
                             [&](int32_t warp, int32_t lane, int32_t reg, int32_t address) {
                               int32_t element = source.element(reg, lane, warp);
                               int32_t &slot = buffer[address];
                               EXPECT_TRUE(slot == -1 || slot == element)
                                   << what << ": two elements stored at offset " << address;
                               slot = element;
                             });
      for (int32_t warp = 0; warp < warps && !matrixStoreRounds; ++warp)
        for (int32_t lane = 0; lane < lanes; ++lane)
          for (const auto &registers : plan->store.vectorsOfRound(round)) {
            auto addresses = vectorAddresses(plan->store, registers, lane, warp);
            for (size_t k = 0; k < registers.size(); ++k) {
              if (addresses[k] < 0 || addresses[k] >= size)
                continue;
              int32_t element = source.element(registers[k], lane, warp);
              int32_t &slot = buffer[addresses[k]];
              ASSERT_TRUE(slot == -1 || slot == element)
                  << what << ": two elements stored at offset " << addresses[k];
              slot = element;
            }
          }
      if (matrixRounds) {
        forEachMatrixElement(
            (*matrixRounds)[round], [&](int32_t warp, int32_t lane, int32_t reg, int32_t address) {
              loadedElement[(size_t(warp) * lanes + lane) * destinationRegisters + reg] =
                  buffer[address];
            });
        continue;
      }
      for (int32_t warp = 0; warp < warps; ++warp)
        for (int32_t lane = 0; lane < lanes; ++lane)
          for (const auto &registers : plan->load.vectorsOfRound(round)) {
            auto addresses = vectorAddresses(plan->load, registers, lane, warp);
            for (size_t k = 0; k < registers.size(); ++k)
              if (addresses[k] >= 0 && addresses[k] < size)
                loadedElement[(size_t(warp) * lanes + lane) * destinationRegisters +
                              registers[k]] = buffer[addresses[k]];
          }
    }
    for (int32_t warp = 0; warp < warps; ++warp)
      for (int32_t lane = 0; lane < lanes; ++lane)
        for (int32_t reg = 0; reg < destinationRegisters; ++reg) {
          int32_t canonical = plan->load.canonical[reg];
          ASSERT_EQ(
              loadedElement[(size_t(warp) * lanes + lane) * destinationRegisters + canonical],
              destination.element(reg, lane, warp))
              << what << " lane " << lane << " warp " << warp << " register " << reg;
        }
    break;
  }
  case ConversionKind::AcrossBlocks:
    ADD_FAILURE() << what << ": single-CTA layouts never need a cross-CTA exchange";
    break;
  }
}

// The kind of the conversion, after checking its plan, so that callers can check the suite
// exercises every kind.
ConversionKind simulateConversion(const FlatLayout &source, const FlatLayout &destination,
                                  int32_t bitwidth, const SwizzleInstructions &instructions,
                                  const std::string &what) {
  ConversionKind kind = classifyConversion(source, destination);
  checkPlan(kind, source, destination, bitwidth, instructions, what);
  return kind;
}

std::string blocked(const std::string &sizePerThread, const std::string &threadsPerWarp,
                    const std::string &warpsPerCTA, const std::string &order) {
  return "#ttg.blocked<{sizePerThread = [" + sizePerThread + "], threadsPerWarp = [" +
         threadsPerWarp + "], warpsPerCTA = [" + warpsPerCTA + "], order = [" + order + "]}>";
}

// Converts between every ordered pair of `layouts` for `shape`, with 16- and 32-bit
// elements, and counts how many conversions were of each kind.
void convertAllPairs(LayoutConversionPlanTest &test, const std::vector<std::string> &layouts,
                     const std::vector<int64_t> &shape, const SwizzleInstructions &instructions,
                     std::map<ConversionKind, int> &kinds,
                     const std::function<FlatLayout(const std::string &)> &flat) {
  for (const std::string &from : layouts)
    for (const std::string &to : layouts)
      for (int32_t bitwidth : {16, 32}) {
        std::string what = from + " -> " + to + " (" + std::to_string(bitwidth) + " bits)";
        ConversionKind kind =
            simulateConversion(flat(from), flat(to), bitwidth, instructions, what);
        ++kinds[kind];
        if (testing::Test::HasFatalFailure())
          return;
      }
}

TEST_F(LayoutConversionPlanTest, EveryDestinationRegisterGetsItsElementOnNvidia) {
  std::vector<int64_t> shape{32, 64};
  std::vector<std::string> layouts{
      blocked("1, 4", "4, 8", "4, 1", "1, 0"),
      blocked("1, 2", "4, 8", "4, 1", "1, 0"),
      blocked("1, 4", "8, 4", "4, 1", "1, 0"),
      blocked("1, 8", "2, 16", "4, 1", "1, 0"),
      blocked("4, 1", "8, 4", "1, 4", "0, 1"),
      blocked("2, 2", "8, 4", "2, 2", "1, 0"),
      blocked("1, 1", "1, 32", "4, 1", "1, 0"),
      blocked("1, 1", "32, 1", "1, 4", "0, 1"),
      "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
      "instrShape = [16, 8]}>",
      "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
      "instrShape = [16, 64, 16]}>",
      "#ttg.dot_op<{opIdx = 0, parent = " + blocked("1, 4", "4, 8", "4, 1", "1, 0") + "}>",
      "#ttg.dot_op<{opIdx = 1, parent = " + blocked("2, 2", "8, 4", "2, 2", "1, 0") + "}>",
      // mma.sync operands (broadcast over the warps of the other operand's dim).
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
      "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>",
      "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
      "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>",
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
      "warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 4}>",
      // A bit permutation the named layouts do not produce, and a layout that is no bit
      // permutation at all (a lane basis of two bits, 48 = 32 ^ 16).
      "#ttg.linear<{register = [[0, 1], [0, 2], [1, 0], [16, 0]], lane = [[0, 4], [0, 8], "
      "[0, 16], [0, 32], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>",
      "#ttg.linear<{register = [[0, 1], [0, 2], [1, 0], [16, 0]], lane = [[0, 4], [0, 8], "
      "[0, 16], [0, 48], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>",
  };
  std::map<ConversionKind, int> kinds;
  int matrixBefore = matrixExchanges, matrixStoreBefore = matrixStoreExchanges;
  convertAllPairs(*this, layouts, shape, swizzleInstructionsFor("cuda:90"), kinds,
                  [&](const std::string &attribute) { return flat(attribute, shape); });
  EXPECT_GT(matrixExchanges, matrixBefore) << "no exchange was read with ldmatrix";
  EXPECT_GT(matrixStoreExchanges, matrixStoreBefore) << "no exchange was written with stmatrix";
  EXPECT_GT(kinds[ConversionKind::Registers], 0);
  EXPECT_GT(kinds[ConversionKind::WarpShuffle], 0);
  EXPECT_GT(kinds[ConversionKind::SharedMemory], 0);
}

TEST_F(LayoutConversionPlanTest, BroadcastLayoutsAndSlicesConvert) {
  // Layouts larger than the tensor hold copies in registers, lanes and warps.
  std::vector<int64_t> shape{16, 16};
  std::vector<std::string> layouts{
      blocked("1, 1", "4, 8", "4, 1", "1, 0"),
      blocked("1, 2", "4, 8", "4, 1", "1, 0"),
      blocked("1, 1", "1, 32", "4, 1", "1, 0"),
      blocked("1, 2", "1, 32", "4, 1", "1, 0"),
      blocked("1, 4", "8, 4", "4, 1", "1, 0"),
      blocked("1, 1", "32, 1", "1, 4", "0, 1"),
      blocked("4, 4", "1, 32", "2, 2", "1, 0"),
      "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
      "instrShape = [16, 8]}>",
  };
  std::map<ConversionKind, int> kinds;
  convertAllPairs(*this, layouts, shape, swizzleInstructionsFor("cuda:80"), kinds,
                  [&](const std::string &attribute) { return flat(attribute, shape); });

  std::vector<int64_t> row{64};
  std::vector<std::string> rowLayouts{
      blocked("1", "32", "4", "0"),
      blocked("2", "32", "2", "0"),
      "#ttg.slice<{dim = 0, parent = " + blocked("1, 4", "4, 8", "4, 1", "1, 0") + "}>",
      "#ttg.slice<{dim = 1, parent = " + blocked("1, 4", "4, 8", "4, 1", "1, 0") + "}>",
      "#ttg.slice<{dim = 1, parent = " + blocked("1, 1", "32, 1", "1, 4", "0, 1") + "}>",
  };
  convertAllPairs(*this, rowLayouts, row, swizzleInstructionsFor("cuda:90"), kinds,
                  [&](const std::string &attribute) { return flat(attribute, row); });
  EXPECT_GT(kinds[ConversionKind::SharedMemory], 0);
  EXPECT_GT(kinds[ConversionKind::WarpShuffle], 0);
}

TEST_F(LayoutConversionPlanTest, EveryDestinationRegisterGetsItsElementOnAmd) {
  // gfx942's 64-lane wavefronts; the layouts of the reference matmul for gfx942.
  std::vector<int64_t> shape{128, 128};
  std::vector<std::string> layouts{
      blocked("4, 8", "4, 16", "4, 1", "1, 0"),
      blocked("1, 8", "8, 8", "4, 1", "1, 0"),
      blocked("4, 1", "16, 4", "1, 4", "0, 1"),
      "#ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], lane = [[0, 8], "
      "[0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
      "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
      "isTransposed = true}>",
      "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], "
      "isTransposed = false}>",
  };
  std::map<ConversionKind, int> kinds;
  convertAllPairs(*this, layouts, shape, swizzleInstructionsFor("hip:gfx942"), kinds,
                  [&](const std::string &attribute) { return flat(attribute, shape); });
  EXPECT_GT(kinds[ConversionKind::SharedMemory], 0);
}

TEST_F(LayoutConversionPlanTest, SixtyFourBitElementsUseNarrowerVectors) {
  std::vector<int64_t> shape{32, 64};
  FlatLayout mma = flat("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                        "[2, 2], instrShape = [16, 8]}>",
                        shape);
  FlatLayout rows = flat(blocked("1, 8", "2, 16", "4, 1", "1, 0"), shape);
  EXPECT_EQ(simulateConversion(mma, rows, 64, swizzleInstructionsFor("cuda:90"), "f64 mma"),
            ConversionKind::SharedMemory);
  auto plan = planSharedMemory(mma, rows, 64, swizzleInstructionsFor("cuda:90"));
  ASSERT_TRUE(plan);
  EXPECT_LE(plan->store.vectorRegisterBits.size(), 1u) << "128 bits hold two 64-bit elements";
}

TEST_F(LayoutConversionPlanTest, WarpShuffleSwapsOneRegisterBitWithOneLaneBit) {
  // The pair of elements of a row moves from two registers of one lane to one register of two
  // neighbouring lanes, whose rows move to registers: register bit 0 trades with lane bit 0.
  std::vector<int64_t> shape{128, 2};
  FlatLayout rows = flat(blocked("1, 2", "32, 1", "4, 1", "1, 0"), shape);
  FlatLayout pairs = flat("#ttg.linear<{register = [[1, 0]], lane = [[0, 1], [2, 0], [4, 0], "
                          "[8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>",
                          shape);
  EXPECT_EQ(classifyConversion(rows, pairs), ConversionKind::WarpShuffle);
  auto plan = planWarpShuffle(rows, pairs);
  ASSERT_TRUE(plan);
  ASSERT_EQ(plan->swaps.size(), 1u);
  EXPECT_EQ(plan->swaps.front(), std::make_pair(0, 0));
  EXPECT_FALSE(plan->movesLanes());
  EXPECT_EQ(simulateConversion(rows, pairs, 32, {}, "swap"), ConversionKind::WarpShuffle);
  EXPECT_EQ(layoutConversionScratchBytes(rows, pairs, 32, swizzleInstructionsFor("cuda:90")), 0);
}

//===----------------------------------------------------------------------===//
// Scratch sizes against Triton 3.6
//===----------------------------------------------------------------------===//

using trex::test::readFile;

// The epilogue of each reference matmul converts the f16 accumulator from the MMA layout to
// the blocked layout of the store. Triton's .llir for it repeats stores, barrier and loads
// in rounds over one buffer; the bytes each round covers (stores per round x 16 bytes x
// threads) are its scratch: sm90 128x128 4 rounds of 4 x 16 B x 128 threads = 8192;
// sm80 128x128 2 x (8 x 16 x 128) -> 16384; sm90 128x256 2 x (8 x 16 x 256) -> 32768;
// sm80 128x256 8 x (2 x 16 x 256) -> 8192.
TEST_F(LayoutConversionPlanTest, ScratchOfTheMatmulEpilogueMatchesTriton) {
  const std::map<std::string, int64_t> expected{
      {"matmul_f16_128x128x64_w4_s4/sm90", 8192},
      {"matmul_f16_128x128x64_w4_s4/sm80", 16384},
      {"matmul_f16_128x256x64_w8_s3/sm90", 32768},
      {"matmul_f16_128x256x64_w8_s3/sm80", 8192},
  };
  namespace fs = std::filesystem;
  if (!fs::is_directory(TREX_FIXTURES_DIR))
    GTEST_SKIP() << "no Triton fixtures at " << TREX_FIXTURES_DIR;
  for (const auto &[spec, bytes] : expected) {
    fs::path file = fs::path(TREX_FIXTURES_DIR) / spec /
                    (fs::path(spec).parent_path().string() + ".ttgir");
    std::string errors;
    auto module = test::parseModule(*context, readFile(file), errors);
    ASSERT_TRUE(module) << spec << ": " << errors;
    int converts = 0;
    module->walk([&](ttg::ConvertLayoutOp op) {
      ++converts;
      EXPECT_EQ(scratchSizeInBytes(op), bytes) << spec;
      auto sourceType = mlir::cast<mlir::RankedTensorType>(op.getSrc().getType());
      auto source = layout::toLinearLayout(sourceType.getEncoding(), sourceType.getShape(),
                                           [&] { return op.emitError(); });
      auto result = layout::toLinearLayout(op.getType().getEncoding(), op.getType().getShape(),
                                           [&] { return op.emitError(); });
      ASSERT_TRUE(mlir::succeeded(source) && mlir::succeeded(result));
      bool hopper = spec.substr(spec.size() - 4) == "sm90";
      SwizzleInstructions instructions = swizzleInstructionsFor(hopper ? "cuda:90" : "cuda:80");
      simulateConversion(FlatLayout::from(*source), FlatLayout::from(*result), 16, instructions,
                         spec);
      if (!hopper)
        return;
      // Triton's sm_90 PTX reads the exchange with 16 ldmatrix.x4 (and stores with
      // st.shared.v4): so does the plan.
      auto plan =
          planSharedMemory(FlatLayout::from(*source), FlatLayout::from(*result), 16, instructions);
      ASSERT_TRUE(plan) << spec;
      EXPECT_EQ(plan->exchange.store, SharedAccessInstruction::LoadStore) << spec;
      EXPECT_EQ(plan->exchange.load, SharedAccessInstruction::Matrix) << spec;
      EXPECT_FALSE(planMatrixExchange(*plan, ExchangeSide::Store, 16)) << spec;
      auto rounds = planMatrixExchange(*plan, ExchangeSide::Load, 16);
      ASSERT_TRUE(rounds) << spec;
      int instructionCount = 0;
      for (const MatrixExchangeRound &round : *rounds) {
        EXPECT_EQ(round.matrix.matrices, 4) << spec;
        EXPECT_FALSE(round.matrix.transposed) << spec;
        instructionCount +=
            static_cast<int>(round.registers.size()) / round.matrix.registersPerInstruction();
      }
      EXPECT_EQ(instructionCount, 16) << spec;
    });
    EXPECT_EQ(converts, 1) << spec;
  }
}

} // namespace
