// SharedLayoutText: triton-tensor-layout's tensor and hardware views of a shared-memory layout.
#include "HardwareIndexing.h"
#include "NestedRows.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/LayoutText.h"

namespace trex::layoutviz {

std::string renderSharedLayoutText(const LinearLayout &layout, LayoutView view) {
  HardwareIndexing hardware(layout, {kOffset, kBlock});
  const int32_t numBlocks = hardware.dimSize(1);
  const auto &shape = hardware.tensorShape();
  const int64_t tensorSize = hardware.tensorSize();
  // Triton enumerates tensorSize / numBlocks offsets per block whatever the offset dim's own
  // size; offsets beyond it wrap (their high bits select nothing).
  const int64_t offsetsPerBlock = tensorSize / numBlocks;

  std::vector<std::vector<std::string>> tables;
  for (int32_t size : shape) {
    std::vector<std::string> table;
    for (int32_t value = 0; value < size; ++value)
      table.push_back(paddedNumber(value, size));
    tables.push_back(std::move(table));
  }
  auto storedAt = [&](int32_t block, int64_t offset, char separator) {
    int32_t element =
        hardware.elementAt(hardware.index({static_cast<int32_t>(offset), block}));
    auto coords = hardware.coordinatesOf(element);
    std::string text = "(";
    for (size_t i = 0; i < coords.size(); ++i) {
      if (i)
        text += separator;
      text += tables[i][coords[i]];
    }
    return text + ")";
  };

  std::string text;
  if (view == LayoutView::Hardware) {
    for (int32_t block = 0; block < numBlocks; ++block) {
      text += "Block: " + std::to_string(block) + ":\n";
      for (int64_t offset = 0; offset < offsetsPerBlock; ++offset)
        text += "Offset: " + std::to_string(offset) + " -> " + storedAt(block, offset, ',') + "\n";
    }
    return text;
  }
  // The tensor view lists what offset 0, 1, 2, ... store, laid out on the tensor's grid.
  std::vector<std::string> cells;
  cells.reserve(static_cast<size_t>(tensorSize));
  for (int32_t block = 0; block < numBlocks; ++block)
    for (int64_t offset = 0; offset < offsetsPerBlock; ++offset)
      cells.push_back(storedAt(block, offset, ':'));
  return formatNestedRows(cells, shape, ",");
}

} // namespace trex::layoutviz
