// RecursiveDescentParser: the parser proper, tokens -> AST, one method per grammar rule.
//
// The grammar is CPython's (Grammar/python.gram), rule by rule where the names match.  Each
// method starts at the current token and leaves the cursor after what it read.  Syntax errors
// are thrown as SyntaxError and turned into a Diagnostic by the entry points in Parser.cpp;
// no exception leaves the library.  Expression methods live in ExpressionParsing.cpp,
// statement methods in StatementParsing.cpp, the skipping of syntax the parser does not read
// in UnsupportedSyntax.cpp, and the cursor in Parser.cpp.
#ifndef TREX_FRONTEND_PYTHON_RECURSIVEDESCENTPARSER_H
#define TREX_FRONTEND_PYTHON_RECURSIVEDESCENTPARSER_H

#include "trex/Frontend/Python/Diagnostic.h"
#include "trex/Frontend/Python/Statement.h"
#include "trex/Frontend/Python/Token.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trex::python {

struct SyntaxError {
  SourceLocation location;
  std::string message;
};

// How deep the parser may recurse.  Every cycle of recursion in the expression grammar goes
// through a bracket (parentheses, displays, calls, subscripts), a unary operator, `not`, `**`,
// `lambda` or a conditional's `else`, and each of those counts one level.  A real kernel nests
// a handful; at the limit a release build needs under 256 KiB of stack, so the parser is safe
// on a worker thread (macOS gives those 512 KiB).
constexpr int MaxNestingDepth = 100;
// The tallest tree the parser builds (long `a + b + c ...` chains grow it without recursion).
// Every recursive walk over the AST, destructors included, stays bounded by it.
constexpr int MaxTreeHeight = 1000;

class RecursiveDescentParser {
public:
  RecursiveDescentParser(std::string_view source, std::string fileName, std::vector<Token> tokens);

  // The statements of a whole file.  A statement of host code in syntax the parser does not
  // read becomes an OpaqueStmt, with a warning (see takeWarnings).
  Block parseModule();
  std::vector<Diagnostic> takeWarnings() { return std::move(warnings_); }
  // One expression, then only the end of the input.
  ExprPtr parseStandaloneExpression();

private:
  // --- Token cursor ---------------------------------------------------------------------
  const Token &current() const { return tokens_[index_]; }
  const Token &lookahead(size_t distance) const;
  const Token &previous() const { return tokens_[index_ == 0 ? 0 : index_ - 1]; }
  bool at(TokenKind kind) const { return current().kind == kind; }
  const Token &advance();
  bool consumeIf(TokenKind kind);
  // Consumes a `kind` token or fails with "expected <what>, found <current token>".
  const Token &expect(TokenKind kind, std::string_view what);
  // Consumes the bracket closing `open` or fails, naming where `open` was.
  void expectClosing(TokenKind closing, const Token &open, std::string_view expectedWhat);
  [[noreturn]] void fail(SourceLocation location, std::string message) const;
  [[noreturn]] void failExpected(std::string_view what) const;
  // "'foo'", "')'", "the end of the line": the current token, for messages.
  std::string describeCurrent() const;
  // From the start of `first` to the end of the last consumed token.
  SourceRange rangeFrom(const Token &first) const { return {first.begin, previous().end}; }
  // The end of the last consumed token that is not a newline, indent or dedent: where a
  // compound statement ends (after a trailing `;` too, as in CPython).
  SourceLocation endOfLastToken() const;
  std::string_view sourceBetween(const Token &first, const Token &last) const;

  // Counts one level of recursion for as long as it lives; fails past MaxNestingDepth.
  class NestingGuard {
  public:
    NestingGuard(RecursiveDescentParser &parser, SourceLocation location);
    ~NestingGuard() { --parser_.nesting_; }
    NestingGuard(const NestingGuard &) = delete;
    NestingGuard &operator=(const NestingGuard &) = delete;

  private:
    RecursiveDescentParser &parser_;
  };
  // Fails when `node` has grown taller than MaxTreeHeight.
  void checkHeight(const Node &node) const;

