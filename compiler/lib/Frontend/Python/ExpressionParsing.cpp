// ExpressionParsing: the expression rules of the parser, from `a if c else b` down to atoms,
// with Python's precedence and CPython's node locations.
//
// Locations come from tokens: a node spans from the first token of its leftmost operand to
// the last token of its rightmost one.  A parenthesized operand's first token is its `(`, so
// `(a + b) * c` starts at the `(` while the inner `a + b` keeps its own range, as in CPython.
#include "LiteralDecoding.h"
#include "RecursiveDescentParser.h"

namespace trex::python {

namespace {

std::optional<BinaryOperator> sumOperator(TokenKind kind) {
  switch (kind) {
  case TokenKind::Plus:
    return BinaryOperator::Add;
  case TokenKind::Minus:
    return BinaryOperator::Subtract;
  default:
    return std::nullopt;
  }
}

std::optional<BinaryOperator> termOperator(TokenKind kind) {
  switch (kind) {
  case TokenKind::Star:
    return BinaryOperator::Multiply;
  case TokenKind::Slash:
    return BinaryOperator::Divide;
  case TokenKind::DoubleSlash:
    return BinaryOperator::FloorDivide;
  case TokenKind::Percent:
    return BinaryOperator::Modulo;
  case TokenKind::At:
    return BinaryOperator::MatrixMultiply;
  default:
    return std::nullopt;
  }
}

std::optional<BinaryOperator> shiftOperator(TokenKind kind) {
  switch (kind) {
  case TokenKind::LeftShift:
    return BinaryOperator::LeftShift;
  case TokenKind::RightShift:
    return BinaryOperator::RightShift;
  default:
    return std::nullopt;
  }
}

std::optional<BinaryOperator> bitwiseOrOperator(TokenKind kind) {
  return kind == TokenKind::VerticalBar ? std::optional(BinaryOperator::BitOr) : std::nullopt;
}
std::optional<BinaryOperator> bitwiseXorOperator(TokenKind kind) {
  return kind == TokenKind::Caret ? std::optional(BinaryOperator::BitXor) : std::nullopt;
}
std::optional<BinaryOperator> bitwiseAndOperator(TokenKind kind) {
  return kind == TokenKind::Ampersand ? std::optional(BinaryOperator::BitAnd) : std::nullopt;
}

} // namespace

std::string_view describeExpressionForMessage(const Expr &expr) {
  switch (expr.kind()) {
  case NodeKind::Call:
    return "a function call";
  case NodeKind::IntegerLiteral:
  case NodeKind::FloatLiteral:
  case NodeKind::ImaginaryLiteral:
  case NodeKind::StringLiteral:
  case NodeKind::BooleanLiteral:
  case NodeKind::NoneLiteral:
  case NodeKind::EllipsisLiteral:
    return "a literal";
  case NodeKind::FormattedString:
    return "an f-string";
  case NodeKind::Compare:
    return "a comparison";
  case NodeKind::BooleanOp:
  case NodeKind::BinaryOp:
  case NodeKind::UnaryOp:
    return "an expression";
  case NodeKind::Conditional:
    return "a conditional expression";
  case NodeKind::Lambda:
    return "a lambda";
  case NodeKind::Dict:
    return "a dict literal";
  case NodeKind::Set:
    return "a set display";
  case NodeKind::ListComprehension:
    return "a list comprehension";
  case NodeKind::SetComprehension:
    return "a set comprehension";
  case NodeKind::DictComprehension:
    return "a dict comprehension";
  case NodeKind::GeneratorExpression:
    return "a generator expression";
  case NodeKind::NamedExpr:
    return "a named expression";
  case NodeKind::Yield:
  case NodeKind::YieldFrom:
    return "a yield expression";
  case NodeKind::Await:
    return "an await expression";
  case NodeKind::Slice:
    return "a slice";
  default:
    return "this expression";
  }
}

bool RecursiveDescentParser::startsExpression(const Token &token) const {
  switch (token.kind) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNone:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait:
  case TokenKind::LeftParen:
  case TokenKind::LeftBracket:
  case TokenKind::LeftBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::Star:
  case TokenKind::Ellipsis:
    return true;
  default:
    return false;
  }
}

