// PlaygroundState: recomputes the layout and everything drawn from it whenever the parameters change.
#include "PlaygroundState.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutText.h"

#include <algorithm>
#include <exception>

namespace trex::playground {

using layoutviz::LayoutError;

namespace {

constexpr int kBankBytes = 4;
constexpr int kNumBanks = 32;

int64_t elementCount(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t size : shape) {
    if (size <= 0)
      throw LayoutError("tensor dims must be positive");
    count *= size;
    if (count > kMaxDrawnElements)
      throw LayoutError("the tensor has more than " + std::to_string(kMaxDrawnElements) +
                        " elements; the playground draws smaller ones");
  }
  return count;
}

void checkHardwareSize(const layoutviz::LinearLayout &layout, const char *what) {
  if (layout.getTotalInDimSizeLog2() > kMaxHardwareIndexBits)
    throw LayoutError(std::string(what) + " spans 2^" +
                      std::to_string(layout.getTotalInDimSizeLog2()) +
                      " hardware slots; the playground draws layouts of at most 2^" +
                      std::to_string(kMaxHardwareIndexBits));
}

} // namespace

PlaygroundState::PlaygroundState(PlaygroundParameters parameters)
    : parameters_(std::move(parameters)) {
  refresh();
}

void PlaygroundState::setParameters(PlaygroundParameters parameters) {
  parameters_ = std::move(parameters);
  refresh();
}

std::string PlaygroundState::loadAttribute(const std::string &text) {
  layoutviz::AttributeParseResult parsed = layoutviz::parseLayoutAttribute(text);
  if (!parsed.ok())
    return parsed.error;
  PlaygroundParameters loaded = parameters_;
  try {
    loadLayout(loaded, *parsed.layout);
  } catch (const std::exception &error) {
    return error.what();
  }
  setParameters(std::move(loaded));
  return "";
}

void PlaygroundState::refresh() {
  error_.clear();
  layout_.reset();
  hardwareText_.reset();
  bankConflicts_.reset();
  bankConflictError_.clear();
  accessAttributeText_.clear();
  accessCells_.reset();
  // layoutviz reports bad descriptors and shapes with LayoutError; anything else thrown while
  // building (a std::length_error from an absurd size, say) is shown the same way rather than
  // taking the window down.
  try {
    shape_ = tensorShape(parameters_);
    elementCount(shape_);
    layout_.emplace(buildLayout(parameters_));
    attributeText_ = layoutviz::formatLayoutAttribute(*layout_);
    linearLayout_ = layoutviz::toLinearLayout(*layout_, shape_);
    checkHardwareSize(linearLayout_, "the layout");
    cells_ = isShared() ? CellTable::forSharedMemory(linearLayout_)
                        : CellTable::forRegisters(linearLayout_);
  } catch (const std::exception &error) {
    error_ = error.what();
    if (error_.empty())
      error_ = "invalid layout";
    layout_.reset();
    return;
  }
  if (isShared())
    refreshBankConflicts();
}

void PlaygroundState::refreshBankConflicts() {
  try {
    std::optional<layoutviz::Layout> access;
    if (!parameters_.accessAttribute.empty()) {
      access.emplace(layoutviz::parseLayoutAttributeOrThrow(parameters_.accessAttribute));
      if (layoutviz::isSharedMemoryLayout(*access))
        throw LayoutError("the access layout must be a register (distributed) layout, not " +
                          layoutviz::familyName(*access));
    } else {
      access.emplace(parameters_.access);
    }
    accessAttributeText_ = layoutviz::formatLayoutAttribute(*access);
    layoutviz::LinearLayout registers = layoutviz::toLinearLayout(*access, shape_);
    checkHardwareSize(registers, "the access layout");
    layoutviz::SharedMemoryAccess width{parameters_.sharedElementBitWidth,
                                        parameters_.accessVectorWidth};
    bankConflicts_ = layoutviz::analyzeBankConflicts(registers, linearLayout_, width);
    accessCells_ = CellTable::forRegisters(registers);
  } catch (const std::exception &error) {
    bankConflicts_.reset();
    bankConflictError_ = error.what();
  }
}

const std::string &PlaygroundState::hardwareText() const {
  if (!hardwareText_) {
    if (!ok())
      hardwareText_ = std::string();
    else if (isShared())
      hardwareText_ = layoutviz::renderSharedLayoutText(linearLayout_,
                                                        layoutviz::LayoutView::Hardware);
    else
      hardwareText_ = layoutviz::renderDistributedLayoutText(linearLayout_,
                                                             layoutviz::LayoutView::Hardware);
  }
  return *hardwareText_;
}

std::vector<LaneAccess> PlaygroundState::laneAccesses(size_t instruction) const {
  std::vector<LaneAccess> accesses;
  if (!bankConflicts_ || !accessCells_ || instruction >= bankConflicts_->instructions.size())
    return accesses;
  const layoutviz::InstructionWavefronts &wavefronts = bankConflicts_->instructions[instruction];
  const int64_t cols = cells_.cols();
  for (int32_t lane = 0; lane < accessCells_->lanesPerWarp(); ++lane) {
    for (unsigned i = 0; i < parameters_.accessVectorWidth; ++i) {
      LaneAccess access;
      access.lane = lane;
      access.reg = wavefronts.firstRegister + static_cast<int32_t>(i);
      int64_t element = accessCells_->elementHeldBy({0, wavefronts.warp, lane, access.reg});
      access.row = element / cols;
      access.col = element % cols;
      const TensorCell &cell = cells_.cells()[static_cast<size_t>(element)];
      if (cell.offsets.empty())
        continue;
      access.word = int64_t{cell.offsets.front()} * parameters_.sharedElementBitWidth /
                    (8 * kBankBytes);
      access.bank = static_cast<int32_t>(access.word % kNumBanks);
      for (const auto &collision : wavefronts.collisions)
        if (collision.bank == access.bank &&
            std::find(collision.lanes.begin(), collision.lanes.end(), lane) !=
                collision.lanes.end())
          access.colliding = true;
      accesses.push_back(access);
    }
  }
  return accesses;
}

} // namespace trex::playground
