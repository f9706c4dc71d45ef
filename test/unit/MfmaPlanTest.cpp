// MFMA plans run on the host: every lane of every wavefront supplies the fragment elements the
// plan picks from its operand registers, a model of the instruction built from AMD's CDNA3
// ISA register tables multiplies them, and every result register must end as C + A * B at the
// element its layout assigns it. Integer-valued matrices keep the sums exact. No AMD GPU runs
// these instructions here: this model is what the lowering is checked against.
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/MfmaPlan.h"
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
  return (at[at.size() - 2] + 2 * at.back()) % 5 - 2;
}

std::string mfmaAttribute(const std::string &warps, const std::string &instrShape, bool transposed,
                          const std::string &extra = "") {
  return "#ttg.amd_mfma<{version = 3, warpsPerCTA = [" + warps + "], instrShape = [" + instrShape +
         "], isTransposed = " + (transposed ? "true" : "false") + extra + "}>";
}

std::string dotOperand(int opIdx, const std::string &mfma, int kWidth) {
  return "#ttg.dot_op<{opIdx = " + std::to_string(opIdx) + ", parent = " + mfma +
         ", kWidth = " + std::to_string(kWidth) + "}>";
}

// The CDNA3 ISA's register tables for an S x S x (64 / S * kBase) MFMA, S = 32 or 16 (AMD
// matrix instruction calculator, e.g. v_mfma_f32_32x32x8_f16: "A i: lane % 32, A k: 4 *
// floor(lane / 32) + element", "D i: 8 * floor(GPR / 4) % 32 + 4 * floor(lane / 32) + GPR %
// 4, D j: lane % 32"; v_mfma_f32_16x16x16_f16: "D i: 4 * floor(lane / 16) + GPR % 4").
struct Hardware {
  int32_t size;
  int32_t kBase;
  int32_t k() const { return 64 / size * kBase; }
  int32_t operandRow(int32_t lane) const { return lane % size; }
  int32_t operandK(int32_t lane, int32_t element) const { return kBase * (lane / size) + element; }
  int32_t resultRow(int32_t lane, int32_t value) const {
    if (size == 32)
      return 8 * (value / 4) % 32 + 4 * (lane / 32) + value % 4;
    return 4 * (lane / 16) + value % 4;
  }
  int32_t resultColumn(int32_t lane) const { return lane % size; }
};

class MfmaPlanTest : public testing::Test {
protected:
  void SetUp() override { context = test::makeContext(); }

