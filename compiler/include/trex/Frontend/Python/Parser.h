// Parser: the front end's entry points, Python source text -> AST or located diagnostics.
//
// Reads the Python grammar Triton kernels and their host code use: every statement and
// expression of Python 3.12 except `match`, type-parameter syntax (PEP 695) and the insides of
// f-strings.  A syntax error fails the parse with one diagnostic, as in Python, with one
// exception: a statement of host code written in that unread syntax becomes an OpaqueStmt and
// a warning, since trex never runs host code (in a Triton function it is an error).
// Nothing here throws, and no input makes it crash: nesting deeper than a fixed limit is
// reported, not recursed into.
#ifndef TREX_FRONTEND_PYTHON_PARSER_H
#define TREX_FRONTEND_PYTHON_PARSER_H

#include "trex/Frontend/Python/Diagnostic.h"
#include "trex/Frontend/Python/Module.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace trex::python {

struct ParseResult {
  // Null when `diagnostics` holds an error.
  std::unique_ptr<Module> module;
  // Errors and warnings, in source order.
  std::vector<Diagnostic> diagnostics;

  bool succeeded() const { return module != nullptr; }
};

ParseResult parsePythonModule(std::string_view source, std::string fileName);

struct ExpressionParseResult {
  // Null when `diagnostics` holds an error.
  ExprPtr expression;
  std::vector<Diagnostic> diagnostics;

  bool succeeded() const { return expression != nullptr; }
};

// One expression (`a + b * c`, `tl.float16`, a config dict) and nothing after it but blank
// space, comments and newlines.  Locations count from line 1 of `source`.
ExpressionParseResult parsePythonExpression(std::string_view source,
                                            std::string fileName = "<expression>");

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_PARSER_H
