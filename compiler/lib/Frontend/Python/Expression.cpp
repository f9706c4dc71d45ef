// Expression: operator spellings and lookups over expression nodes.
#include "trex/Frontend/Python/Expression.h"

namespace trex::python {

std::string_view spelling(UnaryOperator op) {
  switch (op) {
  case UnaryOperator::Not:
    return "not";
  case UnaryOperator::Negate:
    return "-";
  case UnaryOperator::Plus:
    return "+";
  case UnaryOperator::Invert:
    return "~";
  }
  return "?";
}

std::string_view spelling(BinaryOperator op) {
  switch (op) {
  case BinaryOperator::Add:
    return "+";
  case BinaryOperator::Subtract:
    return "-";
  case BinaryOperator::Multiply:
    return "*";
  case BinaryOperator::MatrixMultiply:
    return "@";
  case BinaryOperator::Divide:
    return "/";
  case BinaryOperator::FloorDivide:
    return "//";
  case BinaryOperator::Modulo:
    return "%";
  case BinaryOperator::Power:
    return "**";
  case BinaryOperator::LeftShift:
    return "<<";
  case BinaryOperator::RightShift:
    return ">>";
  case BinaryOperator::BitOr:
    return "|";
  case BinaryOperator::BitXor:
    return "^";
  case BinaryOperator::BitAnd:
    return "&";
  }
  return "?";
}

std::string_view spelling(BooleanOperator op) { return op == BooleanOperator::And ? "and" : "or"; }

std::string_view spelling(ComparisonOperator op) {
  switch (op) {
  case ComparisonOperator::Equal:
    return "==";
  case ComparisonOperator::NotEqual:
    return "!=";
  case ComparisonOperator::Less:
    return "<";
  case ComparisonOperator::LessEqual:
    return "<=";
  case ComparisonOperator::Greater:
    return ">";
  case ComparisonOperator::GreaterEqual:
    return ">=";
  case ComparisonOperator::Is:
    return "is";
  case ComparisonOperator::IsNot:
    return "is not";
  case ComparisonOperator::In:
    return "in";
  case ComparisonOperator::NotIn:
    return "not in";
  }
  return "?";
}

const Expr *DictExpr::valueForKey(std::string_view key) const {
  for (size_t i = 0; i < keys_.size(); ++i) {
    const auto *literal = keys_[i] ? keys_[i]->dynCast<StringLiteral>() : nullptr;
    if (literal && !literal->isBytes() && literal->value() == key)
      return values_[i].get();
  }
  return nullptr;
}

} // namespace trex::python
