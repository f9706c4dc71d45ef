// HardwareIndexing: evaluates a layout over fixed, named hardware dims in one pass (library-private).
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::layoutviz {

// The renderers and the bank-conflict analysis all walk the hardware in a fixed nesting
// (e.g. block > warp > lane > register) and need the element each index holds.  This
// reorders the layout's in-dims to `hardwareDims` (least significant first; missing dims have
// size 1) and tabulates it once.
class HardwareIndexing {
public:
  HardwareIndexing(const LinearLayout &layout, const std::vector<std::string> &hardwareDims);

  // Size of hardware dim i (in the order given to the constructor).
  int32_t dimSize(size_t i) const { return 1 << dimBits_[i]; }
  // Number of distinct hardware indices (product of the dim sizes).
  size_t size() const { return elementOf_.size(); }
  // Index of a hardware tuple, values in constructor order.
  size_t index(const std::vector<int32_t> &values) const;
  // Row-major linear index of the tensor element held by hardware index `hardwareIndex`.
  int32_t elementAt(size_t hardwareIndex) const { return elementOf_[hardwareIndex]; }

  const std::vector<int32_t> &tensorShape() const { return shape_; }
  int64_t tensorSize() const;
  // Coordinates of a row-major linear element index.
  std::vector<int32_t> coordinatesOf(int32_t element) const;

private:
  std::vector<int32_t> dimBits_;
  std::vector<int32_t> shape_;
  std::vector<int32_t> elementOf_;
};

// Number of spaces that right-align `value` under the widest number Triton uses as reference,
// i.e. digits(max) - digits(value) (may be negative, meaning no padding).
int numCharacterPadding(int64_t value, int64_t max);
// `value` right-aligned to the width of `max`.
std::string paddedNumber(int64_t value, int64_t max);

} // namespace trex::layoutviz
