// Expression: the expression nodes of the Python AST (CPython's `ast.expr` subclasses).
//
// Locations follow CPython: a binary operation, call, attribute or subscript starts where its
// leftmost operand starts *including that operand's parentheses* (`(a + b) * c` starts at the
// `(`), while a parenthesized expression itself keeps the range of what is inside the
// parentheses (`(a + b)` starts at `a`).  Tuples written with parentheses include them.
#ifndef TREX_FRONTEND_PYTHON_EXPRESSION_H
#define TREX_FRONTEND_PYTHON_EXPRESSION_H

#include "trex/Frontend/Python/AstNode.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trex::python {

class Expr : public Node {
public:
  static bool classof(const Node *node) {
    return node->kind() >= FirstExpressionKind && node->kind() <= LastExpressionKind;
  }

protected:
  Expr(NodeKind kind, SourceRange range, int height) : Node(kind, range, height) {}
};

using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

// Height bookkeeping for constructors: a missing child counts as height 0.
inline int heightOf(const Node *node) { return node ? node->height() : 0; }
template <typename T> int heightOf(const std::unique_ptr<T> &node) { return heightOf(node.get()); }
template <typename T> int heightOf(const std::vector<std::unique_ptr<T>> &nodes) {
  int height = 0;
  for (const auto &node : nodes)
    height = std::max(height, heightOf(node));
  return height;
}
template <typename... Ts> int heightAbove(const Ts &...children) {
  return 1 + std::max({0, heightOf(children)...});
}

// Whether an expression is read, assigned to or deleted (`ast.Load` / `Store` / `Del`).
enum class ExprContext : std::uint8_t { Load, Store, Delete };

enum class UnaryOperator : std::uint8_t { Not, Negate, Plus, Invert };
enum class BinaryOperator : std::uint8_t {
  Add,
  Subtract,
  Multiply,
  MatrixMultiply,
  Divide,
  FloorDivide,
  Modulo,
  Power,
  LeftShift,
  RightShift,
  BitOr,
  BitXor,
  BitAnd,
};
enum class BooleanOperator : std::uint8_t { And, Or };
enum class ComparisonOperator : std::uint8_t {
  Equal,
  NotEqual,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Is,
  IsNot,
  In,
  NotIn,
};

// The Python spelling: "not", "-", "+", "~" / "+", "//", "@", ... / "and" / "is not", ...
std::string_view spelling(UnaryOperator op);
std::string_view spelling(BinaryOperator op);
std::string_view spelling(BooleanOperator op);
std::string_view spelling(ComparisonOperator op);

// ---------------------------------------------------------------------------------------------
// Names and literals.

class NameExpr : public Expr {
public:
  NameExpr(std::string identifier, SourceRange range)
      : Expr(NodeKind::Name, range, 1), identifier_(std::move(identifier)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Name; }

  const std::string &identifier() const { return identifier_; }
  ExprContext context() const { return context_; }
  void setContext(ExprContext context) { context_ = context; }

private:
  std::string identifier_;
  ExprContext context_ = ExprContext::Load;
};

class IntegerLiteral : public Expr {
public:
  IntegerLiteral(std::string spelling, std::optional<std::uint64_t> value, SourceRange range)
      : Expr(NodeKind::IntegerLiteral, range, 1), spelling_(std::move(spelling)), value_(value) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::IntegerLiteral; }

  // As written: "0x1F", "1_000".
  const std::string &spelling() const { return spelling_; }
  // Empty when the literal does not fit in 64 bits (Python integers are unbounded).
  std::optional<std::uint64_t> value() const { return value_; }

private:
  std::string spelling_;
  std::optional<std::uint64_t> value_;
};

class FloatLiteral : public Expr {
public:
  FloatLiteral(std::string spelling, double value, SourceRange range)
      : Expr(NodeKind::FloatLiteral, range, 1), spelling_(std::move(spelling)), value_(value) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::FloatLiteral; }

  const std::string &spelling() const { return spelling_; }
  double value() const { return value_; }

