// HardwareTableView: the hardware view -- for each warp, which element every register of every lane holds.
#include "CellTable.h"
#include "GridCanvas.h"
#include "LayoutViews.h"

#include <imgui.h>

#include <algorithm>

namespace trex::playground {
namespace {

constexpr int kBankBytes = 4;
constexpr int kNumBanks = 32;

std::string coordinatesText(const std::vector<int32_t> &coords, const char *separator) {
  std::string text;
  for (size_t i = 0; i < coords.size(); ++i)
    text += (i ? separator : "") + std::to_string(coords[i]);
  return text;
}

void drawWarpTable(const CellTable &table, const ViewSettings &settings, int32_t block,
                   int32_t warp) {
  GridSpec spec;
  spec.rows = table.numRegisters();
  spec.cols = table.lanesPerWarp();
  spec.cellSize = settings.cellSize;
  spec.rowHeading = [](int64_t reg) { return "r" + std::to_string(reg); };
  auto elementCoords = [&table, block, warp](int64_t reg, int64_t lane) {
    int64_t element = table.elementHeldBy(
        {block, warp, static_cast<int32_t>(lane), static_cast<int32_t>(reg)});
    return table.coordinatesOf(element / table.cols(), element % table.cols());
  };
  spec.paint = [&, block, warp](int64_t reg, int64_t lane) {
    GridCellPaint paint;
    paint.fill = ownerColour(table.warpInCluster(block, warp), static_cast<int32_t>(lane), table.lanesPerWarp());
    paint.label = coordinatesText(elementCoords(reg, lane), ",");
    return paint;
  };
  spec.tooltip = [&, block, warp](int64_t reg, int64_t lane) {
    if (table.numBlocks() > 1)
      ImGui::Text("block %d  warp %d  lane %d  register %d", block, warp,
                  static_cast<int>(lane), static_cast<int>(reg));
    else
      ImGui::Text("warp %d  lane %d  register %d  (thread %d)", warp, static_cast<int>(lane),
                  static_cast<int>(reg), warp * table.lanesPerWarp() + static_cast<int>(lane));
    ImGui::Text("holds element (%s)", coordinatesText(elementCoords(reg, lane), ", ").c_str());
  };
  std::string id = "warp" + std::to_string(block) + "_" + std::to_string(warp);
  drawGrid(id.c_str(), spec);
}

// Shared memory as the banks see it: 128-byte rows, one column per element slot.
void drawSharedMemoryRows(const PlaygroundState &state, const ViewSettings &settings) {
  const CellTable &table = state.cells();
  const unsigned bits = state.parameters().sharedElementBitWidth;
  const int64_t perRow = std::max<int64_t>(1, kNumBanks * kBankBytes * 8 / bits);
  ImGui::TextDisabled("shared memory in 128-byte rows (one pass over the 32 banks); each cell: "
                      "the element stored at that offset, colour = its swizzle phase");
  GridSpec spec;
  spec.cols = std::min<int64_t>(perRow, table.numOffsets());
  spec.rows = (table.numOffsets() + spec.cols - 1) / spec.cols;
  spec.cellSize = settings.cellSize;
  spec.rowHeading = [perRow](int64_t row) { return std::to_string(row * perRow); };
  spec.colHeading = [bits](int64_t col) {
    return "b" + std::to_string(col * bits / (8 * kBankBytes) % kNumBanks);
  };
  auto elementAt = [&table, perRow](int64_t row, int64_t col) -> int64_t {
    int64_t offset = row * perRow + col;
    return offset < table.numOffsets() ? table.elementAtOffset(static_cast<int32_t>(offset)) : -1;
  };
  spec.paint = [&](int64_t row, int64_t col) {
    GridCellPaint paint;
    int64_t element = elementAt(row, col);
    if (element < 0)
      return paint;
    const TensorCell &cell = table.cells()[static_cast<size_t>(element)];
    paint.fill = swizzlePhaseColour(cell.swizzlePhase);
    paint.label = coordinatesText(
        table.coordinatesOf(element / table.cols(), element % table.cols()), ",");
    return paint;
  };
  spec.tooltip = [&](int64_t row, int64_t col) {
    int64_t offset = row * perRow + col, element = elementAt(row, col);
    if (element < 0)
      return;
    int64_t word = offset * bits / (8 * kBankBytes);
    ImGui::Text("offset %lld  (byte %lld, bank %lld)", static_cast<long long>(offset),
                static_cast<long long>(offset * bits / 8),
                static_cast<long long>(word % kNumBanks));
    ImGui::Text("stores element (%s)",
                coordinatesText(table.coordinatesOf(element / table.cols(), element % table.cols()),
                                ", ")
                    .c_str());
  };
  drawGrid("memory", spec);
}

} // namespace

void drawHardwareView(const PlaygroundState &state, const ViewSettings &settings) {
  if (state.isShared()) {
    drawSharedMemoryRows(state, settings);
    return;
  }
  const CellTable &table = state.cells();
  ImGui::TextDisabled("per warp: a row per register, a column per lane; each cell names the "
                      "element held");
  for (int32_t block = 0; block < table.numBlocks(); ++block)
    for (int32_t warp = 0; warp < table.numWarps(); ++warp) {
      if (table.numBlocks() > 1)
        ImGui::Text("Block %d  Warp %d", block, warp);
      else
        ImGui::Text("Warp %d", warp);
      drawWarpTable(table, settings, block, warp);
    }
}

} // namespace trex::playground
