// Token: one lexical unit of Python source, as the tokenizer hands it to the parser.
#ifndef TREX_FRONTEND_PYTHON_TOKEN_H
#define TREX_FRONTEND_PYTHON_TOKEN_H

#include "trex/Frontend/Python/SourceLocation.h"

#include <cstdint>
#include <string_view>

namespace trex::python {

enum class TokenKind : std::uint8_t {
  EndOfFile,
  // The end of a logical line.  Not produced inside brackets or after a backslash.
  Newline,
  // Indentation grew / shrank at the start of a logical line.
  Indent,
  Dedent,
  Name,
  Number,
  // A string literal with its prefix and quotes (`rb'..'`, `"""..."""`, `f"{x}"`).
  String,

  // Hard keywords.  Soft keywords (`match`, `case`, `type`) stay names.
  KwFalse,
  KwNone,
  KwTrue,
  KwAnd,
  KwAs,
  KwAssert,
  KwAsync,
  KwAwait,
  KwBreak,
  KwClass,
  KwContinue,
  KwDef,
  KwDel,
  KwElif,
  KwElse,
  KwExcept,
  KwFinally,
  KwFor,
  KwFrom,
  KwGlobal,
  KwIf,
  KwImport,
  KwIn,
  KwIs,
  KwLambda,
  KwNonlocal,
  KwNot,
  KwOr,
  KwPass,
  KwRaise,
  KwReturn,
  KwTry,
  KwWhile,
  KwWith,
  KwYield,

  // Brackets.
  LeftParen,
  RightParen,
  LeftBracket,
  RightBracket,
  LeftBrace,
  RightBrace,

  // Delimiters and operators.
  Colon,
  Comma,
  Semicolon,
  Dot,
  Ellipsis,
  Arrow,
  At,
  Equal,
  ColonEqual,
  Plus,
  Minus,
  Star,
  DoubleStar,
  Slash,
  DoubleSlash,
  Percent,
  Ampersand,
  VerticalBar,
  Caret,
  Tilde,
  LeftShift,
  RightShift,
  Less,
  Greater,
  LessEqual,
  GreaterEqual,
  EqualEqual,
  NotEqual,
  PlusEqual,
  MinusEqual,
  StarEqual,
  DoubleStarEqual,
  SlashEqual,
  DoubleSlashEqual,
  PercentEqual,
  AtEqual,
  AmpersandEqual,
  VerticalBarEqual,
  CaretEqual,
  LeftShiftEqual,
  RightShiftEqual,
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  // The token's bytes in the source (empty for Newline at end of file, Indent, Dedent and
  // EndOfFile).  The tokenizer never copies: this points into the caller's source buffer.
  std::string_view text;
  SourceLocation begin;
  SourceLocation end;

  bool is(TokenKind k) const { return kind == k; }
};

// How a token kind reads in a message: "')'", "'if'", "a name", "the end of the line".
std::string_view describeTokenKind(TokenKind kind);

// The keyword kind spelled `word`, or TokenKind::Name when `word` is not a hard keyword.
TokenKind keywordKind(std::string_view word);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_TOKEN_H
