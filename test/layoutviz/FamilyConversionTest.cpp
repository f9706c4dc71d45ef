// FamilyConversionTest: descriptor in, linear-layout bases out, for the families and options the fixture file does not cover.
//
// The expected bases are the ones Triton's own conversion tests state (CGA splits, FMA and
// WMMA operands, shared-memory swizzles, ...).
#include "layoutviz/Layout.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <gtest/gtest.h>

namespace trex::layoutviz {
namespace {

using Bases = std::vector<std::vector<int32_t>>;

int rankOf(std::initializer_list<const Bases *> all, int fallback) {
  for (const Bases *bases : all)
    if (!bases->empty())
      return static_cast<int>(bases->front().size());
  return fallback;
}

LinearLayout registers(const Bases &reg, const Bases &lane, const Bases &warp,
                       const Bases &block = {}, int rankIfEmpty = 1) {
  int rank = rankOf({&reg, &lane, &warp, &block}, rankIfEmpty);
  return LinearLayout({{kRegister, reg}, {kLane, lane}, {kWarp, warp}, {kBlock, block}},
                      standardOutDimNames(rank));
}

LinearLayout offsets(const Bases &offset, const Bases &block = {}) {
  return LinearLayout({{kOffset, offset}, {kBlock, block}},
                      standardOutDimNames(static_cast<int>(offset.front().size())));
}

BlockedLayout blocked(std::vector<unsigned> sizePerThread, std::vector<unsigned> threadsPerWarp,
                      std::vector<unsigned> warpsPerCTA, std::vector<unsigned> order,
                      CgaLayout cga = {}) {
  return BlockedLayout{sizePerThread, threadsPerWarp, warpsPerCTA, order, cga};
}

NvidiaMmaLayout mma(unsigned versionMajor, std::vector<unsigned> instrShape,
                    std::vector<unsigned> warpsPerCTA, CgaLayout cga = {}) {
  return NvidiaMmaLayout{versionMajor, 0, warpsPerCTA, instrShape, cga};
}

AmdMfmaLayout mfma(std::vector<unsigned> warpsPerCTA, unsigned mn, bool transposed) {
  AmdMfmaLayout layout;
  layout.version = 2;
  layout.warpsPerCTA = warpsPerCTA;
  layout.instrShape = {mn, mn, mn == 32 ? 8u : 16u};
  layout.isTransposed = transposed;
  return layout;
}

AmdWmmaLayout wmma(std::vector<unsigned> warpsPerCTA, unsigned version, bool transposed) {
  AmdWmmaLayout layout;
  layout.version = version;
  layout.isTranspose = transposed;
  layout.warpsPerCTA = warpsPerCTA;
  return layout;
}

template <typename Parent>
Layout dot(Parent parent, unsigned opIdx, unsigned kWidth) {
  return DotOperandLayout{opIdx, makeLayout(std::move(parent)), kWidth};
}

template <typename Parent> Layout slice(Parent parent, unsigned dim) {
  return SliceLayout{dim, makeLayout(std::move(parent))};
}

CgaLayout split(std::vector<unsigned> ctasPerCga, std::vector<unsigned> splitNum,
                std::vector<unsigned> order) {
  return CgaLayout::fromSplitParameters(ctasPerCga, splitNum, order);
}

// --- Blocked and CGA splits --------------------------------------------------------------------

TEST(BlockedConversion, RepeatsRegistersWhenTheTensorIsLarger) {
  EXPECT_EQ(toLinearLayout(Layout(blocked({1}, {4}, {4}, {0})), {128}),
            registers({{16}, {32}, {64}}, {{1}, {2}}, {{4}, {8}}));
}

TEST(BlockedConversion, BroadcastsTheMostMajorBasesWhenTheTensorIsSmaller) {
  EXPECT_EQ(toLinearLayout(Layout(blocked({4}, {4}, {4}, {0})), {8}),
            registers({{1}, {2}}, {{4}, {0}}, {{0}, {0}}));
}

TEST(BlockedConversion, CtasHoldingCopiesGetZeroBlockBases) {
  EXPECT_EQ(toLinearLayout(Layout(blocked({1}, {4}, {4}, {0}, split({4}, {2}, {0}))), {32}),
            registers({}, {{1}, {2}}, {{4}, {8}}, {{16}, {0}}));
}

TEST(BlockedConversion, CgaSplitAlongOneDimOnly) {
  auto layout = blocked({8, 1}, {8, 4}, {1, 4}, {0, 1}, split({1, 2}, {1, 2}, {1, 0}));
  EXPECT_EQ(toLinearLayout(Layout(layout), {64, 128}),
            registers({{1, 0}, {2, 0}, {4, 0}, {0, 16}, {0, 32}},
                      {{8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}}, {{0, 4}, {0, 8}}, {{0, 64}}));
}

TEST(BlockedConversion, OneDimTooLargeAnotherTooSmall) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, split({2, 2}, {2, 1}, {1, 0}));
  EXPECT_EQ(toLinearLayout(Layout(layout), {128, 16}),
            registers({{0, 1}, {0, 2}, {32, 0}}, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                      {{8, 0}, {16, 0}}, {{0, 0}, {64, 0}}));
}

