// NestedRows: the bracket and indentation rules of triton-tensor-layout's tensor view.
#include "NestedRows.h"

namespace trex::layoutviz {
namespace {

std::vector<int64_t> delinearize(int64_t index, const std::vector<int32_t> &shape) {
  std::vector<int64_t> coords(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    coords[i] = index % shape[i];
    index /= shape[i];
  }
  return coords;
}

} // namespace

std::string formatNestedRows(const std::vector<std::string> &cells,
                             const std::vector<int32_t> &shape, const std::string &separator) {
  std::string text;
  size_t reserve = 0;
  for (const auto &cell : cells)
    reserve += cell.size() + separator.size();
  text.reserve(reserve + 64);

  int rank = static_cast<int>(shape.size());
  bool newLine = true;
  for (size_t i = 0; i < cells.size(); ++i) {
    auto coords = delinearize(static_cast<int64_t>(i), shape);
    int opened = 0;
    for (int j = rank - 1; j >= 0 && coords[j] % shape[j] == 0; --j) {
      text += '[';
      ++opened;
    }
    if (newLine) {
      text.append(static_cast<size_t>(rank - opened), ' ');
      newLine = false;
    }
    text += cells[i];
    auto next = delinearize(static_cast<int64_t>(i + 1), shape);
    for (int j = rank - 1; j >= 0 && next[j] % shape[j] == 0; --j)
      text += ']';
    if (next.back() % shape.back() == 0) {
      text += '\n';
      newLine = true;
    } else {
      text += separator;
    }
  }
  return text;
}

} // namespace trex::layoutviz
