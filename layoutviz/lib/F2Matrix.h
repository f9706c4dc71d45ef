// F2Matrix: a dense bit matrix over GF(2) with reduced-row-echelon reduction (library-private).
#pragma once

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

// Linear-layout questions (rank, free variables, least-squares solutions) all reduce to
// Gaussian elimination over GF(2).  Column 0 is the lowest bit, so "the first pivot" means the
// lowest-indexed column, matching how layouts list their input bits (most minor first).
class F2Matrix {
public:
  F2Matrix(int numRows, int numCols);

  int numRows() const { return numRows_; }
  int numCols() const { return numCols_; }
  bool get(int row, int col) const;
  void set(int row, int col, bool value);
  bool rowIsZero(int row) const;

  // Brings the matrix to reduced row echelon form: the nonzero rows come first, ordered by
  // pivot column, and each pivot column is zero outside its pivot row.  Returns the pivot
  // column of every nonzero row, in row order.  The reduced form is unique, so any caller can
  // rely on its exact content.
  std::vector<int> reduceToRowEchelonForm();

private:
  void xorRowInto(int source, int target);
  void swapRows(int a, int b);

  int numRows_;
  int numCols_;
  int wordsPerRow_;
  std::vector<uint64_t> words_;
};

} // namespace trex::layoutviz
