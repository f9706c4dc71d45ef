// UnsupportedSyntax: recognizes statements written in Python syntax the front end does not
// read (`match`, `type X = ...`, PEP 695 type parameters) and skips them in host code.
//
// trex never runs host code, so a file whose launcher uses a `match` statement should still
// compile its kernels: such a statement becomes an OpaqueStmt and a warning.  Triton's own code
// generator has no support for these constructs either, so inside a Triton function they are
// errors.  Everything else the parser does not accept is a syntax error, as in Python.
#include "RecursiveDescentParser.h"

#include <array>

namespace trex::python {

namespace {

// Decorator names that make a function Triton code, which must parse in full.
constexpr std::array<std::string_view, 3> TritonDecoratorNames = {"jit", "autotune", "heuristics"};

bool isLayoutToken(const Token &token) {
  return token.is(TokenKind::Newline) || token.is(TokenKind::Indent) ||
         token.is(TokenKind::Dedent) || token.is(TokenKind::EndOfFile);
}

} // namespace

bool RecursiveDescentParser::hasTritonDecorator(size_t first) const {
  for (size_t i = first; i < tokens_.size() && tokens_[i].is(TokenKind::At);) {
    for (++i; i < tokens_.size() && !tokens_[i].is(TokenKind::Newline) &&
              !tokens_[i].is(TokenKind::EndOfFile);
         ++i)
      for (std::string_view name : TritonDecoratorNames)
        if (tokens_[i].is(TokenKind::Name) && tokens_[i].text == name)
          return true;
    ++i; // past the decorator's newline
  }
  return false;
}

std::optional<std::string>
RecursiveDescentParser::describeUnsupportedStatement(size_t first) const {
  size_t statement = first;
  while (statement < tokens_.size() && tokens_[statement].is(TokenKind::At)) {
    while (statement < tokens_.size() && !tokens_[statement].is(TokenKind::Newline) &&
           !tokens_[statement].is(TokenKind::EndOfFile))
      ++statement;
    ++statement;
  }
  auto kindAt = [&](size_t offset) {
    return tokens_[std::min(statement + offset, tokens_.size() - 1)].kind;
  };
  if (kindAt(0) == TokenKind::KwAsync && kindAt(1) == TokenKind::KwDef)
    ++statement;
  if ((kindAt(0) == TokenKind::KwDef || kindAt(0) == TokenKind::KwClass) &&
      kindAt(1) == TokenKind::Name && kindAt(2) == TokenKind::LeftBracket)
    return std::string("a definition with type parameters (PEP 695)");
  if (statement != first || statement >= tokens_.size())
    return std::nullopt; // decorators on anything else: an ordinary syntax error
  const Token &token = tokens_[statement];
  if (!token.is(TokenKind::Name))
    return std::nullopt;
  if (token.text == "type" && kindAt(1) == TokenKind::Name &&
      (kindAt(2) == TokenKind::Equal || kindAt(2) == TokenKind::LeftBracket))
    return std::string("a 'type' alias statement");
  if (token.text == "match") {
    // `match subject:` and an indented block of cases.  No expression statement ends its line
    // with ':'.
    for (size_t i = statement + 1; i + 1 < tokens_.size(); ++i) {
      if (tokens_[i].is(TokenKind::EndOfFile))
        break;
      if (tokens_[i].is(TokenKind::Newline)) {
        if (tokens_[i - 1].is(TokenKind::Colon) && tokens_[i + 1].is(TokenKind::Indent))
          return std::string("a 'match' statement");
        break;
      }
    }
  }
  return std::nullopt;
}

size_t RecursiveDescentParser::endOfStatement(size_t first) const {
  int depth = 0;
  for (size_t i = first; i < tokens_.size(); ++i) {
    switch (tokens_[i].kind) {
    case TokenKind::EndOfFile:
      return i;
    case TokenKind::Indent:
      ++depth;
      break;
    case TokenKind::Dedent:
      if (depth == 0)
        return i; // the enclosing block ends: not ours to consume
      if (--depth == 0)
        return i + 1;
      break;
    case TokenKind::Newline:
      // A newline followed by an indented block ends a compound statement's header only.
      if (depth == 0 && !(i + 1 < tokens_.size() && tokens_[i + 1].is(TokenKind::Indent)))
        return i + 1;
      break;
    default:
      break;
    }
  }
  return tokens_.size() - 1;
}

StmtPtr RecursiveDescentParser::skipUnsupportedStatement(const std::string &description) {
  size_t first = index_;
  const Token &firstToken = current();
  if (tritonFunctionDepth_ > 0 || hasTritonDecorator(first))
    fail(firstToken.begin, description + " is not supported in a Triton function");

  size_t end = std::max(endOfStatement(first), first + 1);
  size_t last = end - 1;
  while (last > first && isLayoutToken(tokens_[last]))
    --last;
  const Token &lastToken = tokens_[last];
  warnings_.push_back(makeDiagnostic(
      DiagnosticSeverity::Warning, source_, fileName_, firstToken.begin,
      "skipped " + description +
          ": trex's Python front end does not read this syntax; it is host code, which trex "
          "never runs, so kernels are not affected"));
  index_ = std::min(end, tokens_.size() - 1);
  return std::make_unique<OpaqueStmt>(std::string(sourceBetween(firstToken, lastToken)),
                                      description, SourceRange{firstToken.begin, lastToken.end});
}

} // namespace trex::python
