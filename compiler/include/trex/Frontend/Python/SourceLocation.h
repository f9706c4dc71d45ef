// Positions in Python source, counted exactly the way CPython's `ast` module counts them.
//
// `line` is 1-based and `column` is the 0-based offset in UTF-8 bytes from the start of the
// line: `node.lineno` and `node.col_offset`.  Triton builds its MLIR locations from these two
// numbers unchanged (`loc("vector_add.py":9:28)` is line 9, col_offset 28), so the code
// generator can copy them straight into `mlir::FileLineColLoc`.  Diagnostics, which people
// read, print the column 1-based instead (see Diagnostic.h).
#ifndef TREX_FRONTEND_PYTHON_SOURCELOCATION_H
#define TREX_FRONTEND_PYTHON_SOURCELOCATION_H

namespace trex::python {

struct SourceLocation {
  int line = 0;   // 1-based, like `lineno`.
  int column = 0; // 0-based UTF-8 byte offset in the line, like `col_offset`.

  friend bool operator==(SourceLocation a, SourceLocation b) {
    return a.line == b.line && a.column == b.column;
  }
  friend bool operator!=(SourceLocation a, SourceLocation b) { return !(a == b); }
  friend bool operator<(SourceLocation a, SourceLocation b) {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
  }
};

// `end` is one past the last byte, like `end_lineno` / `end_col_offset`.
struct SourceRange {
  SourceLocation begin;
  SourceLocation end;
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_SOURCELOCATION_H
