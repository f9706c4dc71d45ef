// StatementParsing: the statement rules of the parser: simple statements, assignments,
// compound statements with their indented suites, definitions and imports.
#include "RecursiveDescentParser.h"

namespace trex::python {

namespace {

std::optional<BinaryOperator> augmentedAssignOperator(TokenKind kind) {
  switch (kind) {
  case TokenKind::PlusEqual:
    return BinaryOperator::Add;
  case TokenKind::MinusEqual:
    return BinaryOperator::Subtract;
  case TokenKind::StarEqual:
    return BinaryOperator::Multiply;
  case TokenKind::AtEqual:
    return BinaryOperator::MatrixMultiply;
  case TokenKind::SlashEqual:
    return BinaryOperator::Divide;
  case TokenKind::DoubleSlashEqual:
    return BinaryOperator::FloorDivide;
  case TokenKind::PercentEqual:
    return BinaryOperator::Modulo;
  case TokenKind::DoubleStarEqual:
    return BinaryOperator::Power;
  case TokenKind::LeftShiftEqual:
    return BinaryOperator::LeftShift;
  case TokenKind::RightShiftEqual:
    return BinaryOperator::RightShift;
  case TokenKind::VerticalBarEqual:
    return BinaryOperator::BitOr;
  case TokenKind::CaretEqual:
    return BinaryOperator::BitXor;
  case TokenKind::AmpersandEqual:
    return BinaryOperator::BitAnd;
  default:
    return std::nullopt;
  }
}

bool isSingleTarget(const Expr &expr) {
  return expr.isa<NameExpr>() || expr.isa<AttributeExpr>() || expr.isa<SubscriptExpr>();
}

} // namespace

void RecursiveDescentParser::parseStatement(Block &into) {
  if (std::optional<std::string> unsupported = describeUnsupportedStatement(index_)) {
    into.push_back(skipUnsupportedStatement(*unsupported));
    return;
  }
  const Token &first = current();
  switch (first.kind) {
  case TokenKind::KwIf:
    into.push_back(parseIf());
    return;
  case TokenKind::KwWhile:
    into.push_back(parseWhile());
    return;
  case TokenKind::KwFor:
    into.push_back(parseFor(first, /*isAsync=*/false));
    return;
  case TokenKind::KwWith:
    into.push_back(parseWith(first, /*isAsync=*/false));
    return;
  case TokenKind::KwTry:
    into.push_back(parseTry());
    return;
  case TokenKind::KwDef:
    into.push_back(parseFunctionDef({}, first, /*isAsync=*/false));
    return;
  case TokenKind::KwClass:
    into.push_back(parseClassDef({}, first));
    return;
  case TokenKind::At:
    into.push_back(parseDecorated());
    return;
  case TokenKind::KwAsync:
    switch (lookahead(1).kind) {
    case TokenKind::KwDef:
      into.push_back(parseFunctionDef({}, first, /*isAsync=*/true));
      return;
    case TokenKind::KwFor:
      advance();
      into.push_back(parseFor(first, /*isAsync=*/true));
      return;
    case TokenKind::KwWith:
      advance();
      into.push_back(parseWith(first, /*isAsync=*/true));
      return;
    default:
      fail(lookahead(1).begin, "expected 'def', 'for' or 'with' after 'async'");
    }
  case TokenKind::Indent:
    fail(first.end, "unexpected indent");
  case TokenKind::KwElse:
  case TokenKind::KwElif:
  case TokenKind::KwExcept:
  case TokenKind::KwFinally:
    fail(first.begin, "'" + std::string(first.text) +
                          "' does not belong to any statement here (is it indented like the "
                          "statement it continues?)");
  default:
    parseSimpleStatements(into);
  }
}

void RecursiveDescentParser::parseSimpleStatements(Block &into) {
  while (true) {
    into.push_back(parseSmallStatement());
    if (!consumeIf(TokenKind::Semicolon) || at(TokenKind::Newline))
      break;
  }
  if (!at(TokenKind::Newline))
    fail(current().begin,
         "expected the end of the statement (a new line or ';'), found " + describeCurrent());
  advance();
}

bool RecursiveDescentParser::atEndOfSimpleStatement() const {
  return at(TokenKind::Newline) || at(TokenKind::Semicolon);
}

StmtPtr RecursiveDescentParser::parseSmallStatement() {
  const Token &first = current();
  switch (first.kind) {
  case TokenKind::KwPass:
    advance();
    return std::make_unique<KeywordStmt>(NodeKind::Pass, rangeFrom(first));
  case TokenKind::KwBreak:
    advance();
    return std::make_unique<KeywordStmt>(NodeKind::Break, rangeFrom(first));
  case TokenKind::KwContinue:
    advance();
    return std::make_unique<KeywordStmt>(NodeKind::Continue, rangeFrom(first));
  case TokenKind::KwReturn: {
    advance();
    ExprPtr value = atEndOfSimpleStatement() ? nullptr : parseStarExpressions();
    return std::make_unique<ReturnStmt>(std::move(value), rangeFrom(first));
  }
  case TokenKind::KwAssert: {
    advance();
    ExprPtr test = parseExpression();
    ExprPtr message = consumeIf(TokenKind::Comma) ? parseExpression() : nullptr;
    return std::make_unique<AssertStmt>(std::move(test), std::move(message), rangeFrom(first));
  }
  case TokenKind::KwImport:
    return parseImport();
  case TokenKind::KwFrom:
    return parseImportFrom();
  case TokenKind::KwGlobal:
  case TokenKind::KwNonlocal:
    return parseScopeDeclaration();
  case TokenKind::KwDel:
    return parseDelete();
  case TokenKind::KwRaise:
    return parseRaise();
  default:
    return parseExpressionStatementOrAssignment();
  }
}

StmtPtr RecursiveDescentParser::parseExpressionStatementOrAssignment() {
  const Token &first = current();
  auto parseValue = [this] {
    return at(TokenKind::KwYield) ? parseYield() : parseStarExpressions();
  };
  ExprPtr expr = parseValue();

  if (at(TokenKind::Colon)) {
    // `x: tl.constexpr = 3`
    if (!isSingleTarget(*expr))
      fail(expr->location(),
           expr->isa<TupleExpr>()
               ? "only a single target (not a tuple) can be annotated"
               : "cannot annotate " + std::string(describeExpressionForMessage(*expr)));
    advance();
    markAsTarget(*expr, ExprContext::Store);
    ExprPtr annotation = parseExpression();
    ExprPtr value = consumeIf(TokenKind::Equal) ? parseValue() : nullptr;
    bool isSimple = expr->isa<NameExpr>() && first.is(TokenKind::Name);
    return std::make_unique<AnnotatedAssignStmt>(std::move(expr), std::move(annotation),
                                                 std::move(value), isSimple, rangeFrom(first));
  }

  if (std::optional<BinaryOperator> op = augmentedAssignOperator(current().kind)) {
    if (!isSingleTarget(*expr))
      fail(expr->location(), "cannot use " + std::string(describeExpressionForMessage(*expr)) +
                                 " as the target of '" + std::string(current().text) + "'");
    advance();
    markAsTarget(*expr, ExprContext::Store);
    ExprPtr value = parseValue();
    return std::make_unique<AugmentedAssignStmt>(std::move(expr), *op, std::move(value),
                                                 rangeFrom(first));
  }

  if (at(TokenKind::Equal)) {
    // `a = b = value`: every expression but the last is a target.
    ExprList targets;
    while (consumeIf(TokenKind::Equal)) {
      markAsTarget(*expr, ExprContext::Store);
      targets.push_back(std::move(expr));
      expr = parseValue();
    }
    return std::make_unique<AssignStmt>(std::move(targets), std::move(expr), rangeFrom(first));
  }

  return std::make_unique<ExpressionStmt>(std::move(expr), rangeFrom(first));
}

Block RecursiveDescentParser::parseSuite(const Token &header, std::string_view construct) {
  expect(TokenKind::Colon, "':' at the end of the " + std::string(construct) + " header");
  Block body;
  if (!consumeIf(TokenKind::Newline)) {
    parseSimpleStatements(body); // `if x: return y`
    return body;
  }
  if (!at(TokenKind::Indent))
    fail(current().begin, "expected an indented block after the " + std::string(construct) +
                              " on line " + std::to_string(header.begin.line));
  advance();
  do
    parseStatement(body);
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile));
  consumeIf(TokenKind::Dedent);
  return body;
}

