// AstDumper: the AST as text, for tests and debugging.
//
// Expressions print as fully parenthesized Python, so precedence is visible at a glance:
// `a + b * -c ** 2` dumps as `(a + (b * (-(c ** 2))))`.  Statements print one per line as
// their node kind and contents, nested blocks indented by two spaces:
//
//   FunctionDef add_kernel(x_ptr, BLOCK_SIZE: tl.constexpr)
//     Decorator triton.jit
//     Assign pid = tl.program_id(axis=0)
//     For i in range(0, 4)
//       AugmentedAssign acc += x[i]
#ifndef TREX_FRONTEND_PYTHON_ASTDUMPER_H
#define TREX_FRONTEND_PYTHON_ASTDUMPER_H

#include "trex/Frontend/Python/Module.h"

#include <string>

namespace trex::python {

struct AstDumpOptions {
  // Prefix every statement with "line:col " (the col_offset, as in MLIR locations).
  bool showLocations = false;
};

std::string dumpExpr(const Expr &expr);
std::string dumpAst(const Stmt &stmt, AstDumpOptions options = {});
std::string dumpAst(const Module &module, AstDumpOptions options = {});

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_ASTDUMPER_H