ExprPtr RecursiveDescentParser::parseStarExpressions() {
  const Token &first = current();
  ExprPtr expr = parseStarExpression();
  if (!at(TokenKind::Comma))
    return expr;
  ExprList elements;
  elements.push_back(std::move(expr));
  while (consumeIf(TokenKind::Comma)) {
    if (!startsExpression(current()))
      break; // a trailing comma: `return a, b,`
    elements.push_back(parseStarExpression());
  }
  auto tuple = std::make_unique<TupleExpr>(std::move(elements), rangeFrom(first));
  checkHeight(*tuple);
  return tuple;
}

ExprPtr RecursiveDescentParser::parseStarExpression() {
  if (!at(TokenKind::Star))
    return parseExpression();
  const Token &star = advance();
  ExprPtr value = parseBitwiseOr();
  return std::make_unique<StarredExpr>(std::move(value), rangeFrom(star));
}

ExprPtr RecursiveDescentParser::parseStarNamedExpression() {
  if (!at(TokenKind::Star))
    return parseNamedExpression();
  const Token &star = advance();
  ExprPtr value = parseBitwiseOr();
  return std::make_unique<StarredExpr>(std::move(value), rangeFrom(star));
}

ExprPtr RecursiveDescentParser::parseNamedExpression() {
  if (at(TokenKind::Name) && lookahead(1).is(TokenKind::ColonEqual)) {
    const Token &name = advance();
    auto target = std::make_unique<NameExpr>(std::string(name.text), rangeFrom(name));
    target->setContext(ExprContext::Store);
    advance(); // :=
    ExprPtr value = parseExpression();
    return std::make_unique<NamedExpr>(std::move(target), std::move(value), rangeFrom(name));
  }
  return parseExpression();
}

ExprPtr RecursiveDescentParser::parseExpression() {
  if (at(TokenKind::KwLambda))
    return parseLambda();
  const Token &first = current();
  ExprPtr body = parseDisjunction();
  if (!at(TokenKind::KwIf))
    return body;
  advance();
  ExprPtr test = parseDisjunction();
  expect(TokenKind::KwElse, "'else' after the condition of the conditional expression");
  NestingGuard guard(*this, current().begin); // `a if b else c if d else ...` recurses here
  ExprPtr orElse = parseExpression();
  auto conditional = std::make_unique<ConditionalExpr>(std::move(test), std::move(body),
                                                       std::move(orElse), rangeFrom(first));
  checkHeight(*conditional);
  return conditional;
}

ExprPtr RecursiveDescentParser::parseLambda() {
  NestingGuard guard(*this, current().begin);
  const Token &lambda = advance();
  ParameterList parameters = parseParameters(TokenKind::Colon, /*allowAnnotations=*/false);
  expect(TokenKind::Colon, "':' after the parameters of the lambda");
  ExprPtr body = parseExpression();
  return std::make_unique<LambdaExpr>(std::move(parameters), std::move(body), rangeFrom(lambda));
}

ExprPtr RecursiveDescentParser::parseDisjunction() {
  const Token &first = current();
  ExprPtr expr = parseConjunction();
  if (!at(TokenKind::KwOr))
    return expr;
  ExprList values;
  values.push_back(std::move(expr));
  while (consumeIf(TokenKind::KwOr))
    values.push_back(parseConjunction());
  auto booleanOp =
      std::make_unique<BooleanOpExpr>(BooleanOperator::Or, std::move(values), rangeFrom(first));
  checkHeight(*booleanOp);
  return booleanOp;
}

ExprPtr RecursiveDescentParser::parseConjunction() {
  const Token &first = current();
  ExprPtr expr = parseInversion();
  if (!at(TokenKind::KwAnd))
    return expr;
  ExprList values;
  values.push_back(std::move(expr));
  while (consumeIf(TokenKind::KwAnd))
    values.push_back(parseInversion());
  auto booleanOp =
      std::make_unique<BooleanOpExpr>(BooleanOperator::And, std::move(values), rangeFrom(first));
  checkHeight(*booleanOp);
  return booleanOp;
}

ExprPtr RecursiveDescentParser::parseInversion() {
  if (!at(TokenKind::KwNot))
    return parseComparison();
  NestingGuard guard(*this, current().begin);
  const Token &notToken = advance();
  ExprPtr operand = parseInversion();
  return std::make_unique<UnaryOpExpr>(UnaryOperator::Not, std::move(operand), rangeFrom(notToken));
}