// `if`/`elif`/`else`.  The chain is read in a loop and nested afterwards, so a long elif
// chain costs no recursion.
StmtPtr RecursiveDescentParser::parseIf() {
  struct Branch {
    const Token *keyword;
    ExprPtr test;
    Block body;
  };
  std::vector<Branch> branches;
  Block orElse;
  do {
    const Token &keyword = advance();
    ExprPtr test = parseNamedExpression();
    Block body = parseSuite(keyword, "'" + std::string(keyword.text) + "' statement");
    branches.push_back({&keyword, std::move(test), std::move(body)});
  } while (at(TokenKind::KwElif));
  if (at(TokenKind::KwElse)) {
    const Token &elseToken = advance();
    orElse = parseSuite(elseToken, "'else' statement");
  }
  SourceLocation end = endOfLastToken();
  StmtPtr statement;
  for (auto branch = branches.rbegin(); branch != branches.rend(); ++branch) {
    statement =
        std::make_unique<IfStmt>(std::move(branch->test), std::move(branch->body),
                                 std::move(orElse), SourceRange{branch->keyword->begin, end});
    checkHeight(*statement);
    orElse = Block();
    orElse.push_back(std::move(statement));
  }
  return std::move(orElse.front());
}

StmtPtr RecursiveDescentParser::parseWhile() {
  const Token &keyword = advance();
  ExprPtr test = parseNamedExpression();
  Block body = parseSuite(keyword, "'while' statement");
  Block orElse;
  if (at(TokenKind::KwElse)) {
    const Token &elseToken = advance();
    orElse = parseSuite(elseToken, "'else' statement");
  }
  SourceRange range{keyword.begin, endOfLastToken()};
  return std::make_unique<WhileStmt>(std::move(test), std::move(body), std::move(orElse), range);
}

