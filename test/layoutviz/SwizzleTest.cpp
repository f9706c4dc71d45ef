// SwizzleTest: shared-memory swizzles, checked against the worked examples in Triton's documentation.
//
// A grid below lists, row by row of shared memory, which element of the (row-major numbered)
// input tensor each offset stores.  For XOR swizzles this is also where each element lives.
#include "layoutviz/Layout.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/LayoutText.h"

#include <gtest/gtest.h>

namespace trex::layoutviz {
namespace {

using Grid = std::vector<std::vector<int32_t>>;

// The element stored at every offset, laid out in rows of `rowLength` offsets.
Grid storedElements(const Layout &layout, const std::vector<int64_t> &shape, int rowLength) {
  std::vector<int32_t> flat = toLinearLayout(layout, shape).evaluateAllFlat();
  Grid grid;
  for (size_t offset = 0; offset < flat.size(); offset += rowLength)
    grid.emplace_back(flat.begin() + offset, flat.begin() + offset + rowLength);
  return grid;
}

SwizzledSharedLayout swizzled(unsigned vec, unsigned perPhase, unsigned maxPhase) {
  return SwizzledSharedLayout{vec, perPhase, maxPhase, {1, 0}, {}};
}

TEST(SwizzledShared, BasicSwizzleXorsEachRowWithItsIndex) {
  EXPECT_EQ(storedElements(swizzled(1, 1, 4), {4, 4}, 4),
            (Grid{{0, 1, 2, 3}, {5, 4, 7, 6}, {10, 11, 8, 9}, {15, 14, 13, 12}}));
}

TEST(SwizzledShared, PerPhaseKeepsSeveralRowsInOnePhase) {
  EXPECT_EQ(storedElements(swizzled(1, 2, 4), {4, 4}, 4),
            (Grid{{0, 1, 2, 3}, {4, 5, 6, 7}, {9, 8, 11, 10}, {13, 12, 15, 14}}));
}

TEST(SwizzledShared, MaxPhaseMakesThePatternRepeat) {
  EXPECT_EQ(storedElements(swizzled(1, 1, 2), {8, 4}, 4),
            (Grid{{0, 1, 2, 3},
                  {5, 4, 7, 6},
                  {8, 9, 10, 11},
                  {13, 12, 15, 14},
                  {16, 17, 18, 19},
                  {21, 20, 23, 22},
                  {24, 25, 26, 27},
                  {29, 28, 31, 30}}));
}

TEST(SwizzledShared, VecMovesGroupsOfElementsTogether) {
  EXPECT_EQ(storedElements(swizzled(2, 1, 4), {4, 8}, 8),
            (Grid{{0, 1, 2, 3, 4, 5, 6, 7},
                  {10, 11, 8, 9, 14, 15, 12, 13},
                  {20, 21, 22, 23, 16, 17, 18, 19},
                  {30, 31, 28, 29, 26, 27, 24, 25}}));
}

TEST(SwizzledShared, VecWithTwoRowsPerPhase) {
  EXPECT_EQ(storedElements(swizzled(2, 2, 4), {8, 8}, 8)[2],
            (std::vector<int32_t>{18, 19, 16, 17, 22, 23, 20, 21}));
}

TEST(SwizzledShared, TextViewsShowTheSwizzle) {
  LinearLayout layout = toLinearLayout(Layout(swizzled(1, 1, 4)), {4, 4});
  EXPECT_EQ(renderSharedLayoutText(layout, LayoutView::Tensor),
            "[[(0:0),(0:1),(0:2),(0:3)]\n"
            "[ (1:1),(1:0),(1:3),(1:2)]\n"
            "[ (2:2),(2:3),(2:0),(2:1)]\n"
            "[ (3:3),(3:2),(3:1),(3:0)]]\n");
  std::string hardware = renderSharedLayoutText(layout, LayoutView::Hardware);
  std::string firstLines = "Block: 0:\n"
                           "Offset: 0 -> (0,0)\n"
                           "Offset: 1 -> (0,1)\n";
  EXPECT_EQ(hardware.substr(0, firstLines.size()), firstLines);
  EXPECT_NE(hardware.find("Offset: 4 -> (1,1)\nOffset: 5 -> (1,0)\n"), std::string::npos);
}

// The worked examples of the project's seed notes on swizzling (4x4 tiles, tensor view:
// row r, column c shows the element stored at offset 4r + c).
TEST(SwizzledShared, SeedExampleTwoRowsPerPhase) {
  LinearLayout layout = toLinearLayout(Layout(swizzled(1, 2, 4)), {4, 4});
  EXPECT_EQ(renderSharedLayoutText(layout, LayoutView::Tensor),
            "[[(0:0),(0:1),(0:2),(0:3)]\n"
            "[ (1:0),(1:1),(1:2),(1:3)]\n"
            "[ (2:1),(2:0),(2:3),(2:2)]\n"
            "[ (3:1),(3:0),(3:3),(3:2)]]\n");
}

TEST(SwizzledShared, SeedExamplePairsOfElementsTwoRowsPerPhase) {
  LinearLayout layout = toLinearLayout(Layout(swizzled(2, 2, 4)), {4, 4});
  EXPECT_EQ(renderSharedLayoutText(layout, LayoutView::Tensor),
            "[[(0:0),(0:1),(0:2),(0:3)]\n"
            "[ (1:0),(1:1),(1:2),(1:3)]\n"
            "[ (2:2),(2:3),(2:0),(2:1)]\n"
            "[ (3:2),(3:3),(3:0),(3:1)]]\n");
}

// The Volta example of Triton's layout notes: a 16x16 f32 tile with perPhase =
// 128 / (16 * 4) = 2, maxPhase = 8, vec = 2, so that the column of element (r, c)
// becomes ((c / 2) ^ (r / 2)) * 2 + c % 2.
TEST(SwizzledShared, DocumentationVoltaExample) {
  Grid grid = storedElements(swizzled(2, 2, 8), {16, 16}, 16);
  for (int row = 0; row < 16; ++row)
    for (int column = 0; column < 16; ++column) {
      int swizzledColumn = ((column / 2) ^ (row / 2)) * 2 + column % 2;
      EXPECT_EQ(grid[row][swizzledColumn], row * 16 + column) << row << "," << column;
    }
}

// NVMMA swizzles with 16-bit elements: each row of a core matrix is 8 chunks of 16 bytes
// (8 elements); row r of the 8-row group XORs its chunk index with r / perPhase.
NvmmaSharedLayout nvmma(unsigned swizzleBytes, bool transposed = false) {
  return NvmmaSharedLayout{swizzleBytes, transposed, 16, false, {}};
}

LinearLayout offsets(const std::vector<LinearLayout::Basis> &bases) {
  return LinearLayout({{kOffset, bases}, {kBlock, {}}}, standardOutDimNames(2));
}

TEST(NvmmaShared, ThirtyTwoByteSwizzleFlipsHalfRowsEveryFourRows) {
  EXPECT_EQ(toLinearLayout(Layout(nvmma(32)), {8, 16}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}));
}

TEST(NvmmaShared, SixtyFourByteSwizzleRotatesEveryTwoRows) {
  EXPECT_EQ(toLinearLayout(Layout(nvmma(64)), {8, 32}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}));
}

