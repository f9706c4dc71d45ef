// DistributedLayoutText: triton-tensor-layout's tensor and hardware views of a register layout.
#include "HardwareIndexing.h"
#include "NestedRows.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/LayoutText.h"

namespace trex::layoutviz {
namespace {

// Element coordinates as "(r, c)" padded to the tensor's extent, e.g. "( 3,12)".
std::vector<std::vector<std::string>> paddedCoordinateTables(const std::vector<int32_t> &shape) {
  std::vector<std::vector<std::string>> tables;
  for (int32_t size : shape) {
    std::vector<std::string> table;
    for (int32_t value = 0; value < size; ++value)
      table.push_back(paddedNumber(value, size));
    tables.push_back(std::move(table));
  }
  return tables;
}

std::string coordinateTuple(const std::vector<int32_t> &coords,
                            const std::vector<std::vector<std::string>> &tables) {
  std::string text = "(";
  for (size_t i = 0; i < coords.size(); ++i) {
    if (i)
      text += ',';
    text += tables[i][coords[i]];
  }
  return text + ")";
}

} // namespace

std::string renderDistributedLayoutText(const LinearLayout &layout, LayoutView view) {
  HardwareIndexing hardware(layout, {kRegister, kLane, kWarp, kBlock});
  const int32_t numRegisters = hardware.dimSize(0), threadsPerWarp = hardware.dimSize(1);
  const int32_t numWarps = hardware.dimSize(2), numBlocks = hardware.dimSize(3);
  const auto &shape = hardware.tensorShape();
  auto tables = paddedCoordinateTables(shape);

  if (view == LayoutView::Hardware) {
    // Many slots hold the same element (copies), so format each element's tuple once.
    std::vector<std::string> tuples(static_cast<size_t>(hardware.tensorSize()));
    for (size_t element = 0; element < tuples.size(); ++element)
      tuples[element] =
          coordinateTuple(hardware.coordinatesOf(static_cast<int32_t>(element)), tables);
    std::string text;
    for (int32_t block = 0; block < numBlocks; ++block) {
      if (numBlocks > 1)
        text += "Block" + std::to_string(block) + ":\n";
      for (int32_t warp = 0; warp < numWarps; ++warp) {
        text += "Warp" + std::to_string(warp) + ":\n";
        for (int32_t reg = 0; reg < numRegisters; ++reg) {
          for (int32_t lane = 0; lane < threadsPerWarp; ++lane) {
            text += tuples[hardware.elementAt(hardware.index({reg, lane, warp, block}))];
            if (lane < threadsPerWarp - 1)
              text += ", ";
          }
          text += '\n';
        }
      }
    }
    return text;
  }

  // Owners are appended in hardware order (block, warp, lane, register), which is exactly the
  // order of the hardware index.
  std::vector<std::string> cells(static_cast<size_t>(hardware.tensorSize()));
  const int64_t numThreads = int64_t{numWarps} * threadsPerWarp;
  for (size_t index = 0; index < hardware.size(); ++index) {
    int32_t reg = static_cast<int32_t>(index % numRegisters);
    int64_t thread = static_cast<int64_t>(index / numRegisters) % numThreads;
    int64_t block = static_cast<int64_t>(index / numRegisters) / numThreads;
    std::string &cell = cells[hardware.elementAt(index)];
    if (!cell.empty())
      cell += '|';
    int padding = numCharacterPadding(block, numBlocks) +
                  numCharacterPadding(thread, numThreads) +
                  numCharacterPadding(reg, numRegisters);
    if (padding > 0)
      cell.append(static_cast<size_t>(padding), ' ');
    if (numBlocks > 1)
      cell += "B" + std::to_string(block) + ":";
    cell += "T" + std::to_string(thread) + ":" + std::to_string(reg);
  }
  return formatNestedRows(cells, shape, ", ");
}

} // namespace trex::layoutviz
