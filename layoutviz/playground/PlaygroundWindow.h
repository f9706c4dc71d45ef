// PlaygroundWindow: the playground's single ImGui window -- controls on the left, attribute and views on the right.
#pragma once

#include "LayoutViews.h"
#include "PlaygroundOptions.h"
#include "PlaygroundState.h"

#include <string>

namespace trex::playground {

class PlaygroundWindow {
public:
  PlaygroundWindow(const PlaygroundParameters &parameters, PlaygroundView view, float cellSize);

  // Builds one frame's UI covering the whole display (between ImGui::NewFrame and Render).
  void draw();

  const PlaygroundState &state() const { return state_; }

private:
  void drawControls();
  void drawViews();

  PlaygroundState state_;
  // What the widgets edit; handed to the state whenever a widget changes it.
  PlaygroundParameters editing_;
  ViewSettings settings_;
  PlaygroundView requestedView_;
  bool viewRequestPending_ = true;
  std::string attributeInput_;
  std::string attributeInputError_;
};

} // namespace trex::playground
