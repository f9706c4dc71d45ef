// Diagnostic: one located message from the Python front end, printable the way compilers print.
#ifndef TREX_FRONTEND_PYTHON_DIAGNOSTIC_H
#define TREX_FRONTEND_PYTHON_DIAGNOSTIC_H

#include "trex/Frontend/Python/SourceLocation.h"

#include <string>
#include <string_view>
#include <vector>

namespace trex::python {

// Notes follow the error or warning they explain; remarks report compile-time output
// (`tl.static_print`).
enum class DiagnosticSeverity { Error, Warning, Note, Remark };

struct Diagnostic {
  DiagnosticSeverity severity = DiagnosticSeverity::Error;
  std::string fileName;
  // Where the problem is, in the AST's convention (1-based line, 0-based byte column);
  // line 0 for a message about the whole file.
  SourceLocation location;
  std::string message;
  // The text of `location.line`, without its line break; empty past the end of the source.
  std::string sourceLine;

  // The 1-based column people and editors expect in "file:line:col".
  int displayColumn() const { return location.column + 1; }

  // "vector_add.py:9:28: error: expected ')' ...", then the source line and a caret under the
  // column.  Ends with a newline.
  std::string format() const;
};

// Builds a diagnostic, taking the offending line out of `source`.
Diagnostic makeDiagnostic(DiagnosticSeverity severity, std::string_view source,
                          std::string fileName, SourceLocation location, std::string message);

bool hasErrors(const std::vector<Diagnostic> &diagnostics);

// Every diagnostic's format(), concatenated.
std::string formatDiagnostics(const std::vector<Diagnostic> &diagnostics);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_DIAGNOSTIC_H
