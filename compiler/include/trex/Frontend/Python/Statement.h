// Statement: the statement nodes of the Python AST (CPython's `ast.stmt` subclasses).
//
// A statement's range starts at its first token: the keyword for compound statements and
// `return`/`assert`/..., the first target for assignments.  A `def` starts at `def` (its
// decorators are separate expressions with their own ranges), and `elif` is an IfStmt nested
// in the orElse block of the one before, starting at `elif`, as in CPython.
#ifndef TREX_FRONTEND_PYTHON_STATEMENT_H
#define TREX_FRONTEND_PYTHON_STATEMENT_H

#include "trex/Frontend/Python/Expression.h"

namespace trex::python {

class Stmt : public Node {
public:
  static bool classof(const Node *node) {
    return node->kind() >= FirstStatementKind && node->kind() <= LastStatementKind;
  }

protected:
  Stmt(NodeKind kind, SourceRange range, int height) : Node(kind, range, height) {}
};

using StmtPtr = std::unique_ptr<Stmt>;
// An indented suite (or a module's top level): statements in order.
using Block = std::vector<StmtPtr>;

// The value of a leading string-literal expression statement, or null.
const std::string *docstringOf(const Block &block);

// An expression evaluated for its effect: a call, a docstring, ...
class ExpressionStmt : public Stmt {
public:
  ExpressionStmt(ExprPtr value, SourceRange range)
      : Stmt(NodeKind::ExpressionStatement, range, heightAbove(value)), value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::ExpressionStatement; }

  const Expr &value() const { return *value_; }

private:
  ExprPtr value_;
};

// `a = b = value`: targets [a, b].  `a, b = value` has one TupleExpr target.
class AssignStmt : public Stmt {
public:
  AssignStmt(ExprList targets, ExprPtr value, SourceRange range)
      : Stmt(NodeKind::Assign, range, heightAbove(targets, value)), targets_(std::move(targets)),
        value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Assign; }

  const ExprList &targets() const { return targets_; }
  const Expr &value() const { return *value_; }

private:
  ExprList targets_;
  ExprPtr value_;
};

// `target: annotation = value` (value may be null).  `isSimple` is CPython's `simple`: the
// target is a bare name, not parenthesized.
class AnnotatedAssignStmt : public Stmt {
public:
  AnnotatedAssignStmt(ExprPtr target, ExprPtr annotation, ExprPtr value, bool isSimple,
                      SourceRange range)
      : Stmt(NodeKind::AnnotatedAssign, range, heightAbove(target, annotation, value)),
        target_(std::move(target)), annotation_(std::move(annotation)), value_(std::move(value)),
        isSimple_(isSimple) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::AnnotatedAssign; }

  const Expr &target() const { return *target_; }
  const Expr &annotation() const { return *annotation_; }
  const Expr *value() const { return value_.get(); }
  bool isSimple() const { return isSimple_; }

private:
  ExprPtr target_;
  ExprPtr annotation_;
  ExprPtr value_;
  bool isSimple_;
};

// `target op= value`.
class AugmentedAssignStmt : public Stmt {
public:
  AugmentedAssignStmt(ExprPtr target, BinaryOperator op, ExprPtr value, SourceRange range)
      : Stmt(NodeKind::AugmentedAssign, range, heightAbove(target, value)),
        target_(std::move(target)), op_(op), value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::AugmentedAssign; }

  const Expr &target() const { return *target_; }
  BinaryOperator op() const { return op_; }
  const Expr &value() const { return *value_; }

private:
  ExprPtr target_;
  BinaryOperator op_;
  ExprPtr value_;
};

class IfStmt : public Stmt {
public:
  IfStmt(ExprPtr test, Block body, Block orElse, SourceRange range)
      : Stmt(NodeKind::If, range, heightAbove(test, body, orElse)), test_(std::move(test)),
        body_(std::move(body)), orElse_(std::move(orElse)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::If; }

  const Expr &test() const { return *test_; }
  const Block &body() const { return body_; }
  // The `else:` block, or a single IfStmt for `elif`.
  const Block &orElse() const { return orElse_; }

private:
  ExprPtr test_;
  Block body_;
  Block orElse_;
};

// `for target in iterable:` (also `async for`).
class ForStmt : public Stmt {
public:
  ForStmt(ExprPtr target, ExprPtr iterable, Block body, Block orElse, bool isAsync,
          SourceRange range)
      : Stmt(NodeKind::For, range, heightAbove(target, iterable, body, orElse)),
        target_(std::move(target)), iterable_(std::move(iterable)), body_(std::move(body)),
        orElse_(std::move(orElse)), isAsync_(isAsync) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::For; }

  const Expr &target() const { return *target_; }
  const Expr &iterable() const { return *iterable_; }
  const Block &body() const { return body_; }
  const Block &orElse() const { return orElse_; }
  bool isAsync() const { return isAsync_; }

private:
  ExprPtr target_;
  ExprPtr iterable_;
  Block body_;
  Block orElse_;
  bool isAsync_;
};

