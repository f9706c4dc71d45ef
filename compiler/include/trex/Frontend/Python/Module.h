// Module: a parsed Python source file, the root that owns the whole AST.
#ifndef TREX_FRONTEND_PYTHON_MODULE_H
#define TREX_FRONTEND_PYTHON_MODULE_H

#include "trex/Frontend/Python/Statement.h"

#include <string>

namespace trex::python {

class Module {
public:
  Module(std::string fileName, Block body)
      : fileName_(std::move(fileName)), body_(std::move(body)) {}

  // The name diagnostics and locations use ("vector_add.py"), as given to the parser.
  const std::string &fileName() const { return fileName_; }
  const Block &body() const { return body_; }
  const std::string *docstring() const { return docstringOf(body_); }

  // The top-level `def` called `name`, or null.
  const FunctionDefStmt *findFunction(std::string_view name) const;

private:
  std::string fileName_;
  Block body_;
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_MODULE_H
