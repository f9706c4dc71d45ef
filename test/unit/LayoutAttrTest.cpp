// The ttg layout attributes as a C++ API: what they answer about threads,
// warps and CTAs, how the legacy CTA fields convert, and what they reject.
#include "IRPrinting.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "gtest/gtest.h"

using namespace trex::ttg;

namespace {

class LayoutAttrTest : public testing::Test {
protected:
  void SetUp() override { context = trex::test::makeContext(); }

  mlir::Attribute parse(const std::string &text) {
    return mlir::parseAttribute(text, context.get());
  }

  // Parses `text`, expecting failure, and returns the first error message.
  std::string parseError(const std::string &text) {
    std::string message;
    mlir::ScopedDiagnosticHandler handler(context.get(), [&](mlir::Diagnostic &diagnostic) {
      if (message.empty())
        message = diagnostic.str();
      return mlir::success();
    });
    EXPECT_FALSE(parse(text)) << text;
    return message;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

TEST_F(LayoutAttrTest, BlockedLayoutCountsLanesAndWarpsFromItsParameters) {
  auto blocked = mlir::dyn_cast_or_null<BlockedEncodingAttr>(
      parse("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [8, 1], order = [1, 0]}>"));
  ASSERT_TRUE(blocked);
  EXPECT_EQ(blocked.getRank(), 2u);
  EXPECT_EQ(blocked.getLanesPerWarp(), 32u);
  EXPECT_EQ(blocked.getWarpCount(), 8u);
  EXPECT_EQ(blocked.getCGALayout().numCTAs(), 1u);
}

TEST_F(LayoutAttrTest, SliceAndDotOperandInheritFromTheirParent) {
  auto slice = mlir::dyn_cast_or_null<SliceEncodingAttr>(
      parse("#ttg.slice<{dim = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], "
            "instrShape = [32, 32, 8], isTransposed = true}>}>"));
  ASSERT_TRUE(slice);
  EXPECT_EQ(slice.getRank(), 1u);
  EXPECT_EQ(slice.getLanesPerWarp(), 64u) << "MFMA runs on 64-lane wavefronts";
  EXPECT_EQ(slice.getWarpCount(), 8u);

  auto dot = mlir::dyn_cast_or_null<DotOperandEncodingAttr>(
      parse("#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
            "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>"));
  ASSERT_TRUE(dot);
  EXPECT_EQ(dot.getRank(), 2u);
  EXPECT_EQ(dot.getLanesPerWarp(), 32u);
  EXPECT_EQ(dot.getWarpCount(), 4u);
}

TEST_F(LayoutAttrTest, LinearLayoutCountsLanesAndWarpsFromItsBases) {
  auto linear = mlir::dyn_cast_or_null<LinearEncodingAttr>(
      parse("#ttg.linear<{register = [[1, 0]], lane = [[0, 4], [8, 0], [4, 0], [2, 0], [0, 1]], "
            "warp = [[0, 2]], block = []}>"));
  ASSERT_TRUE(linear);
  EXPECT_EQ(linear.getRank(), 2u);
  EXPECT_EQ(linear.getLanesPerWarp(), 32u);
  EXPECT_EQ(linear.getWarpCount(), 2u);
}

TEST_F(LayoutAttrTest, LegacyCTAFieldsBecomeBlockBases) {
  // Two CTAs split dimension 1; two more replicate the tile.
  CGALayout layout = CGALayout::fromSplitParams({1, 4}, {1, 2}, {1, 0});
  EXPECT_EQ(layout.numCTAs(), 4u);
  BasisList expected = {{0, 1}, {0, 0}};
  EXPECT_EQ(layout.blockBases, expected);

  auto blocked = mlir::dyn_cast_or_null<BlockedEncodingAttr>(
      parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
            "order = [1, 0], CTAsPerCGA = [1, 4], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>"));
  ASSERT_TRUE(blocked);
  EXPECT_EQ(blocked.getCGALayout().blockBases, expected);
}

TEST_F(LayoutAttrTest, OneCTAIsTheDefaultAndPrintsNothing) {
  auto blocked = parse("#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
                       "warpsPerCTA = [4], order = [0]}>");
  ASSERT_TRUE(blocked);
  std::string text;
  llvm::raw_string_ostream(text) << blocked;
  EXPECT_EQ(text, "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], "
                  "order = [0]}>");
}

TEST_F(LayoutAttrTest, SharedLayoutsReportTheirAlignment) {
  auto nvmma = mlir::dyn_cast_or_null<NVMMASharedEncodingAttr>(parse(
      "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"));
  ASSERT_TRUE(nvmma);
  EXPECT_EQ(nvmma.getAlignment(), 1024) << "8 phases of 128-byte rows";
  EXPECT_EQ(nvmma.getRank(), 2u);
  auto swizzled = mlir::dyn_cast_or_null<SwizzledSharedEncodingAttr>(
      parse("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"));
  ASSERT_TRUE(swizzled);
  EXPECT_EQ(swizzled.getAlignment(), 16);
}

TEST_F(LayoutAttrTest, BadParametersAreRejectedWithTheReason) {
  EXPECT_NE(parseError("#ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], "
                       "warpsPerCTA = [4], order = [0]}>")
                .find("sizePerThread must be a power of two"),
            std::string::npos);
  EXPECT_NE(parseError("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], "
                       "warpsPerCTA = [4, 1], order = [0, 0]}>")
                .find("order must be a permutation"),
            std::string::npos);
  EXPECT_NE(parseError("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
                       "warpsPerCTA = [4]}>")
                .find("missing field 'order'"),
            std::string::npos);
  EXPECT_NE(parseError("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [8, 8, 8], "
                       "isTransposed = false}>")
                .find("no MFMA instruction is 8x8"),
            std::string::npos);
  EXPECT_NE(parseError("#ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, "
                       "elementBitWidth = 16}>")
                .find("swizzlingByteWidth must be 0, 32, 64 or 128"),
            std::string::npos);
}

TEST(LinearBasesTest, CoveredShapeAndRankFollowTheBases) {
  LinearBases bases{2, {{"offset", {{0, 1}, {0, 2}, {1, 0}, {2, 2}}}, {"block", {}}}};
  std::vector<int64_t> shape = coveredShape(bases);
  EXPECT_EQ(shape, (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(rankOverGF2(bases.get("offset"), shape), 4u);
  // [1, 1] is the XOR of [1, 0] and [0, 1]: no new direction.
  EXPECT_EQ(rankOverGF2({{1, 0}, {0, 1}, {1, 1}}, shape), 2u);
}

} // namespace