TEST(BlockedConversion, SplitsBetweenCtasBeforeBroadcastingWarps) {
  EXPECT_EQ(toLinearLayout(Layout(blocked({1}, {1}, {4}, {0}, split({2}, {2}, {0}))), {4}),
            registers({}, {}, {{1}, {0}}, {{2}}));
  EXPECT_EQ(toLinearLayout(Layout(blocked({1}, {1}, {1}, {0}, split({4}, {4}, {0}))), {2}),
            registers({}, {}, {}, {{1}, {0}}));
}

TEST(BlockedConversion, RegisterOrderFollowsTheLayoutOrder) {
  auto layout = blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}, split({2, 2}, {2, 2}, {1, 0}));
  EXPECT_EQ(toLinearLayout(Layout(layout), {1024, 128}),
            registers({{0, 1}, {1, 0}, {0, 32}, {16, 0}, {32, 0}, {64, 0}, {128, 0}, {256, 0}},
                      {{0, 2}, {0, 4}, {0, 8}, {2, 0}, {4, 0}}, {{0, 16}, {8, 0}},
                      {{0, 64}, {512, 0}}));
}

TEST(BlockedConversion, FourDimensionalSmallTensor) {
  auto layout = blocked({1, 1, 1, 4}, {2, 1, 1, 16}, {1, 2, 4, 1}, {3, 0, 1, 2});
  EXPECT_EQ(toLinearLayout(Layout(layout), {2, 1, 1, 1}),
            registers({{0, 0, 0, 0}, {0, 0, 0, 0}},
                      {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}},
                      {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}));
}

TEST(BlockedConversion, RejectsMismatchedRanks) {
  EXPECT_THROW(toLinearLayout(Layout(blocked({1, 1}, {32, 1}, {4, 1}, {0, 1})), {64}),
               LayoutError);
}

TEST(FmaDotOperandConversion, OperandAHoldsAllOfKAndBroadcastsLanesAlongK) {
  auto parent = blocked({2, 4}, {8, 4}, {2, 4}, {1, 0});
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 0), {32, 16}),
            registers({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}},
                      {{0, 0}, {0, 0}, {2, 0}, {4, 0}, {8, 0}}, {{0, 0}, {0, 0}, {16, 0}}));
}

TEST(FmaDotOperandConversion, OperandBHoldsAllOfK) {
  auto parent = blocked({2, 4}, {8, 4}, {2, 4}, {1, 0});
  EXPECT_EQ(toLinearLayout(dot(parent, 1, 0), {16, 64}),
            registers({{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}, {8, 0}},
                      {{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}}, {{0, 16}, {0, 32}, {0, 0}}));
}

TEST(FmaDotOperandConversion, BatchedOperandA) {
  auto parent = blocked({2, 2, 4}, {2, 4, 4}, {2, 2, 2}, {2, 1, 0});
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 0), {16, 32, 4}),
            registers({{0, 0, 1}, {0, 0, 2}, {0, 1, 0}, {1, 0, 0}, {0, 16, 0}, {8, 0, 0}},
                      {{0, 0, 0}, {0, 0, 0}, {0, 2, 0}, {0, 4, 0}, {2, 0, 0}},
                      {{0, 0, 0}, {0, 8, 0}, {4, 0, 0}}));
}

// --- NVIDIA MMA ----------------------------------------------------------------------------------

