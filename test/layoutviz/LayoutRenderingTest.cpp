// LayoutRenderingTest: text views for multi-CTA layouts, and the JSON and SVG renderers.
#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutJson.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/LayoutSvg.h"
#include "layoutviz/LayoutText.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace trex::layoutviz {
namespace {

// Two CTAs of one warp of two lanes, one element each.
LinearLayout twoBlocks() {
  return LinearLayout({{kRegister, {}}, {kLane, {{1}}}, {kWarp, {}}, {kBlock, {{2}}}}, {"dim0"});
}

size_t countOccurrences(const std::string &text, const std::string &needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

TEST(DistributedLayoutText, MultipleBlocksArePrefixedAndSectioned) {
  EXPECT_EQ(renderDistributedLayoutText(twoBlocks(), LayoutView::Tensor),
            "[B0:T0:0, B0:T1:0, B1:T0:0, B1:T1:0]\n");
  EXPECT_EQ(renderDistributedLayoutText(twoBlocks(), LayoutView::Hardware),
            "Block0:\nWarp0:\n(0), (1)\nBlock1:\nWarp0:\n(2), (3)\n");
}

TEST(DistributedLayoutText, CopiesAreJoinedWithBars) {
  LinearLayout copies({{kRegister, {}}, {kLane, {{0}, {1}}}, {kWarp, {}}, {kBlock, {}}}, {"dim0"});
  EXPECT_EQ(renderDistributedLayoutText(copies, LayoutView::Tensor), "[T0:0|T1:0, T2:0|T3:0]\n");
}

TEST(SharedLayoutText, MultipleBlocksGetTheirOwnHeaders) {
  LinearLayout shared({{kOffset, {{1}}}, {kBlock, {{2}}}}, {"dim0"});
  EXPECT_EQ(renderSharedLayoutText(shared, LayoutView::Hardware),
            "Block: 0:\nOffset: 0 -> (0)\nOffset: 1 -> (1)\n"
            "Block: 1:\nOffset: 0 -> (2)\nOffset: 1 -> (3)\n");
  EXPECT_EQ(renderSharedLayoutText(shared, LayoutView::Tensor), "[(0),(1),(2),(3)]\n");
}

TEST(LayoutText, PicksTheRendererFromTheDescriptor) {
  Layout shared = parseLayoutAttributeOrThrow(
      "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
  EXPECT_EQ(renderLayoutText(shared, {2, 2}, LayoutView::Tensor), "[[(0:0),(0:1)]\n[ (1:0),(1:1)]]\n");
  Layout blocked = parseLayoutAttributeOrThrow(
      "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [1], order = [0]}>");
  EXPECT_EQ(renderLayoutText(blocked, {4}, LayoutView::Tensor), "[T0:0, T1:0, T2:0, T3:0]\n");
}

TEST(LayoutJson, ListsBasesAndTheOwnersOfEveryElement) {
  Layout blocked = parseLayoutAttributeOrThrow(
      "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [2], warpsPerCTA = [1], order = [0]}>");
  nlohmann::json json = nlohmann::json::parse(renderLayoutJson(blocked, {2}));
  EXPECT_EQ(json["family"], "blocked");
  EXPECT_EQ(json["attribute"], formatLayoutAttribute(blocked));
  EXPECT_EQ(json["kind"], "distributed");
  EXPECT_EQ(json["shape"], nlohmann::json::parse("[2]"));
  // Four hardware slots hold two elements: lane 1 copies lane 0.
  EXPECT_EQ(json["bases"]["register"], nlohmann::json::parse("[[1]]"));
  EXPECT_EQ(json["bases"]["lane"], nlohmann::json::parse("[[0]]"));
  EXPECT_EQ(json["ownerFields"], nlohmann::json::parse(R"(["register", "lane", "warp", "block"])"));
  ASSERT_EQ(json["elements"].size(), 2u);
  EXPECT_EQ(json["elements"][1]["coords"], nlohmann::json::parse("[1]"));
  EXPECT_EQ(json["elements"][1]["owners"], nlohmann::json::parse("[[1, 0, 0, 0], [1, 1, 0, 0]]"));
}

TEST(LayoutJson, SharedLayoutsListOffsets) {
  LinearLayout shared({{kOffset, {{0, 1}, {1, 1}}}, {kBlock, {}}}, {"dim0", "dim1"});
  nlohmann::json json = nlohmann::json::parse(renderLayoutJson(shared, /*sharedMemory=*/true));
  EXPECT_EQ(json["kind"], "shared");
  EXPECT_EQ(json["ownerFields"], nlohmann::json::parse(R"(["offset", "block"])"));
  // Element (1, 0) = (1, 1) ^ (0, 1) is stored at offset 3.
  EXPECT_EQ(json["elements"][2]["coords"], nlohmann::json::parse("[1, 0]"));
  EXPECT_EQ(json["elements"][2]["owners"], nlohmann::json::parse("[[3, 0]]"));
}

TEST(LayoutSvg, TensorGridHasOneLabelledCellPerElementColouredByWarp) {
  Layout blocked = parseLayoutAttributeOrThrow(
      "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [2, 1], "
      "order = [1, 0]}>");
  std::string svg = renderLayoutSvg(blocked, {4, 2}, LayoutView::Tensor);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(countOccurrences(svg, "<rect x="), 8u);
  EXPECT_NE(svg.find(">T0:0</text>"), std::string::npos);
  EXPECT_NE(svg.find(">T7:0</text>"), std::string::npos);
  // Two warps, two fill colours.
  EXPECT_EQ(countOccurrences(svg, "fill=\"hsl(0,70%,82%)\""), 4u);
  EXPECT_EQ(countOccurrences(svg, "fill=\"hsl(137,70%,82%)\""), 4u);
}

TEST(LayoutSvg, SharedGridShowsOffsetsAndSwizzlePhases) {
  Layout swizzled = parseLayoutAttributeOrThrow(
      "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0]}>");
  std::string svg = renderLayoutSvg(swizzled, {4, 4}, LayoutView::Tensor);
  EXPECT_EQ(countOccurrences(svg, "<rect x="), 16u);
  // Row 0 is unswizzled; rows 1..3 get one colour per phase (1, 2, 3).
  EXPECT_EQ(countOccurrences(svg, "fill=\"hsl(0,0%,96%)\""), 4u);
  EXPECT_EQ(countOccurrences(svg, "fill=\"hsl(137,70%,82%)\""), 4u);
  // Element (1, 0) lives at offset 5.
  EXPECT_NE(svg.find("x=\"60\" y=\"79\" font-size=\"10\" text-anchor=\"middle\">5</text>"),
            std::string::npos)
      << svg;
}

TEST(LayoutSvg, HardwareTablesHaveARowPerRegisterAndAColumnPerLane) {
  Layout blocked = parseLayoutAttributeOrThrow(
      "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [4], warpsPerCTA = [2], order = [0]}>");
  std::string svg = renderLayoutSvg(blocked, {16}, LayoutView::Hardware);
  EXPECT_EQ(countOccurrences(svg, "<rect x="), 2u * 2u * 4u);
  EXPECT_NE(svg.find(">Warp 1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">15</text>"), std::string::npos);
}

} // namespace
} // namespace trex::layoutviz