ExprPtr RecursiveDescentParser::parseComparison() {
  const Token &first = current();
  ExprPtr left = parseBitwiseOr();
  std::vector<ComparisonOperator> ops;
  ExprList comparators;
  while (true) {
    std::optional<ComparisonOperator> op;
    switch (current().kind) {
    case TokenKind::EqualEqual:
      op = ComparisonOperator::Equal;
      break;
    case TokenKind::NotEqual:
      op = ComparisonOperator::NotEqual;
      break;
    case TokenKind::Less:
      op = ComparisonOperator::Less;
      break;
    case TokenKind::LessEqual:
      op = ComparisonOperator::LessEqual;
      break;
    case TokenKind::Greater:
      op = ComparisonOperator::Greater;
      break;
    case TokenKind::GreaterEqual:
      op = ComparisonOperator::GreaterEqual;
      break;
    case TokenKind::KwIn:
      op = ComparisonOperator::In;
      break;
    case TokenKind::KwIs:
      op = lookahead(1).is(TokenKind::KwNot) ? ComparisonOperator::IsNot : ComparisonOperator::Is;
      break;
    case TokenKind::KwNot:
      if (lookahead(1).is(TokenKind::KwIn))
        op = ComparisonOperator::NotIn;
      break;
    default:
      break;
    }
    if (!op)
      break;
    advance();
    if (*op == ComparisonOperator::IsNot || *op == ComparisonOperator::NotIn)
      advance();
    ops.push_back(*op);
    comparators.push_back(parseBitwiseOr());
  }
  if (ops.empty())
    return left;
  auto compare = std::make_unique<CompareExpr>(std::move(left), std::move(ops),
                                               std::move(comparators), rangeFrom(first));
  checkHeight(*compare);
  return compare;
}

ExprPtr RecursiveDescentParser::parseLeftAssociative(OperatorLookup operatorOf,
                                                     ExprPtr (RecursiveDescentParser::*operand)()) {
  const Token &first = current();
  ExprPtr left = (this->*operand)();
  while (std::optional<BinaryOperator> op = operatorOf(current().kind)) {
    advance();
    ExprPtr right = (this->*operand)();
    left = std::make_unique<BinaryOpExpr>(*op, std::move(left), std::move(right), rangeFrom(first));
    checkHeight(*left);
  }
  return left;
}

ExprPtr RecursiveDescentParser::parseBitwiseOr() {
  return parseLeftAssociative(bitwiseOrOperator, &RecursiveDescentParser::parseBitwiseXor);
}
ExprPtr RecursiveDescentParser::parseBitwiseXor() {
  return parseLeftAssociative(bitwiseXorOperator, &RecursiveDescentParser::parseBitwiseAnd);
}
ExprPtr RecursiveDescentParser::parseBitwiseAnd() {
  return parseLeftAssociative(bitwiseAndOperator, &RecursiveDescentParser::parseShift);
}
ExprPtr RecursiveDescentParser::parseShift() {
  return parseLeftAssociative(shiftOperator, &RecursiveDescentParser::parseSum);
}
ExprPtr RecursiveDescentParser::parseSum() {
  return parseLeftAssociative(sumOperator, &RecursiveDescentParser::parseTerm);
}
ExprPtr RecursiveDescentParser::parseTerm() {
  return parseLeftAssociative(termOperator, &RecursiveDescentParser::parseFactor);
}

ExprPtr RecursiveDescentParser::parseFactor() {
  UnaryOperator op;
  switch (current().kind) {
  case TokenKind::Minus:
    op = UnaryOperator::Negate;
    break;
  case TokenKind::Plus:
    op = UnaryOperator::Plus;
    break;
  case TokenKind::Tilde:
    op = UnaryOperator::Invert;
    break;
  default:
    return parsePower();
  }
  NestingGuard guard(*this, current().begin);
  const Token &operatorToken = advance();
  ExprPtr operand = parseFactor();
  return std::make_unique<UnaryOpExpr>(op, std::move(operand), rangeFrom(operatorToken));
}

// `**` binds tighter than a unary operator on its left (`-2 ** 2` is `-(2 ** 2)`) and looser
// than one on its right (`2 ** -1`), and groups to the right: its exponent is a factor.
ExprPtr RecursiveDescentParser::parsePower() {
  const Token &first = current();
  ExprPtr base = parseAwaitPrimary();
  if (!at(TokenKind::DoubleStar))
    return base;
  NestingGuard guard(*this, current().begin);
  advance();
  ExprPtr exponent = parseFactor();
  auto power = std::make_unique<BinaryOpExpr>(BinaryOperator::Power, std::move(base),
                                              std::move(exponent), rangeFrom(first));
  checkHeight(*power);
  return power;
}

