// Module: lookups over a parsed file's top level.
#include "trex/Frontend/Python/Module.h"

namespace trex::python {

const FunctionDefStmt *Module::findFunction(std::string_view name) const {
  for (const StmtPtr &statement : body_)
    if (const auto *function = statement->dynCast<FunctionDefStmt>())
      if (function->name() == name)
        return function;
  return nullptr;
}

} // namespace trex::python
