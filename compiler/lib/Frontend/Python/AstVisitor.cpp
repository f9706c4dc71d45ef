// AstVisitor: each node's children in CPython's field order, and the pre-order walk built on it.
#include "trex/Frontend/Python/AstVisitor.h"

namespace trex::python {

namespace {

void visitIfPresent(const Node *node, const NodeCallback &callback) {
  if (node)
    callback(*node);
}

template <typename T>
void visitAll(const std::vector<std::unique_ptr<T>> &nodes, const NodeCallback &callback) {
  for (const auto &node : nodes)
    visitIfPresent(node.get(), callback);
}

bool isPositional(const Parameter &parameter) {
  return parameter.kind == ParameterKind::PositionalOnly ||
         parameter.kind == ParameterKind::PositionalOrKeyword;
}

// CPython's `arguments` fields: posonlyargs, args, vararg, kwonlyargs, kw_defaults, kwarg,
// defaults.  Each `arg` contributes its annotation.
void visitParameters(const ParameterList &parameters, const NodeCallback &callback) {
  for (const Parameter &parameter : parameters)
    if (isPositional(parameter))
      visitIfPresent(parameter.annotation.get(), callback);
  for (const Parameter &parameter : parameters)
    if (parameter.kind == ParameterKind::VariadicPositional)
      visitIfPresent(parameter.annotation.get(), callback);
  for (const Parameter &parameter : parameters)
    if (parameter.kind == ParameterKind::KeywordOnly)
      visitIfPresent(parameter.annotation.get(), callback);
  for (const Parameter &parameter : parameters)
    if (parameter.kind == ParameterKind::KeywordOnly)
      visitIfPresent(parameter.defaultValue.get(), callback);
  for (const Parameter &parameter : parameters)
    if (parameter.kind == ParameterKind::VariadicKeyword)
      visitIfPresent(parameter.annotation.get(), callback);
  for (const Parameter &parameter : parameters)
    if (isPositional(parameter))
      visitIfPresent(parameter.defaultValue.get(), callback);
}

void visitKeywords(const KeywordArgumentList &keywords, const NodeCallback &callback) {
  for (const KeywordArgument &keyword : keywords)
    visitIfPresent(keyword.value.get(), callback);
}

} // namespace

void forEachChild(const Node &node, const NodeCallback &callback) {
  switch (node.kind()) {
  case NodeKind::Name:
  case NodeKind::IntegerLiteral:
  case NodeKind::FloatLiteral:
  case NodeKind::ImaginaryLiteral:
  case NodeKind::StringLiteral:
  case NodeKind::FormattedString:
  case NodeKind::BooleanLiteral:
  case NodeKind::NoneLiteral:
  case NodeKind::EllipsisLiteral:
  case NodeKind::Break:
  case NodeKind::Continue:
  case NodeKind::Pass:
  case NodeKind::Import:
  case NodeKind::ImportFrom:
  case NodeKind::Global:
  case NodeKind::Nonlocal:
  case NodeKind::Opaque:
    return;
  case NodeKind::UnaryOp:
    callback(node.cast<UnaryOpExpr>().operand());
    return;
  case NodeKind::BinaryOp: {
    const auto &binary = node.cast<BinaryOpExpr>();
    callback(binary.left());
    callback(binary.right());
    return;
  }
  case NodeKind::BooleanOp:
    visitAll(node.cast<BooleanOpExpr>().values(), callback);
    return;
  case NodeKind::Compare: {
    const auto &compare = node.cast<CompareExpr>();
    callback(compare.left());
    visitAll(compare.comparators(), callback);
    return;
  }
  case NodeKind::Conditional: {
    const auto &conditional = node.cast<ConditionalExpr>();
    callback(conditional.test());
    callback(conditional.body());
    callback(conditional.orElse());
    return;
  }
  case NodeKind::Lambda: {
    const auto &lambda = node.cast<LambdaExpr>();
    visitParameters(lambda.parameters(), callback);
    callback(lambda.body());
    return;
  }
  case NodeKind::Call: {
    const auto &call = node.cast<CallExpr>();
    callback(call.callee());
    visitAll(call.arguments(), callback);
    visitKeywords(call.keywords(), callback);
    return;
  }
  case NodeKind::Attribute:
    callback(node.cast<AttributeExpr>().value());
    return;
  case NodeKind::Subscript: {
    const auto &subscript = node.cast<SubscriptExpr>();
    callback(subscript.value());
    callback(subscript.index());
    return;
  }
  case NodeKind::Slice: {
    const auto &slice = node.cast<SliceExpr>();
    visitIfPresent(slice.lower(), callback);
    visitIfPresent(slice.upper(), callback);
    visitIfPresent(slice.step(), callback);
    return;
  }
  case NodeKind::Starred:
    callback(node.cast<StarredExpr>().value());
    return;
  case NodeKind::Tuple:
  case NodeKind::List:
  case NodeKind::Set:
    visitAll(node.cast<CollectionExpr>().elements(), callback);
    return;
  case NodeKind::Dict: {
    const auto &dict = node.cast<DictExpr>();
    visitAll(dict.keys(), callback);
    visitAll(dict.values(), callback);
    return;
  }
  case NodeKind::ListComprehension:
  case NodeKind::SetComprehension:
  case NodeKind::DictComprehension:
  case NodeKind::GeneratorExpression: {
    const auto &comprehension = node.cast<ComprehensionExpr>();
    callback(comprehension.element());
    visitIfPresent(comprehension.value(), callback);
    for (const ComprehensionClause &clause : comprehension.clauses()) {
      callback(*clause.target);
      callback(*clause.iterable);
      visitAll(clause.conditions, callback);
    }
    return;
  }
  case NodeKind::NamedExpr: {
    const auto &named = node.cast<NamedExpr>();
    callback(named.target());
    callback(named.value());
    return;
  }
  case NodeKind::Yield:
  case NodeKind::YieldFrom:
  case NodeKind::Await:
    visitIfPresent(node.cast<YieldExpr>().value(), callback);
    return;
  case NodeKind::ExpressionStatement:
    callback(node.cast<ExpressionStmt>().value());
    return;
  case NodeKind::Assign: {
    const auto &assign = node.cast<AssignStmt>();
    visitAll(assign.targets(), callback);
    callback(assign.value());
    return;
  }
  case NodeKind::AnnotatedAssign: {
    const auto &assign = node.cast<AnnotatedAssignStmt>();
    callback(assign.target());
    callback(assign.annotation());
    visitIfPresent(assign.value(), callback);
    return;
  }
  case NodeKind::AugmentedAssign: {
    const auto &assign = node.cast<AugmentedAssignStmt>();
    callback(assign.target());
    callback(assign.value());
    return;
  }
  case NodeKind::If: {
    const auto &ifStmt = node.cast<IfStmt>();
    callback(ifStmt.test());
    visitAll(ifStmt.body(), callback);
    visitAll(ifStmt.orElse(), callback);
    return;
  }
  case NodeKind::For: {
    const auto &forStmt = node.cast<ForStmt>();
    callback(forStmt.target());
    callback(forStmt.iterable());
    visitAll(forStmt.body(), callback);
    visitAll(forStmt.orElse(), callback);
    return;
  }
  case NodeKind::While: {
    const auto &whileStmt = node.cast<WhileStmt>();
    callback(whileStmt.test());
    visitAll(whileStmt.body(), callback);
    visitAll(whileStmt.orElse(), callback);
    return;
  }
  case NodeKind::Return:
    visitIfPresent(node.cast<ReturnStmt>().value(), callback);
    return;
  case NodeKind::Assert: {
    const auto &assertStmt = node.cast<AssertStmt>();
    callback(assertStmt.test());
    visitIfPresent(assertStmt.message(), callback);
    return;
  }
  case NodeKind::With: {
    const auto &with = node.cast<WithStmt>();
    for (const WithItem &item : with.items()) {
      callback(*item.context);
      visitIfPresent(item.target.get(), callback);
    }
    visitAll(with.body(), callback);
    return;
  }
  case NodeKind::FunctionDef: {
    const auto &function = node.cast<FunctionDefStmt>();
    visitParameters(function.parameters(), callback);
    visitAll(function.body(), callback);
    visitAll(function.decorators(), callback);
    visitIfPresent(function.returnAnnotation(), callback);
    return;
  }
  case NodeKind::ClassDef: {
    const auto &classDef = node.cast<ClassDefStmt>();
    visitAll(classDef.bases(), callback);
    visitKeywords(classDef.keywords(), callback);
    visitAll(classDef.body(), callback);
    visitAll(classDef.decorators(), callback);
    return;
  }
  case NodeKind::Delete:
    visitAll(node.cast<DeleteStmt>().targets(), callback);
    return;
  case NodeKind::Raise: {
    const auto &raise = node.cast<RaiseStmt>();
    visitIfPresent(raise.exception(), callback);
    visitIfPresent(raise.cause(), callback);
    return;
  }
  case NodeKind::Try: {
    const auto &tryStmt = node.cast<TryStmt>();
    visitAll(tryStmt.body(), callback);
    for (const ExceptHandler &handler : tryStmt.handlers()) {
      visitIfPresent(handler.type.get(), callback);
      visitAll(handler.body, callback);
    }
    visitAll(tryStmt.orElse(), callback);
    visitAll(tryStmt.finalBody(), callback);
    return;
  }
  }
}

void walkAst(const Node &root, const NodeCallback &callback) {
  callback(root);
  forEachChild(root, [&callback](const Node &child) { walkAst(child, callback); });
}

void walkAst(const Module &module, const NodeCallback &callback) {
  for (const StmtPtr &statement : module.body())
    walkAst(*statement, callback);
}

} // namespace trex::python