ExprPtr RecursiveDescentParser::parseAwaitPrimary() {
  if (!at(TokenKind::KwAwait))
    return parsePrimary();
  const Token &awaitToken = advance();
  ExprPtr value = parsePrimary();
  return std::make_unique<YieldExpr>(NodeKind::Await, std::move(value), rangeFrom(awaitToken));
}

ExprPtr RecursiveDescentParser::parsePrimary() {
  const Token &first = current();
  ExprPtr expr = parseAtom();
  while (true) {
    if (at(TokenKind::Dot)) {
      advance();
      const Token &name = expect(TokenKind::Name, "an attribute name after '.'");
      expr = std::make_unique<AttributeExpr>(std::move(expr), std::string(name.text),
                                             rangeFrom(first));
    } else if (at(TokenKind::LeftParen)) {
      NestingGuard guard(*this, current().begin);
      const Token &open = advance();
      ExprList arguments;
      KeywordArgumentList keywords;
      parseCallArguments(open, arguments, keywords);
      expr = std::make_unique<CallExpr>(std::move(expr), std::move(arguments), std::move(keywords),
                                        rangeFrom(first));
    } else if (at(TokenKind::LeftBracket)) {
      NestingGuard guard(*this, current().begin);
      const Token &open = advance();
      ExprPtr index = parseSubscriptIndex();
      expectClosing(TokenKind::RightBracket, open, "']' or ',' after the subscript");
      expr = std::make_unique<SubscriptExpr>(std::move(expr), std::move(index), rangeFrom(first));
    } else {
      return expr;
    }
    checkHeight(*expr);
  }
}

