// PlaygroundWindow: lays out the controls, the copyable attribute text and the view tabs.
#include "PlaygroundWindow.h"

#include "ParameterPanel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

namespace trex::playground {
namespace {

const ImVec4 kErrorColour(1.0f, 0.45f, 0.45f, 1.0f);
const ImVec4 kSuccessColour(0.55f, 0.85f, 0.55f, 1.0f);
constexpr float kControlsWidth = 430.0f;

// Ctrl (+ Shift) + a letter, pressed this frame. ImGui 1.86's GLFW backend fills io.KeysDown by
// GLFW key code, which for letters is the upper-case ASCII code.
bool shortcutPressed(char letter, bool shift = false) {
  const ImGuiIO &io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift == shift && !io.KeyAlt && ImGui::IsKeyPressed(letter, false);
}

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
  handleShortcuts();
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
  drawExportControls();
}

void PlaygroundWindow::drawExportControls() {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextUnformatted("Folder:");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##export-folder", &exportFolder_))
    pendingReplace_.reset();
  ImGui::TextUnformatted("Save as (a file name; the extension follows the button):");
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##export-name", &exportName_))
    pendingReplace_.reset();
  if (ImGui::Button("SVG (Ctrl+S)"))
    saveFile(ExportFormat::Svg);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("layoutviz's picture of the current tab, as %s",
                      exportTarget(exportFolder_, exportName_, ExportFormat::Svg).path.c_str());
  ImGui::SameLine();
  if (ImGui::Button("PNG (Ctrl+P)"))
    saveFile(ExportFormat::Png);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the views pane as drawn, as %s",
                      exportTarget(exportFolder_, exportName_, ExportFormat::Png).path.c_str());
  ImGui::SameLine();
  if (ImGui::Button("Text (Ctrl+T)"))
    saveFile(ExportFormat::AttributeText);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "the attribute text, as %s",
        exportTarget(exportFolder_, exportName_, ExportFormat::AttributeText).path.c_str());
  ImGui::TextDisabled("Ctrl+Shift+C copies the attribute");
  if (lastExport_)
    ImGui::TextColored(lastExport_->ok ? kSuccessColour : kErrorColour, "%s",
                       lastExport_->message.c_str());
  if (pendingReplace_) {
    if (ImGui::Button("Replace"))
      saveFile(pendingReplace_->first);
    ImGui::SameLine();
    if (ImGui::Button("Keep the file"))
      pendingReplace_.reset(), lastExport_.reset();
  }
}

void PlaygroundWindow::handleShortcuts() {
  if (shortcutPressed('S'))
    saveFile(ExportFormat::Svg);
  if (shortcutPressed('P'))
    saveFile(ExportFormat::Png);
  if (shortcutPressed('T'))
    saveFile(ExportFormat::AttributeText);
  if (shortcutPressed('C', /*shift=*/true) && state_.ok())
    ImGui::SetClipboardText(state_.attributeText().c_str());
}

void PlaygroundWindow::saveFile(ExportFormat format) {
  ExportTarget target = exportTarget(exportFolder_, exportName_, format);
  if (!target.error.empty()) {
    reportExport({false, target.error});
    return;
  }
  const std::string &path = target.path;
  // An existing file is replaced only when the user says so: a second save of the same file
  // (or Replace), or --force.
  std::error_code ignored;
  bool confirmed = pendingReplace_ && pendingReplace_->second == path;
  pendingReplace_.reset();
  if (!replaceWithoutAsking_ && !confirmed && std::filesystem::exists(path, ignored)) {
    pendingReplace_ = std::make_pair(format, path);
    reportExport({false, path + " exists: save again (or Replace) to replace it"});
    return;
  }
  switch (format) {
  case ExportFormat::Svg:
    reportExport(exportSvg(state_, shownView_, path));
    break;
  case ExportFormat::AttributeText:
    reportExport(exportAttributeText(state_, path));
    break;
  case ExportFormat::Png:
    if (path.empty())
      reportExport({false, "enter a file name to save to"});
    else
      pngRequest_ = path;
    break;
  }
}

void PlaygroundWindow::reportExport(const ExportResult &result) { lastExport_ = result; }

std::optional<std::string> PlaygroundWindow::takePngRequest() {
  std::optional<std::string> request = std::move(pngRequest_);
  pngRequest_.reset();
  return request;
}

void PlaygroundWindow::drawViews() {
  {
    // The pane's place on screen, for saving it as a PNG.
    const ImGuiIO &io = ImGui::GetIO();
    ImVec2 position = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    viewRect_ = {static_cast<int>(position.x * io.DisplayFramebufferScale.x),
                 static_cast<int>(position.y * io.DisplayFramebufferScale.y),
                 static_cast<int>(size.x * io.DisplayFramebufferScale.x),
                 static_cast<int>(size.y * io.DisplayFramebufferScale.y)};
  }
  // The attribute as Triton prints it; read-only but selectable, and one click copies it.
  std::string attribute = state_.ok() ? state_.attributeText() : std::string();
  ImGui::SetNextItemWidth(-70.0f);
  ImGui::InputText("##attribute", &attribute, ImGuiInputTextFlags_ReadOnly);
  ImGui::SameLine();
  if (ImGui::Button("Copy") && state_.ok())
    ImGui::SetClipboardText(state_.attributeText().c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Copy the attribute to the clipboard (Ctrl+Shift+C)");

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
    shownView_ = PlaygroundView::Tensor;
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
    shownView_ = PlaygroundView::Hardware;
    beginScrollingView("hardware", settings_);
    drawHardwareView(state_, settings_);
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Text")) {
    // The text is the hardware view's; so is the SVG saved from here.
    shownView_ = PlaygroundView::Hardware;
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
