// AstNode: the base of every Python AST node: its kind, its source range and checked casts.
//
// The tree mirrors CPython's `ast` module (same node shapes, same field order, same locations)
// so that Triton's code generator, which walks `ast` nodes, can be followed node for node.
// Nodes own their children through std::unique_ptr; a Module owns the whole tree.
//
// Casts are member templates (`node.isa<CallExpr>()`, `node.dynCast<CallExpr>()`,
// `node.cast<CallExpr>()`) so they never collide with llvm::isa when both are in scope; each
// class also has the static `classof` llvm::isa expects, so llvm's casts work on it too.
#ifndef TREX_FRONTEND_PYTHON_ASTNODE_H
#define TREX_FRONTEND_PYTHON_ASTNODE_H

#include "trex/Frontend/Python/SourceLocation.h"

#include <cassert>
#include <cstdint>
#include <string_view>

namespace trex::python {

enum class NodeKind : std::uint8_t {
  // Expressions (CPython's names in comments where they differ).
  Name,
  IntegerLiteral,   // Constant(int)
  FloatLiteral,     // Constant(float)
  ImaginaryLiteral, // Constant(complex)
  StringLiteral,    // Constant(str) / Constant(bytes)
  FormattedString,  // JoinedStr
  BooleanLiteral,   // Constant(True/False)
  NoneLiteral,      // Constant(None)
  EllipsisLiteral,  // Constant(Ellipsis)
  UnaryOp,
  BinaryOp,  // BinOp
  BooleanOp, // BoolOp
  Compare,
  Conditional, // IfExp
  Lambda,
  Call,
  Attribute,
  Subscript,
  Slice,
  Starred,
  Tuple,
  List,
  Set,
  Dict,
  ListComprehension,   // ListComp
  SetComprehension,    // SetComp
  DictComprehension,   // DictComp
  GeneratorExpression, // GeneratorExp
  NamedExpr,           // `x := value`
  Yield,
  YieldFrom,
  Await,

  // Statements.
  ExpressionStatement, // Expr
  Assign,
  AnnotatedAssign, // AnnAssign
  AugmentedAssign, // AugAssign
  If,
  For,
  While,
  Break,
  Continue,
  Pass,
  Return,
  Assert,
  With,
  FunctionDef,
  ClassDef,
  Import,
  ImportFrom,
  Global,
  Nonlocal,
  Delete,
  Raise,
  Try,
  // Module-level host code the parser could not read (see OpaqueStmt).
  Opaque,
};

constexpr NodeKind FirstExpressionKind = NodeKind::Name;
constexpr NodeKind LastExpressionKind = NodeKind::Await;
constexpr NodeKind FirstStatementKind = NodeKind::ExpressionStatement;
constexpr NodeKind LastStatementKind = NodeKind::Opaque;

// "BinaryOp", "FunctionDef", ...: the enumerator's name.
std::string_view nodeKindName(NodeKind kind);

class Node {
public:
  virtual ~Node() = default;
  Node(const Node &) = delete;
  Node &operator=(const Node &) = delete;

  NodeKind kind() const { return kind_; }
  const SourceRange &range() const { return range_; }
  // `lineno` / `col_offset`: what Triton turns into the MLIR location of the node.
  SourceLocation location() const { return range_.begin; }

  // Levels of nodes from this one down to its deepest leaf (1 for a leaf).  The parser keeps
  // it bounded, so recursive walks over any tree it returns fit in a thread's stack.
  int height() const { return height_; }

  template <typename T> bool isa() const { return T::classof(this); }
  template <typename T> const T *dynCast() const {
    return T::classof(this) ? static_cast<const T *>(this) : nullptr;
  }
  template <typename T> T *dynCast() { return T::classof(this) ? static_cast<T *>(this) : nullptr; }
  template <typename T> const T &cast() const {
    assert(T::classof(this) && "cast to the wrong AST node class");
    return *static_cast<const T *>(this);
  }
  template <typename T> T &cast() {
    assert(T::classof(this) && "cast to the wrong AST node class");
    return *static_cast<T *>(this);
  }

protected:
  Node(NodeKind kind, SourceRange range, int height)
      : kind_(kind), range_(range), height_(height) {}

private:
  NodeKind kind_;
  SourceRange range_;
  int height_;
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_ASTNODE_H
