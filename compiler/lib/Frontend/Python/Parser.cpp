// Parser: the public entry points, and the parser's token cursor and error machinery.
#include "trex/Frontend/Python/Parser.h"

#include "RecursiveDescentParser.h"
#include "trex/Frontend/Python/Lexer.h"

#include <algorithm>
#include <optional>

namespace trex::python {

namespace {

std::string describeLocation(SourceLocation location) {
  return "line " + std::to_string(location.line) + ", column " +
         std::to_string(location.column + 1);
}

} // namespace

RecursiveDescentParser::RecursiveDescentParser(std::string_view source, std::string fileName,
                                               std::vector<Token> tokens)
    : source_(source), fileName_(std::move(fileName)), tokens_(std::move(tokens)) {
  if (tokens_.empty() || !tokens_.back().is(TokenKind::EndOfFile)) {
    SourceLocation end = tokens_.empty() ? SourceLocation{1, 0} : tokens_.back().end;
    tokens_.push_back(Token{TokenKind::EndOfFile, {}, end, end});
  }
}

const Token &RecursiveDescentParser::lookahead(size_t distance) const {
  return tokens_[std::min(index_ + distance, tokens_.size() - 1)];
}

const Token &RecursiveDescentParser::advance() {
  const Token &token = tokens_[index_];
  if (index_ + 1 < tokens_.size())
    ++index_;
  return token;
}

bool RecursiveDescentParser::consumeIf(TokenKind kind) {
  if (!at(kind))
    return false;
  advance();
  return true;
}

const Token &RecursiveDescentParser::expect(TokenKind kind, std::string_view what) {
  if (!at(kind))
    failExpected(what);
  return advance();
}

void RecursiveDescentParser::expectClosing(TokenKind closing, const Token &open,
                                           std::string_view expectedWhat) {
  if (consumeIf(closing))
    return;
  fail(current().begin, "expected " + std::string(expectedWhat) + ", found " + describeCurrent() +
                            " (to close the '" + std::string(open.text) + "' at " +
                            describeLocation(open.begin) + ")");
}

void RecursiveDescentParser::fail(SourceLocation location, std::string message) const {
  throw SyntaxError{location, std::move(message)};
}

void RecursiveDescentParser::failExpected(std::string_view what) const {
  fail(current().begin, "expected " + std::string(what) + ", found " + describeCurrent());
}

std::string RecursiveDescentParser::describeCurrent() const {
  const Token &token = current();
  switch (token.kind) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String: {
    constexpr size_t MaxShown = 30;
    std::string text(token.text.substr(0, MaxShown));
    if (size_t lineBreak = text.find_first_of("\r\n"); lineBreak != std::string::npos)
      text.resize(lineBreak);
    if (token.text.size() > text.size())
      text += "...";
    return "'" + text + "'";
  }
  default:
    return std::string(describeTokenKind(token.kind));
  }
}

SourceLocation RecursiveDescentParser::endOfLastToken() const {
  for (size_t i = index_; i > 0; --i) {
    const Token &token = tokens_[i - 1];
    if (!token.is(TokenKind::Newline) && !token.is(TokenKind::Indent) &&
        !token.is(TokenKind::Dedent))
      return token.end;
  }
  return tokens_.front().begin;
}

std::string_view RecursiveDescentParser::sourceBetween(const Token &first,
                                                       const Token &last) const {
  size_t begin = static_cast<size_t>(first.text.data() - source_.data());
  size_t end = static_cast<size_t>(last.text.data() - source_.data()) + last.text.size();
  return source_.substr(begin, end - begin);
}

RecursiveDescentParser::NestingGuard::NestingGuard(RecursiveDescentParser &parser,
                                                   SourceLocation location)
    : parser_(parser) {
  if (parser_.nesting_ >= MaxNestingDepth)
    parser_.fail(location, "expression nested too deeply (more than " +
                               std::to_string(MaxNestingDepth) + " levels)");
  ++parser_.nesting_;
}

void RecursiveDescentParser::checkHeight(const Node &node) const {
  if (node.height() > MaxTreeHeight)
    fail(node.location(), "expression too complex: its syntax tree would be more than " +
                              std::to_string(MaxTreeHeight) + " levels deep");
}

Block RecursiveDescentParser::parseModule() {
  Block body;
  while (!at(TokenKind::EndOfFile))
    parseStatement(body);
  return body;
}

ExprPtr RecursiveDescentParser::parseStandaloneExpression() {
  consumeIf(TokenKind::Indent); // `eval` accepts leading blanks; so does this
  ExprPtr expr = parseStarExpressions();
  while (at(TokenKind::Newline) || at(TokenKind::Dedent))
    advance();
  if (!at(TokenKind::EndOfFile))
    failExpected("the end of the expression");
  return expr;
}

namespace {

// Runs `parse` over the tokens of `source` and turns every failure into a diagnostic.  When
// the tokenizer fails, the parser still reads the tokens before the failure, so an earlier
// syntax error is reported first, as CPython (which tokenizes lazily) does.
template <typename Parse>
auto parseWithDiagnostics(std::string_view source, const std::string &fileName,
                          std::vector<Diagnostic> &diagnostics, Parse parse)
    -> decltype(parse(std::declval<RecursiveDescentParser &>())) {
  auto error = [&](SourceLocation location, std::string message) {
    diagnostics.push_back(
        makeDiagnostic(DiagnosticSeverity::Error, source, fileName, location, std::move(message)));
  };
  try {
    TokenizeResult tokenized = tokenizePython(source, fileName);
    if (tokenized.error) {
      SourceLocation errorAt = tokenized.error->location;
      tokenized.tokens.push_back(Token{TokenKind::EndOfFile, {}, errorAt, errorAt});
      try {
        RecursiveDescentParser parser(source, fileName, std::move(tokenized.tokens));
        parse(parser);
      } catch (const SyntaxError &syntaxError) {
        if (syntaxError.location < errorAt) {
          error(syntaxError.location, syntaxError.message);
          return {};
        }
      }
      diagnostics.push_back(*tokenized.error);
      return {};
    }
    RecursiveDescentParser parser(source, fileName, std::move(tokenized.tokens));
    return parse(parser);
  } catch (const SyntaxError &syntaxError) {
    error(syntaxError.location, syntaxError.message);
  } catch (const std::exception &exception) {
    error({1, 0}, std::string("internal error in the Python front end: ") + exception.what());
  }
  return {};
}

} // namespace

ParseResult parsePythonModule(std::string_view source, std::string fileName) {
  ParseResult result;
  std::vector<Diagnostic> warnings;
  std::vector<Diagnostic> errors;
  std::optional<Block> body =
      parseWithDiagnostics(source, fileName, errors, [&](RecursiveDescentParser &parser) {
        std::optional<Block> parsed = parser.parseModule();
        warnings = parser.takeWarnings();
        return parsed;
      });
  if (!errors.empty()) {
    result.diagnostics = std::move(errors); // warnings about a file that failed do not matter
    return result;
  }
  result.diagnostics = std::move(warnings);
  if (body)
    result.module = std::make_unique<Module>(std::move(fileName), std::move(*body));
  return result;
}

ExpressionParseResult parsePythonExpression(std::string_view source, std::string fileName) {
  ExpressionParseResult result;
  result.expression = parseWithDiagnostics(
      source, fileName, result.diagnostics,
      [](RecursiveDescentParser &parser) { return parser.parseStandaloneExpression(); });
  return result;
}

} // namespace trex::python
