// GridCanvas: visible-cells-only painting of a grid with ImGui's draw list, plus axes and hover tooltips.
#include "GridCanvas.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace trex::playground {

bool drawGrid(const char *id, const GridSpec &spec) {
  if (spec.rows <= 0 || spec.cols <= 0)
    return false;
  ImGui::PushID(id);
  const float cell = spec.cellSize;
  // Room for the headings: wide enough for the longest row number.
  const float left = ImGui::CalcTextSize("00000").x + 6.0f;
  const float top = ImGui::GetTextLineHeight() + 6.0f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 gridOrigin(origin.x + left, origin.y + top);
  const ImVec2 total(left + cell * static_cast<float>(spec.cols),
                     top + cell * static_cast<float>(spec.rows));
  ImGui::InvisibleButton("grid", total);
  const bool hovered = ImGui::IsItemHovered();

  ImDrawList *draw = ImGui::GetWindowDrawList();
  const ImVec2 clipMin = draw->GetClipRectMin(), clipMax = draw->GetClipRectMax();
  auto firstVisible = [&](float clip, float start, int64_t count) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::floor((clip - start) / cell)), 0, count);
  };
  auto lastVisible = [&](float clip, float start, int64_t count) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::ceil((clip - start) / cell)), 0, count);
  };
  const int64_t row0 = firstVisible(clipMin.y, gridOrigin.y, spec.rows);
  const int64_t row1 = lastVisible(clipMax.y, gridOrigin.y, spec.rows);
  const int64_t col0 = firstVisible(clipMin.x, gridOrigin.x, spec.cols);
  const int64_t col1 = lastVisible(clipMax.x, gridOrigin.x, spec.cols);
  const ImU32 headingColour = ImGui::GetColorU32(ImGuiCol_Text);
  const float lineHeight = ImGui::GetTextLineHeight();

  // Headings every cell when they fit, otherwise every few cells.
  const float numberWidth = ImGui::CalcTextSize("000").x + 4.0f;
  const int64_t headingStep = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(numberWidth / cell)));
  for (int64_t col = col0; col < col1; ++col) {
    if (col % headingStep)
      continue;
    std::string text = spec.colHeading ? spec.colHeading(col) : std::to_string(col);
    float x = gridOrigin.x + cell * static_cast<float>(col) +
              (cell - ImGui::CalcTextSize(text.c_str()).x) * 0.5f;
    draw->AddText(ImVec2(std::max(x, gridOrigin.x + cell * col), origin.y + 2.0f), headingColour,
                  text.c_str());
  }
  const int64_t rowStep =
      std::max<int64_t>(1, static_cast<int64_t>(std::ceil((lineHeight + 1.0f) / cell)));
  for (int64_t row = row0; row < row1; ++row) {
    if (row % rowStep)
      continue;
    std::string text = spec.rowHeading ? spec.rowHeading(row) : std::to_string(row);
    float width = ImGui::CalcTextSize(text.c_str()).x;
    draw->AddText(ImVec2(gridOrigin.x - width - 4.0f,
                         gridOrigin.y + cell * row + (cell - lineHeight) * 0.5f),
                  headingColour, text.c_str());
  }

  const bool drawBorders = cell >= 6.0f;
  for (int64_t row = row0; row < row1; ++row) {
    for (int64_t col = col0; col < col1; ++col) {
      GridCellPaint paint = spec.paint(row, col);
      ImVec2 a(gridOrigin.x + cell * col, gridOrigin.y + cell * row);
      ImVec2 b(a.x + cell, a.y + cell);
      draw->AddRectFilled(a, b, paint.fill.packed());
      if (drawBorders)
        draw->AddRect(a, b, IM_COL32(60, 60, 60, 120));
      if (paint.outlined)
        draw->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), paint.outline.packed(),
                      0.0f, 0, std::max(1.5f, cell / 12.0f));
      for (const std::string *label : {&paint.label, &paint.shortLabel}) {
        if (label->empty())
          continue;
        ImVec2 size = ImGui::CalcTextSize(label->c_str());
        if (size.x + 2.0f > cell || size.y > cell)
          continue;
        draw->AddText(ImVec2(a.x + (cell - size.x) * 0.5f, a.y + (cell - size.y) * 0.5f),
                      labelColourOn(paint.fill).packed(), label->c_str());
        break;
      }
    }
  }

  bool overCell = false;
  if (hovered) {
    ImVec2 mouse = ImGui::GetIO().MousePos;
    int64_t col = static_cast<int64_t>(std::floor((mouse.x - gridOrigin.x) / cell));
    int64_t row = static_cast<int64_t>(std::floor((mouse.y - gridOrigin.y) / cell));
    if (row >= 0 && row < spec.rows && col >= 0 && col < spec.cols) {
      overCell = true;
      ImVec2 a(gridOrigin.x + cell * col, gridOrigin.y + cell * row);
      draw->AddRect(a, ImVec2(a.x + cell, a.y + cell), IM_COL32(0, 0, 0, 255), 0.0f, 0, 2.0f);
      if (spec.tooltip) {
        ImGui::BeginTooltip();
        spec.tooltip(row, col);
        ImGui::EndTooltip();
      }
    }
  }
  ImGui::PopID();
  return overCell;
}

} // namespace trex::playground
