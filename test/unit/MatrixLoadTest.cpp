// ldmatrix plans run on the host: a model of ldmatrix (each lane addresses one 8-element row,
// each lane receives two elements of every matrix, as the PTX ISA describes it, plain and
// .trans) reads the offsets each lane's address gives, and every register of every thread must
// receive the offset the shared-memory access plan assigns it.
#include "BitProduct.h"
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

using namespace trex;

namespace {

const char *kMma = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
                   "instrShape = [16, 8]}>";

std::string dotOperand(int opIdx, int kWidth = 2) {
  return "#ttg.dot_op<{opIdx = " + std::to_string(opIdx) + ", parent = " + kMma +
         ", kWidth = " + std::to_string(kWidth) + "}>";
}

using test::xorOfBits;

class MatrixLoadTest : public testing::Test {
protected:
  void SetUp() override { context = test::makeContext(); }

  layoutviz::LinearLayout linear(const std::string &attribute, const std::vector<int64_t> &shape) {
    mlir::Attribute attr = mlir::parseAttribute(attribute, context.get());
    EXPECT_TRUE(attr) << attribute;
    auto layout = layout::toLinearLayout(attr, shape, [&] {
      return mlir::emitError(mlir::UnknownLoc::get(context.get()));
    });
    EXPECT_TRUE(mlir::succeeded(layout)) << attribute;
    return mlir::succeeded(layout) ? *layout : layoutviz::LinearLayout();
  }

  std::optional<LocalMemoryAccess> access(const std::string &distributed,
                                          const std::string &shared,
                                          const std::vector<int64_t> &shape) {
    std::string why;
    std::optional<LocalMemoryAccess> plan =
        planLocalMemoryAccess(linear(distributed, shape), linear(shared, shape), 2, 16, why);
    EXPECT_TRUE(plan) << why;
    return plan;
  }

  // Runs the ldmatrix plan for `distributed` read from `shared` and returns whether it was
  // transposed (nullopt: no plan).
  std::optional<bool> check(const std::string &distributed, const std::string &shared,
                            const std::vector<int64_t> &shape, int32_t warps = 4) {
    std::optional<LocalMemoryAccess> plan = access(distributed, shared, shape);
    if (!plan)
      return std::nullopt;
    std::optional<MatrixLoadPlan> matrix = planMatrixLoad(*plan, 2);
    if (!matrix)
      return std::nullopt;
    int32_t step = matrix->registersPerInstruction();
    for (int32_t warp = 0; warp < warps; ++warp)
      for (int32_t start = 0; start < static_cast<int32_t>(plan->registerOffset.size());
           start += step) {
        // The row each lane addresses (element offsets), 16-byte aligned.
        std::vector<int32_t> row(32);
        for (int32_t lane = 0; lane < 32; ++lane) {
          row[lane] = plan->registerOffset[start] ^ xorOfBits(lane, matrix->laneAddressOffset) ^
                      xorOfBits(warp, plan->warpOffset);
          EXPECT_EQ(row[lane] % 8, 0) << "lane " << lane;
        }
        for (int32_t lane = 0; lane < 32; ++lane)
          for (int32_t word = 0; word < matrix->matrices; ++word)
            for (int32_t element = 0; element < 2; ++element) {
              int32_t group = lane / 4, t = lane % 4;
              // Matrix `word`'s rows come from lanes 8 word .. 8 word + 7.
              int32_t received =
                  matrix->transposed ? row[8 * word + 2 * t + element] + group
                                     : row[8 * word + group] + 2 * t + element;
              int32_t reg = start + 2 * word + element;
              int32_t expected = plan->registerOffset[reg] ^ xorOfBits(lane, plan->laneOffset) ^
                                 xorOfBits(warp, plan->warpOffset);
              EXPECT_EQ(received, expected)
                  << "warp " << warp << " lane " << lane << " register " << reg;
            }
      }
    return matrix->transposed;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

TEST_F(MatrixLoadTest, OperandAOverKContiguousBufferIsPlain) {
  // The matmul sample's A tile (64x32, K contiguous) and the fixture's 128x64 one.
  EXPECT_EQ(check(dotOperand(0),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
                  {64, 32}),
            std::optional<bool>(false));
  EXPECT_EQ(check(dotOperand(0),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {128, 64}),
            std::optional<bool>(false));
}

TEST_F(MatrixLoadTest, OperandBOverNContiguousBufferIsTransposed) {
  EXPECT_EQ(check(dotOperand(1),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {32, 64}),
            std::optional<bool>(true));
  EXPECT_EQ(check(dotOperand(1),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {64, 128}),
            std::optional<bool>(true));
}

TEST_F(MatrixLoadTest, OperandsOverTheOtherOrderSwapModes) {
  EXPECT_EQ(check(dotOperand(1),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>",
                  {64, 64}),
            std::optional<bool>(false));
  EXPECT_EQ(check(dotOperand(0),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>",
                  {64, 64}),
            std::optional<bool>(true));
}

TEST_F(MatrixLoadTest, SmallOperandsUseFewerMatrices) {
  // 16x16 B over warps [2, 2]: 4 registers per thread, ldmatrix.x2.
  std::optional<LocalMemoryAccess> plan =
      access(dotOperand(1), "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
             {16, 16});
  ASSERT_TRUE(plan);
  std::optional<MatrixLoadPlan> matrix = planMatrixLoad(*plan, 2);
  ASSERT_TRUE(matrix);
  EXPECT_EQ(matrix->matrices, 2);
  EXPECT_EQ(check(dotOperand(1),
                  "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
                  {16, 16}),
            std::optional<bool>(true));
}

TEST_F(MatrixLoadTest, RefusesOtherShapes) {
  // A blocked tensor, 8-element-per-lane rows along N: not the ldmatrix lane pattern.
  EXPECT_EQ(check("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = "
                  "[4, 1], order = [1, 0]}>",
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {64, 64}),
            std::nullopt);
  // kWidth 4 puts 4 consecutive K in a lane: no 8x8 b16 matrix rows per lane quad.
  EXPECT_EQ(check(dotOperand(0, 4),
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {64, 64}),
            std::nullopt);
  // Only 16-bit elements.
  std::optional<LocalMemoryAccess> plan = access(
      dotOperand(0), "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
      {64, 64});
  ASSERT_TRUE(plan);
  EXPECT_FALSE(planMatrixLoad(*plan, 4));
}

} // namespace