  // --- Statements (StatementParsing.cpp) -------------------------------------------------
  void parseStatement(Block &into);
  void parseSimpleStatements(Block &into);
  StmtPtr parseSmallStatement();
  StmtPtr parseExpressionStatementOrAssignment();
  // `:` then either NEWLINE INDENT statements DEDENT or simple statements on the same line.
  // `header` and `construct` ("'if' statement") word the "expected an indented block" error.
  Block parseSuite(const Token &header, std::string_view construct);
  StmtPtr parseIf();
  StmtPtr parseWhile();
  StmtPtr parseFor(const Token &first, bool isAsync);
  StmtPtr parseWith(const Token &first, bool isAsync);
  bool tryParseParenthesizedWithItems(WithItemList &items);
  WithItem parseWithItem();
  StmtPtr parseTry();
  StmtPtr parseDecorated();
  StmtPtr parseFunctionDef(ExprList decorators, const Token &first, bool isAsync);
  StmtPtr parseClassDef(ExprList decorators, const Token &first);
  ParameterList parseParameters(TokenKind closing, bool allowAnnotations);
  Parameter parseParameter(ParameterKind kind, bool allowAnnotation);
  StmtPtr parseImport();
  StmtPtr parseImportFrom();
  std::string parseDottedName();
  ImportAlias parseImportAlias(bool dotted);
  StmtPtr parseScopeDeclaration();
  StmtPtr parseDelete();
  StmtPtr parseRaise();
  bool atEndOfSimpleStatement() const;

  // --- Syntax the parser does not read (UnsupportedSyntax.cpp) ---------------------------
  // What unread syntax the statement starting at token `first` is written in ("a 'match'
  // statement", ...), or nothing for a statement the parser reads.
  std::optional<std::string> describeUnsupportedStatement(size_t first) const;
  // Skips that statement: an OpaqueStmt and a warning in host code, an error in a Triton
  // function (or a statement carrying a Triton decorator).
  StmtPtr skipUnsupportedStatement(const std::string &description);
  bool hasTritonDecorator(size_t first) const;
  // From token `first`, the index just past the end of the statement that starts there.
  size_t endOfStatement(size_t first) const;

  // --- Expressions (ExpressionParsing.cpp) -----------------------------------------------
  bool startsExpression(const Token &token) const;
  // star_expressions: `a`, `a, b`, `*a, b` (a TupleExpr when there is a comma).
  ExprPtr parseStarExpressions();
  ExprPtr parseStarExpression();
  // star_named_expression: what a display or a parenthesized tuple holds.
  ExprPtr parseStarNamedExpression();
  // named_expression: `name := value` or an expression.
  ExprPtr parseNamedExpression();
  // expression: conditional expressions and lambdas.
  ExprPtr parseExpression();
  ExprPtr parseLambda();
  ExprPtr parseDisjunction();
  ExprPtr parseConjunction();
  ExprPtr parseInversion();
  ExprPtr parseComparison();
  // One left-associative binary level: operand (operator operand)*, with the operators
  // `operatorOf` recognizes and operands parsed by `operand` (the next tighter level).
  using OperatorLookup = std::optional<BinaryOperator> (*)(TokenKind);
  ExprPtr parseLeftAssociative(OperatorLookup operatorOf,
                               ExprPtr (RecursiveDescentParser::*operand)());
  ExprPtr parseBitwiseOr();
  ExprPtr parseBitwiseXor();
  ExprPtr parseBitwiseAnd();
  ExprPtr parseShift();
  ExprPtr parseSum();
  ExprPtr parseTerm();
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parseAwaitPrimary();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseParenthesized();
  ExprPtr parseListDisplay();
  ExprPtr parseBraceDisplay();
  ExprPtr parseStrings();
  ExprPtr parseNumber();
  ExprPtr parseYield();
  void parseCallArguments(const Token &open, ExprList &arguments, KeywordArgumentList &keywords);
  ExprPtr parseSubscriptIndex();
  ExprPtr parseSliceItem();
  ComprehensionClauseList parseComprehensionClauses();
  bool atComprehensionFor() const;
  // star_targets: the targets of `for` and comprehensions (a TupleExpr when there is a comma).
  ExprPtr parseTargetList();
  // Marks `expr` as assigned to (or deleted), failing for what cannot be: `f() = 1`.
  void markAsTarget(Expr &expr, ExprContext context) const;

  std::string_view source_;
  std::string fileName_;
  std::vector<Token> tokens_;
  size_t index_ = 0;
  int nesting_ = 0;
  // How many functions with a Triton decorator enclose the current statement.
  int tritonFunctionDepth_ = 0;
  std::vector<Diagnostic> warnings_;
};

// "a function call", "a literal", "a comparison": an expression, in messages.
std::string_view describeExpressionForMessage(const Expr &expr);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_RECURSIVEDESCENTPARSER_H
