// PlaygroundStateTest: the playground's model -- parameters to layout, cell owners, errors, attribute text, bank figure.
#include "PlaygroundState.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutText.h"

#include <gtest/gtest.h>

#include <sstream>

namespace trex::playground {
namespace {

// The owners triton-tensor-layout prints for each element, row-major: "T5:2|T9:2" becomes
// {{5, 2}, {9, 2}}.  Padding and newlines are layout, not content; a row ends with ']' and no
// comma, so ']' separates cells too.
std::vector<std::vector<std::pair<int, int>>> ownersInTensorView(const std::string &text) {
  std::string flat;
  for (char c : text)
    if (c == ']')
      flat += ',';
    else if (c != '[' && c != ' ' && c != '\n')
      flat += c;
  std::vector<std::vector<std::pair<int, int>>> cells;
  std::stringstream cellStream(flat);
  std::string cell;
  while (std::getline(cellStream, cell, ',')) {
    if (cell.empty())
      continue;
    std::vector<std::pair<int, int>> owners;
    std::stringstream ownerStream(cell);
    std::string owner;
    while (std::getline(ownerStream, owner, '|')) {
      size_t colon = owner.find(':');
      owners.push_back({std::stoi(owner.substr(1, colon - 1)), std::stoi(owner.substr(colon + 1))});
    }
    cells.push_back(owners);
  }
  return cells;
}

std::vector<std::vector<std::pair<int, int>>> ownersInCellTable(const CellTable &table) {
  std::vector<std::vector<std::pair<int, int>>> cells;
  for (const TensorCell &cell : table.cells()) {
    std::vector<std::pair<int, int>> owners;
    for (const HardwareOwner &owner : cell.owners)
      owners.push_back({table.threadOf(owner), owner.reg});
    cells.push_back(owners);
  }
  return cells;
}

TEST(PlaygroundState, BlockedCellOwnersAreLayoutvizTensorView) {
  PlaygroundState state;
  ASSERT_TRUE(state.ok()) << state.error();
  const CellTable &cells = state.cells();
  EXPECT_EQ(cells.rows(), 32);
  EXPECT_EQ(cells.cols(), 32);
  EXPECT_EQ(cells.numRegisters(), 8);
  EXPECT_EQ(cells.lanesPerWarp(), 32);
  EXPECT_EQ(cells.numWarps(), 4);
  std::string text =
      layoutviz::renderDistributedLayoutText(state.linearLayout(), layoutviz::LayoutView::Tensor);
  EXPECT_EQ(ownersInCellTable(cells), ownersInTensorView(text));
  // sizePerThread [1, 4], threadsPerWarp [4, 8]: row 1 starts at thread 8; the tile repeats
  // every 16 rows with registers 4..7.
  EXPECT_EQ(cellLabel(cells, cells.cell(1, 0)), "8:0");
  EXPECT_EQ(cellLabel(cells, cells.cell(0, 5)), "1:1");
  EXPECT_EQ(cellLabel(cells, cells.cell(16, 0)), "0:4");
  EXPECT_EQ(cells.cell(4, 0).owners.front().warp, 1);
}

TEST(PlaygroundState, SliceCellsListEveryCopy) {
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::Slice;
  parameters.sliceDim = 1;
  parameters.shape = {32, 32};
  PlaygroundState state(parameters);
  ASSERT_TRUE(state.ok()) << state.error();
  EXPECT_EQ(state.attributeText(),
            "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
            "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>");
  EXPECT_EQ(state.shape(), (std::vector<int64_t>{32}));
  const CellTable &cells = state.cells();
  EXPECT_EQ(cells.cols(), 32);
  // Row 0 of the parent is held by threads 0..7; its four registers per thread collapse into
  // one, since a slice keeps no register copies.
  ASSERT_EQ(cells.cell(0, 0).owners.size(), 8u);
  EXPECT_EQ(cellLabel(cells, cells.cell(0, 0)), "0:0 +7");
  EXPECT_EQ(cells.numRegisters(), 2); // rows 0 and 16 of the parent
  std::string text =
      layoutviz::renderDistributedLayoutText(state.linearLayout(), layoutviz::LayoutView::Tensor);
  EXPECT_EQ(ownersInCellTable(cells), ownersInTensorView(text));
}

TEST(PlaygroundState, AttributeTextIsTritonsSpelling) {
  PlaygroundState state;
  EXPECT_EQ(state.attributeText(), "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                                   "warpsPerCTA = [4, 1], order = [1, 0]}>");
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::NvmmaShared;
  parameters.sharedElementBitWidth = 8;
  state.setParameters(parameters);
  EXPECT_EQ(state.attributeText(),
            "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>");
}

TEST(PlaygroundState, AttributesFromRealTritonLoadAndPrintBack) {
  // Attributes as Triton 3.6 prints them in the fixtures' ttgir.
  const char *attributes[] = {
      "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = "
      "[16, 128, 16]}>",
      "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = "
      "true}>",
      "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>",
      "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
      "#ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], "
      "[0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
      "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
      "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>",
      "#ttg.slice<{dim = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape "
      "= [32, 32, 8], isTransposed = true}>}>",
  };
  for (const char *attribute : attributes) {
    PlaygroundParameters parameters;
    // Wide enough for one 128-byte swizzle row of 16-bit elements (nvmma_shared).
    parameters.shape = {64, 64};
    PlaygroundState state(parameters);
    EXPECT_EQ(state.loadAttribute(attribute), "") << attribute;
    EXPECT_TRUE(state.ok()) << attribute << ": " << state.error();
    EXPECT_EQ(state.attributeText(), attribute);
  }
}

TEST(PlaygroundState, LoadAttributeReportsParseErrorsAndKeepsTheLayout) {
  PlaygroundState state;
  std::string before = state.attributeText();
  std::string error = state.loadAttribute("#ttg.blocked<{sizePerThread = [1, 4}>");
  EXPECT_NE(error, "");
  EXPECT_EQ(state.attributeText(), before);
  // A slice of a slice has no editor.
  EXPECT_NE(state.loadAttribute("#ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = "
                                "#ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], "
                                "warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>}>}>"),
            "");
  EXPECT_EQ(state.attributeText(), before);
}

TEST(PlaygroundState, InvalidParametersGiveAnErrorNotACrash) {
  PlaygroundParameters parameters;
  parameters.shape = {24, 32}; // not a power of two
  PlaygroundState state(parameters);
  EXPECT_FALSE(state.ok());
  EXPECT_NE(state.error(), "");

  // Rank mismatch between the descriptor's lists.
  parameters.shape = {32, 32};
  parameters.blocked.sizePerThread = {1, 1, 4};
  state.setParameters(parameters);
  EXPECT_FALSE(state.ok());

  // Hopper's wgmma needs a 3-entry instrShape.
  parameters = PlaygroundParameters();
  parameters.family = PlaygroundFamily::NvidiaMma;
  parameters.nvidiaMma.versionMajor = 3;
  parameters.nvidiaMma.instrShape = {16, 8};
  state.setParameters(parameters);
  EXPECT_FALSE(state.ok());

  // Invalid linear bases name the basis.
  parameters = PlaygroundParameters();
  parameters.family = PlaygroundFamily::Linear;
  parameters.linear.basesOf("lane")[1] = {1, 8};
  state.setParameters(parameters);
  EXPECT_FALSE(state.ok());
  EXPECT_NE(state.error().find("lane basis 1 [1, 8]"), std::string::npos) << state.error();

  // Too large to draw.
  parameters = PlaygroundParameters();
  parameters.shape = {1024, 1024};
  state.setParameters(parameters);
  EXPECT_FALSE(state.ok());

  // Fixing the parameters brings the layout back.
  state.setParameters(PlaygroundParameters());
  EXPECT_TRUE(state.ok()) << state.error();
}

TEST(PlaygroundState, EveryFamilyBuildsWithItsDefaults) {
  for (int i = 0; i < kNumPlaygroundFamilies; ++i) {
    PlaygroundParameters parameters;
    parameters.family = static_cast<PlaygroundFamily>(i);
    parameters.shape = {64, 64};
    PlaygroundState state(parameters);
    ASSERT_TRUE(state.ok()) << familyName(parameters.family) << ": " << state.error();
    EXPECT_EQ(state.isShared(), state.cells().isShared());
    EXPECT_FALSE(state.hardwareText().empty()) << familyName(parameters.family);
  }
}

TEST(PlaygroundState, LinearBasesWithCopies) {
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::Linear;
  parameters.shape = {4};
  parameters.linear.rank = 1;
  parameters.linear.dims = {{"register", {{1}, {2}}}, {"lane", {{0}, {0}}}, {"warp", {}}, {"block", {}}};
  PlaygroundState state(parameters);
  ASSERT_TRUE(state.ok()) << state.error();
  // Four lanes all hold elements 0..3 (lane bases are zero: copies).
  EXPECT_EQ(state.cells().cell(0, 2).owners.size(), 4u);
  EXPECT_EQ(cellLabel(state.cells(), state.cells().cell(0, 2)), "0:2 +3");
}

TEST(PlaygroundState, SwizzlePhaseIsTheXorWithTheUnswizzledOffset) {
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::SwizzledShared;
  parameters.shape = {4, 4};
  parameters.swizzledShared = {1, 1, 4, {1, 0}, {}};
  PlaygroundState state(parameters);
  ASSERT_TRUE(state.ok()) << state.error();
  const CellTable &cells = state.cells();
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) {
      // Row r's columns are XOR-ed with r: element (r, c) sits at 4r + (c ^ r).
      ASSERT_EQ(cells.cell(row, col).offsets, std::vector<int32_t>{4 * row + (col ^ row)});
      EXPECT_EQ(cells.cell(row, col).swizzlePhase, row);
    }
}

TEST(PlaygroundState, BankConflictFigureMarksCollidingLanes) {
  // Lane i reads row i of a 32x32 f32 tile, one element at a time.
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::SwizzledShared;
  parameters.shape = {32, 32};
  parameters.sharedElementBitWidth = 32;
  parameters.swizzledShared = {1, 1, 1, {1, 0}, {}};
  parameters.access = {{1, 1}, {32, 1}, {1, 1}, {1, 0}, {}};
  parameters.accessVectorWidth = 1;
  PlaygroundState plain(parameters);
  ASSERT_TRUE(plain.ok()) << plain.error();
  ASSERT_TRUE(plain.bankConflicts()) << plain.bankConflictError();
  EXPECT_EQ(plain.bankConflicts()->maxWavefronts, 32);
  EXPECT_EQ(plain.bankConflicts()->idealWavefronts, 1);
  std::vector<LaneAccess> accesses = plain.laneAccesses(3);
  ASSERT_EQ(accesses.size(), 32u);
  for (const LaneAccess &access : accesses) {
    EXPECT_EQ(access.row, access.lane);
    EXPECT_EQ(access.col, 3);
    EXPECT_EQ(access.bank, 3);
    EXPECT_TRUE(access.colliding);
  }

  parameters.swizzledShared.maxPhase = 32;
  PlaygroundState swizzled(parameters);
  ASSERT_TRUE(swizzled.bankConflicts());
  EXPECT_TRUE(swizzled.bankConflicts()->isConflictFree());
  for (const LaneAccess &access : swizzled.laneAccesses(3))
    EXPECT_FALSE(access.colliding);

  // A vector width that does not divide the registers is explained, not thrown.
  parameters.accessVectorWidth = 64;
  PlaygroundState tooWide(parameters);
  EXPECT_TRUE(tooWide.ok());
  EXPECT_FALSE(tooWide.bankConflicts());
  EXPECT_NE(tooWide.bankConflictError(), "");

  // An access layout given as attribute text wins over the blocked sliders.
  parameters.accessVectorWidth = 1;
  parameters.accessAttribute = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                               "warpsPerCTA = [1, 1], order = [1, 0]}>";
  PlaygroundState rows(parameters);
  ASSERT_TRUE(rows.bankConflicts()) << rows.bankConflictError();
  EXPECT_EQ(rows.accessAttributeText(), parameters.accessAttribute);
  EXPECT_EQ(rows.bankConflicts()->maxWavefronts, 1);
}

TEST(PlaygroundParameters, RankChangesKeepTheMinorDims) {
  PlaygroundParameters parameters;
  setRank(parameters, 3);
  EXPECT_EQ(parameters.shape, (std::vector<int64_t>{1, 32, 32}));
  EXPECT_EQ(parameters.blocked.sizePerThread, (std::vector<unsigned>{1, 1, 4}));
  EXPECT_EQ(parameters.blocked.order, (std::vector<unsigned>{2, 1, 0}));
  EXPECT_EQ(parameters.swizzledShared.order, (std::vector<unsigned>{2, 1, 0}));
  setRank(parameters, 2);
  PlaygroundParameters defaults;
  EXPECT_EQ(parameters.shape, defaults.shape);
  EXPECT_EQ(parameters.blocked.threadsPerWarp, defaults.blocked.threadsPerWarp);
  EXPECT_EQ(parameters.blocked.order, defaults.blocked.order);
  PlaygroundState state(parameters);
  EXPECT_EQ(state.attributeText(), PlaygroundState().attributeText());
}

TEST(PlaygroundParameters, BasesText) {
  EXPECT_EQ(parseBasesText(" [ [0, 1],[2,0] ] ", "lane"),
            (std::vector<std::vector<int32_t>>{{0, 1}, {2, 0}}));
  EXPECT_TRUE(parseBasesText("[]", "block").empty());
  EXPECT_EQ(formatBasesText({{0, 1}, {2, 0}}), "[[0, 1], [2, 0]]");
  EXPECT_THROW(parseBasesText("[[0, 1]", "warp"), layoutviz::LayoutError);
  EXPECT_THROW(parseBasesText("[[0, -1]]", "warp"), layoutviz::LayoutError);
}

} // namespace
} // namespace trex::playground