private:
  std::string spelling_;
  double value_;
};

// `2j`, `1.5e3J`: the imaginary part of a complex constant.
class ImaginaryLiteral : public Expr {
public:
  ImaginaryLiteral(std::string spelling, double imaginaryPart, SourceRange range)
      : Expr(NodeKind::ImaginaryLiteral, range, 1), spelling_(std::move(spelling)),
        imaginaryPart_(imaginaryPart) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::ImaginaryLiteral; }

  const std::string &spelling() const { return spelling_; }
  double imaginaryPart() const { return imaginaryPart_; }

private:
  std::string spelling_;
  double imaginaryPart_;
};

// A str or bytes constant.  Adjacent literals are already concatenated (`"a" "b"` is one
// StringLiteral "ab", as in CPython) and escapes are decoded (str values are UTF-8).
class StringLiteral : public Expr {
public:
  StringLiteral(std::string value, bool isBytes, SourceRange range)
      : Expr(NodeKind::StringLiteral, range, 1), value_(std::move(value)), isBytes_(isBytes) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::StringLiteral; }

  const std::string &value() const { return value_; }
  bool isBytes() const { return isBytes_; }

private:
  std::string value_;
  bool isBytes_;
};

// An f-string (possibly concatenated with plain strings).  Kept as its source text, prefixes
// and quotes included: its replacement fields are not parsed into expressions.
class FormattedStringExpr : public Expr {
public:
  FormattedStringExpr(std::string sourceText, SourceRange range)
      : Expr(NodeKind::FormattedString, range, 1), sourceText_(std::move(sourceText)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::FormattedString; }

  const std::string &sourceText() const { return sourceText_; }

private:
  std::string sourceText_;
};

class BooleanLiteral : public Expr {
public:
  BooleanLiteral(bool value, SourceRange range)
      : Expr(NodeKind::BooleanLiteral, range, 1), value_(value) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::BooleanLiteral; }

  bool value() const { return value_; }

private:
  bool value_;
};

class NoneLiteral : public Expr {
public:
  explicit NoneLiteral(SourceRange range) : Expr(NodeKind::NoneLiteral, range, 1) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::NoneLiteral; }
};

class EllipsisLiteral : public Expr {
public:
  explicit EllipsisLiteral(SourceRange range) : Expr(NodeKind::EllipsisLiteral, range, 1) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::EllipsisLiteral; }
};

// ---------------------------------------------------------------------------------------------
// Operators.

class UnaryOpExpr : public Expr {
public:
  UnaryOpExpr(UnaryOperator op, ExprPtr operand, SourceRange range)
      : Expr(NodeKind::UnaryOp, range, heightAbove(operand)), op_(op),
        operand_(std::move(operand)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::UnaryOp; }

  UnaryOperator op() const { return op_; }
  const Expr &operand() const { return *operand_; }

private:
  UnaryOperator op_;
  ExprPtr operand_;
};

class BinaryOpExpr : public Expr {
public:
  BinaryOpExpr(BinaryOperator op, ExprPtr left, ExprPtr right, SourceRange range)
      : Expr(NodeKind::BinaryOp, range, heightAbove(left, right)), op_(op), left_(std::move(left)),
        right_(std::move(right)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::BinaryOp; }

  BinaryOperator op() const { return op_; }
  const Expr &left() const { return *left_; }
  const Expr &right() const { return *right_; }

private:
  BinaryOperator op_;
  ExprPtr left_;
  ExprPtr right_;
};

// `a and b and c` is one node with three values, as in CPython.
class BooleanOpExpr : public Expr {
public:
  BooleanOpExpr(BooleanOperator op, ExprList values, SourceRange range)
      : Expr(NodeKind::BooleanOp, range, heightAbove(values)), op_(op), values_(std::move(values)) {
  }
  static bool classof(const Node *node) { return node->kind() == NodeKind::BooleanOp; }

  BooleanOperator op() const { return op_; }
  const ExprList &values() const { return values_; }

private:
  BooleanOperator op_;
  ExprList values_;
};