class WhileStmt : public Stmt {
public:
  WhileStmt(ExprPtr test, Block body, Block orElse, SourceRange range)
      : Stmt(NodeKind::While, range, heightAbove(test, body, orElse)), test_(std::move(test)),
        body_(std::move(body)), orElse_(std::move(orElse)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::While; }

  const Expr &test() const { return *test_; }
  const Block &body() const { return body_; }
  const Block &orElse() const { return orElse_; }

private:
  ExprPtr test_;
  Block body_;
  Block orElse_;
};

// `break`, `continue` and `pass`: statements that are only a keyword.
class KeywordStmt : public Stmt {
public:
  KeywordStmt(NodeKind kind, SourceRange range) : Stmt(kind, range, 1) {
    assert(classof(this) && "not break/continue/pass");
  }
  static bool classof(const Node *node) {
    return node->kind() == NodeKind::Break || node->kind() == NodeKind::Continue ||
           node->kind() == NodeKind::Pass;
  }
};

class ReturnStmt : public Stmt {
public:
  ReturnStmt(ExprPtr value, SourceRange range)
      : Stmt(NodeKind::Return, range, heightAbove(value)), value_(std::move(value)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Return; }

  // Null for a bare `return`; a TupleExpr for `return a, b`.
  const Expr *value() const { return value_.get(); }

private:
  ExprPtr value_;
};

class AssertStmt : public Stmt {
public:
  AssertStmt(ExprPtr test, ExprPtr message, SourceRange range)
      : Stmt(NodeKind::Assert, range, heightAbove(test, message)), test_(std::move(test)),
        message_(std::move(message)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Assert; }

  const Expr &test() const { return *test_; }
  const Expr *message() const { return message_.get(); }

private:
  ExprPtr test_;
  ExprPtr message_;
};

// One `context as target` of a with statement (CPython's `withitem`, which has no location).
struct WithItem {
  ExprPtr context;
  ExprPtr target; // null without `as`
};

using WithItemList = std::vector<WithItem>;

inline int heightOf(const WithItemList &items) {
  int height = 0;
  for (const WithItem &item : items)
    height = std::max({height, heightOf(item.context), heightOf(item.target)});
  return height;
}

class WithStmt : public Stmt {
public:
  WithStmt(WithItemList items, Block body, bool isAsync, SourceRange range)
      : Stmt(NodeKind::With, range, heightAbove(items, body)), items_(std::move(items)),
        body_(std::move(body)), isAsync_(isAsync) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::With; }

  const WithItemList &items() const { return items_; }
  const Block &body() const { return body_; }
  bool isAsync() const { return isAsync_; }

private:
  WithItemList items_;
  Block body_;
  bool isAsync_;
};

class FunctionDefStmt : public Stmt {
public:
  FunctionDefStmt(std::string name, ExprList decorators, ParameterList parameters,
                  ExprPtr returnAnnotation, Block body, bool isAsync, SourceRange range)
      : Stmt(NodeKind::FunctionDef, range,
             heightAbove(decorators, parameters, returnAnnotation, body)),
        name_(std::move(name)), decorators_(std::move(decorators)),
        parameters_(std::move(parameters)), returnAnnotation_(std::move(returnAnnotation)),
        body_(std::move(body)), isAsync_(isAsync) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::FunctionDef; }

  const std::string &name() const { return name_; }
  // Outermost first, as written: `@a` above `@b` gives [a, b].
  const ExprList &decorators() const { return decorators_; }
  const ParameterList &parameters() const { return parameters_; }
  const Expr *returnAnnotation() const { return returnAnnotation_.get(); }
  const Block &body() const { return body_; }
  bool isAsync() const { return isAsync_; }
  const std::string *docstring() const { return docstringOf(body_); }

private:
  std::string name_;
  ExprList decorators_;
  ParameterList parameters_;
  ExprPtr returnAnnotation_;
  Block body_;
  bool isAsync_;
};

class ClassDefStmt : public Stmt {
public:
  ClassDefStmt(std::string name, ExprList decorators, ExprList bases, KeywordArgumentList keywords,
               Block body, SourceRange range)
      : Stmt(NodeKind::ClassDef, range, heightAbove(decorators, bases, keywords, body)),
        name_(std::move(name)), decorators_(std::move(decorators)), bases_(std::move(bases)),
        keywords_(std::move(keywords)), body_(std::move(body)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::ClassDef; }

  const std::string &name() const { return name_; }
  const ExprList &decorators() const { return decorators_; }
  const ExprList &bases() const { return bases_; }
  const KeywordArgumentList &keywords() const { return keywords_; }
  const Block &body() const { return body_; }

private:
  std::string name_;
  ExprList decorators_;
  ExprList bases_;
  KeywordArgumentList keywords_;
  Block body_;
};

// `triton.language as tl` in an import (CPython's `alias`).  `name` is dotted; `asName` is
// empty without `as`.  `from m import *` has one alias named "*".
struct ImportAlias {
  std::string name;
  std::string asName;
  SourceRange range;

