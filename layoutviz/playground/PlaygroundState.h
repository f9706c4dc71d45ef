// PlaygroundState: the playground's model -- parameters in; layout, attribute text, cell table and bank conflicts out.
#pragma once

#include "CellTable.h"
#include "PlaygroundParameters.h"

#include "layoutviz/BankConflicts.h"
#include "layoutviz/Layout.h"
#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::playground {

// Larger tensors are refused: the grid would be unreadable and every frame would redraw it.
inline constexpr int64_t kMaxDrawnElements = int64_t{1} << 16;
// Likewise for hardware: every (register, lane, warp, block) is tabulated, and a layout much
// larger than its tensor (huge warps, far too many threads) would stall the window.
inline constexpr int kMaxHardwareIndexBits = 20;

// One lane's part of the shared-memory instruction shown in the bank-conflict figure.
struct LaneAccess {
  int32_t lane = 0;
  int32_t reg = 0;
  int64_t row = 0, col = 0; // grid cell of the element
  int64_t word = 0;         // 4-byte word of shared memory
  int32_t bank = 0;
  bool colliding = false;   // its bank serves more than one distinct word in its phase
};

// No window, no GL: everything the views draw is computed here, so it can be tested.
// Every failure (bad parameters, shapes the family rejects) becomes error() text; nothing
// throws out of this class.
class PlaygroundState {
public:
  explicit PlaygroundState(PlaygroundParameters parameters = {});

  const PlaygroundParameters &parameters() const { return parameters_; }
  // Replaces the parameters and recomputes everything.
  void setParameters(PlaygroundParameters parameters);
  // Parses Triton attribute text and loads it into the parameters.  On failure the parameters
  // stay as they were and the parse error is returned (empty on success).
  std::string loadAttribute(const std::string &text);

  // Empty when the layout could be built; otherwise layoutviz's message.
  const std::string &error() const { return error_; }
  bool ok() const { return error_.empty(); }
  bool isShared() const { return isSharedFamily(parameters_.family); }

  // Valid only when ok().
  const layoutviz::Layout &layout() const { return *layout_; }
  const layoutviz::LinearLayout &linearLayout() const { return linearLayout_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  const CellTable &cells() const { return cells_; }
  // `#ttg.blocked<{...}>` exactly as Triton prints it.
  const std::string &attributeText() const { return attributeText_; }
  // triton-tensor-layout's text for the hardware view (computed on first use).
  const std::string &hardwareText() const;

  // Shared layouts only: the bank-conflict report for the access layout, or why there is none.
  const std::optional<layoutviz::BankConflictReport> &bankConflicts() const {
    return bankConflicts_;
  }
  const std::string &bankConflictError() const { return bankConflictError_; }
  // The access layout's attribute text (what the figure is about).
  const std::string &accessAttributeText() const { return accessAttributeText_; }
  // What each lane touches in instruction `instruction` of the report.
  std::vector<LaneAccess> laneAccesses(size_t instruction) const;

private:
  void refresh();
  void refreshBankConflicts();

  PlaygroundParameters parameters_;
  std::string error_;
  std::optional<layoutviz::Layout> layout_;
  layoutviz::LinearLayout linearLayout_;
  std::vector<int64_t> shape_;
  CellTable cells_;
  std::string attributeText_;
  mutable std::optional<std::string> hardwareText_;

  std::optional<layoutviz::BankConflictReport> bankConflicts_;
  std::string bankConflictError_;
  std::string accessAttributeText_;
  std::optional<CellTable> accessCells_;
};

} // namespace trex::playground
