// Token: keyword recognition and the words messages use for each token kind.
#include "trex/Frontend/Python/Token.h"

#include <array>
#include <utility>

namespace trex::python {

TokenKind keywordKind(std::string_view word) {
  static constexpr std::array<std::pair<std::string_view, TokenKind>, 35> keywords = {{
      {"False", TokenKind::KwFalse},
      {"None", TokenKind::KwNone},
      {"True", TokenKind::KwTrue},
      {"and", TokenKind::KwAnd},
      {"as", TokenKind::KwAs},
      {"assert", TokenKind::KwAssert},
      {"async", TokenKind::KwAsync},
      {"await", TokenKind::KwAwait},
      {"break", TokenKind::KwBreak},
      {"class", TokenKind::KwClass},
      {"continue", TokenKind::KwContinue},
      {"def", TokenKind::KwDef},
      {"del", TokenKind::KwDel},
      {"elif", TokenKind::KwElif},
      {"else", TokenKind::KwElse},
      {"except", TokenKind::KwExcept},
      {"finally", TokenKind::KwFinally},
      {"for", TokenKind::KwFor},
      {"from", TokenKind::KwFrom},
      {"global", TokenKind::KwGlobal},
      {"if", TokenKind::KwIf},
      {"import", TokenKind::KwImport},
      {"in", TokenKind::KwIn},
      {"is", TokenKind::KwIs},
      {"lambda", TokenKind::KwLambda},
      {"nonlocal", TokenKind::KwNonlocal},
      {"not", TokenKind::KwNot},
      {"or", TokenKind::KwOr},
      {"pass", TokenKind::KwPass},
      {"raise", TokenKind::KwRaise},
      {"return", TokenKind::KwReturn},
      {"try", TokenKind::KwTry},
      {"while", TokenKind::KwWhile},
      {"with", TokenKind::KwWith},
      {"yield", TokenKind::KwYield},
  }};
  // Keywords are 2 to 8 lowercase-or-capitalized ASCII letters; most names fail this fast.
  if (word.size() < 2 || word.size() > 8)
    return TokenKind::Name;
  for (const auto &[spelling, kind] : keywords)
    if (spelling == word)
      return kind;
  return TokenKind::Name;
}

std::string_view describeTokenKind(TokenKind kind) {
  switch (kind) {
  case TokenKind::EndOfFile:
    return "the end of the file";
  case TokenKind::Newline:
    return "the end of the line";
  case TokenKind::Indent:
    return "an indented block";
  case TokenKind::Dedent:
    return "the end of the indented block";
  case TokenKind::Name:
    return "a name";
  case TokenKind::Number:
    return "a number";
  case TokenKind::String:
    return "a string";
  case TokenKind::KwFalse:
    return "'False'";
  case TokenKind::KwNone:
    return "'None'";
  case TokenKind::KwTrue:
    return "'True'";
  case TokenKind::KwAnd:
    return "'and'";
  case TokenKind::KwAs:
    return "'as'";
  case TokenKind::KwAssert:
    return "'assert'";
  case TokenKind::KwAsync:
    return "'async'";
  case TokenKind::KwAwait:
    return "'await'";
  case TokenKind::KwBreak:
    return "'break'";
  case TokenKind::KwClass:
    return "'class'";
  case TokenKind::KwContinue:
    return "'continue'";
  case TokenKind::KwDef:
    return "'def'";
  case TokenKind::KwDel:
    return "'del'";
  case TokenKind::KwElif:
    return "'elif'";
  case TokenKind::KwElse:
    return "'else'";
  case TokenKind::KwExcept:
    return "'except'";
  case TokenKind::KwFinally:
    return "'finally'";
  case TokenKind::KwFor:
    return "'for'";
  case TokenKind::KwFrom:
    return "'from'";
  case TokenKind::KwGlobal:
    return "'global'";
  case TokenKind::KwIf:
    return "'if'";
  case TokenKind::KwImport:
    return "'import'";
  case TokenKind::KwIn:
    return "'in'";
  case TokenKind::KwIs:
    return "'is'";
  case TokenKind::KwLambda:
    return "'lambda'";
  case TokenKind::KwNonlocal:
    return "'nonlocal'";
  case TokenKind::KwNot:
    return "'not'";
  case TokenKind::KwOr:
    return "'or'";
  case TokenKind::KwPass:
    return "'pass'";
  case TokenKind::KwRaise:
    return "'raise'";
  case TokenKind::KwReturn:
    return "'return'";
  case TokenKind::KwTry:
    return "'try'";
  case TokenKind::KwWhile:
    return "'while'";
  case TokenKind::KwWith:
    return "'with'";
  case TokenKind::KwYield:
    return "'yield'";
  case TokenKind::LeftParen:
    return "'('";
  case TokenKind::RightParen:
    return "')'";
  case TokenKind::LeftBracket:
    return "'['";
  case TokenKind::RightBracket:
    return "']'";
  case TokenKind::LeftBrace:
    return "'{'";
  case TokenKind::RightBrace:
    return "'}'";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Semicolon:
    return "';'";
  case TokenKind::Dot:
    return "'.'";
  case TokenKind::Ellipsis:
    return "'...'";
  case TokenKind::Arrow:
    return "'->'";
  case TokenKind::At:
    return "'@'";
  case TokenKind::Equal:
    return "'='";
  case TokenKind::ColonEqual:
    return "':='";
  case TokenKind::Plus:
    return "'+'";
  case TokenKind::Minus:
    return "'-'";
  case TokenKind::Star:
    return "'*'";
  case TokenKind::DoubleStar:
    return "'**'";
  case TokenKind::Slash:
    return "'/'";
  case TokenKind::DoubleSlash:
    return "'//'";
  case TokenKind::Percent:
    return "'%'";
  case TokenKind::Ampersand:
    return "'&'";
  case TokenKind::VerticalBar:
    return "'|'";
  case TokenKind::Caret:
    return "'^'";
  case TokenKind::Tilde:
    return "'~'";
  case TokenKind::LeftShift:
    return "'<<'";
  case TokenKind::RightShift:
    return "'>>'";
  case TokenKind::Less:
    return "'<'";
  case TokenKind::Greater:
    return "'>'";
  case TokenKind::LessEqual:
    return "'<='";
  case TokenKind::GreaterEqual:
    return "'>='";
  case TokenKind::EqualEqual:
    return "'=='";
  case TokenKind::NotEqual:
    return "'!='";
  case TokenKind::PlusEqual:
    return "'+='";
  case TokenKind::MinusEqual:
    return "'-='";
  case TokenKind::StarEqual:
    return "'*='";
  case TokenKind::DoubleStarEqual:
    return "'**='";
  case TokenKind::SlashEqual:
    return "'/='";
  case TokenKind::DoubleSlashEqual:
    return "'//='";
  case TokenKind::PercentEqual:
    return "'%='";
  case TokenKind::AtEqual:
    return "'@='";
  case TokenKind::AmpersandEqual:
    return "'&='";
  case TokenKind::VerticalBarEqual:
    return "'|='";
  case TokenKind::CaretEqual:
    return "'^='";
  case TokenKind::LeftShiftEqual:
    return "'<<='";
  case TokenKind::RightShiftEqual:
    return "'>>='";
  }
  return "a token";
}

} // namespace trex::python