TEST(NvmmaShared, OneHundredTwentyEightByteSwizzleRotatesEveryRow) {
  EXPECT_EQ(toLinearLayout(Layout(nvmma(128)), {8, 64}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}));
  // Row 3 of shared memory holds the row's 16-byte chunks in the order 3, 2, 1, 0, 7, 6, 5, 4.
  auto grid = storedElements(Layout(nvmma(128)), {8, 64}, 64);
  for (int chunk = 0; chunk < 8; ++chunk)
    EXPECT_EQ(grid[3][chunk * 8], 3 * 64 + (chunk ^ 3) * 8) << "chunk " << chunk;
}

TEST(NvmmaShared, TransposedSwizzlesAlongDimZero) {
  EXPECT_EQ(toLinearLayout(Layout(nvmma(128, /*transposed=*/true)), {64, 8}),
            offsets({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {8, 1}, {16, 2}, {32, 4}}));
}

TEST(NvmmaShared, NoSwizzleIsPlainRowMajor) {
  EXPECT_EQ(toLinearLayout(Layout(nvmma(0)), {4, 8}),
            offsets({{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}));
}

TEST(NvmmaShared, DerivedSwizzleParameters) {
  EXPECT_EQ(nvmma(128).vec(), 8u);
  EXPECT_EQ(nvmma(128).perPhase(), 1u);
  EXPECT_EQ(nvmma(128).maxPhase(), 8u);
  EXPECT_EQ(nvmma(32).perPhase(), 4u);
  EXPECT_EQ(nvmma(32).maxPhase(), 2u);
  EXPECT_EQ(nvmma(0).vec(), 1u);
}

} // namespace
} // namespace trex::layoutviz
