// SharedMemoryView: the offset grid of a shared layout with its swizzle phases, and the bank-conflict figure.
#include "CellTable.h"
#include "GridCanvas.h"
#include "LayoutViews.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <utility>

namespace trex::playground {
namespace {

constexpr int kBankBytes = 4;
constexpr int kNumBanks = 32;
const Colour kCollisionOutline{0.85f, 0.05f, 0.05f};
const Colour kAccessOutline{0.05f, 0.05f, 0.05f};

std::string coordinatesText(const std::vector<int32_t> &coords) {
  std::string text = "(";
  for (size_t i = 0; i < coords.size(); ++i)
    text += (i ? ", " : "") + std::to_string(coords[i]);
  return text + ")";
}

template <typename T> std::string listText(const std::vector<T> &values, size_t limit) {
  std::string text = "[";
  for (size_t i = 0; i < values.size() && i < limit; ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  if (values.size() > limit)
    text += ", ...";
  return text + "]";
}

} // namespace

void drawSharedOffsetGrid(const PlaygroundState &state, const ViewSettings &settings) {
  const CellTable &table = state.cells();
  const unsigned bits = state.parameters().sharedElementBitWidth;
  // The selected instruction's lanes, by grid cell.
  std::map<std::pair<int64_t, int64_t>, LaneAccess> accessed;
  for (const LaneAccess &access :
       state.laneAccesses(static_cast<size_t>(std::max(settings.selectedInstruction, 0))))
    accessed.emplace(std::make_pair(access.row, access.col), access);
  auto bankOf = [bits](int32_t offset) {
    return static_cast<int32_t>(int64_t{offset} * bits / (8 * kBankBytes) % kNumBanks);
  };

  GridSpec spec;
  spec.rows = table.rows();
  spec.cols = table.cols();
  spec.cellSize = settings.cellSize;
  spec.paint = [&](int64_t row, int64_t col) {
    const TensorCell &cell = table.cell(row, col);
    GridCellPaint paint;
    if (cell.offsets.empty()) {
      paint.fill = {0.3f, 0.3f, 0.3f};
      return paint;
    }
    paint.fill = settings.colourByBank ? bankColour(bankOf(cell.offsets.front()))
                                       : swizzlePhaseColour(cell.swizzlePhase);
    paint.label = std::to_string(cell.offsets.front());
    auto it = accessed.find({row, col});
    if (it != accessed.end()) {
      paint.outlined = true;
      paint.outline = it->second.colliding ? kCollisionOutline : kAccessOutline;
      paint.label = "L" + std::to_string(it->second.lane);
      paint.shortLabel = std::to_string(it->second.lane);
    }
    return paint;
  };
  spec.tooltip = [&](int64_t row, int64_t col) {
    const TensorCell &cell = table.cell(row, col);
    ImGui::Text("element %s", coordinatesText(table.coordinatesOf(row, col)).c_str());
    if (cell.offsets.empty()) {
      ImGui::TextDisabled("not stored");
      return;
    }
    ImGui::Text("offset %d  (byte %lld)", cell.offsets.front(),
                static_cast<long long>(int64_t{cell.offsets.front()} * bits / 8));
    if (cell.offsets.size() > 1)
      ImGui::Text("also at offsets %s", listText(cell.offsets, 8).c_str());
    ImGui::Text("bank %d", bankOf(cell.offsets.front()));
    ImGui::Text("swizzle phase (offset XOR unswizzled offset): %lld",
                static_cast<long long>(cell.swizzlePhase));
    auto it = accessed.find({row, col});
    if (it != accessed.end())
      ImGui::Text("accessed by lane %d, register %d%s", it->second.lane, it->second.reg,
                  it->second.colliding ? " -- bank conflict" : "");
  };
  drawGrid("offsets", spec);
}

void drawBankConflictSummary(const PlaygroundState &state, ViewSettings &settings) {
  ImGui::TextWrapped("access layout: %s", state.accessAttributeText().c_str());
  if (!state.bankConflicts()) {
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "no bank-conflict figure: %s",
                       state.bankConflictError().c_str());
    return;
  }
  const layoutviz::BankConflictReport &report = *state.bankConflicts();
  const bool free = report.isConflictFree();
  ImGui::TextColored(free ? ImVec4(0.4f, 0.9f, 0.4f, 1.0f) : ImVec4(1.0f, 0.6f, 0.3f, 1.0f),
                     "%s: worst %d wavefronts per instruction, ideal %d",
                     free ? "conflict-free" : "bank conflicts", report.maxWavefronts,
                     report.idealWavefronts);
  ImGui::Text("average %.2f, total %lld over %zu instructions (%d vector%s per lane)",
              report.averageWavefronts(), static_cast<long long>(report.totalWavefronts),
              report.instructions.size(), state.parameters().accessVectorWidth,
              state.parameters().accessVectorWidth == 1 ? "" : " elements");
  if (report.instructions.empty())
    return;
  const int last = static_cast<int>(report.instructions.size()) - 1;
  settings.selectedInstruction = std::clamp(settings.selectedInstruction, 0, last);
  ImGui::SliderInt("instruction", &settings.selectedInstruction, 0, last, "%d",
                   ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  if (ImGui::Button("worst")) {
    auto worst = std::max_element(report.instructions.begin(), report.instructions.end(),
                                  [](const auto &a, const auto &b) {
                                    return a.wavefronts < b.wavefronts;
                                  });
    settings.selectedInstruction = static_cast<int>(worst - report.instructions.begin());
  }
  ImGui::SameLine();
  ImGui::Checkbox("colour by bank", &settings.colourByBank);
  const layoutviz::InstructionWavefronts &selected =
      report.instructions[static_cast<size_t>(settings.selectedInstruction)];
  ImGui::Text("warp %d, registers %d..%d: %d wavefronts (ideal %d); marked L<lane> on the grid, "
              "red = colliding",
              selected.warp, selected.firstRegister,
              selected.firstRegister + static_cast<int>(state.parameters().accessVectorWidth) - 1,
              selected.wavefronts, report.idealWavefronts);
  constexpr size_t kListed = 8;
  for (size_t i = 0; i < selected.collisions.size() && i < kListed; ++i) {
    const layoutviz::BankCollision &collision = selected.collisions[i];
    ImGui::BulletText("bank %2d: %zu words %s, lanes %s", collision.bank, collision.words.size(),
                      listText(collision.words, 6).c_str(), listText(collision.lanes, 12).c_str());
  }
  if (selected.collisions.size() > kListed)
    ImGui::TextDisabled("... %zu more colliding banks", selected.collisions.size() - kListed);
}

} // namespace trex::playground
