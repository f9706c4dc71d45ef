// CellTable: evaluates a layout on every hardware index once and inverts it into per-element owners.
#include "CellTable.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/SharedOffsetGrid.h"

namespace trex::playground {

using layoutviz::LinearLayout;

namespace {

// The layout with its in-dims reordered to `dims` (absent ones skipped: they have size 1), and
// the size of each of `dims`.
LinearLayout withInDims(const LinearLayout &layout, const std::vector<std::string> &dims,
                        std::vector<int32_t> &sizes) {
  std::vector<std::string> present;
  sizes.clear();
  for (const auto &dim : dims) {
    sizes.push_back(layout.hasInDim(dim) ? layout.getInDimSize(dim) : 1);
    if (layout.hasInDim(dim))
      present.push_back(dim);
  }
  for (const auto &dim : layout.getInDimNames()) {
    bool known = false;
    for (const auto &name : dims)
      known |= name == dim;
    if (!known)
      throw layoutviz::LayoutError("unexpected hardware dimension '" + dim + "'");
  }
  return layout.transposeIns(present);
}

} // namespace

CellTable CellTable::forRegisters(const LinearLayout &layout) {
  CellTable table;
  std::vector<int32_t> sizes;
  LinearLayout ordered = withInDims(
      layout, {layoutviz::kRegister, layoutviz::kLane, layoutviz::kWarp, layoutviz::kBlock},
      sizes);
  table.registers_ = sizes[0];
  table.lanes_ = sizes[1];
  table.warps_ = sizes[2];
  table.blocks_ = sizes[3];
  table.shape_ = layout.getOutDimSizes();
  table.cols_ = table.shape_.empty() ? 1 : table.shape_.back();
  table.rows_ = 1;
  for (size_t i = 0; i + 1 < table.shape_.size(); ++i)
    table.rows_ *= table.shape_[i];
  table.elementOfHardware_ = ordered.evaluateAllFlat();
  table.cells_.resize(static_cast<size_t>(table.rows_ * table.cols_));
  // The hardware index grows register-fastest, so owners arrive in (block, warp, lane,
  // register) order.
  for (size_t index = 0; index < table.elementOfHardware_.size(); ++index) {
    int64_t rest = static_cast<int64_t>(index);
    HardwareOwner owner;
    owner.reg = static_cast<int32_t>(rest % table.registers_);
    rest /= table.registers_;
    owner.lane = static_cast<int32_t>(rest % table.lanes_);
    rest /= table.lanes_;
    owner.warp = static_cast<int32_t>(rest % table.warps_);
    owner.block = static_cast<int32_t>(rest / table.warps_);
    table.cells_[table.elementOfHardware_[index]].owners.push_back(owner);
  }
  return table;
}

CellTable CellTable::forSharedMemory(const LinearLayout &layout) {
  CellTable table;
  table.shared_ = true;
  std::vector<int32_t> sizes;
  LinearLayout ordered = withInDims(layout, {layoutviz::kOffset, layoutviz::kBlock}, sizes);
  table.offsets_ = sizes[0];
  table.blocks_ = sizes[1];
  table.shape_ = layout.getOutDimSizes();
  table.cols_ = table.shape_.empty() ? 1 : table.shape_.back();
  for (size_t i = 0; i + 1 < table.shape_.size(); ++i)
    table.rows_ *= table.shape_[i];
  table.elementOfHardware_ = ordered.evaluateAllFlat();
  table.cells_.resize(static_cast<size_t>(table.rows_ * table.cols_));
  for (int32_t offset = 0; offset < table.offsets_; ++offset)
    table.cells_[table.elementOfHardware_[offset]].offsets.push_back(offset);

  // The swizzle phases as layoutviz's tensor views define them (the SVG offset grid, the
  // explorer's canvas).
  layoutviz::SharedOffsetGrid grid = layoutviz::sharedOffsetGrid(layout);
  for (size_t element = 0; element < table.cells_.size() && element < grid.swizzlePhase.size(); ++element)
    table.cells_[element].swizzlePhase = grid.swizzlePhase[element];
  return table;
}

std::vector<int32_t> CellTable::coordinatesOf(int64_t row, int64_t col) const {
  std::vector<int32_t> coords(shape_.size(), 0);
  if (coords.empty())
    return coords;
  coords.back() = static_cast<int32_t>(col);
  for (size_t i = shape_.size() - 1; i-- > 0;) {
    coords[i] = static_cast<int32_t>(row % shape_[i]);
    row /= shape_[i];
  }
  return coords;
}

int64_t CellTable::elementHeldBy(const HardwareOwner &owner) const {
  int64_t index =
      owner.reg + int64_t{registers_} *
                      (owner.lane + int64_t{lanes_} * (owner.warp + int64_t{warps_} * owner.block));
  return elementOfHardware_[static_cast<size_t>(index)];
}

std::string cellLabel(const CellTable &table, const TensorCell &cell) {
  if (table.isShared())
    return cell.offsets.empty() ? "-" : std::to_string(cell.offsets.front());
  if (cell.owners.empty())
    return "-";
  const HardwareOwner &first = cell.owners.front();
  std::string label = table.numBlocks() > 1 ? "B" + std::to_string(first.block) + ":" : "";
  label += std::to_string(table.threadOf(first)) + ":" + std::to_string(first.reg);
  if (cell.owners.size() > 1)
    label += " +" + std::to_string(cell.owners.size() - 1);
  return label;
}

} // namespace trex::playground
