// mma.sync plans run on the host: every lane of every warp supplies the fragment words the plan
// picks from its operand registers, a model of mma.sync built from the PTX ISA's fragment
// tables multiplies them, and every result register must end as C + A * B at the element its
// layout assigns it. Integer-valued matrices keep the sums exact.
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/MmaV2Plan.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <map>

using namespace trex;

namespace {

using Coordinates = std::vector<int32_t>;

int64_t aValue(const Coordinates &at) { // [..., m, k]
  int64_t batch = at.size() > 2 ? at[0] : 0;
  return (at[at.size() - 2] * 7 + at.back() * 3 + batch * 5) % 9 - 4;
}
int64_t bValue(const Coordinates &at) { // [..., k, n]
  int64_t batch = at.size() > 2 ? at[0] : 0;
  return (at[at.size() - 2] * 5 + at.back() * 11 + batch) % 7 - 3;
}
int64_t cValue(const Coordinates &at) { // [..., m, n]
  return (at[at.size() - 2] + 2 * at.back()) % 3;
}

std::string mmaAttribute(const std::string &warps, const std::string &instrShape) {
  return "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [" + warps +
         "], instrShape = [" + instrShape + "]}>";
}

std::string dotOperand(int opIdx, const std::string &mma, int kWidth) {
  return "#ttg.dot_op<{opIdx = " + std::to_string(opIdx) + ", parent = " + mma +
         ", kWidth = " + std::to_string(kWidth) + "}>";
}

class MmaV2PlanTest : public testing::Test {
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

  static Coordinates at(const layoutviz::LinearLayout &layout, int32_t reg, int32_t lane,
                        int32_t warp) {
    Coordinates result;
    for (const auto &[name, value] :
         layout.apply({{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}}))
      result.push_back(value);
    return result;
  }

