// F2Matrix: Gauss-Jordan elimination over GF(2) on packed 64-bit words.
#include "F2Matrix.h"

#include <cstddef>
#include <utility>

namespace trex::layoutviz {

F2Matrix::F2Matrix(int numRows, int numCols)
    : numRows_(numRows), numCols_(numCols), wordsPerRow_((numCols + 63) / 64),
      words_(static_cast<size_t>(numRows) * static_cast<size_t>((numCols + 63) / 64), 0) {}

bool F2Matrix::get(int row, int col) const {
  return (words_[row * wordsPerRow_ + col / 64] >> (col % 64)) & 1;
}

void F2Matrix::set(int row, int col, bool value) {
  uint64_t &word = words_[row * wordsPerRow_ + col / 64];
  uint64_t bit = uint64_t{1} << (col % 64);
  word = value ? (word | bit) : (word & ~bit);
}

bool F2Matrix::rowIsZero(int row) const {
  for (int w = 0; w < wordsPerRow_; ++w)
    if (words_[row * wordsPerRow_ + w] != 0)
      return false;
  return true;
}

void F2Matrix::xorRowInto(int source, int target) {
  for (int w = 0; w < wordsPerRow_; ++w)
    words_[target * wordsPerRow_ + w] ^= words_[source * wordsPerRow_ + w];
}

void F2Matrix::swapRows(int a, int b) {
  if (a == b)
    return;
  for (int w = 0; w < wordsPerRow_; ++w)
    std::swap(words_[a * wordsPerRow_ + w], words_[b * wordsPerRow_ + w]);
}

std::vector<int> F2Matrix::reduceToRowEchelonForm() {
  std::vector<int> pivots;
  int nextRow = 0;
  for (int col = 0; col < numCols_ && nextRow < numRows_; ++col) {
    int pivotRow = -1;
    for (int r = nextRow; r < numRows_; ++r) {
      if (get(r, col)) {
        pivotRow = r;
        break;
      }
    }
    if (pivotRow < 0)
      continue;
    swapRows(pivotRow, nextRow);
    for (int r = 0; r < numRows_; ++r)
      if (r != nextRow && get(r, col))
        xorRowInto(nextRow, r);
    pivots.push_back(col);
    ++nextRow;
  }
  return pivots;
}

} // namespace trex::layoutviz