StmtPtr RecursiveDescentParser::parseFor(const Token &first, bool isAsync) {
  const Token &keyword = advance();
  ExprPtr target = parseTargetList();
  markAsTarget(*target, ExprContext::Store);
  expect(TokenKind::KwIn, "'in' after the target of the 'for' loop");
  ExprPtr iterable = parseStarExpressions();
  Block body = parseSuite(keyword, "'for' statement");
  Block orElse;
  if (at(TokenKind::KwElse)) {
    const Token &elseToken = advance();
    orElse = parseSuite(elseToken, "'else' statement");
  }
  SourceRange range{first.begin, endOfLastToken()};
  return std::make_unique<ForStmt>(std::move(target), std::move(iterable), std::move(body),
                                   std::move(orElse), isAsync, range);
}

WithItem RecursiveDescentParser::parseWithItem() {
  WithItem item;
  item.context = parseExpression();
  if (consumeIf(TokenKind::KwAs)) {
    // One target: in `with a as x, b as y` the comma separates items.
    item.target = parseBitwiseOr();
    markAsTarget(*item.target, ExprContext::Store);
  }
  return item;
}

// `with (a as b, c as d):` (Python 3.10).  The same opening could also be a parenthesized
// context expression, `with (a, b):`, so this is tried first and undone if it does not fit.
bool RecursiveDescentParser::tryParseParenthesizedWithItems(WithItemList &items) {
  size_t start = index_;
  try {
    advance(); // (
    WithItemList parsed;
    do {
      if (at(TokenKind::RightParen))
        break;
      parsed.push_back(parseWithItem());
    } while (consumeIf(TokenKind::Comma));
    expect(TokenKind::RightParen, "')'");
    if (!at(TokenKind::Colon)) {
      index_ = start;
      return false;
    }
    items = std::move(parsed);
    return true;
  } catch (const SyntaxError &) {
    index_ = start;
    return false;
  }
}

