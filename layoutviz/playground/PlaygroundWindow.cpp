// PlaygroundWindow: lays out the controls, the copyable attribute text and the view tabs.
#include "PlaygroundWindow.h"

#include "ParameterPanel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace trex::playground {
namespace {

const ImVec4 kErrorColour(1.0f, 0.45f, 0.45f, 1.0f);
constexpr float kControlsWidth = 430.0f;

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

// Tab bodies scroll both ways; Ctrl + wheel zooms the cells.
void beginScrollingView(const char *id, ViewSettings &settings) {
  ImGui::BeginChild(id, ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiIO &io = ImGui::GetIO();
  if (ImGui::IsWindowHovered() && io.KeyCtrl && io.MouseWheel != 0.0f)
    settings.cellSize = std::clamp(settings.cellSize * (io.MouseWheel > 0 ? 1.15f : 1 / 1.15f),
                                   4.0f, 160.0f);
}

} // namespace

PlaygroundWindow::PlaygroundWindow(const PlaygroundParameters &parameters, PlaygroundView view,
                                   float cellSize)
    : state_(parameters), editing_(parameters), requestedView_(view) {
  settings_.cellSize = cellSize;
}

void PlaygroundWindow::draw() {
  const ImGuiIO &io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("trex layout playground", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::BeginChild("controls", ImVec2(kControlsWidth, 0), true);
  drawControls();
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("views", ImVec2(0, 0), false);
  drawViews();
  ImGui::EndChild();
  ImGui::End();
}

void PlaygroundWindow::drawControls() {
  ImGui::PushItemWidth(kControlsWidth * 0.55f);
  if (drawParameterPanel(editing_))
    state_.setParameters(editing_);
  ImGui::PopItemWidth();

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextUnformatted("Load a layout from ttgir:");
  ImGui::InputTextMultiline("##attribute-input", &attributeInput_, ImVec2(-1, 70));
  if (ImGui::Button("Load")) {
    attributeInputError_ = state_.loadAttribute(attributeInput_);
    if (attributeInputError_.empty())
      editing_ = state_.parameters();
  }
  if (!attributeInputError_.empty())
    ImGui::TextColored(kErrorColour, "%s", attributeInputError_.c_str());
}

void PlaygroundWindow::drawViews() {
  // The attribute as Triton prints it; read-only but selectable, and one click copies it.
  std::string attribute = state_.ok() ? state_.attributeText() : std::string();
  ImGui::SetNextItemWidth(-70.0f);
  ImGui::InputText("##attribute", &attribute, ImGuiInputTextFlags_ReadOnly);
  ImGui::SameLine();
  if (ImGui::Button("Copy") && state_.ok())
    ImGui::SetClipboardText(state_.attributeText().c_str());

  if (!state_.ok()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    ImGui::TextWrapped("invalid layout: %s", state_.error().c_str());
    ImGui::PopStyleColor();
    return;
  }
  const CellTable &cells = state_.cells();
  if (state_.isShared())
    ImGui::Text("tensor %s in shared memory: %d offsets, %u-bit elements",
                shapeText(state_.shape()).c_str(), cells.numOffsets(),
                state_.parameters().sharedElementBitWidth);
  else
    ImGui::Text("tensor %s: %d registers x %d lanes x %d warps%s", shapeText(state_.shape()).c_str(),
                cells.numRegisters(), cells.lanesPerWarp(), cells.numWarps(),
                cells.numBlocks() > 1 ? (" x " + std::to_string(cells.numBlocks()) + " blocks").c_str()
                                      : "");
  ImGui::SetNextItemWidth(200.0f);
  ImGui::SliderFloat("zoom (Ctrl+wheel)", &settings_.cellSize, 4.0f, 160.0f, "%.0f px",
                     ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);

  if (!ImGui::BeginTabBar("views"))
    return;
  auto tabFlags = [this](PlaygroundView view) {
    return viewRequestPending_ && requestedView_ == view ? ImGuiTabItemFlags_SetSelected : 0;
  };
  if (ImGui::BeginTabItem("Tensor view", nullptr, tabFlags(PlaygroundView::Tensor))) {
    if (state_.isShared()) {
      drawBankConflictSummary(state_, settings_);
      beginScrollingView("tensor", settings_);
      drawSharedOffsetGrid(state_, settings_);
    } else {
      ImGui::TextDisabled("cell = element; colour = warp, shade = lane; label thread:register");
      beginScrollingView("tensor", settings_);
      drawOwnershipGrid(state_, settings_);
    }
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Hardware view", nullptr, tabFlags(PlaygroundView::Hardware))) {
    beginScrollingView("hardware", settings_);
    drawHardwareView(state_, settings_);
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Text")) {
    // triton-tensor-layout's hardware view, byte for byte, to copy into notes or tests.
    // Read-only, so ImGui never writes through the pointer; no per-frame copy of a long text.
    const std::string &text = state_.hardwareText();
    ImGui::InputTextMultiline("##text", const_cast<char *>(text.c_str()), text.size() + 1,
                              ImVec2(-1, -1), ImGuiInputTextFlags_ReadOnly);
    ImGui::EndTabItem();
  }
  viewRequestPending_ = false;
  ImGui::EndTabBar();
}

} // namespace trex::playground