void RecursiveDescentParser::parseCallArguments(const Token &open, ExprList &arguments,
                                                KeywordArgumentList &keywords) {
  bool sawKeyword = false;
  bool sawDoubleStar = false;
  while (!at(TokenKind::RightParen)) {
    if (at(TokenKind::Star)) {
      const Token &star = advance();
      ExprPtr value = parseExpression();
      arguments.push_back(std::make_unique<StarredExpr>(std::move(value), rangeFrom(star)));
    } else if (at(TokenKind::DoubleStar)) {
      const Token &doubleStar = advance();
      ExprPtr value = parseExpression();
      keywords.push_back(KeywordArgument{{}, std::move(value), rangeFrom(doubleStar)});
      sawDoubleStar = true;
    } else if (at(TokenKind::Name) && lookahead(1).is(TokenKind::Equal)) {
      const Token &name = advance();
      advance(); // =
      ExprPtr value = parseExpression();
      keywords.push_back(
          KeywordArgument{std::string(name.text), std::move(value), rangeFrom(name)});
      sawKeyword = true;
    } else {
      const Token &first = current();
      ExprPtr argument = parseNamedExpression();
      if (atComprehensionFor()) {
        // `f(x for x in xs)`: a generator expression needs no parentheses of its own when it
        // is the only argument.
        ComprehensionClauseList clauses = parseComprehensionClauses();
        if (!arguments.empty() || !keywords.empty() || !at(TokenKind::RightParen))
          fail(first.begin, "a generator expression must be parenthesized unless it is the "
                            "only argument of the call");
        // It borrows the call's parentheses, and CPython's range includes them.
        argument = std::make_unique<ComprehensionExpr>(
            NodeKind::GeneratorExpression, std::move(argument), nullptr, std::move(clauses),
            SourceRange{open.begin, current().end});
      } else if (sawDoubleStar) {
        fail(first.begin, "positional argument follows keyword argument unpacking");
      } else if (sawKeyword) {
        fail(first.begin, "positional argument follows keyword argument");
      }
      arguments.push_back(std::move(argument));
    }
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  expectClosing(TokenKind::RightParen, open, "',' or ')' after the argument");
}

ExprPtr RecursiveDescentParser::parseSubscriptIndex() {
  const Token &first = current();
  ExprPtr item = parseSliceItem();
  if (!at(TokenKind::Comma))
    return item;
  ExprList elements;
  elements.push_back(std::move(item));
  while (consumeIf(TokenKind::Comma)) {
    if (at(TokenKind::RightBracket))
      break;
    elements.push_back(parseSliceItem());
  }
  auto tuple = std::make_unique<TupleExpr>(std::move(elements), rangeFrom(first));
  checkHeight(*tuple);
  return tuple;
}

ExprPtr RecursiveDescentParser::parseSliceItem() {
  const Token &first = current();
  if (at(TokenKind::Star)) {
    advance();
    ExprPtr value = parseBitwiseOr();
    return std::make_unique<StarredExpr>(std::move(value), rangeFrom(first));
  }
  ExprPtr lower;
  if (!at(TokenKind::Colon)) {
    lower = parseNamedExpression();
    if (!at(TokenKind::Colon))
      return lower;
  }
  advance(); // the first ':'
  auto endsSlicePart = [this] {
    return at(TokenKind::Colon) || at(TokenKind::Comma) || at(TokenKind::RightBracket);
  };
  ExprPtr upper = endsSlicePart() ? nullptr : parseExpression();
  ExprPtr step;
  if (consumeIf(TokenKind::Colon) && !endsSlicePart())
    step = parseExpression();
  return std::make_unique<SliceExpr>(std::move(lower), std::move(upper), std::move(step),
                                     rangeFrom(first));
}

ExprPtr RecursiveDescentParser::parseAtom() {
  const Token &token = current();
  switch (token.kind) {
  case TokenKind::Name:
    advance();
    return std::make_unique<NameExpr>(std::string(token.text), rangeFrom(token));
  case TokenKind::Number:
    return parseNumber();
  case TokenKind::String:
    return parseStrings();
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
    advance();
    return std::make_unique<BooleanLiteral>(token.is(TokenKind::KwTrue), rangeFrom(token));
  case TokenKind::KwNone:
    advance();
    return std::make_unique<NoneLiteral>(rangeFrom(token));
  case TokenKind::Ellipsis:
    advance();
    return std::make_unique<EllipsisLiteral>(rangeFrom(token));
  case TokenKind::LeftParen:
    return parseParenthesized();
  case TokenKind::LeftBracket:
    return parseListDisplay();
  case TokenKind::LeftBrace:
    return parseBraceDisplay();
  case TokenKind::Star:
    fail(token.begin, "cannot use a starred expression here");
  case TokenKind::KwYield:
    fail(token.begin, "a yield expression must be parenthesized here");
  default:
    failExpected("an expression");
  }
}

ExprPtr RecursiveDescentParser::parseNumber() {
  const Token &token = advance();
  DecodedNumber number = decodeNumber(token.text);
  std::string spelling(token.text);
  switch (number.kind) {
  case DecodedNumber::Kind::Integer:
    return std::make_unique<IntegerLiteral>(std::move(spelling), number.integer, rangeFrom(token));
  case DecodedNumber::Kind::Float:
    return std::make_unique<FloatLiteral>(std::move(spelling), number.floating, rangeFrom(token));
  case DecodedNumber::Kind::Imaginary:
    return std::make_unique<ImaginaryLiteral>(std::move(spelling), number.floating,
                                              rangeFrom(token));
  }
  return nullptr;
}

// Adjacent string tokens are one literal: "a" 'b' is "ab".
ExprPtr RecursiveDescentParser::parseStrings() {
  const Token &first = current();
  std::string value;
  bool anyBytes = false, anyText = false, anyFormatted = false;
  while (at(TokenKind::String)) {
    const Token &token = advance();
    DecodedString decoded = decodeString(token.text);
    if (!decoded.error.empty())
      fail(token.begin, decoded.error);
    (decoded.isBytes ? anyBytes : anyText) = true;
    anyFormatted = anyFormatted || decoded.isFormatted;
    if (anyBytes && anyText)
      fail(token.begin, "cannot mix bytes and nonbytes literals");
    value += decoded.value;
  }
  if (anyFormatted)
    return std::make_unique<FormattedStringExpr>(std::string(sourceBetween(first, previous())),
                                                 rangeFrom(first));
  return std::make_unique<StringLiteral>(std::move(value), anyBytes, rangeFrom(first));
}

// `( ... )`: an empty tuple, a tuple, a generator expression, a yield, or just grouping.
ExprPtr RecursiveDescentParser::parseParenthesized() {
  NestingGuard guard(*this, current().begin);
  const Token &open = advance();
  if (consumeIf(TokenKind::RightParen))
    return std::make_unique<TupleExpr>(ExprList{}, rangeFrom(open));
  if (at(TokenKind::KwYield)) {
    ExprPtr yield = parseYield();
    expectClosing(TokenKind::RightParen, open, "')' after the yield expression");
    return yield;
  }
  ExprPtr first = parseStarNamedExpression();
  if (atComprehensionFor()) {
    ComprehensionClauseList clauses = parseComprehensionClauses();
    expectClosing(TokenKind::RightParen, open, "')' after the generator expression");
    return std::make_unique<ComprehensionExpr>(NodeKind::GeneratorExpression, std::move(first),
                                               nullptr, std::move(clauses), rangeFrom(open));
  }
  if (!at(TokenKind::Comma)) {
    if (first->isa<StarredExpr>())
      fail(first->location(), "cannot use a starred expression here");
    expectClosing(TokenKind::RightParen, open, "')'");
    return first; // grouping keeps the inner expression's own range
  }
  ExprList elements;
  elements.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (at(TokenKind::RightParen))
      break;
    elements.push_back(parseStarNamedExpression());
  }
  expectClosing(TokenKind::RightParen, open, "',' or ')' in the tuple");
  auto tuple = std::make_unique<TupleExpr>(std::move(elements), rangeFrom(open));
  checkHeight(*tuple);
  return tuple;
}