StmtPtr RecursiveDescentParser::parseWith(const Token &first, bool isAsync) {
  const Token &keyword = advance();
  WithItemList items;
  if (!at(TokenKind::LeftParen) || !tryParseParenthesizedWithItems(items)) {
    do
      items.push_back(parseWithItem());
    while (consumeIf(TokenKind::Comma));
  }
  Block body = parseSuite(keyword, "'with' statement");
  SourceRange range{first.begin, endOfLastToken()};
  return std::make_unique<WithStmt>(std::move(items), std::move(body), isAsync, range);
}

StmtPtr RecursiveDescentParser::parseTry() {
  const Token &keyword = advance();
  Block body = parseSuite(keyword, "'try' statement");
  ExceptHandlerList handlers;
  bool isStar = false;
  while (at(TokenKind::KwExcept)) {
    const Token &except = advance();
    isStar = consumeIf(TokenKind::Star) || isStar;
    ExceptHandler handler;
    if (!at(TokenKind::Colon)) {
      handler.type = parseExpression();
      if (consumeIf(TokenKind::KwAs))
        handler.name = std::string(expect(TokenKind::Name, "a name after 'as'").text);
    }
    handler.body = parseSuite(except, "'except' statement");
    handler.range = {except.begin, endOfLastToken()};
    handlers.push_back(std::move(handler));
  }
  Block orElse, finalBody;
  if (at(TokenKind::KwElse) && !handlers.empty()) {
    const Token &elseToken = advance();
    orElse = parseSuite(elseToken, "'else' statement");
  }
  if (at(TokenKind::KwFinally)) {
    const Token &finally = advance();
    finalBody = parseSuite(finally, "'finally' statement");
  }
  if (handlers.empty() && finalBody.empty())
    fail(current().begin, "expected an 'except' or 'finally' block after the 'try' block on line " +
                              std::to_string(keyword.begin.line));
  SourceLocation end = endOfLastToken();
  return std::make_unique<TryStmt>(std::move(body), std::move(handlers), std::move(orElse),
                                   std::move(finalBody), isStar, SourceRange{keyword.begin, end});
}

StmtPtr RecursiveDescentParser::parseDecorated() {
  // Inside a Triton function nothing may be skipped as host code.
  struct TritonFunctionScope {
    int &depth;
    bool entered;
    ~TritonFunctionScope() { depth -= entered ? 1 : 0; }
  } scope{tritonFunctionDepth_, hasTritonDecorator(index_)};
  tritonFunctionDepth_ += scope.entered ? 1 : 0;
  ExprList decorators;
  while (consumeIf(TokenKind::At)) {
    decorators.push_back(parseNamedExpression());
    expect(TokenKind::Newline, "the end of the line after the decorator");
  }
  const Token &first = current();
  if (at(TokenKind::KwDef))
    return parseFunctionDef(std::move(decorators), first, /*isAsync=*/false);
  if (at(TokenKind::KwAsync) && lookahead(1).is(TokenKind::KwDef))
    return parseFunctionDef(std::move(decorators), first, /*isAsync=*/true);
  if (at(TokenKind::KwClass))
    return parseClassDef(std::move(decorators), first);
  failExpected("'def' or 'class' after the decorators");
}

// The `def` statement starts at `def` (or `async`), not at its decorators, as in CPython 3.8+.
StmtPtr RecursiveDescentParser::parseFunctionDef(ExprList decorators, const Token &first,
                                                 bool isAsync) {
  if (isAsync)
    advance();
  const Token &keyword = advance(); // def
  const Token &name = expect(TokenKind::Name, "the function name after 'def'");
  const Token &open = expect(TokenKind::LeftParen, "'(' after the function name");
  ParameterList parameters = parseParameters(TokenKind::RightParen, /*allowAnnotations=*/true);
  expectClosing(TokenKind::RightParen, open, "',' or ')' after the parameter");
  ExprPtr returnAnnotation = consumeIf(TokenKind::Arrow) ? parseExpression() : nullptr;
  Block body = parseSuite(keyword, "function definition");
  SourceRange range{first.begin, endOfLastToken()};
  auto function = std::make_unique<FunctionDefStmt>(
      std::string(name.text), std::move(decorators), std::move(parameters),
      std::move(returnAnnotation), std::move(body), isAsync, range);
  checkHeight(*function);
  return function;
}