// `a < b <= c` is one node: left `a`, ops [<, <=], comparators [b, c].
class CompareExpr : public Expr {
public:
  CompareExpr(ExprPtr left, std::vector<ComparisonOperator> ops, ExprList comparators,
              SourceRange range)
      : Expr(NodeKind::Compare, range, heightAbove(left, comparators)), left_(std::move(left)),
        ops_(std::move(ops)), comparators_(std::move(comparators)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Compare; }

  const Expr &left() const { return *left_; }
  const std::vector<ComparisonOperator> &ops() const { return ops_; }
  const ExprList &comparators() const { return comparators_; }

private:
  ExprPtr left_;
  std::vector<ComparisonOperator> ops_;
  ExprList comparators_;
};

// `body if test else orElse`.
class ConditionalExpr : public Expr {
public:
  ConditionalExpr(ExprPtr test, ExprPtr body, ExprPtr orElse, SourceRange range)
      : Expr(NodeKind::Conditional, range, heightAbove(test, body, orElse)), test_(std::move(test)),
        body_(std::move(body)), orElse_(std::move(orElse)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Conditional; }

  const Expr &test() const { return *test_; }
  const Expr &body() const { return *body_; }
  const Expr &orElse() const { return *orElse_; }

private:
  ExprPtr test_;
  ExprPtr body_;
  ExprPtr orElse_;
};

// ---------------------------------------------------------------------------------------------
// Functions and calls.

enum class ParameterKind : std::uint8_t {
  PositionalOnly,      // before `/`
  PositionalOrKeyword, // the usual kind
  VariadicPositional,  // `*args`
  KeywordOnly,         // after `*` or `*args`
  VariadicKeyword,     // `**kwargs`
};

// One parameter of a `def` or `lambda` (CPython's `arg`, plus its default).  The range covers
// the name and annotation, not the default, as `arg` does.
struct Parameter {
  std::string name;
  ParameterKind kind = ParameterKind::PositionalOrKeyword;
  ExprPtr annotation;   // null when there is none (always for lambda)
  ExprPtr defaultValue; // null when there is none
  SourceRange range;
};

using ParameterList = std::vector<Parameter>;

inline int heightOf(const ParameterList &parameters) {
  int height = 0;
  for (const Parameter &parameter : parameters)
    height = std::max({height, heightOf(parameter.annotation), heightOf(parameter.defaultValue)});
  return height;
}

class LambdaExpr : public Expr {
public:
  LambdaExpr(ParameterList parameters, ExprPtr body, SourceRange range)
      : Expr(NodeKind::Lambda, range, heightAbove(parameters, body)),
        parameters_(std::move(parameters)), body_(std::move(body)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Lambda; }

  const ParameterList &parameters() const { return parameters_; }
  const Expr &body() const { return *body_; }

private:
  ParameterList parameters_;
  ExprPtr body_;
};

// `name=value` in a call, or `**value` when `name` is empty (CPython's `keyword`, whose range
// starts at the name or at the `**`).
struct KeywordArgument {
  std::string name;
  ExprPtr value;
  SourceRange range;

  bool isDoubleStarred() const { return name.empty(); }
};

using KeywordArgumentList = std::vector<KeywordArgument>;

inline int heightOf(const KeywordArgumentList &keywords) {
  int height = 0;
  for (const KeywordArgument &keyword : keywords)
    height = std::max(height, heightOf(keyword.value));
  return height;
}

// `callee(arguments..., keywords...)`.  `*xs` arguments are StarredExpr in `arguments`.
class CallExpr : public Expr {
public:
  CallExpr(ExprPtr callee, ExprList arguments, KeywordArgumentList keywords, SourceRange range)
      : Expr(NodeKind::Call, range, heightAbove(callee, arguments, keywords)),
        callee_(std::move(callee)), arguments_(std::move(arguments)),
        keywords_(std::move(keywords)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Call; }