  // The name the import binds: `asName`, else the first component of `name`
  // (`import triton.language` binds `triton`).
  std::string boundName() const;
};

using ImportAliasList = std::vector<ImportAlias>;

class ImportStmt : public Stmt {
public:
  ImportStmt(ImportAliasList names, SourceRange range)
      : Stmt(NodeKind::Import, range, 1), names_(std::move(names)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Import; }

  const ImportAliasList &names() const { return names_; }

private:
  ImportAliasList names_;
};

// `from module import names`; `level` counts leading dots (`from ..x import y` has level 2),
// and `module` is empty for `from . import y`.
class ImportFromStmt : public Stmt {
public:
  ImportFromStmt(std::string module, int level, ImportAliasList names, SourceRange range)
      : Stmt(NodeKind::ImportFrom, range, 1), module_(std::move(module)), level_(level),
        names_(std::move(names)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::ImportFrom; }

  const std::string &module() const { return module_; }
  int level() const { return level_; }
  const ImportAliasList &names() const { return names_; }

private:
  std::string module_;
  int level_;
  ImportAliasList names_;
};

// `global a, b` and `nonlocal a, b`.
class ScopeDeclarationStmt : public Stmt {
public:
  ScopeDeclarationStmt(NodeKind kind, std::vector<std::string> names, SourceRange range)
      : Stmt(kind, range, 1), names_(std::move(names)) {
    assert(classof(this) && "not global/nonlocal");
  }
  static bool classof(const Node *node) {
    return node->kind() == NodeKind::Global || node->kind() == NodeKind::Nonlocal;
  }

  const std::vector<std::string> &names() const { return names_; }

private:
  std::vector<std::string> names_;
};

class DeleteStmt : public Stmt {
public:
  DeleteStmt(ExprList targets, SourceRange range)
      : Stmt(NodeKind::Delete, range, heightAbove(targets)), targets_(std::move(targets)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Delete; }

  const ExprList &targets() const { return targets_; }

private:
  ExprList targets_;
};

// `raise exception from cause`; both may be null.
class RaiseStmt : public Stmt {
public:
  RaiseStmt(ExprPtr exception, ExprPtr cause, SourceRange range)
      : Stmt(NodeKind::Raise, range, heightAbove(exception, cause)),
        exception_(std::move(exception)), cause_(std::move(cause)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Raise; }

  const Expr *exception() const { return exception_.get(); }
  const Expr *cause() const { return cause_.get(); }

private:
  ExprPtr exception_;
  ExprPtr cause_;
};

// `except type as name:` (CPython's `ExceptHandler`, located at `except`).
struct ExceptHandler {
  ExprPtr type; // null for a bare `except:`
  std::string name;
  Block body;
  SourceRange range;
};

using ExceptHandlerList = std::vector<ExceptHandler>;

inline int heightOf(const ExceptHandlerList &handlers) {
  int height = 0;
  for (const ExceptHandler &handler : handlers)
    height = std::max({height, heightOf(handler.type), heightOf(handler.body)});
  return height;
}

// `try:` with its handlers, `else:` and `finally:`; `isStar` for `except*`.
class TryStmt : public Stmt {
public:
  TryStmt(Block body, ExceptHandlerList handlers, Block orElse, Block finalBody, bool isStar,
          SourceRange range)
      : Stmt(NodeKind::Try, range, heightAbove(body, handlers, orElse, finalBody)),
        body_(std::move(body)), handlers_(std::move(handlers)), orElse_(std::move(orElse)),
        finalBody_(std::move(finalBody)), isStar_(isStar) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Try; }

  const Block &body() const { return body_; }
  const ExceptHandlerList &handlers() const { return handlers_; }
  const Block &orElse() const { return orElse_; }
  const Block &finalBody() const { return finalBody_; }
  bool isStar() const { return isStar_; }

private:
  Block body_;
  ExceptHandlerList handlers_;
  Block orElse_;
  Block finalBody_;
  bool isStar_;
};

// A statement of host code written in Python syntax the parser does not read (a `match`
// statement, a `type X = ...` alias, a `def f[T]()` with type parameters).  trex never runs
// host code, so such a statement is kept as text, with a warning, instead of failing the whole
// file.  Never produced inside a Triton function or for one: there it is an error.
class OpaqueStmt : public Stmt {
public:
  OpaqueStmt(std::string sourceText, std::string reason, SourceRange range)
      : Stmt(NodeKind::Opaque, range, 1), sourceText_(std::move(sourceText)),
        reason_(std::move(reason)) {}
  static bool classof(const Node *node) { return node->kind() == NodeKind::Opaque; }

  const std::string &sourceText() const { return sourceText_; }
  // What it is, in words: "a 'match' statement".
  const std::string &reason() const { return reason_; }

private:
  std::string sourceText_;
  std::string reason_;
};

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_STATEMENT_H
