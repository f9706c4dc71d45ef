// Statement: docstrings and import names.
#include "trex/Frontend/Python/Statement.h"

namespace trex::python {

const std::string *docstringOf(const Block &block) {
  if (block.empty())
    return nullptr;
  const auto *statement = block.front()->dynCast<ExpressionStmt>();
  if (!statement)
    return nullptr;
  const auto *literal = statement->value().dynCast<StringLiteral>();
  return literal && !literal->isBytes() ? &literal->value() : nullptr;
}

std::string ImportAlias::boundName() const {
  if (!asName.empty())
    return asName;
  return name.substr(0, name.find('.'));
}

} // namespace trex::python