  const Expr &callee() const { return *callee_; }
  const ExprList &arguments() const { return arguments_; }
  const KeywordArgumentList &keywords() const { return keywords_; }
  // The keyword argument called `name`, or null.
  const Expr *keyword(std::string_view name) const {
    for (const KeywordArgument &keyword : keywords_)
      if (keyword.name == name)
        return keyword.value.get();
    return nullptr;
  }

private:
  ExprPtr callee_;
  ExprList arguments_;
  KeywordArgumentList keywords_;
};

// ---------------------------------------------------------------------------------------------
// Access.

// `value.attribute`.
class AttributeExpr : public Expr {
public:
  AttributeExpr(ExprPtr value, std::string attribute, SourceRange range)
      : Expr(NodeKind::Attribute, range, heightAbove(value)), value_(std::move(value)),
        attribute_(std::move(attribute)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Attribute; }

  const Expr &value() const { return *value_; }
  const std::string &attribute() const { return attribute_; }
  ExprContext context() const { return context_; }
  void setContext(ExprContext context) { context_ = context; }

private:
  ExprPtr value_;
  std::string attribute_;
  ExprContext context_ = ExprContext::Load;
};

// `value[index]`.  `x[:, None]` has a TupleExpr index holding a SliceExpr and a NoneLiteral;
// `x[1:2]` has a SliceExpr index (CPython 3.9+ shapes).
class SubscriptExpr : public Expr {
public:
  SubscriptExpr(ExprPtr value, ExprPtr index, SourceRange range)
      : Expr(NodeKind::Subscript, range, heightAbove(value, index)), value_(std::move(value)),
        index_(std::move(index)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Subscript; }

  const Expr &value() const { return *value_; }
  const Expr &index() const { return *index_; }
  ExprContext context() const { return context_; }
  void setContext(ExprContext context) { context_ = context; }

private:
  ExprPtr value_;
  ExprPtr index_;
  ExprContext context_ = ExprContext::Load;
};

// `lower:upper:step` inside a subscript; each part may be missing (null).
class SliceExpr : public Expr {
public:
  SliceExpr(ExprPtr lower, ExprPtr upper, ExprPtr step, SourceRange range)
      : Expr(NodeKind::Slice, range, heightAbove(lower, upper, step)), lower_(std::move(lower)),
        upper_(std::move(upper)), step_(std::move(step)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Slice; }

  const Expr *lower() const { return lower_.get(); }
  const Expr *upper() const { return upper_.get(); }
  const Expr *step() const { return step_.get(); }

private:
  ExprPtr lower_;
  ExprPtr upper_;
  ExprPtr step_;
};

// `*value` in a call, a display or an assignment target.
class StarredExpr : public Expr {
public:
  StarredExpr(ExprPtr value, SourceRange range)
      : Expr(NodeKind::Starred, range, heightAbove(value)), value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Starred; }

  const Expr &value() const { return *value_; }
  ExprContext context() const { return context_; }
  void setContext(ExprContext context) { context_ = context; }

private:
  ExprPtr value_;
  ExprContext context_ = ExprContext::Load;
};

// ---------------------------------------------------------------------------------------------
// Displays.

// Tuples, lists and sets: a sequence of element expressions.
class CollectionExpr : public Expr {
public:
  static bool classof(const Node *node) {
    return node->kind() == NodeKind::Tuple || node->kind() == NodeKind::List ||
           node->kind() == NodeKind::Set;
  }

  const ExprList &elements() const { return elements_; }
  // Load for sets; Store/Delete for tuples and lists used as targets.
  ExprContext context() const { return context_; }
  void setContext(ExprContext context) { context_ = context; }

protected:
  CollectionExpr(NodeKind kind, ExprList elements, SourceRange range)
      : Expr(kind, range, heightAbove(elements)), elements_(std::move(elements)) {}

private:
  ExprList elements_;
  ExprContext context_ = ExprContext::Load;
};