ExprPtr RecursiveDescentParser::parseListDisplay() {
  NestingGuard guard(*this, current().begin);
  const Token &open = advance();
  ExprList elements;
  if (!at(TokenKind::RightBracket)) {
    ExprPtr first = parseStarNamedExpression();
    if (atComprehensionFor()) {
      ComprehensionClauseList clauses = parseComprehensionClauses();
      expectClosing(TokenKind::RightBracket, open, "']' after the list comprehension");
      return std::make_unique<ComprehensionExpr>(NodeKind::ListComprehension, std::move(first),
                                                 nullptr, std::move(clauses), rangeFrom(open));
    }
    elements.push_back(std::move(first));
    while (consumeIf(TokenKind::Comma)) {
      if (at(TokenKind::RightBracket))
        break;
      elements.push_back(parseStarNamedExpression());
    }
  }
  expectClosing(TokenKind::RightBracket, open, "',' or ']' in the list");
  auto list = std::make_unique<ListExpr>(std::move(elements), rangeFrom(open));
  checkHeight(*list);
  return list;
}

// `{...}`: a dict or a set, displayed or comprehended.
ExprPtr RecursiveDescentParser::parseBraceDisplay() {
  NestingGuard guard(*this, current().begin);
  const Token &open = advance();
  if (consumeIf(TokenKind::RightBrace))
    return std::make_unique<DictExpr>(ExprList{}, ExprList{}, rangeFrom(open));

  bool isDict = at(TokenKind::DoubleStar);
  ExprPtr firstKey;
  if (!isDict) {
    firstKey = parseStarNamedExpression();
    isDict = at(TokenKind::Colon) && !firstKey->isa<StarredExpr>();
  }

  if (!isDict) {
    if (atComprehensionFor()) {
      ComprehensionClauseList clauses = parseComprehensionClauses();
      expectClosing(TokenKind::RightBrace, open, "'}' after the set comprehension");
      return std::make_unique<ComprehensionExpr>(NodeKind::SetComprehension, std::move(firstKey),
                                                 nullptr, std::move(clauses), rangeFrom(open));
    }
    ExprList elements;
    elements.push_back(std::move(firstKey));
    while (consumeIf(TokenKind::Comma)) {
      if (at(TokenKind::RightBrace))
        break;
      elements.push_back(parseStarNamedExpression());
    }
    expectClosing(TokenKind::RightBrace, open, "',' or '}' in the set");
    auto set = std::make_unique<SetExpr>(std::move(elements), rangeFrom(open));
    checkHeight(*set);
    return set;
  }

  ExprList keys, values;
  auto parseEntry = [&](ExprPtr key) {
    if (!key && consumeIf(TokenKind::DoubleStar)) {
      keys.push_back(nullptr);
      values.push_back(parseBitwiseOr());
      return;
    }
    if (!key)
      key = parseExpression();
    expect(TokenKind::Colon, "':' after the dict key");
    keys.push_back(std::move(key));
    values.push_back(parseExpression());
  };
  parseEntry(std::move(firstKey));
  if (keys.back() && atComprehensionFor()) {
    ComprehensionClauseList clauses = parseComprehensionClauses();
    expectClosing(TokenKind::RightBrace, open, "'}' after the dict comprehension");
    return std::make_unique<ComprehensionExpr>(NodeKind::DictComprehension, std::move(keys.back()),
                                               std::move(values.back()), std::move(clauses),
                                               rangeFrom(open));
  }
  while (consumeIf(TokenKind::Comma)) {
    if (at(TokenKind::RightBrace))
      break;
    parseEntry(nullptr);
  }
  expectClosing(TokenKind::RightBrace, open, "',' or '}' in the dict");
  auto dict = std::make_unique<DictExpr>(std::move(keys), std::move(values), rangeFrom(open));
  checkHeight(*dict);
  return dict;
}

