// AstVisitor: walking the Python AST: children in CPython's field order, and a kind dispatcher.
//
// Triton's code generator is an `ast.NodeVisitor` whose `visit_<Kind>` methods visit children
// in a fixed order, and the MLIR location of each op comes from the last node it visited.  To
// follow it, forEachChild yields children in the order of CPython's `ast.iter_child_nodes`
// (the order of the node's fields, e.g. Call: callee, arguments, then keyword values), and
// AstVisitor dispatches on the node kind the way NodeVisitor.visit does.
#ifndef TREX_FRONTEND_PYTHON_ASTVISITOR_H
#define TREX_FRONTEND_PYTHON_ASTVISITOR_H

#include "trex/Frontend/Python/Module.h"

#include <functional>

namespace trex::python {

using NodeCallback = std::function<void(const Node &)>;

// Calls `callback` on each direct child node of `node`, in CPython's field order.  Children
// held in non-node structures (parameters, keyword arguments, comprehension clauses, with
// items, except handlers) are yielded in place of those structures, their fields in order.
void forEachChild(const Node &node, const NodeCallback &callback);

// Pre-order, depth-first: `callback` sees a node before its children.
void walkAst(const Node &root, const NodeCallback &callback);
void walkAst(const Module &module, const NodeCallback &callback);

// Dispatches `visit(node)` to `derived.visit<Kind>(const <Class>&)`.  Every visit<Kind> falls
// back to visitExpr or visitStmt, which fall back to visitNode, which returns Result{}; a
// derived class overrides (hides) just the ones it needs.  visitChildren visits each direct
// child, the equivalent of NodeVisitor.generic_visit.
template <typename Derived, typename Result = void> class AstVisitor {
public:
  Result visit(const Node &node) {
    switch (node.kind()) {
    case NodeKind::Name:
      return derived().visitName(node.cast<NameExpr>());
    case NodeKind::IntegerLiteral:
      return derived().visitIntegerLiteral(node.cast<IntegerLiteral>());
    case NodeKind::FloatLiteral:
      return derived().visitFloatLiteral(node.cast<FloatLiteral>());
    case NodeKind::ImaginaryLiteral:
      return derived().visitImaginaryLiteral(node.cast<ImaginaryLiteral>());
    case NodeKind::StringLiteral:
      return derived().visitStringLiteral(node.cast<StringLiteral>());
    case NodeKind::FormattedString:
      return derived().visitFormattedString(node.cast<FormattedStringExpr>());
    case NodeKind::BooleanLiteral:
      return derived().visitBooleanLiteral(node.cast<BooleanLiteral>());
    case NodeKind::NoneLiteral:
      return derived().visitNoneLiteral(node.cast<NoneLiteral>());
    case NodeKind::EllipsisLiteral:
      return derived().visitEllipsisLiteral(node.cast<EllipsisLiteral>());
    case NodeKind::UnaryOp:
      return derived().visitUnaryOp(node.cast<UnaryOpExpr>());
    case NodeKind::BinaryOp:
      return derived().visitBinaryOp(node.cast<BinaryOpExpr>());
    case NodeKind::BooleanOp:
      return derived().visitBooleanOp(node.cast<BooleanOpExpr>());
    case NodeKind::Compare:
      return derived().visitCompare(node.cast<CompareExpr>());
    case NodeKind::Conditional:
      return derived().visitConditional(node.cast<ConditionalExpr>());
    case NodeKind::Lambda:
      return derived().visitLambda(node.cast<LambdaExpr>());
    case NodeKind::Call:
      return derived().visitCall(node.cast<CallExpr>());
    case NodeKind::Attribute:
      return derived().visitAttribute(node.cast<AttributeExpr>());
    case NodeKind::Subscript:
      return derived().visitSubscript(node.cast<SubscriptExpr>());
    case NodeKind::Slice:
      return derived().visitSlice(node.cast<SliceExpr>());
    case NodeKind::Starred:
      return derived().visitStarred(node.cast<StarredExpr>());
    case NodeKind::Tuple:
      return derived().visitTuple(node.cast<TupleExpr>());
    case NodeKind::List:
      return derived().visitList(node.cast<ListExpr>());
    case NodeKind::Set:
      return derived().visitSet(node.cast<SetExpr>());
    case NodeKind::Dict:
      return derived().visitDict(node.cast<DictExpr>());
    case NodeKind::ListComprehension:
    case NodeKind::SetComprehension:
    case NodeKind::DictComprehension:
    case NodeKind::GeneratorExpression:
      return derived().visitComprehension(node.cast<ComprehensionExpr>());
    case NodeKind::NamedExpr:
      return derived().visitNamedExpr(node.cast<NamedExpr>());
    case NodeKind::Yield:
    case NodeKind::YieldFrom:
    case NodeKind::Await:
      return derived().visitYield(node.cast<YieldExpr>());
    case NodeKind::ExpressionStatement:
      return derived().visitExpressionStatement(node.cast<ExpressionStmt>());
    case NodeKind::Assign:
      return derived().visitAssign(node.cast<AssignStmt>());
    case NodeKind::AnnotatedAssign:
      return derived().visitAnnotatedAssign(node.cast<AnnotatedAssignStmt>());
    case NodeKind::AugmentedAssign:
      return derived().visitAugmentedAssign(node.cast<AugmentedAssignStmt>());
    case NodeKind::If:
      return derived().visitIf(node.cast<IfStmt>());
    case NodeKind::For:
      return derived().visitFor(node.cast<ForStmt>());
    case NodeKind::While:
      return derived().visitWhile(node.cast<WhileStmt>());
    case NodeKind::Break:
    case NodeKind::Continue:
    case NodeKind::Pass:
      return derived().visitKeywordStatement(node.cast<KeywordStmt>());
    case NodeKind::Return:
      return derived().visitReturn(node.cast<ReturnStmt>());
    case NodeKind::Assert:
      return derived().visitAssert(node.cast<AssertStmt>());
    case NodeKind::With:
      return derived().visitWith(node.cast<WithStmt>());
    case NodeKind::FunctionDef:
      return derived().visitFunctionDef(node.cast<FunctionDefStmt>());
    case NodeKind::ClassDef:
      return derived().visitClassDef(node.cast<ClassDefStmt>());
    case NodeKind::Import:
      return derived().visitImport(node.cast<ImportStmt>());
    case NodeKind::ImportFrom:
      return derived().visitImportFrom(node.cast<ImportFromStmt>());
    case NodeKind::Global:
    case NodeKind::Nonlocal:
      return derived().visitScopeDeclaration(node.cast<ScopeDeclarationStmt>());
    case NodeKind::Delete:
      return derived().visitDelete(node.cast<DeleteStmt>());
    case NodeKind::Raise:
      return derived().visitRaise(node.cast<RaiseStmt>());
    case NodeKind::Try:
      return derived().visitTry(node.cast<TryStmt>());
    case NodeKind::Opaque:
      return derived().visitOpaque(node.cast<OpaqueStmt>());
    }
    return derived().visitNode(node);
  }

  void visitChildren(const Node &node) {
    forEachChild(node, [this](const Node &child) { derived().visit(child); });
  }

  Result visitNode(const Node &) { return Result(); }
  Result visitExpr(const Expr &expr) { return derived().visitNode(expr); }
  Result visitStmt(const Stmt &stmt) { return derived().visitNode(stmt); }

  Result visitName(const NameExpr &e) { return derived().visitExpr(e); }
  Result visitIntegerLiteral(const IntegerLiteral &e) { return derived().visitExpr(e); }
  Result visitFloatLiteral(const FloatLiteral &e) { return derived().visitExpr(e); }
  Result visitImaginaryLiteral(const ImaginaryLiteral &e) { return derived().visitExpr(e); }
  Result visitStringLiteral(const StringLiteral &e) { return derived().visitExpr(e); }
  Result visitFormattedString(const FormattedStringExpr &e) { return derived().visitExpr(e); }
  Result visitBooleanLiteral(const BooleanLiteral &e) { return derived().visitExpr(e); }
  Result visitNoneLiteral(const NoneLiteral &e) { return derived().visitExpr(e); }
  Result visitEllipsisLiteral(const EllipsisLiteral &e) { return derived().visitExpr(e); }
  Result visitUnaryOp(const UnaryOpExpr &e) { return derived().visitExpr(e); }
  Result visitBinaryOp(const BinaryOpExpr &e) { return derived().visitExpr(e); }
  Result visitBooleanOp(const BooleanOpExpr &e) { return derived().visitExpr(e); }
  Result visitCompare(const CompareExpr &e) { return derived().visitExpr(e); }
  Result visitConditional(const ConditionalExpr &e) { return derived().visitExpr(e); }
  Result visitLambda(const LambdaExpr &e) { return derived().visitExpr(e); }
  Result visitCall(const CallExpr &e) { return derived().visitExpr(e); }
  Result visitAttribute(const AttributeExpr &e) { return derived().visitExpr(e); }
  Result visitSubscript(const SubscriptExpr &e) { return derived().visitExpr(e); }
  Result visitSlice(const SliceExpr &e) { return derived().visitExpr(e); }
  Result visitStarred(const StarredExpr &e) { return derived().visitExpr(e); }
  Result visitTuple(const TupleExpr &e) { return derived().visitExpr(e); }
  Result visitList(const ListExpr &e) { return derived().visitExpr(e); }
  Result visitSet(const SetExpr &e) { return derived().visitExpr(e); }
  Result visitDict(const DictExpr &e) { return derived().visitExpr(e); }
  Result visitComprehension(const ComprehensionExpr &e) { return derived().visitExpr(e); }
  Result visitNamedExpr(const NamedExpr &e) { return derived().visitExpr(e); }
  Result visitYield(const YieldExpr &e) { return derived().visitExpr(e); }

  Result visitExpressionStatement(const ExpressionStmt &s) { return derived().visitStmt(s); }
  Result visitAssign(const AssignStmt &s) { return derived().visitStmt(s); }
  Result visitAnnotatedAssign(const AnnotatedAssignStmt &s) { return derived().visitStmt(s); }
  Result visitAugmentedAssign(const AugmentedAssignStmt &s) { return derived().visitStmt(s); }
  Result visitIf(const IfStmt &s) { return derived().visitStmt(s); }
  Result visitFor(const ForStmt &s) { return derived().visitStmt(s); }
  Result visitWhile(const WhileStmt &s) { return derived().visitStmt(s); }
  Result visitKeywordStatement(const KeywordStmt &s) { return derived().visitStmt(s); }
  Result visitReturn(const ReturnStmt &s) { return derived().visitStmt(s); }
  Result visitAssert(const AssertStmt &s) { return derived().visitStmt(s); }
  Result visitWith(const WithStmt &s) { return derived().visitStmt(s); }
  Result visitFunctionDef(const FunctionDefStmt &s) { return derived().visitStmt(s); }
  Result visitClassDef(const ClassDefStmt &s) { return derived().visitStmt(s); }
  Result visitImport(const ImportStmt &s) { return derived().visitStmt(s); }
  Result visitImportFrom(const ImportFromStmt &s) { return derived().visitStmt(s); }
  Result visitScopeDeclaration(const ScopeDeclarationStmt &s) { return derived().visitStmt(s); }
  Result visitDelete(const DeleteStmt &s) { return derived().visitStmt(s); }
  Result visitRaise(const RaiseStmt &s) { return derived().visitStmt(s); }
  Result visitTry(const TryStmt &s) { return derived().visitStmt(s); }
  Result visitOpaque(const OpaqueStmt &s) { return derived().visitStmt(s); }

private:
  Derived &derived() { return static_cast<Derived &>(*this); }
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_ASTVISITOR_H