StmtPtr RecursiveDescentParser::parseClassDef(ExprList decorators, const Token &first) {
  const Token &keyword = advance(); // class
  const Token &name = expect(TokenKind::Name, "the class name after 'class'");
  ExprList bases;
  KeywordArgumentList keywords;
  if (at(TokenKind::LeftParen)) {
    NestingGuard guard(*this, current().begin);
    const Token &open = advance();
    parseCallArguments(open, bases, keywords);
  }
  Block body = parseSuite(keyword, "class definition");
  SourceRange range{first.begin, endOfLastToken()};
  return std::make_unique<ClassDefStmt>(std::string(name.text), std::move(decorators),
                                        std::move(bases), std::move(keywords), std::move(body),
                                        range);
}

// The parameter list of a `def` (up to `)`) or a `lambda` (up to `:`), with CPython's rules
// for `/`, `*`, `*args`, `**kwargs` and defaults.
ParameterList RecursiveDescentParser::parseParameters(TokenKind closing, bool allowAnnotations) {
  ParameterList parameters;
  ParameterKind kind = ParameterKind::PositionalOrKeyword;
  bool sawSlash = false, sawStar = false, sawDoubleStar = false, sawDefault = false;
  const Token *bareStar = nullptr;
  while (!at(closing)) {
    const Token &token = current();
    if (sawDoubleStar)
      fail(token.begin, "no parameter may follow the '**' parameter");
    if (at(TokenKind::Slash)) {
      if (sawSlash || sawStar || parameters.empty())
        fail(token.begin, sawSlash  ? "'/' may appear only once"
                          : sawStar ? "'/' must come before '*'"
                                    : "at least one parameter must come before '/'");
      advance();
      sawSlash = true;
      for (Parameter &parameter : parameters)
        parameter.kind = ParameterKind::PositionalOnly;
    } else if (at(TokenKind::Star)) {
      if (sawStar)
        fail(token.begin, "'*' may appear only once in a parameter list");
      advance();
      sawStar = true;
      kind = ParameterKind::KeywordOnly;
      if (at(TokenKind::Name))
        parameters.push_back(parseParameter(ParameterKind::VariadicPositional, allowAnnotations));
      else
        bareStar = &token;
    } else if (at(TokenKind::DoubleStar)) {
      advance();
      parameters.push_back(parseParameter(ParameterKind::VariadicKeyword, allowAnnotations));
      sawDoubleStar = true;
    } else {
      Parameter parameter = parseParameter(kind, allowAnnotations);
      if (consumeIf(TokenKind::Equal)) {
        parameter.defaultValue = parseExpression();
        sawDefault = sawDefault || kind != ParameterKind::KeywordOnly;
      } else if (sawDefault && kind != ParameterKind::KeywordOnly) {
        fail(parameter.range.begin,
             "parameter '" + parameter.name + "' without a default follows a parameter with one");
      }
      parameters.push_back(std::move(parameter));
      if (bareStar)
        bareStar = nullptr;
    }
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (bareStar)
    fail(bareStar->begin, "a bare '*' must be followed by a keyword-only parameter");
  // As Python: "SyntaxError: duplicate argument 'x' in function definition".
  for (size_t i = 0; i < parameters.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (parameters[i].name == parameters[j].name)
        fail(parameters[i].range.begin,
             "duplicate argument '" + parameters[i].name + "' in function definition");
  return parameters;
}

Parameter RecursiveDescentParser::parseParameter(ParameterKind kind, bool allowAnnotation) {
  const Token &name = expect(TokenKind::Name, "a parameter name");
  Parameter parameter;
  parameter.name = std::string(name.text);
  parameter.kind = kind;
  if (allowAnnotation && consumeIf(TokenKind::Colon))
    parameter.annotation = parseExpression();
  parameter.range = rangeFrom(name);
  return parameter;
}

std::string RecursiveDescentParser::parseDottedName() {
  std::string name(expect(TokenKind::Name, "a module name").text);
  while (consumeIf(TokenKind::Dot))
    name += "." + std::string(expect(TokenKind::Name, "a name after '.'").text);
  return name;
}

ImportAlias RecursiveDescentParser::parseImportAlias(bool dotted) {
  const Token &first = current();
  ImportAlias alias;
  alias.name =
      dotted ? parseDottedName() : std::string(expect(TokenKind::Name, "a name to import").text);
  if (consumeIf(TokenKind::KwAs))
    alias.asName = std::string(expect(TokenKind::Name, "a name after 'as'").text);
  alias.range = rangeFrom(first);
  return alias;
}

StmtPtr RecursiveDescentParser::parseImport() {
  const Token &keyword = advance();
  ImportAliasList names;
  do
    names.push_back(parseImportAlias(/*dotted=*/true));
  while (consumeIf(TokenKind::Comma));
  return std::make_unique<ImportStmt>(std::move(names), rangeFrom(keyword));
}

StmtPtr RecursiveDescentParser::parseImportFrom() {
  const Token &keyword = advance();
  int level = 0;
  while (at(TokenKind::Dot) || at(TokenKind::Ellipsis))
    level += advance().is(TokenKind::Dot) ? 1 : 3;
  std::string module = (level > 0 && at(TokenKind::KwImport)) ? std::string() : parseDottedName();
  expect(TokenKind::KwImport, "'import' after the module name");
  ImportAliasList names;
  if (at(TokenKind::Star)) {
    const Token &star = advance();
    names.push_back(ImportAlias{"*", {}, rangeFrom(star)});
  } else if (at(TokenKind::LeftParen)) {
    const Token &open = advance();
    do {
      if (at(TokenKind::RightParen))
        break;
      names.push_back(parseImportAlias(/*dotted=*/false));
    } while (consumeIf(TokenKind::Comma));
    expectClosing(TokenKind::RightParen, open, "',' or ')' in the import list");
  } else {
    do
      names.push_back(parseImportAlias(/*dotted=*/false));
    while (consumeIf(TokenKind::Comma));
  }
  return std::make_unique<ImportFromStmt>(std::move(module), level, std::move(names),
                                          rangeFrom(keyword));
}

StmtPtr RecursiveDescentParser::parseScopeDeclaration() {
  const Token &keyword = advance();
  std::vector<std::string> names;
  do
    names.emplace_back(expect(TokenKind::Name, "a name").text);
  while (consumeIf(TokenKind::Comma));
  NodeKind kind = keyword.is(TokenKind::KwGlobal) ? NodeKind::Global : NodeKind::Nonlocal;
  return std::make_unique<ScopeDeclarationStmt>(kind, std::move(names), rangeFrom(keyword));
}

// `del a, b[0]` deletes a list of targets (not a tuple), as in CPython.
StmtPtr RecursiveDescentParser::parseDelete() {
  const Token &keyword = advance();
  ExprList targets;
  do {
    if (!targets.empty() && atEndOfSimpleStatement())
      break;
    ExprPtr target = parseBitwiseOr();
    markAsTarget(*target, ExprContext::Delete);
    targets.push_back(std::move(target));
  } while (consumeIf(TokenKind::Comma));
  return std::make_unique<DeleteStmt>(std::move(targets), rangeFrom(keyword));
}

StmtPtr RecursiveDescentParser::parseRaise() {
  const Token &keyword = advance();
  ExprPtr exception, cause;
  if (!atEndOfSimpleStatement()) {
    exception = parseExpression();
    if (consumeIf(TokenKind::KwFrom))
      cause = parseExpression();
  }
  return std::make_unique<RaiseStmt>(std::move(exception), std::move(cause), rangeFrom(keyword));
}

} // namespace trex::python