class TupleExpr : public CollectionExpr {
public:
  TupleExpr(ExprList elements, SourceRange range)
      : CollectionExpr(NodeKind::Tuple, std::move(elements), range) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Tuple; }
};

class ListExpr : public CollectionExpr {
public:
  ListExpr(ExprList elements, SourceRange range)
      : CollectionExpr(NodeKind::List, std::move(elements), range) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::List; }
};

class SetExpr : public CollectionExpr {
public:
  SetExpr(ExprList elements, SourceRange range)
      : CollectionExpr(NodeKind::Set, std::move(elements), range) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Set; }
};

// `{k: v, **other}`: keys()[i] is null for a `**other` entry.
class DictExpr : public Expr {
public:
  DictExpr(ExprList keys, ExprList values, SourceRange range)
      : Expr(NodeKind::Dict, range, heightAbove(keys, values)), keys_(std::move(keys)),
        values_(std::move(values)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Dict; }

  const ExprList &keys() const { return keys_; }
  const ExprList &values() const { return values_; }
  // The value whose key is the string literal `key`, or null.
  const Expr *valueForKey(std::string_view key) const;

private:
  ExprList keys_;
  ExprList values_;
};

// One `for target in iterable if condition...` of a comprehension (CPython's `comprehension`,
// which has no location).
struct ComprehensionClause {
  ExprPtr target;
  ExprPtr iterable;
  ExprList conditions;
  bool isAsync = false;
};

using ComprehensionClauseList = std::vector<ComprehensionClause>;

inline int heightOf(const ComprehensionClauseList &clauses) {
  int height = 0;
  for (const ComprehensionClause &clause : clauses)
    height = std::max(
        {height, heightOf(clause.target), heightOf(clause.iterable), heightOf(clause.conditions)});
  return height;
}

// List, set and dict comprehensions and generator expressions.  `element` is the key for a
// dict comprehension, whose `value` is the only one not null.
class ComprehensionExpr : public Expr {
public:
  ComprehensionExpr(NodeKind kind, ExprPtr element, ExprPtr value, ComprehensionClauseList clauses,
                    SourceRange range)
      : Expr(kind, range, heightAbove(element, value, clauses)), element_(std::move(element)),
        value_(std::move(value)), clauses_(std::move(clauses)) {
    assert(classof(this) && "not a comprehension kind");
  }
  static bool classof(const Node *node) {
    return node->kind() == NodeKind::ListComprehension ||
           node->kind() == NodeKind::SetComprehension ||
           node->kind() == NodeKind::DictComprehension ||
           node->kind() == NodeKind::GeneratorExpression;
  }

  const Expr &element() const { return *element_; }
  const Expr *value() const { return value_.get(); }
  const ComprehensionClauseList &clauses() const { return clauses_; }

private:
  ExprPtr element_;
  ExprPtr value_;
  ComprehensionClauseList clauses_;
};

// ---------------------------------------------------------------------------------------------
// The rest: host-code constructs a kernel never uses, parsed so host code never fails.

// `target := value`.
class NamedExpr : public Expr {
public:
  NamedExpr(ExprPtr target, ExprPtr value, SourceRange range)
      : Expr(NodeKind::NamedExpr, range, heightAbove(target, value)), target_(std::move(target)),
        value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::NamedExpr; }

  const Expr &target() const { return *target_; }
  const Expr &value() const { return *value_; }

private:
  ExprPtr target_;
  ExprPtr value_;
};

// `yield`, `yield value` (value may be null), `yield from value` and `await value`.
class YieldExpr : public Expr {
public:
  YieldExpr(NodeKind kind, ExprPtr value, SourceRange range)
      : Expr(kind, range, heightAbove(value)), value_(std::move(value)) {
    assert(classof(this) && "not a yield/await kind");
  }
  static bool classof(const Node *node) {
    return node->kind() == NodeKind::Yield || node->kind() == NodeKind::YieldFrom ||
           node->kind() == NodeKind::Await;
  }

  const Expr *value() const { return value_.get(); }

private:
  ExprPtr value_;
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_EXPRESSION_H