  // Plans D = A * B + C for the dot with result layout `mma` over [batch..., M, N] (K
  // operands) with p elements per word, simulates it and returns the plan.
  std::optional<MmaV2Plan> simulate(const std::string &mma, int kWidth, int32_t p,
                                    std::vector<int64_t> batch, int64_t m, int64_t n,
                                    int64_t k) {
    std::vector<int64_t> aShape = batch, bShape = batch, cShape = batch;
    aShape.insert(aShape.end(), {m, k});
    bShape.insert(bShape.end(), {k, n});
    cShape.insert(cShape.end(), {m, n});
    layoutviz::LinearLayout a = linear(dotOperand(0, mma, kWidth), aShape);
    layoutviz::LinearLayout b = linear(dotOperand(1, mma, kWidth), bShape);
    layoutviz::LinearLayout c = linear(mma, cShape);
    std::string why;
    std::optional<MmaV2Plan> plan = planMmaV2(a, b, c, p, why);
    EXPECT_TRUE(plan) << why;
    if (!plan)
      return plan;
    int32_t stepK = 8 * p;
    for (int32_t warp = 0; warp < c.getInDimSize("warp"); ++warp) {
      std::vector<std::vector<int64_t>> lanes(32, std::vector<int64_t>(4 * plan->tiles.size()));
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
        for (int32_t lane = 0; lane < 32; ++lane)
          for (int32_t slot = 0; slot < 4; ++slot)
            lanes[lane][4 * tile + slot] =
                cValue(at(c, plan->tiles[tile].accumulator[slot], lane, warp));
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
        for (const MmaV2Step &step : plan->tiles[tile].steps) {
          // The fragments as the PTX ISA places them (groupID = lane / 4, t = lane % 4).
          std::vector<std::vector<int64_t>> aTile(16, std::vector<int64_t>(stepK, 0));
          std::vector<std::vector<int64_t>> bTile(stepK, std::vector<int64_t>(8, 0));
          std::vector<std::vector<int>> aWritten(16, std::vector<int>(stepK, 0));
          std::vector<std::vector<int>> bWritten(stepK, std::vector<int>(8, 0));
          for (int32_t lane = 0; lane < 32; ++lane) {
            int32_t group = lane / 4, t = lane % 4;
            for (int32_t word = 0; word < 4; ++word)
              for (int32_t e = 0; e < p; ++e) {
                int32_t row = group + 8 * (word & 1), col = t * p + e + 4 * p * (word >> 1);
                aTile[row][col] = aValue(at(a, step.a[word * p + e], lane, warp));
                ++aWritten[row][col];
              }
            for (int32_t word = 0; word < 2; ++word)
              for (int32_t e = 0; e < p; ++e) {
                int32_t row = t * p + e + 4 * p * word, col = group;
                bTile[row][col] = bValue(at(b, step.b[word * p + e], lane, warp));
                ++bWritten[row][col];
              }
          }
          // Each fragment position is supplied by exactly one lane's word.
          for (int32_t row = 0; row < 16; ++row)
            for (int32_t col = 0; col < stepK; ++col)
              EXPECT_EQ(aWritten[row][col], 1) << "A fragment element " << row << "," << col;
          for (int32_t row = 0; row < stepK; ++row)
            for (int32_t col = 0; col < 8; ++col)
              EXPECT_EQ(bWritten[row][col], 1) << "B fragment element " << row << "," << col;
          for (int32_t lane = 0; lane < 32; ++lane) {
            int32_t group = lane / 4, t = lane % 4;
            for (int32_t slot = 0; slot < 4; ++slot) {
              int32_t row = group + 8 * (slot >> 1), col = 2 * t + (slot & 1);
              int64_t sum = 0;
              for (int32_t kk = 0; kk < stepK; ++kk)
                sum += aTile[row][kk] * bTile[kk][col];
              lanes[lane][4 * tile + slot] += sum;
            }
          }
        }
      // Every result register: C + sum over K of A * B at its element.
      std::map<int32_t, std::pair<size_t, int32_t>> slotOf;
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
        for (int32_t slot = 0; slot < 4; ++slot)
          slotOf[plan->tiles[tile].accumulator[slot]] = {tile, slot};
      for (int32_t reg = 0; reg < c.getInDimSize("register"); ++reg)
        for (int32_t lane = 0; lane < 32; ++lane) {
          Coordinates element = at(c, reg, lane, warp);
          int64_t expected = cValue(element);
          for (int32_t kk = 0; kk < k; ++kk) {
            Coordinates aAt = element, bAt = element;
            aAt.back() = kk;
            bAt[bAt.size() - 2] = kk;
            expected += aValue(aAt) * bValue(bAt);
          }
          auto [tile, slot] = slotOf.at(plan->canonical[reg]);
          EXPECT_EQ(lanes[lane][4 * tile + slot], expected)
              << "register " << reg << " lane " << lane << " warp " << warp;
        }
    }
    return plan;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

TEST_F(MmaV2PlanTest, F16SmallestDotOneTilePerWarpColumn) {
  // 16x16x16 over 4 warps: two warps split N, the other warp bit repeats them.
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 2, 2, {}, 16, 16, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.size(), 1u);
  EXPECT_EQ(plan->tiles.front().steps.size(), 1u);
  EXPECT_EQ(plan->tiles.front().steps.front().a.size(), 8u);
  EXPECT_EQ(plan->tiles.front().steps.front().b.size(), 4u);
  // kWidth 2 is the hardware's own K order.
  for (int32_t k = 0; k < 16; ++k)
    EXPECT_EQ(plan->kPermutation[k], k);
}

TEST_F(MmaV2PlanTest, F16SampleTile) {
  // The matmul sample's 64x64x32 tile: per warp 32x32, 2x4 tiles, 2 K steps.
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 2, 2, {}, 64, 64, 32);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.size(), 8u);
  EXPECT_EQ(plan->tiles.front().steps.size(), 2u);
}

TEST_F(MmaV2PlanTest, F16FixtureTiles) {
  simulate(mmaAttribute("2, 2", "16, 8"), 2, 2, {}, 128, 128, 64);
  simulate(mmaAttribute("2, 4", "16, 8"), 2, 2, {}, 128, 256, 64);
  simulate(mmaAttribute("4, 1", "16, 8"), 2, 2, {}, 64, 32, 32);
  simulate(mmaAttribute("1, 4", "16, 8"), 2, 2, {}, 32, 64, 16);
  simulate(mmaAttribute("4, 2", "16, 8"), 2, 2, {}, 32, 32, 32);
}

TEST_F(MmaV2PlanTest, F16OperandsWithEightBitKWidthPermuteK) {
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 4, 2, {}, 32, 32, 32);
  ASSERT_TRUE(plan);
  // Fragment K 8 (the upper half of a step) is the layout's K 2: each thread's 4 K are
  // consecutive.
  EXPECT_EQ(plan->kPermutation[8], 2);
  EXPECT_EQ(plan->kPermutation[2], 4);
}