TEST(NvidiaMmaConversion, AmpereWithCgaSplitOverThreeDims) {
  auto layout = mma(2, {1, 16, 8}, {16, 1, 1}, split({4, 2, 2}, {4, 2, 1}, {2, 1, 0}));
  EXPECT_EQ(toLinearLayout(Layout(layout), {64, 128, 128}),
            registers({{0, 0, 1}, {0, 8, 0}, {0, 0, 8}, {0, 0, 16}, {0, 0, 32}, {0, 0, 64},
                       {0, 16, 0}, {0, 32, 0}},
                      {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                      {{1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}},
                      {{0, 0, 0}, {0, 64, 0}, {16, 0, 0}, {32, 0, 0}}));
}

TEST(NvidiaMmaConversion, HopperWarpsStackDownMThenAcrossN) {
  auto layout = mma(3, {16, 16, 8}, {4, 4});
  EXPECT_EQ(toLinearLayout(Layout(layout), {32, 32}),
            registers({{0, 1}, {8, 0}, {0, 8}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                      {{16, 0}, {0, 0}, {0, 16}, {0, 0}}));
  EXPECT_EQ(toLinearLayout(Layout(mma(3, {16, 32, 16}, {4, 2})), {256, 64}),
            registers({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}, {128, 0}},
                      {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {32, 0}, {0, 32}}));
}

TEST(NvidiaMmaConversion, BatchedAmpereOperands) {
  auto parent = mma(2, {1, 16, 8}, {2, 4, 2});
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 8), {16, 128, 128}),
            registers({{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 8, 0}, {0, 0, 32}, {0, 0, 64},
                       {0, 64, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}},
                      {{0, 0, 8}, {0, 0, 16}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                      {{0, 0, 0}, {0, 16, 0}, {0, 32, 0}, {1, 0, 0}}));
  EXPECT_EQ(toLinearLayout(dot(parent, 1, 8), {8, 128, 64}),
            registers({{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {0, 32, 0}, {0, 64, 0}, {0, 0, 16},
                       {0, 0, 32}, {2, 0, 0}, {4, 0, 0}},
                      {{0, 8, 0}, {0, 16, 0}, {0, 0, 1}, {0, 0, 2}, {0, 0, 4}},
                      {{0, 0, 8}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}}));
}

TEST(NvidiaMmaConversion, HopperOperandAAndItsSlice) {
  auto parent = mma(3, {16, 16, 8}, {4, 1});
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 2), {128, 32}),
            registers({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}},
                      {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {32, 0}}));
  Layout operand = dot(parent, 0, 2);
  EXPECT_EQ(toLinearLayout(Layout(SliceLayout{0, makeLayout(operand)}), {16}),
            registers({{1}, {8}}, {{2}, {4}, {0}, {0}, {0}}, {{0}, {0}}));
}

TEST(NvidiaMmaConversion, HopperTakesOnlyOperandAFromRegisters) {
  EXPECT_THROW(toLinearLayout(dot(mma(3, {16, 16, 8}, {4, 1}), 1, 2), {64, 16}), LayoutError);
}

TEST(SliceConversion, SlicingAnMmaKeepsOneCopyPerThread) {
  auto parent = mma(2, {16, 8}, {2, 2});
  EXPECT_EQ(toLinearLayout(slice(parent, 0), {128}),
            registers({{1}, {16}, {32}, {64}}, {{2}, {4}, {0}, {0}, {0}}, {{8}, {0}}));
  EXPECT_EQ(toLinearLayout(slice(parent, 1), {128}),
            registers({{8}, {32}, {64}}, {{0}, {0}, {1}, {2}, {4}}, {{0}, {16}}));
}

TEST(SliceConversion, SlicingABlockedLayoutWithCgaSplit) {
  auto parent = blocked({2, 4}, {4, 2}, {2, 2}, {1, 0}, split({2, 2}, {2, 2}, {1, 0}));
  EXPECT_EQ(toLinearLayout(slice(parent, 1), {128}),
            registers({{1}, {16}, {32}}, {{0}, {2}, {4}}, {{0}, {8}}, {{0}, {64}}));
}

// --- AMD MFMA and WMMA --------------------------------------------------------------------------

TEST(AmdMfmaConversion, BatchedAccumulatorPutsWarpsOnTheBatchLast) {
  EXPECT_EQ(toLinearLayout(Layout(mfma({2, 4, 1}, 32, false)), {2, 64, 32}),
            registers({{0, 1, 0}, {0, 2, 0}, {0, 8, 0}, {0, 16, 0}},
                      {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 0, 16}, {0, 4, 0}},
                      {{0, 32, 0}, {0, 0, 0}, {1, 0, 0}}));
}

