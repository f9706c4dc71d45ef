// AttributeTextTest: reading and printing #ttg layout attributes, including the errors a user sees.
#include "TritonLayoutFixtures.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutError.h"

#include <gtest/gtest.h>

namespace trex::layoutviz {
namespace {

Layout parse(const std::string &text) {
  AttributeParseResult result = parseLayoutAttribute(text);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.ok() ? *result.layout : Layout(BlockedLayout{});
}

std::string errorOf(const std::string &text) {
  AttributeParseResult result = parseLayoutAttribute(text);
  EXPECT_FALSE(result.ok()) << "parsed unexpectedly: " << text;
  return result.error;
}

TEST(AttributeText, ReadsABlockedLayout) {
  Layout layout = parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                        "warpsPerCTA = [4, 1], order = [1, 0]}>");
  const auto &blocked = std::get<BlockedLayout>(layout.family);
  EXPECT_EQ(blocked.sizePerThread, (std::vector<unsigned>{1, 4}));
  EXPECT_EQ(blocked.threadsPerWarp, (std::vector<unsigned>{4, 8}));
  EXPECT_EQ(blocked.warpsPerCTA, (std::vector<unsigned>{4, 1}));
  EXPECT_EQ(blocked.order, (std::vector<unsigned>{1, 0}));
  EXPECT_TRUE(blocked.cga.isSingleCta());
}

TEST(AttributeText, ReadsNestedParents) {
  Layout layout = parse("#ttg.slice<{dim = 1, parent = #ttg.dot_op<{opIdx = 0, parent = "
                        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                        "[4, 1], instrShape = [16, 8]}>, kWidth = 2}>}>");
  const auto &slice = std::get<SliceLayout>(layout.family);
  EXPECT_EQ(slice.dim, 1u);
  const auto &dot = std::get<DotOperandLayout>(slice.parent->family);
  EXPECT_EQ(dot.kWidth, 2u);
  const auto &mma = std::get<NvidiaMmaLayout>(dot.parent->family);
  EXPECT_EQ(mma.instrShape, (std::vector<unsigned>{16, 8}));
}

TEST(AttributeText, ReadsCgaSplitsInBothSpellings) {
  Layout modern = parse("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
                        "warpsPerCTA = [4], order = [0], CGALayout = [[1], [0]]}>");
  Layout legacy = parse("#triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
                        "warpsPerCTA = [4], order = [0], CTAsPerCGA = [4], CTASplitNum = [2], "
                        "CTAOrder = [0]}>");
  EXPECT_EQ(std::get<BlockedLayout>(modern.family).cga.blockBases,
            (std::vector<std::vector<int32_t>>{{1}, {0}}));
  EXPECT_EQ(std::get<BlockedLayout>(legacy.family).cga,
            std::get<BlockedLayout>(modern.family).cga);
}

TEST(AttributeText, ReadsSharedFamilies) {
  Layout nvmma = parse("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, "
                       "elementBitWidth = 8, fp4Padded = true}>");
  const auto &shared = std::get<NvmmaSharedLayout>(nvmma.family);
  EXPECT_EQ(shared.swizzlingByteWidth, 128u);
  EXPECT_TRUE(shared.transposed);
  EXPECT_TRUE(shared.fp4Padded);
  EXPECT_TRUE(isSharedMemoryLayout(nvmma));

  Layout linear = parse("#ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 32>");
  const auto &sharedLinear = std::get<SharedLinearLayout>(linear.family);
  EXPECT_EQ(sharedLinear.alignment, 32u);
  EXPECT_EQ(sharedLinear.layout.getInDimNames(), (std::vector<std::string>{"offset", "block"}));

  Layout rotating = parse("#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, "
                          "order = [1, 0]}>");
  EXPECT_EQ(std::get<AmdRotatingSharedLayout>(rotating.family).maxPhase, 16u);
}

TEST(AttributeText, ReadsAmdFamiliesWithOptionalParameters) {
  Layout mfma = parse("#ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], tilesPerWarp = [2, 1], "
                      "instrShape = [16, 16, 32], isTransposed = true, elementBitWidth = 64}>");
  const auto &parsed = std::get<AmdMfmaLayout>(mfma.family);
  EXPECT_EQ(parsed.tilesPerWarp, (std::vector<unsigned>{2, 1}));
  EXPECT_EQ(parsed.elementBitWidth, 64u);
  Layout wmma = parse("#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 4]}>");
  EXPECT_EQ(std::get<AmdWmmaLayout>(wmma.family).instrShape, (std::vector<unsigned>{16, 16, 16}));
}

TEST(AttributeText, PrintsWhatTritonPrintsForEveryFixtureRecord) {
  for (const auto &record : testing::loadTritonLayoutRecords())
    EXPECT_EQ(formatLayoutAttribute(parse(record.attribute)), record.attribute);
}

TEST(AttributeText, PrintThenParseRoundTripsTheOtherFamilies) {
  for (const char *text :
       {"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1], CGALayout "
        "= [[0, 1]]}>",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>",
        "#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
        "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>",
        "#ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [2, 2], tilesPerWarp = "
        "[1, 2], instrShape = [32, 16, 32]}>",
        "#ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp "
        "= [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>}>"}) {
    EXPECT_EQ(formatLayoutAttribute(parse(text)), text);
  }
}

TEST(AttributeText, ErrorsPointAtTheProblem) {
  std::string missing = errorOf("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                                "warpsPerCTA = [4, 1]}>");
  EXPECT_NE(missing.find("#ttg.blocked is missing the parameter 'order'"), std::string::npos)
      << missing;

  std::string unclosed = errorOf("#ttg.blocked<{sizePerThread = [1, 4, threadsPerWarp = [4]}>");
  // The list runs into the next parameter: the parser reports the name it found instead of a
  // value.
  EXPECT_NE(unclosed.find("unexpected value 'threadsPerWarp'"), std::string::npos) << unclosed;
  EXPECT_NE(unclosed.find("\n  #ttg.blocked<{sizePerThread = [1, 4, threadsPerWarp"),
            std::string::npos)
      << unclosed;
  std::string list = errorOf("#ttg.blocked<{sizePerThread = [1, 4}>");
  EXPECT_NE(list.find("expected ']' to close the list, found '}'"), std::string::npos) << list;

  std::string typo = errorOf("#ttg.blocked<{sizePerThread = [1], threadPerWarp = [32], "
                             "warpsPerCTA = [4], order = [0]}>");
  EXPECT_NE(typo.find("missing the parameter 'threadsPerWarp'"), std::string::npos) << typo;

  std::string unknownKey = errorOf("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
                                   "order = [1, 0], hasLeadingOffset = false}>");
  EXPECT_NE(unknownKey.find("unexpected parameter 'hasLeadingOffset'"), std::string::npos)
      << unknownKey;

  EXPECT_NE(errorOf("#blocked").find("attribute alias"), std::string::npos);
  EXPECT_NE(errorOf("#ttg.tiled<{}>").find("unknown layout family 'tiled'"), std::string::npos);
  EXPECT_NE(errorOf("#ttg.slice<{dim = 0, parent = 3}>").find("must be a layout attribute"),
            std::string::npos);
  EXPECT_NE(errorOf("#ttg.swizzled_shared<{vec = -1, perPhase = 1, maxPhase = 1, order = [0]}>")
                .find("'vec' must be a non-negative integer"),
            std::string::npos);
}

TEST(AttributeText, CaretMarksTheColumn) {
  AttributeParseResult result = parseLayoutAttribute("#ttg.blocked<{order = [0] ; }>");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.errorOffset, 26u);
  std::string lastLine = result.error.substr(result.error.rfind('\n') + 1);
  EXPECT_EQ(lastLine, std::string(2 + 26, ' ') + "^");
}

TEST(AttributeText, ThrowingVariantCarriesTheSameMessage) {
  try {
    parseLayoutAttributeOrThrow("#ttg.blocked<{}>");
    FAIL() << "expected a LayoutError";
  } catch (const LayoutError &error) {
    EXPECT_NE(std::string(error.what()).find("missing the parameter 'sizePerThread'"),
              std::string::npos);
  }
}

} // namespace
} // namespace trex::layoutviz
