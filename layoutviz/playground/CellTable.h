// CellTable: who holds every tensor element (registers of lanes of warps, or shared offsets), tabulated for drawing.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

// One piece of hardware holding an element of a register tensor.
struct HardwareOwner {
  int32_t block = 0;
  int32_t warp = 0;
  int32_t lane = 0;
  int32_t reg = 0;

  friend bool operator==(const HardwareOwner &a, const HardwareOwner &b) {
    return a.block == b.block && a.warp == b.warp && a.lane == b.lane && a.reg == b.reg;
  }
};

struct TensorCell {
  // Register layouts: every holder, in hardware order (block, warp, lane, register).
  std::vector<HardwareOwner> owners;
  // Shared layouts: the offsets of block 0 that store this element, ascending.
  std::vector<int32_t> offsets;
  // Shared layouts: the XOR between the element's offset and the offset it would have
  // unswizzled (same dim order); 0 for unswizzled rows.
  int64_t swizzlePhase = 0;
};

// The tensor as a grid: the last dim across, all leading dims stacked down (row-major).
class CellTable {
public:
  // `layout` has in-dims register/lane/warp/block (missing ones have size 1) or, for shared
  // layouts, offset/block; out-dims dim0..dimN.
  static CellTable forRegisters(const layoutviz::LinearLayout &layout);
  static CellTable forSharedMemory(const layoutviz::LinearLayout &layout);

  bool isShared() const { return shared_; }
  const std::vector<int32_t> &shape() const { return shape_; }
  int64_t rows() const { return rows_; }
  int64_t cols() const { return cols_; }
  const TensorCell &cell(int64_t row, int64_t col) const { return cells_[row * cols_ + col]; }
  const std::vector<TensorCell> &cells() const { return cells_; }
  // Tensor coordinates of a grid cell.
  std::vector<int32_t> coordinatesOf(int64_t row, int64_t col) const;

  // Hardware extents (register layouts).
  int32_t numRegisters() const { return registers_; }
  int32_t lanesPerWarp() const { return lanes_; }
  int32_t numWarps() const { return warps_; }
  int32_t numBlocks() const { return blocks_; }
  // Thread index within its CTA, as Triton's tensor view prints it ("T<thread>:<register>").
  int32_t threadOf(const HardwareOwner &owner) const { return owner.warp * lanes_ + owner.lane; }
  // The warp's number in the whole cluster (block-major), so the CTAs of a CGA get their own
  // colours.
  int32_t warpInCluster(int32_t block, int32_t warp) const { return block * warps_ + warp; }
  // The row-major element index a register holds (hardware view).
  int64_t elementHeldBy(const HardwareOwner &owner) const;

  // Number of shared-memory offsets per block (shared layouts).
  int32_t numOffsets() const { return offsets_; }
  // The row-major element index stored at an offset of block 0 (shared layouts).
  int64_t elementAtOffset(int32_t offset) const { return elementOfHardware_[offset]; }

private:
  bool shared_ = false;
  std::vector<int32_t> shape_;
  int64_t rows_ = 1, cols_ = 1;
  int32_t registers_ = 1, lanes_ = 1, warps_ = 1, blocks_ = 1, offsets_ = 1;
  std::vector<TensorCell> cells_;
  // Element held by each hardware index; register layouts index by
  // reg + R * (lane + L * (warp + W * block)).
  std::vector<int32_t> elementOfHardware_;
};

// "<thread>:<register>" of a cell's first owner (with "B<block>:" in front for multi-CTA
// layouts), " +n" for n further copies; for shared cells, the offset.  The grid's cell labels.
std::string cellLabel(const CellTable &table, const TensorCell &cell);

} // namespace trex::playground