TEST(AmdMfmaConversion, OperandsIgnoreTransposition) {
  for (unsigned opIdx : {0u, 1u}) {
    EXPECT_EQ(toLinearLayout(dot(mfma({2, 4}, 32, true), opIdx, 4), {128, 128}),
              toLinearLayout(dot(mfma({2, 4}, 32, false), opIdx, 4), {128, 128}));
  }
  EXPECT_EQ(toLinearLayout(dot(mfma({2, 4}, 16, false), 1, 4), {128, 128}),
            registers({{1, 0}, {2, 0}, {16, 0}, {32, 0}, {64, 0}, {0, 64}},
                      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {4, 0}, {8, 0}},
                      {{0, 16}, {0, 32}, {0, 0}}));
}

TEST(AmdMfmaConversion, OperandAWithSingleWarpAlongM) {
  EXPECT_EQ(toLinearLayout(dot(mfma({1, 4}, 16, false), 0, 8), {128, 1}),
            registers({{0, 0}, {0, 0}, {0, 0}, {16, 0}, {32, 0}, {64, 0}},
                      {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}, {0, 0}}, {{0, 0}, {0, 0}}));
}

TEST(AmdWmmaConversion, Version1InterleavesHalfWaves) {
  EXPECT_EQ(toLinearLayout(Layout(wmma({2, 4}, 1, false)), {128, 128}),
            registers({{2, 0}, {4, 0}, {8, 0}, {0, 64}, {32, 0}, {64, 0}},
                      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}}, {{0, 16}, {0, 32}, {16, 0}}));
}

TEST(AmdWmmaConversion, Version2StacksHalfWaves) {
  EXPECT_EQ(toLinearLayout(Layout(wmma({2, 4}, 2, false)), {64, 128}),
            registers({{1, 0}, {2, 0}, {4, 0}, {0, 64}, {32, 0}},
                      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}}, {{0, 16}, {0, 32}, {16, 0}}));
  EXPECT_EQ(toLinearLayout(Layout(wmma({2, 4}, 2, true)), {64, 128}),
            registers({{0, 1}, {0, 2}, {0, 4}, {0, 64}, {32, 0}},
                      {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}, {{0, 16}, {0, 32}, {16, 0}}));
  EXPECT_EQ(toLinearLayout(Layout(wmma({2, 2, 2}, 2, false)), {4, 64, 64}),
            registers({{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {0, 0, 32}, {0, 32, 0}, {2, 0, 0}},
                      {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 8, 0}},
                      {{0, 0, 16}, {0, 16, 0}, {1, 0, 0}}));
}

TEST(AmdWmmaConversion, Version1OperandsDuplicateAcrossHalfWaves) {
  auto parent = wmma({2, 4}, 1, false);
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 16), {64, 128}),
            registers({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {32, 0}},
                      {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}}, {{0, 0}, {0, 0}, {16, 0}}));
  EXPECT_EQ(toLinearLayout(dot(parent, 1, 16), {64, 128}),
            registers({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 64}},
                      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 0}}, {{0, 16}, {0, 32}, {0, 0}}));
}

TEST(AmdWmmaConversion, Version2OperandsSplitKAcrossHalfWaves) {
  auto parent = wmma({2, 4}, 2, false);
  EXPECT_EQ(toLinearLayout(dot(parent, 0, 8), {64, 128}),
            registers({{0, 1}, {0, 2}, {0, 4}, {0, 16}, {0, 32}, {0, 64}, {32, 0}},
                      {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}, {{0, 0}, {0, 0}, {16, 0}}));
  EXPECT_EQ(toLinearLayout(dot(parent, 1, 16), {128, 128}),
            registers({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {32, 0}, {64, 0}, {0, 64}},
                      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {16, 0}}, {{0, 16}, {0, 32}, {0, 0}}));
  auto batched = wmma({2, 4, 1}, 2, false);
  EXPECT_EQ(toLinearLayout(dot(batched, 1, 8), {4, 128, 32}),
            registers({{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {0, 16, 0}, {0, 32, 0}, {0, 64, 0},
                       {0, 0, 16}, {2, 0, 0}},
                      {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 8, 0}},
                      {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}}));
}

// --- Shared memory -------------------------------------------------------------------------------

TEST(SwizzledSharedConversion, UnswizzledIsRowMajorInOrder) {
  SwizzledSharedLayout rowMajor{1, 1, 1, {1, 0}, {}};
  EXPECT_EQ(toLinearLayout(Layout(rowMajor), {128, 128}),
            (LinearLayout::identity1D(128, kOffset, "dim1") *
             LinearLayout::identity1D(128, kOffset, "dim0") *
             LinearLayout::identity1D(1, kBlock, "dim0"))
                .transposeOuts({"dim0", "dim1"}));
}