TEST_F(MmaV2PlanTest, F16OperandsUnpackedFromFp4InterleaveSteps) {
  // kWidth 8 (16-bit operands unpacked from e2m1): each thread holds 8 consecutive K, more
  // than the 4 a step takes from it, so the fragment's K reaches past one step's 16 and the
  // two steps of every 32 K take alternate pairs of each thread's run.
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 8, 2, {}, 64, 64, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.front().steps.size(), 4u);
  EXPECT_EQ(plan->kPermutation[1], 1);
  EXPECT_EQ(plan->kPermutation[2], 8); // t's first bit: the next thread's run
  EXPECT_EQ(plan->kPermutation[8], 2); // the upper half: the thread's next pair
  int32_t covered = 0;
  for (int32_t image : plan->kPermutation)
    covered |= image;
  EXPECT_EQ(covered, 1 | 2 | 8 | 16); // bit 2 (K 4) selects the step
}

TEST_F(MmaV2PlanTest, Tf32) {
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 1, 1, {}, 32, 32, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.front().steps.size(), 2u);
  EXPECT_EQ(plan->tiles.front().steps.front().a.size(), 4u);
}

TEST_F(MmaV2PlanTest, Int8) {
  auto plan = simulate(mmaAttribute("2, 2", "16, 8"), 4, 4, {}, 32, 32, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.front().steps.size(), 2u);
  EXPECT_EQ(plan->tiles.front().steps.front().a.size(), 16u);
}

TEST_F(MmaV2PlanTest, BatchedDot) {
  simulate(mmaAttribute("4, 1, 1", "1, 16, 8"), 2, 2, {4}, 32, 16, 16);
  simulate(mmaAttribute("2, 2, 1", "1, 16, 8"), 2, 2, {2}, 32, 16, 32);
}

// Results smaller than a 16x8 tile (split-K and decode kernels: M = 1..8, N < 8): the layouts
// broadcast over the missing rows or columns, so fragment rows past M read the rows the tensor
// has and two accumulator slots land in one register. The simulation checks every register
// against the sum over K all the same.
TEST_F(MmaV2PlanTest, SmallMBroadcastsTheTile) {
  for (int64_t m : {1, 2, 4, 8}) {
    auto plan = simulate(mmaAttribute("1, 4", "16, 8"), 2, 2, {}, m, 64, 32);
    ASSERT_TRUE(plan) << "M = " << m;
    // Per warp 16 columns: two tiles, two K steps each.
    EXPECT_EQ(plan->tiles.size(), 2u) << "M = " << m;
    EXPECT_EQ(plan->tiles.front().steps.size(), 2u);
  }
  auto plan = simulate(mmaAttribute("1, 4", "16, 8"), 2, 2, {}, 8, 64, 32);
  ASSERT_TRUE(plan);
  // Rows 8-15 of the tile are rows 0-7 again: the lower slots' registers are the upper ones'.
  EXPECT_EQ(plan->tiles.front().accumulator[2], plan->tiles.front().accumulator[0]);
  EXPECT_EQ(plan->tiles.front().accumulator[3], plan->tiles.front().accumulator[1]);
}

TEST_F(MmaV2PlanTest, SmallNAndWarpsOverMissingRows) {
  // Triton's layout for an 8x4 bf16 result: 4 warps along M, all of them repeating the tile.
  auto plan = simulate(mmaAttribute("4, 1", "16, 8"), 2, 2, {}, 8, 4, 32);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.size(), 1u);
  simulate(mmaAttribute("1, 4", "16, 8"), 4, 4, {}, 2, 64, 32);
  simulate(mmaAttribute("1, 4", "16, 8"), 1, 1, {}, 4, 32, 16);
}

TEST_F(MmaV2PlanTest, RefusesNonMmaOperands) {
  std::string mma = mmaAttribute("2, 2", "16, 8");
  layoutviz::LinearLayout blocked =
      linear("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, "
             "1], order = [1, 0]}>",
             {32, 32});
  std::string why;
  EXPECT_FALSE(planMmaV2(blocked, linear(dotOperand(1, mma, 2), {32, 32}),
                         linear(mma, {32, 32}), 2, why));
  EXPECT_NE(why.find("lanes"), std::string::npos) << why;
}

} // namespace