  layoutviz::LinearLayout linear(const std::string &attribute, const std::vector<int64_t> &shape) {
    mlir::Attribute attr = mlir::parseAttribute(attribute, context.get());
    EXPECT_TRUE(attr) << attribute;
    auto layout = layout::toLinearLayout(
        attr, shape, [&] { return mlir::emitError(mlir::UnknownLoc::get(context.get())); });
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

  // Plans D = A * B + C for the dot with result layout `mfma` (S x S tiles, kBase elements
  // per lane) over [batch..., M, N] (K operands), simulates it and returns the plan.
  std::optional<MfmaPlan> simulate(const std::string &mfma, int kWidth, int32_t size, int32_t kBase,
                                   bool transposed, std::vector<int64_t> batch, int64_t m,
                                   int64_t n, int64_t k) {
    std::vector<int64_t> aShape = batch, bShape = batch, cShape = batch;
    aShape.insert(aShape.end(), {m, k});
    bShape.insert(bShape.end(), {k, n});
    cShape.insert(cShape.end(), {m, n});
    layoutviz::LinearLayout a = linear(dotOperand(0, mfma, kWidth), aShape);
    layoutviz::LinearLayout b = linear(dotOperand(1, mfma, kWidth), bShape);
    layoutviz::LinearLayout c = linear(mfma, cShape);
    std::string why;
    std::optional<MfmaPlan> plan = planMfma(a, b, c, size, kBase, transposed, why);
    EXPECT_TRUE(plan) << why;
    if (!plan)
      return plan;
    Hardware hardware{size, kBase};
    int32_t values = size * size / 64;
    EXPECT_EQ(plan->valuesPerLane, values);
    for (int32_t warp = 0; warp < c.getInDimSize("warp"); ++warp) {
      // accumulators[lane][tile][value]
      std::vector<std::vector<std::vector<int64_t>>> accumulators(
          64, std::vector<std::vector<int64_t>>(plan->tiles.size(), std::vector<int64_t>(values)));
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile) {
        if (plan->tiles[tile].accumulator.size() != static_cast<size_t>(values)) {
          ADD_FAILURE() << "tile " << tile << " has " << plan->tiles[tile].accumulator.size()
                        << " accumulator registers";
          return std::nullopt;
        }
        for (int32_t lane = 0; lane < 64; ++lane)
          for (int32_t value = 0; value < values; ++value)
            accumulators[lane][tile][value] =
                cValue(at(c, plan->tiles[tile].accumulator[value], lane, warp));
      }
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
        for (const MfmaStep &step : plan->tiles[tile].steps) {
          if (step.a.size() != static_cast<size_t>(kBase) ||
              step.b.size() != static_cast<size_t>(kBase)) {
            ADD_FAILURE() << "a step without kBase registers per operand";
            return std::nullopt;
          }
          // src0 is size x K, src1 K x size; transposed, src0 takes B and src1 A.
          std::vector<std::vector<int64_t>> src0(size, std::vector<int64_t>(hardware.k()));
          std::vector<std::vector<int64_t>> src1(hardware.k(), std::vector<int64_t>(size));
          std::vector<std::vector<int>> written0(size, std::vector<int>(hardware.k()));
          std::vector<std::vector<int>> written1(hardware.k(), std::vector<int>(size));
          for (int32_t lane = 0; lane < 64; ++lane)
            for (int32_t element = 0; element < kBase; ++element) {
              int64_t fromA = aValue(at(a, step.a[element], lane, warp));
              int64_t fromB = bValue(at(b, step.b[element], lane, warp));
              int32_t row = hardware.operandRow(lane), kk = hardware.operandK(lane, element);
              src0[row][kk] = transposed ? fromB : fromA;
              src1[kk][row] = transposed ? fromA : fromB;
              ++written0[row][kk];
              ++written1[kk][row];
            }
          for (int32_t row = 0; row < size; ++row)
            for (int32_t kk = 0; kk < hardware.k(); ++kk) {
              EXPECT_EQ(written0[row][kk], 1) << "src0 element " << row << "," << kk;
              EXPECT_EQ(written1[kk][row], 1) << "src1 element " << kk << "," << row;
            }
          for (int32_t lane = 0; lane < 64; ++lane)
            for (int32_t value = 0; value < values; ++value) {
              int32_t row = hardware.resultRow(lane, value), col = hardware.resultColumn(lane);
              int64_t sum = 0;
              for (int32_t kk = 0; kk < hardware.k(); ++kk)
                sum += src0[row][kk] * src1[kk][col];
              accumulators[lane][tile][value] += sum;
            }
        }
      // Every result register: C + sum over K of A * B at its element.
      std::map<int32_t, std::pair<size_t, int32_t>> slotOf;
      for (size_t tile = 0; tile < plan->tiles.size(); ++tile)
        for (int32_t value = 0; value < values; ++value)
          slotOf[plan->tiles[tile].accumulator[value]] = {tile, value};
      for (int32_t reg = 0; reg < c.getInDimSize("register"); ++reg)
        for (int32_t lane = 0; lane < 64; ++lane) {
          Coordinates element = at(c, reg, lane, warp);
          int64_t expected = cValue(element);
          for (int32_t kk = 0; kk < k; ++kk) {
            Coordinates aAt = element, bAt = element;
            aAt.back() = kk;
            bAt[bAt.size() - 2] = kk;
            expected += aValue(aAt) * bValue(bAt);
          }
          auto [tile, value] = slotOf.at(plan->canonical[reg]);
          if (accumulators[lane][tile][value] != expected) {
            ADD_FAILURE() << "register " << reg << " lane " << lane << " warp " << warp << ": "
                          << accumulators[lane][tile][value] << " instead of " << expected;
            return std::nullopt;
          }
        }
    }
    return plan;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

TEST_F(MfmaPlanTest, F16FixtureTiles32x32x8) {
  // Triton's gfx942 matmul fixtures: 128x128x64 over warps [2, 2] and 128x256x64 over [2, 4],
  // both 64x64 per warp: 2x2 tiles of 32x32, 8 K steps = 32 instructions per dot.
  for (bool transposed : {true, false}) {
    auto plan = simulate(mfmaAttribute("2, 2", "32, 32, 8", transposed), 4, 32, 4, transposed, {},
                         128, 128, 64);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->tiles.size(), 4u);
    EXPECT_EQ(plan->tiles.front().steps.size(), 8u);
    // kWidth 4 is one instruction's K per lane: step s reads K 8s .. 8s+7 in order.
    for (int32_t position = 0; position < 8; ++position)
      EXPECT_EQ(plan->stepK[1][position], 8 + position);
    plan = simulate(mfmaAttribute("2, 4", "32, 32, 8", transposed), 4, 32, 4, transposed, {}, 128,
                    256, 64);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->tiles.size() * plan->tiles.front().steps.size(), 32u);
  }
}

