// ParameterPanel: the ImGui controls for the family, its parameters, the tensor shape and the shared-memory access.
#pragma once

#include "PlaygroundParameters.h"

namespace trex::playground {

// Draws the controls; returns true when any parameter changed this frame.
bool drawParameterPanel(PlaygroundParameters &parameters);

} // namespace trex::playground
