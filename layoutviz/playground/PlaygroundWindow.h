// PlaygroundWindow: the playground's single ImGui window -- controls on the left, attribute and views on the right.
#pragma once

#include "LayoutViews.h"
#include "PlaygroundExport.h"
#include "PlaygroundOptions.h"
#include "PlaygroundState.h"

#include <optional>
#include <string>

namespace trex::playground {

class PlaygroundWindow {
public:
  PlaygroundWindow(const PlaygroundParameters &parameters, PlaygroundView view, float cellSize);

  // Builds one frame's UI covering the whole display (between ImGui::NewFrame and Render).
  void draw();

  const PlaygroundState &state() const { return state_; }

  // Saving: the "Save as" field's text, and the outcome of the last save (shown under the
  // buttons until the next one).
  void setExportName(const std::string &name) { exportName_ = name; }
  const std::string &exportName() const { return exportName_; }
  // The folder saves go to (default: the current folder), and whether an existing file is
  // replaced without asking (--force; otherwise the window asks, and a second save of the same
  // file, or its Replace button, replaces it).
  void setExportFolder(const std::string &folder) { exportFolder_ = folder; }
  void setReplaceWithoutAsking(bool replace) { replaceWithoutAsking_ = replace; }
  void reportExport(const ExportResult &result);
  void clearExport() { lastExport_.reset(); }
  const std::optional<ExportResult> &lastExport() const { return lastExport_; }
  // A PNG of the drawn view needs the frame's pixels, which only exist after rendering: the
  // window asks for it (Save PNG / Ctrl+P) and the caller, once the frame is rendered, takes
  // the path, reads the framebuffer and saves viewRect() of it with exportPng.
  std::optional<std::string> takePngRequest();
  // The views pane (attribute, tabs, drawing) in framebuffer pixels, as last drawn.
  PixelRect viewRect() const { return viewRect_; }

private:
  void drawControls();
  void drawExportControls();
  void handleShortcuts();
  void drawViews();
  void saveFile(ExportFormat format);

  PlaygroundState state_;
  // What the widgets edit; handed to the state whenever a widget changes it.
  PlaygroundParameters editing_;
  ViewSettings settings_;
  PlaygroundView requestedView_;
  bool viewRequestPending_ = true;
  std::string attributeInput_;
  std::string attributeInputError_;
  std::string exportName_ = kDefaultExportName;
  std::string exportFolder_ = ".";
  bool replaceWithoutAsking_ = false;
  // A save that would replace an existing file, waiting for the user's confirmation.
  std::optional<std::pair<ExportFormat, std::string>> pendingReplace_;
  std::optional<ExportResult> lastExport_;
  std::optional<std::string> pngRequest_;
  PixelRect viewRect_;
  // The tab drawn last: what a saved SVG shows.
  PlaygroundView shownView_ = PlaygroundView::Tensor;
};

} // namespace trex::playground
