// LinearLayoutTest: the GF(2) algebra of LinearLayout, literal bases in and literal bases out.
#include "layoutviz/LayoutError.h"
#include "layoutviz/LinearLayout.h"

#include <gtest/gtest.h>

namespace trex::layoutviz {
namespace {

using Coordinates = LinearLayout::Coordinates;

// Sixteen floats over four lanes of four registers (the header's first example).
LinearLayout laneMajor16() {
  return LinearLayout({{"register", {{1}, {2}}}, {"lane", {{4}, {8}}}}, {"dim0"});
}

// The 4x4 row-XOR swizzle of the header's third example.
LinearLayout rowXorSwizzle() {
  return LinearLayout({{"offset", {{0, 1}, {0, 2}, {1, 1}, {2, 2}}}}, {"dim0", "dim1"});
}

TEST(LinearLayoutConstruction, InfersOutDimSizesFromTheBases) {
  LinearLayout layout({{"register", {{1, 0}, {0, 1}, {0, 2}}}},
                      std::vector<std::string>{"dim0", "dim1"});
  EXPECT_EQ(layout.getOutDims(), (LinearLayout::DimSizes{{"dim0", 2}, {"dim1", 4}}));
  EXPECT_EQ(layout.getInDimSize("register"), 8);
}

TEST(LinearLayoutConstruction, RejectsAnInferredLayoutThatMissesOutputs) {
  // Outputs 1, 2 and 3 of dim0 (size 4) are unreachable from a single basis 2.
  EXPECT_THROW(LinearLayout({{"in", {{2}}}}, {"out"}), LayoutError);
  LinearLayout partial({{"in", {{2}}}}, {{"out", 4}}, /*requireSurjective=*/false);
  EXPECT_FALSE(partial.isSurjective());
}

TEST(LinearLayoutConstruction, RejectsACoordinateNoOutDimSizeHolds) {
  // Out-dim sizes are int32_t powers of two: 2^30 needs 2^31. Inferring it doubled past the
  // largest int32_t and never ended (a fuzzed #ttg.linear basis of 0x7fffffff).
  EXPECT_THROW(LinearLayout({{"in", {{0x7fffffff}}}}, std::vector<std::string>{"out"}),
               LayoutError);
  EXPECT_THROW(LinearLayout({{"in", {{1 << 30}}}}, std::vector<std::string>{"out"}), LayoutError);
  std::vector<LinearLayout::Basis> bases;
  for (int bit = 0; bit < 30; ++bit)
    bases.push_back({1 << bit});
  LinearLayout largest({{"in", bases}}, std::vector<std::string>{"out"});
  EXPECT_EQ(largest.getOutDimSizeLog2("out"), 30);
}

TEST(LinearLayoutConstruction, ProductsAndFlatIndicesStayWithin32Bits) {
  // Found by fuzzing under UBSan: a blocked layout with sizePerThread = [1, 2^19] and
  // warpsPerCTA = [4, 2^16] made a product whose out-dim size shifted past 31 bits, and flat
  // indices of two 2^16 out-dims did too.
  LinearLayout registers = LinearLayout::identity1D(1 << 20, "register", "dim0");
  LinearLayout warps = LinearLayout::identity1D(1 << 16, "warp", "dim0");
  EXPECT_THROW(registers * warps, LayoutError);
  LinearLayout wide({{"in", {{1, 0}, {0, 1}}}}, {{"a", 1 << 16}, {"b", 1 << 16}},
                    /*requireSurjective=*/false);
  EXPECT_THROW(wide.evaluateAllFlat(), LayoutError);
}

TEST(LinearLayoutConstruction, RejectsBasesOutsideTheOutDim) {
  EXPECT_THROW(LinearLayout({{"in", {{4}}}}, {{"out", 4}}, false), LayoutError);
  EXPECT_THROW(LinearLayout({{"in", {{1, 0}}}}, {{"out", 4}}, false), LayoutError);
  EXPECT_THROW(LinearLayout({{"in", {{1}}}, {"in", {{1}}}}, {{"out", 2}}, false), LayoutError);
}

TEST(LinearLayoutConstruction, OneDimensionalBuilders) {
  EXPECT_EQ(LinearLayout::identity1D(8, "lane", "dim0").getInDimBases("lane"),
            (std::vector<LinearLayout::Basis>{{1}, {2}, {4}}));
  LinearLayout zeros = LinearLayout::zeros1D(4, "warp", "dim0");
  EXPECT_EQ(zeros.getInDimBases("warp"), (std::vector<LinearLayout::Basis>{{0}, {0}}));
  EXPECT_EQ(zeros.getOutDimSize("dim0"), 1);
  LinearLayout strided = LinearLayout::strided1D(4, 2, "lane", "dim0");
  EXPECT_EQ(strided.getInDimBases("lane"), (std::vector<LinearLayout::Basis>{{2}, {4}}));
  EXPECT_EQ(strided.getOutDimSize("dim0"), 8);
  EXPECT_FALSE(strided.isSurjective());
  EXPECT_EQ(LinearLayout::identity1D(0, "lane", "dim0"), LinearLayout::empty());
}

TEST(LinearLayoutApply, XorsTheBasesOfEverySetBit) {
  LinearLayout layout = laneMajor16();
  EXPECT_EQ(layout.apply({{"lane", 3}, {"register", 2}}), (Coordinates{{"dim0", 14}}));
  EXPECT_EQ(layout.apply({{"register", 1}, {"lane", 0}}), (Coordinates{{"dim0", 1}}));
  EXPECT_EQ(rowXorSwizzle().apply({{"offset", 5}}), (Coordinates{{"dim0", 1}, {"dim1", 0}}));
  EXPECT_THROW(layout.apply({{"lane", 1}}), LayoutError);
}

TEST(LinearLayoutApply, EvaluateAllFlatListsRowMajorIndices) {
  // offset -> (row, col) of a 4x4 tile, flattened to row * 4 + col.
  EXPECT_EQ(rowXorSwizzle().evaluateAllFlat(),
            (std::vector<int32_t>{0, 1, 2, 3, 5, 4, 7, 6, 10, 11, 8, 9, 15, 14, 13, 12}));
}

TEST(LinearLayoutProduct, SameDimsConcatenateWithTheOuterShiftedUp) {
  EXPECT_EQ(LinearLayout::identity1D(4, "lane", "dim0") * LinearLayout::identity1D(2, "lane", "dim0"),
            LinearLayout::identity1D(8, "lane", "dim0"));
  LinearLayout product = LinearLayout::identity1D(4, "register", "dim0") *
                         LinearLayout::identity1D(2, "lane", "dim0");
  EXPECT_EQ(product, LinearLayout({{"register", {{1}, {2}}}, {"lane", {{4}}}}, {"dim0"}));
}

TEST(LinearLayoutProduct, DisjointDimsFormADirectSum) {
  LinearLayout product = LinearLayout::identity1D(2, "register", "dim1") *
                         LinearLayout::identity1D(4, "lane", "dim0");
  EXPECT_EQ(product.getInDimNames(), (std::vector<std::string>{"register", "lane"}));
  EXPECT_EQ(product.getOutDimNames(), (std::vector<std::string>{"dim1", "dim0"}));
  EXPECT_EQ(product.getInDimBases("register"), (std::vector<LinearLayout::Basis>{{1, 0}}));
  EXPECT_EQ(product.getInDimBases("lane"), (std::vector<LinearLayout::Basis>{{0, 1}, {0, 2}}));
}

TEST(LinearLayoutProduct, BroadcastFactorsKeepZeroBases) {
  LinearLayout product = LinearLayout::identity1D(4, "lane", "dim0") *
                         LinearLayout::zeros1D(2, "lane", "dim0");
  EXPECT_EQ(product.getInDimBases("lane"), (std::vector<LinearLayout::Basis>{{1}, {2}, {0}}));
  EXPECT_EQ(product.getOutDimSize("dim0"), 4);
}

TEST(LinearLayoutCompose, FeedsTheOutputsIntoTheOuterLayout) {
  LinearLayout inner({{"register", {{1}, {2}}}}, {"x"});
  LinearLayout swapBits({{"x", {{2}, {1}}}}, {"dim0"});
  EXPECT_EQ(inner.compose(swapBits), LinearLayout({{"register", {{2}, {1}}}}, {"dim0"}));
}

TEST(LinearLayoutInvert, InvertsABijection) {
  LinearLayout inverse = rowXorSwizzle().invert();
  // (1, 0) = (1, 1) ^ (0, 1) lives at offset 4 ^ 1; (2, 0) = (2, 2) ^ (0, 2) at 8 ^ 2.
  EXPECT_EQ(inverse, LinearLayout({{"dim0", {{5}, {10}}}, {"dim1", {{1}, {2}}}}, {"offset"}));
  LinearLayout roundTrip = rowXorSwizzle().compose(inverse);
  EXPECT_EQ(roundTrip, LinearLayout::identity1D(16, "offset", "offset"));
}

TEST(LinearLayoutInvert, RefusesNonBijections) {
  EXPECT_THROW(LinearLayout::zeros1D(2, "lane", "dim0").invert(), LayoutError);
  EXPECT_THROW(LinearLayout::strided1D(4, 2, "lane", "dim0").pseudoinvert(), LayoutError);
}

TEST(LinearLayoutInvertAndCompose, MapsEachInputToWhereTheOtherLayoutHoldsItsElement) {
  // `this`: 4 registers hold elements 0..3.  `outer`: register bit 0 is a broadcast, register
  // bit 1 moves 1, lane bit 0 moves 2.  Element 1 is held by outer register 2 (the copy with
  // the fewest set bits), element 2 by outer lane 1.
  LinearLayout mine = LinearLayout::identity1D(4, "register", "dim0");
  LinearLayout theirs({{"register", {{0}, {1}}}, {"lane", {{2}}}}, {"dim0"});
  LinearLayout conversion = mine.invertAndCompose(theirs);
  EXPECT_EQ(conversion, LinearLayout({{"register", {{2, 0}, {0, 1}}}},
                                     {{"register", 4}, {"lane", 2}}, false));
}

TEST(LinearLayoutInvertAndCompose, KeepsIdenticalDimsAsIdentities) {
  LinearLayout mine({{"register", {{1}, {2}}}, {"lane", {{4}}}}, {"dim0"});
  LinearLayout theirs({{"register", {{1}, {2}}}, {"lane", {{0}}}, {"warp", {{4}}}}, {"dim0"});
  LinearLayout conversion = mine.invertAndCompose(theirs);
  EXPECT_EQ(conversion.getInDimBases("register"),
            (std::vector<LinearLayout::Basis>{{1, 0, 0}, {2, 0, 0}}));
  EXPECT_EQ(conversion.getInDimBases("lane"), (std::vector<LinearLayout::Basis>{{0, 0, 1}}));
  EXPECT_EQ(conversion.getOutDimNames(), (std::vector<std::string>{"register", "lane", "warp"}));
}

TEST(LinearLayoutReshape, RegroupsInputBitsInOrder) {
  LinearLayout reshaped = laneMajor16().reshapeIns({{"thread", 2}, {"slot", 8}});
  EXPECT_EQ(reshaped.getInDimBases("thread"), (std::vector<LinearLayout::Basis>{{1}}));
  EXPECT_EQ(reshaped.getInDimBases("slot"), (std::vector<LinearLayout::Basis>{{2}, {4}, {8}}));
  EXPECT_THROW(laneMajor16().reshapeIns({{"thread", 4}}), LayoutError);
}

TEST(LinearLayoutReshape, OutputsFlattenWithTheFirstDimLeastSignificant) {
  LinearLayout layout({{"offset", {{1, 0}, {0, 1}, {2, 1}}}}, {"dim0", "dim1"});
  EXPECT_EQ(layout.flattenOuts(), LinearLayout({{"offset", {{1}, {4}, {6}}}}, {"dim0"}));
  EXPECT_EQ(layout.reshapeOuts({{"a", 2}, {"b", 4}}),
            LinearLayout({{"offset", {{1, 0}, {0, 2}, {0, 3}}}}, {"a", "b"}));
}

TEST(LinearLayoutTranspose, ReordersDimsWithoutChangingTheMap) {
  LinearLayout layout = rowXorSwizzle().transposeOuts({"dim1", "dim0"});
  EXPECT_EQ(layout.getInDimBases("offset"),
            (std::vector<LinearLayout::Basis>{{1, 0}, {2, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(layout.apply({{"offset", 5}}), (Coordinates{{"dim1", 0}, {"dim0", 1}}));
  LinearLayout ins = laneMajor16().transposeIns({"lane", "register"});
  EXPECT_EQ(ins.getInDimNames(), (std::vector<std::string>{"lane", "register"}));
  EXPECT_EQ(ins.apply({{"lane", 3}, {"register", 2}}), (Coordinates{{"dim0", 14}}));
  EXPECT_THROW(rowXorSwizzle().transposeOuts({"dim0"}), LayoutError);
}

TEST(LinearLayoutSublayout, KeepsOnlyTheChosenDims) {
  LinearLayout layout({{"register", {{1, 0}}}, {"lane", {{0, 1}, {2, 0}}}}, {"dim0", "dim1"});
  LinearLayout sub = layout.sublayout({"lane"}, {"dim1"});
  EXPECT_EQ(sub.getInDimBases("lane"), (std::vector<LinearLayout::Basis>{{1}, {0}}));
  EXPECT_EQ(sub.getOutDims(), (LinearLayout::DimSizes{{"dim1", 2}}));
  EXPECT_TRUE(layout.sublayoutIsZero({"register"}, {"dim1"}));
  EXPECT_FALSE(layout.sublayoutIsZero({"lane"}, {"dim0"}));
}

TEST(LinearLayoutFreeVariables, ZeroAndRepeatedBasesAreFree) {
  // register bit 1 is zero; lane bit 0 repeats register bit 0.
  LinearLayout layout({{"register", {{1}, {0}, {2}}}, {"lane", {{1}}}}, {"dim0"});
  EXPECT_EQ(layout.getFreeVariableMasks(),
            (std::vector<std::pair<std::string, int32_t>>{{"register", 0b010}, {"lane", 0b1}}));
  EXPECT_EQ(laneMajor16().getFreeVariableMask("lane"), 0);
}

TEST(LinearLayoutProperties, InjectiveSurjectiveInvertible) {
  EXPECT_TRUE(laneMajor16().isInjective());
  EXPECT_TRUE(laneMajor16().isSurjective());
  EXPECT_TRUE(laneMajor16().isInvertible());

  LinearLayout broadcast({{"lane", {{1}, {0}}}}, {"dim0"});
  EXPECT_FALSE(broadcast.isInjective());
  EXPECT_TRUE(broadcast.isSurjective());
  EXPECT_FALSE(broadcast.isInvertible());

  LinearLayout sparse({{"lane", {{2}}}}, {{"dim0", 4}}, false);
  EXPECT_TRUE(sparse.isInjective());
  EXPECT_FALSE(sparse.isSurjective());
}

TEST(LinearLayoutEquality, ComparesBasesDimsAndSizes) {
  EXPECT_EQ(laneMajor16(), laneMajor16());
  EXPECT_NE(laneMajor16(), laneMajor16().transposeIns({"lane", "register"}));
  LinearLayout bigger({{"register", {{1}, {2}}}, {"lane", {{4}, {8}}}}, {{"dim0", 32}}, false);
  EXPECT_NE(laneMajor16(), bigger);
}

TEST(LinearLayoutToString, ListsEveryBasisLikeTriton) {
  EXPECT_EQ(laneMajor16().toString(), "\n"
                                      " - register=1 -> (1)\n"
                                      "   register=2 -> (2)\n"
                                      " - lane=1 -> (4)\n"
                                      "   lane=2 -> (8)\n"
                                      "where out dims are: [dim0 (size 16)]");
  LinearLayout withEmptyDim({{"register", {}}, {"lane", {{1}}}}, {"dim0"});
  EXPECT_EQ(withEmptyDim.toString(), "\n"
                                     " - register is a size 1 dimension\n"
                                     " - lane=1 -> (1)\n"
                                     "where out dims are: [dim0 (size 2)]");
  EXPECT_EQ(LinearLayout::empty().toString(), "\n(empty layout)");
}

} // namespace
} // namespace trex::layoutviz