TEST_F(MfmaPlanTest, F16SmallShapes) {
  simulate(mfmaAttribute("1, 1", "32, 32, 8", true), 4, 32, 4, true, {}, 32, 32, 8);
  simulate(mfmaAttribute("4, 1", "32, 32, 8", false), 4, 32, 4, false, {}, 128, 32, 16);
  simulate(mfmaAttribute("1, 4", "32, 32, 8", true), 4, 32, 4, true, {}, 64, 128, 32);
  simulate(mfmaAttribute("2, 2", "32, 32, 8", true), 4, 32, 4, true, {}, 64, 64, 32);
  // Flash attention's first dot: 4 warps along M of a 64-row tile, so pairs of warps compute
  // the same 32 rows.
  simulate(mfmaAttribute("4, 1", "32, 32, 8", true), 4, 32, 4, true, {}, 64, 32, 64);
}

TEST_F(MfmaPlanTest, F16Tiles16x16x16) {
  for (bool transposed : {true, false}) {
    auto plan = simulate(mfmaAttribute("2, 2", "16, 16, 16", transposed), 4, 16, 4, transposed, {},
                         64, 64, 32);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->valuesPerLane, 4);
    EXPECT_EQ(plan->tiles.size(), 4u);
    EXPECT_EQ(plan->tiles.front().steps.size(), 2u);
    simulate(mfmaAttribute("4, 1", "16, 16, 16", transposed), 4, 16, 4, transposed, {}, 64, 16, 16);
  }
}

TEST_F(MfmaPlanTest, KWidthOfTwoInstructionsInterleavesK) {
  // kPack = 2: a lane holds 8 consecutive K, lane group 1 starts at K 8. The first step reads
  // K 0-3 (group 0) and 8-11 (group 1), the second 4-7 and 12-15.
  auto plan = simulate(mfmaAttribute("2, 2", "32, 32, 8", true), 8, 32, 4, true, {}, 64, 64, 32);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.front().steps.size(), 4u);
  EXPECT_EQ(plan->stepK[0], (std::vector<int32_t>{0, 1, 2, 3, 8, 9, 10, 11}));
  EXPECT_EQ(plan->stepK[1], (std::vector<int32_t>{4, 5, 6, 7, 12, 13, 14, 15}));
  simulate(mfmaAttribute("2, 2", "16, 16, 16", false), 8, 16, 4, false, {}, 32, 32, 64);
}

TEST_F(MfmaPlanTest, KWidthOfHalfAnInstructionSpreadsElementsOverRegisterGroups) {
  // kWidth 2 < kBase 4: lane group 1 starts at K 2, so a lane's 4 elements of a step are its
  // registers for K 0, 1, 4, 5 (group 1: 2, 3, 6, 7).
  auto plan = simulate(mfmaAttribute("1, 1", "32, 32, 8", true), 2, 32, 4, true, {}, 32, 32, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->stepK[0], (std::vector<int32_t>{0, 1, 4, 5, 2, 3, 6, 7}));
}