bool RecursiveDescentParser::atComprehensionFor() const {
  return at(TokenKind::KwFor) || (at(TokenKind::KwAsync) && lookahead(1).is(TokenKind::KwFor));
}

ComprehensionClauseList RecursiveDescentParser::parseComprehensionClauses() {
  ComprehensionClauseList clauses;
  while (atComprehensionFor()) {
    ComprehensionClause clause;
    clause.isAsync = consumeIf(TokenKind::KwAsync);
    advance(); // for
    clause.target = parseTargetList();
    markAsTarget(*clause.target, ExprContext::Store);
    expect(TokenKind::KwIn, "'in' after the target of 'for'");
    clause.iterable = parseDisjunction();
    while (consumeIf(TokenKind::KwIf))
      clause.conditions.push_back(parseDisjunction());
    clauses.push_back(std::move(clause));
  }
  return clauses;
}

ExprPtr RecursiveDescentParser::parseTargetList() {
  const Token &first = current();
  auto parseTarget = [this]() -> ExprPtr {
    if (!at(TokenKind::Star))
      return parseBitwiseOr();
    const Token &star = advance();
    ExprPtr value = parseBitwiseOr();
    return std::make_unique<StarredExpr>(std::move(value), rangeFrom(star));
  };
  ExprPtr target = parseTarget();
  if (!at(TokenKind::Comma))
    return target;
  ExprList elements;
  elements.push_back(std::move(target));
  while (consumeIf(TokenKind::Comma)) {
    if (!startsExpression(current()))
      break;
    elements.push_back(parseTarget());
  }
  auto tuple = std::make_unique<TupleExpr>(std::move(elements), rangeFrom(first));
  checkHeight(*tuple);
  return tuple;
}

ExprPtr RecursiveDescentParser::parseYield() {
  const Token &yield = advance();
  if (consumeIf(TokenKind::KwFrom)) {
    ExprPtr value = parseExpression();
    return std::make_unique<YieldExpr>(NodeKind::YieldFrom, std::move(value), rangeFrom(yield));
  }
  ExprPtr value = startsExpression(current()) ? parseStarExpressions() : nullptr;
  return std::make_unique<YieldExpr>(NodeKind::Yield, std::move(value), rangeFrom(yield));
}

void RecursiveDescentParser::markAsTarget(Expr &expr, ExprContext context) const {
  switch (expr.kind()) {
  case NodeKind::Name:
    expr.cast<NameExpr>().setContext(context);
    return;
  case NodeKind::Attribute:
    expr.cast<AttributeExpr>().setContext(context);
    return;
  case NodeKind::Subscript:
    expr.cast<SubscriptExpr>().setContext(context);
    return;
  case NodeKind::Starred: {
    auto &starred = expr.cast<StarredExpr>();
    starred.setContext(context);
    markAsTarget(const_cast<Expr &>(starred.value()), context);
    return;
  }
  case NodeKind::Tuple:
  case NodeKind::List: {
    auto &collection = expr.cast<CollectionExpr>();
    collection.setContext(context);
    for (const ExprPtr &element : collection.elements())
      markAsTarget(*element, context);
    return;
  }
  default:
    break;
  }
  std::string verb = context == ExprContext::Delete ? "cannot delete " : "cannot assign to ";
  fail(expr.location(), verb + std::string(describeExpressionForMessage(expr)));
}

} // namespace trex::python
