// MatrixOrder: row-/column-major dim orders for matrices and dot operands.
#include "layoutviz/MatrixOrder.h"

#include "layoutviz/LayoutError.h"

#include <numeric>
#include <utility>

namespace trex::layoutviz {

std::vector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor) {
  std::vector<unsigned> order(rank, 0);
  if (rank < 2)
    return order;
  std::iota(order.rbegin(), order.rend(), 0u);
  if (!rowMajor)
    std::swap(order[0], order[1]);
  return order;
}

std::vector<unsigned> getOrderForDotOperand(unsigned opIdx, unsigned rank, bool kContig) {
  if (opIdx > 1)
    throw LayoutError("dot operand index must be 0 or 1, got " + std::to_string(opIdx));
  bool rowMajor = (opIdx == 1) != kContig;
  return getMatrixOrder(rank, rowMajor);
}

} // namespace trex::layoutviz
