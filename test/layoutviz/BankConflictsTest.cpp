// BankConflictsTest: wavefront counts for register <-> shared-memory accesses, with hand-computed answers.
#include "layoutviz/BankConflicts.h"
#include "layoutviz/Layout.h"
#include "layoutviz/LayoutError.h"

#include <gtest/gtest.h>

#include <numeric>

namespace trex::layoutviz {
namespace {

// Lane i holds row i; consecutive registers walk along the columns `perThread` at a time.
LinearLayout lanePerRow(unsigned perThread, std::vector<int64_t> shape) {
  return toLinearLayout(Layout(BlockedLayout{{1, perThread}, {32, 1}, {1, 1}, {1, 0}, {}}), shape);
}

// Lane j holds column j of every row.
LinearLayout lanePerColumn(std::vector<int64_t> shape) {
  return toLinearLayout(Layout(BlockedLayout{{1, 1}, {1, 32}, {1, 1}, {1, 0}, {}}), shape);
}

LinearLayout rowMajorShared(unsigned vec, unsigned maxPhase, std::vector<int64_t> shape) {
  return toLinearLayout(Layout(SwizzledSharedLayout{vec, 1, maxPhase, {1, 0}, {}}), shape);
}

TEST(BankConflicts, ReadingAColumnOfAnUnswizzledFloatTileIsAThirtyTwoWayConflict) {
  // Element (i, c) is word 32 * i + c: every lane of the warp hits bank c with its own word.
  BankConflictReport report = analyzeBankConflicts(lanePerRow(1, {32, 32}),
                                                   rowMajorShared(1, 1, {32, 32}), {32, 1});
  EXPECT_EQ(report.idealWavefronts, 1);
  EXPECT_EQ(report.maxWavefronts, 32);
  EXPECT_EQ(report.instructions.size(), 32u);
  EXPECT_EQ(report.totalWavefronts, 32 * 32);
  EXPECT_FALSE(report.isConflictFree());

  const InstructionWavefronts &column5 = report.instructions[5];
  EXPECT_EQ(column5.firstRegister, 5);
  ASSERT_EQ(column5.collisions.size(), 1u);
  EXPECT_EQ(column5.collisions[0].bank, 5);
  std::vector<int> allLanes(32);
  std::iota(allLanes.begin(), allLanes.end(), 0);
  EXPECT_EQ(column5.collisions[0].lanes, allLanes);
  EXPECT_EQ(column5.collisions[0].words.front(), 5);
  EXPECT_EQ(column5.collisions[0].words.back(), 31 * 32 + 5);
}

TEST(BankConflicts, RowIndexedXorSwizzleMakesColumnReadsConflictFree) {
  // With maxPhase 32, element (i, c) moves to column c ^ i: the 32 lanes use 32 banks.
  BankConflictReport report = analyzeBankConflicts(lanePerRow(1, {32, 32}),
                                                   rowMajorShared(1, 32, {32, 32}), {32, 1});
  EXPECT_EQ(report.maxWavefronts, 1);
  EXPECT_TRUE(report.isConflictFree());
  EXPECT_TRUE(report.instructions[7].collisions.empty());
}

TEST(BankConflicts, ReadingRowsIsConflictFreeWithoutSwizzle) {
  BankConflictReport report = analyzeBankConflicts(lanePerColumn({32, 32}),
                                                   rowMajorShared(1, 1, {32, 32}), {32, 1});
  EXPECT_EQ(report.maxWavefronts, 1);
  EXPECT_EQ(report.averageWavefronts(), 1.0);
}

TEST(BankConflicts, SixteenByteVectorsConflictEightWaysUntilSwizzled) {
  // Each lane moves 4 floats of its own row.  A phase is 8 lanes; unswizzled, all 8 use the
  // same 4 banks with different words: 8 wavefronts per phase, 4 phases.
  BankConflictReport plain = analyzeBankConflicts(lanePerRow(4, {32, 32}),
                                                  rowMajorShared(1, 1, {32, 32}), {32, 4});
  EXPECT_EQ(plain.idealWavefronts, 4);
  EXPECT_EQ(plain.maxWavefronts, 32);
  EXPECT_EQ(plain.instructions.size(), 8u);

  // vec=4, maxPhase=8 moves each row's 16-byte groups to group g ^ (row % 8): the 8 lanes of a
  // phase now cover all 32 banks once.
  BankConflictReport swizzled = analyzeBankConflicts(lanePerRow(4, {32, 32}),
                                                     rowMajorShared(4, 8, {32, 32}), {32, 4});
  EXPECT_EQ(swizzled.maxWavefronts, 4);
  EXPECT_TRUE(swizzled.isConflictFree());
}

TEST(BankConflicts, NvmmaSwizzleServesSixteenByteRowReadsOfHalves) {
  LinearLayout registers = lanePerRow(8, {32, 64});
  NvmmaSharedLayout unswizzled{0, false, 16, false, {}};
  NvmmaSharedLayout swizzled{128, false, 16, false, {}};
  BankConflictReport plain = analyzeBankConflicts(
      registers, toLinearLayout(Layout(unswizzled), {32, 64}), {16, 8});
  BankConflictReport fast = analyzeBankConflicts(
      registers, toLinearLayout(Layout(swizzled), {32, 64}), {16, 8});
  EXPECT_EQ(plain.idealWavefronts, 4);
  EXPECT_EQ(plain.maxWavefronts, 32);
  EXPECT_EQ(fast.maxWavefronts, 4);
}

TEST(BankConflicts, LanesReadingTheSameWordAreABroadcast) {
  LinearLayout everyLaneSame({{"register", {{1}}}, {"lane", {{0}, {0}, {0}, {0}, {0}}}},
                             {"dim0"});
  LinearLayout shared = LinearLayout::identity1D(2, "offset", "dim0");
  BankConflictReport report = analyzeBankConflicts(everyLaneSame, shared, {32, 1});
  EXPECT_EQ(report.maxWavefronts, 1);
  EXPECT_TRUE(report.instructions[0].collisions.empty());
}

TEST(BankConflicts, EightByteElementsUseHalfWarpPhases) {
  // Doubles along a row: each lane needs two consecutive words; 16 lanes fill the 32 banks.
  BankConflictReport report = analyzeBankConflicts(lanePerColumn({4, 32}),
                                                   rowMajorShared(1, 1, {4, 32}), {64, 1});
  EXPECT_EQ(report.idealWavefronts, 2);
  EXPECT_EQ(report.maxWavefronts, 2);
}

TEST(BankConflicts, RejectsAccessesTheHardwareCannotIssue) {
  LinearLayout registers = lanePerRow(4, {32, 32});
  LinearLayout shared = rowMajorShared(1, 1, {32, 32});
  EXPECT_THROW(analyzeBankConflicts(registers, shared, {32, 3}), LayoutError);
  EXPECT_THROW(analyzeBankConflicts(registers, shared, {64, 4}), LayoutError);
  EXPECT_THROW(analyzeBankConflicts(registers, rowMajorShared(1, 1, {32, 64}), {32, 1}),
               LayoutError);
}

} // namespace
} // namespace trex::layoutviz
