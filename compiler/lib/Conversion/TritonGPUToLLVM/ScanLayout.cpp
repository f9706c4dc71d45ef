// ScanLayout: classifying a layout's bits for a scan along one axis.
#include "trex/Conversion/TritonGPUToLLVM/ScanLayout.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include <algorithm>
#include <limits>

using namespace mlir;

namespace trex {

namespace {

// An in-dim's bits: those along the axis with their value there, and those off it.
struct InDimBits {
  SmallVector<std::pair<int32_t, int>> axis; // (value along the axis, bit)
  SmallVector<int> row;
};

bool isPowerOfTwo(int32_t value) { return value > 0 && (value & (value - 1)) == 0; }

std::optional<InDimBits> classify(const layoutviz::LinearLayout &layout, const char *inDim,
                                  unsigned axis, std::string &reason) {
  InDimBits bits;
  if (!layout.hasInDim(inDim))
    return bits;
  const auto &bases = layout.getInDimBases(inDim);
  for (size_t bit = 0; bit < bases.size(); ++bit) {
    const auto &basis = bases[bit];
    bool offAxis = false;
    for (size_t dim = 0; dim < basis.size(); ++dim)
      if (dim != axis && basis[dim] != 0)
        offAxis = true;
    if (basis[axis] == 0) {
      if (offAxis)
        bits.row.push_back(static_cast<int>(bit));
      continue;
    }
    if (offAxis || !isPowerOfTwo(basis[axis])) {
      reason = std::string(inDim) + " bit " + std::to_string(bit) +
               " mixes the scanned axis with other dimensions";
      return std::nullopt;
    }
    bits.axis.push_back({basis[axis], static_cast<int>(bit)});
  }
  llvm::sort(bits.axis);
  return bits;
}

SmallVector<int> bitsOf(ArrayRef<std::pair<int32_t, int>> axisBits) {
  SmallVector<int> bits;
  for (const auto &[value, bit] : axisBits)
    bits.push_back(bit);
  return bits;
}

} // namespace

std::optional<ScanLayout> analyzeScanLayout(RankedTensorType type, unsigned axis,
                                            std::string *reason) {
  std::string why;
  auto fail = [&](std::string text) -> std::optional<ScanLayout> {
    if (reason)
      *reason = std::move(text);
    return std::nullopt;
  };
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout)
    return fail("the scanned tensor has no distributed layout");
  std::optional<InDimBits> registers = classify(*layout, "register", axis, why);
  std::optional<InDimBits> lanes = classify(*layout, "lane", axis, why);
  std::optional<InDimBits> warps = classify(*layout, "warp", axis, why);
  if (!registers || !lanes || !warps)
    return fail(why);

  // Lanes below warps, registers below or above both.
  int32_t lowestThreadValue = std::numeric_limits<int32_t>::max();
  int32_t highestThreadValue = 0;
  for (const auto *bits : {&lanes->axis, &warps->axis})
    for (const auto &[value, bit] : *bits) {
      lowestThreadValue = std::min(lowestThreadValue, value);
      highestThreadValue = std::max(highestThreadValue, value);
    }
  if (!lanes->axis.empty() && !warps->axis.empty() &&
      lanes->axis.back().first > warps->axis.front().first)
    return fail("warps precede lanes along the scanned axis");

  // The layout is surjective, so distinct values make the axis bits a numbering of the
  // positions; a repeated value would not.
  SmallVector<int32_t> values;
  for (const auto *bits : {&registers->axis, &lanes->axis, &warps->axis})
    for (const auto &[value, bit] : *bits)
      values.push_back(value);
  llvm::sort(values);
  if (std::adjacent_find(values.begin(), values.end()) != values.end())
    return fail("two bases have the same position along the scanned axis");

  ScanLayout scan;
  for (const auto &[value, bit] : registers->axis) {
    if (value < lowestThreadValue)
      scan.lowRegisterBits.push_back(bit);
    else if (value > highestThreadValue)
      scan.highRegisterBits.push_back(bit);
    else
      return fail("registers interleave with lanes or warps along the scanned axis");
  }
  scan.laneAxisBits = bitsOf(lanes->axis);
  scan.warpAxisBits = bitsOf(warps->axis);
  scan.registerRowBits = registers->row;
  scan.laneRowBits = lanes->row;
  scan.warpRowBits = warps->row;
  return scan;
}

} // namespace trex