TEST(SwizzledSharedConversion, FourDimensionalTile) {
  SwizzledSharedLayout layout{2, 2, 4, {3, 2, 1, 0}, {}};
  EXPECT_EQ(toLinearLayout(Layout(layout), {2, 4, 32, 32}),
            offsets({{0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 4}, {0, 0, 0, 8}, {0, 0, 0, 16},
                     {0, 0, 1, 0}, {0, 0, 2, 2}, {0, 0, 4, 4}, {0, 0, 8, 0}, {0, 0, 16, 0},
                     {0, 1, 0, 0}, {0, 2, 0, 0}, {1, 0, 0, 0}}));
}

TEST(SwizzledSharedConversion, ColumnMajorOrder) {
  SwizzledSharedLayout layout{1, 1, 4, {0, 1}, {}};
  EXPECT_EQ(toLinearLayout(Layout(layout), {4, 8}),
            offsets({{1, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 4}}));
}

TEST(SwizzledSharedConversion, SingleColumnHasNothingToSwizzle) {
  SwizzledSharedLayout layout{2, 2, 4, {1, 0}, {}};
  EXPECT_EQ(toLinearLayout(Layout(layout), {64, 1}),
            LinearLayout::identity1D(64, kOffset, "dim0") *
                LinearLayout::identity1D(1, kOffset, "dim1") *
                LinearLayout::identity1D(1, kBlock, "dim0"));
}

TEST(AmdRotatingSharedConversion, PhaseRotatesEveryBlockOfRows) {
  AmdRotatingSharedLayout layout{1, 1, 4, {1, 0}, {}};
  // Rows 4 and 8 start a new block of maxPhase rows: their phase is XOR-ed with the block
  // number, so row 4 is shifted by 1 and row 8 by 2 instead of repeating row 0's shift.
  EXPECT_EQ(toLinearLayout(Layout(layout), {16, 4}),
            offsets({{0, 1}, {0, 2}, {1, 1}, {2, 2}, {4, 1}, {8, 2}}));
}

TEST(NvmmaSharedConversion, ThirtyTwoByteSwizzleOf16BitElements) {
  NvmmaSharedLayout layout{32, false, 16, false, {}};
  EXPECT_EQ(toLinearLayout(Layout(layout), {128, 16}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}, {16, 0},
                     {32, 0}, {64, 0}}));
}

TEST(NvmmaSharedConversion, WideTensorRepeatsTheSwizzleBoxAfterItsRows) {
  NvmmaSharedLayout layout{128, false, 32, false, {}};
  LinearLayout expected({{kOffset,
                          {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {0, 32}}},
                         {kBlock, {}}},
                        {{"dim0", 8}, {"dim1", 64}}, /*requireSurjective=*/false);
  EXPECT_EQ(toLinearLayout(Layout(layout), {8, 64}), expected);
}

TEST(NvmmaSharedConversion, Fp4PaddedMapsPaddingOntoRealElements) {
  NvmmaSharedLayout layout{128, false, 8, true, {}};
  EXPECT_EQ(toLinearLayout(Layout(layout), {32, 64}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {0, 0}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16},
                     {4, 32}, {8, 0}, {16, 0}}));
}

TEST(NvmmaSharedConversion, RejectsATensorNarrowerThanTheSwizzle) {
  NvmmaSharedLayout layout{128, false, 16, false, {}};
  EXPECT_THROW(toLinearLayout(Layout(layout), {64, 32}), LayoutError);
}

TEST(SharedLinearConversion, ReturnsTheLayoutWhenTheShapeMatches) {
  LinearLayout layout = offsets({{0, 1}, {1, 1}});
  EXPECT_EQ(toLinearLayout(Layout(SharedLinearLayout{layout, 16}), {2, 2}), layout);
  EXPECT_THROW(toLinearLayout(Layout(SharedLinearLayout{layout, 16}), {4, 2}), LayoutError);
}

TEST(DistributedLinearConversion, ShrinkingDropsRegistersInsteadOfCopyingThem) {
  LinearLayout layout = registers({{1}, {2}, {4}}, {{8}}, {});
  EXPECT_EQ(toLinearLayout(Layout(DistributedLinearLayout{layout}), {4}),
            registers({{1}, {2}}, {{0}}, {}));
  EXPECT_EQ(toLinearLayout(Layout(DistributedLinearLayout{layout}), {32}),
            registers({{1}, {2}, {4}, {16}}, {{8}}, {}));
}

} // namespace
} // namespace trex::layoutviz
