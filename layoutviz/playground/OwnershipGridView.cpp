// OwnershipGridView: the tensor view of a register layout -- who holds each element.
#include "CellTable.h"
#include "GridCanvas.h"
#include "LayoutViews.h"

#include <imgui.h>

namespace trex::playground {
namespace {

std::string coordinatesText(const std::vector<int32_t> &coords) {
  std::string text = "(";
  for (size_t i = 0; i < coords.size(); ++i)
    text += (i ? ", " : "") + std::to_string(coords[i]);
  return text + ")";
}

void ownersTooltip(const CellTable &table, int64_t row, int64_t col) {
  const TensorCell &cell = table.cell(row, col);
  ImGui::Text("element %s", coordinatesText(table.coordinatesOf(row, col)).c_str());
  ImGui::Text("%zu owner%s", cell.owners.size(), cell.owners.size() == 1 ? "" : "s");
  ImGui::Separator();
  constexpr size_t kListed = 16;
  for (size_t i = 0; i < cell.owners.size() && i < kListed; ++i) {
    const HardwareOwner &owner = cell.owners[i];
    Colour swatch = ownerColour(table.warpInCluster(owner.block, owner.warp), owner.lane, table.lanesPerWarp());
    ImGui::ColorButton("##owner", ImVec4(swatch.r, swatch.g, swatch.b, 1.0f),
                       ImGuiColorEditFlags_NoTooltip, ImVec2(10, 10));
    ImGui::SameLine();
    ImGui::Text("register %d  lane %2d  warp %d  block %d   (thread %d)", owner.reg, owner.lane,
                owner.warp, owner.block, table.threadOf(owner));
  }
  if (cell.owners.size() > kListed)
    ImGui::TextDisabled("... and %zu more", cell.owners.size() - kListed);
}

} // namespace

void drawOwnershipGrid(const PlaygroundState &state, const ViewSettings &settings) {
  const CellTable &table = state.cells();
  GridSpec spec;
  spec.rows = table.rows();
  spec.cols = table.cols();
  spec.cellSize = settings.cellSize;
  spec.paint = [&](int64_t row, int64_t col) {
    const TensorCell &cell = table.cell(row, col);
    GridCellPaint paint;
    if (cell.owners.empty()) {
      paint.fill = {0.3f, 0.3f, 0.3f};
      return paint;
    }
    const HardwareOwner &first = cell.owners.front();
    paint.fill = ownerColour(table.warpInCluster(first.block, first.warp), first.lane, table.lanesPerWarp());
    paint.label = cellLabel(table, cell);
    // Without the "+n copies" suffix, for cells too narrow for it.
    paint.shortLabel = std::to_string(table.threadOf(first)) + ":" + std::to_string(first.reg);
    return paint;
  };
  spec.tooltip = [&](int64_t row, int64_t col) { ownersTooltip(table, row, col); };
  drawGrid("ownership", spec);
}

} // namespace trex::playground