TEST_F(MfmaPlanTest, F32OneElementPerLane) {
  // v_mfma_f32_32x32x2f32 / 16x16x4f32: one f32 per lane and operand.
  for (bool transposed : {true, false}) {
    auto plan = simulate(mfmaAttribute("2, 2", "32, 32, 2", transposed), 1, 32, 1, transposed, {},
                         64, 64, 16);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->tiles.front().steps.size(), 8u);
    EXPECT_EQ(plan->tiles.front().steps.front().a.size(), 1u);
    simulate(mfmaAttribute("2, 2", "16, 16, 4", transposed), 1, 16, 1, transposed, {}, 32, 32, 16);
  }
}

TEST_F(MfmaPlanTest, Xf32TwoElementsPerLane) {
  // v_mfma_f32_32x32x4_xf32 / 16x16x8_xf32 (tf32 precision on gfx942).
  simulate(mfmaAttribute("2, 2", "32, 32, 4", true), 2, 32, 2, true, {}, 64, 64, 16);
  simulate(mfmaAttribute("2, 2", "16, 16, 8", false), 2, 16, 2, false, {}, 32, 32, 16);
}

TEST_F(MfmaPlanTest, Int8EightElementsPerLane) {
  // v_mfma_i32_32x32x16_i8 / 16x16x32_i8: 8 i8 (64 bits) per lane and operand.
  for (bool transposed : {true, false}) {
    auto plan = simulate(mfmaAttribute("2, 2", "32, 32, 16", transposed), 8, 32, 8, transposed, {},
                         64, 64, 64);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->tiles.front().steps.size(), 4u);
    simulate(mfmaAttribute("2, 2", "16, 16, 32", transposed), 8, 16, 8, transposed, {}, 32, 32, 64);
  }
}

TEST_F(MfmaPlanTest, BatchedDot) {
  simulate(mfmaAttribute("4, 1, 1", "32, 32, 8", true), 4, 32, 4, true, {4}, 32, 32, 16);
  simulate(mfmaAttribute("2, 1, 1", "16, 16, 16", false), 4, 16, 4, false, {4}, 16, 32, 32);
}

TEST_F(MfmaPlanTest, SeveralTilesPerWarp) {
  simulate(mfmaAttribute("2, 2", "32, 32, 8", true, ", tilesPerWarp = [2, 2]"), 4, 32, 4, true, {},
           128, 128, 16);
}

TEST_F(MfmaPlanTest, RefusesTheOtherOrientation) {
  std::string mfma = mfmaAttribute("2, 2", "32, 32, 8", true);
  std::string why;
  EXPECT_FALSE(planMfma(linear(dotOperand(0, mfma, 4), {64, 16}),
                        linear(dotOperand(1, mfma, 4), {16, 64}), linear(mfma, {64, 64}), 32, 4,
                        /*transposed=*/false, why));
  EXPECT_NE(why.find("accumulator"), std::string::npos) << why;
}

TEST_F(MfmaPlanTest, RefusesAnotherInstruction) {
  std::string mfma = mfmaAttribute("2, 2", "32, 32, 8", true);
  std::string why;
  // 16x16 instructions on a 32x32 layout.
  EXPECT_FALSE(planMfma(linear(dotOperand(0, mfma, 4), {64, 16}),
                        linear(dotOperand(1, mfma, 4), {16, 64}), linear(mfma, {64, 64}), 16, 4,
                        true, why));
  EXPECT_NE(why.find("lanes"), std::string::npos) << why;
  // An i8 instruction (8 per lane) on operands holding 4 per lane in all.
  EXPECT_FALSE(planMfma(linear(dotOperand(0, mfma, 4), {64, 8}),
                        linear(dotOperand(1, mfma, 4), {8, 64}), linear(mfma, {64, 64}), 32, 8,
                        true, why));
  EXPECT_NE(why.find("fewer K elements"), std::string::npos) << why;
}

TEST_F(MfmaPlanTest, RefusesNonMfmaOperands) {
  std::string mfma = mfmaAttribute("2, 2", "32, 32, 8", true);
  layoutviz::LinearLayout blocked =
      linear("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, "
             "1], order = [1, 0]}>",
             {64, 16});
  std::string why;
  EXPECT_FALSE(planMfma(blocked, linear(dotOperand(1, mfma, 4), {16, 64}), linear(mfma, {64, 64}),
                        32, 4, true, why));
  EXPECT_NE(why.find("lanes"), std::string::npos) << why;
}

} // namespace
