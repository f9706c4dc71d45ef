// Lexer: Python source -> tokens, following CPython's tokenizer (indentation, line joining,
// literal boundaries).  Literal contents are left for the parser to decode.
#include "trex/Frontend/Python/Lexer.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <optional>

namespace trex::python {

namespace {

// CPython's limits: deeper nesting is refused rather than recursed into.
constexpr size_t MaxIndentationLevels = 100;
constexpr size_t MaxBracketNesting = 200;
constexpr int MaxFormattedStringNesting = 150;

struct LexError {
  SourceLocation location;
  std::string message;
};

// ASCII tests by hand: <cctype> depends on the C locale, which a GUI may change.
bool isAsciiLetter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isIdentifierStart(unsigned char c) {
  // Bytes >= 0x80 belong to non-ASCII identifiers, which Python allows; the parser reports
  // anything odd they turn into.
  return isAsciiLetter(c) || c == '_' || c >= 0x80;
}
bool isIdentifierContinue(unsigned char c) {
  return isIdentifierStart(c) || (c >= '0' && c <= '9');
}
bool isDecimalDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) {
  return isDecimalDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isOctalDigit(char c) { return c >= '0' && c <= '7'; }
bool isBinaryDigit(char c) { return c == '0' || c == '1'; }

// r, u, b, f and their allowed pairs, any case.
bool isStringPrefix(std::string_view word) {
  if (word.empty() || word.size() > 2)
    return false;
  bool raw = false, bytes = false, formatted = false, unicode = false;
  for (char c : word) {
    switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'r':
      if (raw)
        return false;
      raw = true;
      break;
    case 'b':
      if (bytes)
        return false;
      bytes = true;
      break;
    case 'f':
      if (formatted)
        return false;
      formatted = true;
      break;
    case 'u':
      if (unicode)
        return false;
      unicode = true;
      break;
    default:
      return false;
    }
  }
  if (unicode)
    return word.size() == 1;
  return !(bytes && formatted);
}

bool prefixHas(std::string_view prefix, char letter) {
  for (char c : prefix)
    if (std::tolower(static_cast<unsigned char>(c)) == letter)
      return true;
  return false;
}

struct Punctuator {
  TokenKind kind;
  size_t length;
};

// The operator or delimiter `rest` starts with, longest match first, or nothing.
std::optional<Punctuator> matchPunctuator(std::string_view rest) {
  char second = rest.size() > 1 ? rest[1] : '\0';
  char third = rest.size() > 2 ? rest[2] : '\0';
  // `op`, `op=`: an operator and its augmented assignment.
  auto withEqual = [&](TokenKind plain, TokenKind assign) {
    return second == '=' ? Punctuator{assign, 2} : Punctuator{plain, 1};
  };
  // `op`, `op=`, `opop`, `opop=`: `*`, `/`, `<`, `>` and their doubled forms.
  auto doubled = [&](TokenKind plain, TokenKind assign, TokenKind twice, TokenKind twiceAssign) {
    if (second == rest[0])
      return third == '=' ? Punctuator{twiceAssign, 3} : Punctuator{twice, 2};
    return withEqual(plain, assign);
  };
  switch (rest[0]) {
  case '(':
    return Punctuator{TokenKind::LeftParen, 1};
  case ')':
    return Punctuator{TokenKind::RightParen, 1};
  case '[':
    return Punctuator{TokenKind::LeftBracket, 1};
  case ']':
    return Punctuator{TokenKind::RightBracket, 1};
  case '{':
    return Punctuator{TokenKind::LeftBrace, 1};
  case '}':
    return Punctuator{TokenKind::RightBrace, 1};
  case ',':
    return Punctuator{TokenKind::Comma, 1};
  case ';':
    return Punctuator{TokenKind::Semicolon, 1};
  case '~':
    return Punctuator{TokenKind::Tilde, 1};
  case ':':
    return withEqual(TokenKind::Colon, TokenKind::ColonEqual);
  case '=':
    return withEqual(TokenKind::Equal, TokenKind::EqualEqual);
  case '+':
    return withEqual(TokenKind::Plus, TokenKind::PlusEqual);
  case '%':
    return withEqual(TokenKind::Percent, TokenKind::PercentEqual);
  case '&':
    return withEqual(TokenKind::Ampersand, TokenKind::AmpersandEqual);
  case '|':
    return withEqual(TokenKind::VerticalBar, TokenKind::VerticalBarEqual);
  case '^':
    return withEqual(TokenKind::Caret, TokenKind::CaretEqual);
  case '@':
    return withEqual(TokenKind::At, TokenKind::AtEqual);
  case '-':
    if (second == '>')
      return Punctuator{TokenKind::Arrow, 2};
    return withEqual(TokenKind::Minus, TokenKind::MinusEqual);
  case '!':
    if (second == '=')
      return Punctuator{TokenKind::NotEqual, 2};
    return std::nullopt;
  case '.':
    if (second == '.' && third == '.')
      return Punctuator{TokenKind::Ellipsis, 3};
    return Punctuator{TokenKind::Dot, 1};
  case '*':
    return doubled(TokenKind::Star, TokenKind::StarEqual, TokenKind::DoubleStar,
                   TokenKind::DoubleStarEqual);
  case '/':
    return doubled(TokenKind::Slash, TokenKind::SlashEqual, TokenKind::DoubleSlash,
                   TokenKind::DoubleSlashEqual);
  case '<':
    return doubled(TokenKind::Less, TokenKind::LessEqual, TokenKind::LeftShift,
                   TokenKind::LeftShiftEqual);
  case '>':
    return doubled(TokenKind::Greater, TokenKind::GreaterEqual, TokenKind::RightShift,
                   TokenKind::RightShiftEqual);
  default:
    return std::nullopt;
  }
}

class Lexer {
public:
  explicit Lexer(std::string_view source) : source_(source) {
    tokens_.reserve(source.size() / 4 + 16); // Python averages more than 4 bytes a token
  }

  std::vector<Token> &tokens() { return tokens_; }

  void run() {
    // A UTF-8 byte order mark is not part of the first line's columns.
    if (source_.substr(0, 3) == "\xEF\xBB\xBF")
      position_ = lineStart_ = 3;
    bool atLineStart = true;
    while (true) {
      if (atLineStart && brackets_.empty()) {
        atLineStart = false;
        if (!readIndentation()) {
          atLineStart = true;
          continue;
        }
      }
      skipBlanks();
      if (atEnd())
        break;
      char c = peek();
      if (c == '#') {
        skipComment();
      } else if (c == '\\') {
        readLineContinuation();
      } else if (isNewlineAt(position_)) {
        if (brackets_.empty()) {
          SourceLocation begin = here();
          size_t start = position_;
          consumeNewline();
          // The token ends where the line does, one column past `begin` as in CPython.
          emit(TokenKind::Newline, start, begin, {begin.line, begin.column + 1});
          atLineStart = true;
        } else {
          consumeNewline();
        }
      } else {
        readToken();
      }
    }
    finish();
  }

private:
  bool atEnd() const { return position_ >= source_.size(); }
  char peek(size_t ahead = 0) const {
    return position_ + ahead < source_.size() ? source_[position_ + ahead] : '\0';
  }
  bool isNewlineAt(size_t position) const {
    return position < source_.size() && (source_[position] == '\n' || source_[position] == '\r');
  }
  SourceLocation here() const { return {line_, static_cast<int>(position_ - lineStart_)}; }

  void consumeNewline() {
    if (source_[position_] == '\r' && peek(1) == '\n')
      ++position_;
    ++position_;
    ++line_;
    lineStart_ = position_;
  }

  [[noreturn]] void fail(SourceLocation location, std::string message) {
    throw LexError{location, std::move(message)};
  }

  void emit(TokenKind kind, size_t start, SourceLocation begin, SourceLocation end) {
    tokens_.push_back(Token{kind, source_.substr(start, position_ - start), begin, end});
  }
  void emitHere(TokenKind kind, size_t start, SourceLocation begin) {
    emit(kind, start, begin, here());
  }

  void skipBlanks() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\f'))
      ++position_;
  }
  void skipComment() {
    while (!atEnd() && !isNewlineAt(position_))
      ++position_;
  }

  void readLineContinuation() {
    SourceLocation backslash = here();
    ++position_;
    if (!isNewlineAt(position_)) {
      if (atEnd())
        fail(backslash, "unexpected end of file after the line continuation character '\\'");
      fail(backslash, "unexpected character after the line continuation character '\\'");
    }
    consumeNewline();
    if (atEnd())
      fail(backslash, "unexpected end of file after the line continuation character '\\'");
  }

  // At the start of a logical line: measures the indentation and emits Indent/Dedent tokens.
  // Returns false when the line is blank or a comment (it is then consumed, newline included).
  bool readIndentation() {
    size_t start = position_;
    int column = 0;    // tabs to the next multiple of 8, as CPython
    int altColumn = 0; // tabs as one column: the two must order lines the same way
    for (; !atEnd(); ++position_) {
      char c = peek();
      if (c == ' ') {
        ++column;
        ++altColumn;
      } else if (c == '\t') {
        column = (column / 8 + 1) * 8;
        ++altColumn;
      } else if (c == '\f') {
        column = altColumn = 0;
      } else {
        break;
      }
    }
    if (atEnd())
      return true;
    if (peek() == '#' || isNewlineAt(position_)) {
      skipComment();
      if (!atEnd())
        consumeNewline();
      return false;
    }
    SourceLocation location = here();
    const char *inconsistent = "inconsistent use of tabs and spaces in indentation";
    if (column == indents_.back()) {
      if (altColumn != altIndents_.back())
        fail(location, inconsistent);
    } else if (column > indents_.back()) {
      if (altColumn <= altIndents_.back())
        fail(location, inconsistent);
      if (indents_.size() >= MaxIndentationLevels)
        fail(location, "too many levels of indentation");
      indents_.push_back(column);
      altIndents_.push_back(altColumn);
      emit(TokenKind::Indent, start, {line_, 0}, location);
    } else {
      while (column < indents_.back()) {
        indents_.pop_back();
        altIndents_.pop_back();
        tokens_.push_back(Token{TokenKind::Dedent, {}, location, location});
      }
      if (column != indents_.back())
        fail(location, "unindent does not match any outer indentation level");
      if (altColumn != altIndents_.back())
        fail(location, inconsistent);
    }
    return true;
  }

  void readToken() {
    size_t start = position_;
    SourceLocation begin = here();
    unsigned char c = static_cast<unsigned char>(peek());
    if (isIdentifierStart(c)) {
      while (!atEnd() && isIdentifierContinue(static_cast<unsigned char>(peek())))
        ++position_;
      std::string_view word = source_.substr(start, position_ - start);
      if ((peek() == '\'' || peek() == '"') && isStringPrefix(word)) {
        readString(word, begin, /*nesting=*/0);
        emitHere(TokenKind::String, start, begin);
        return;
      }
      emitHere(keywordKind(word), start, begin);
      return;
    }
    if (isDecimalDigit(c) || (c == '.' && isDecimalDigit(peek(1)))) {
      readNumber(begin);
      emitHere(TokenKind::Number, start, begin);
      return;
    }
    if (c == '\'' || c == '"') {
      readString({}, begin, /*nesting=*/0);
      emitHere(TokenKind::String, start, begin);
      return;
    }
    readPunctuator(begin);
  }

  void readPunctuator(SourceLocation begin) {
    size_t start = position_;
    if (std::optional<Punctuator> punctuator = matchPunctuator(source_.substr(position_, 3))) {
      position_ += punctuator->length;
      trackBracket(punctuator->kind, begin);
      emitHere(punctuator->kind, start, begin);
      return;
    }
    unsigned char c = static_cast<unsigned char>(peek());
    char buffer[64];
    if (c == 0)
      fail(begin, "source code cannot contain null bytes");
    std::snprintf(buffer, sizeof buffer, "invalid character '%c' (U+%04X)",
                  std::isprint(c) ? c : '?', static_cast<unsigned>(c));
    fail(begin, buffer);
  }

  void trackBracket(TokenKind kind, SourceLocation location) {
    char opening = 0;
    switch (kind) {
    case TokenKind::LeftParen:
    case TokenKind::LeftBracket:
    case TokenKind::LeftBrace:
      if (brackets_.size() >= MaxBracketNesting)
        fail(location, "too many nested parentheses");
      brackets_.push_back({source_[position_ - 1], location});
      return;
    case TokenKind::RightParen:
      opening = '(';
      break;
    case TokenKind::RightBracket:
      opening = '[';
      break;
    case TokenKind::RightBrace:
      opening = '{';
      break;
    default:
      return;
    }
    char closing = source_[position_ - 1];
    if (brackets_.empty())
      fail(location, std::string("unmatched '") + closing + "'");
    OpenBracket open = brackets_.back();
    if (open.character != opening) {
      std::string message = std::string("closing parenthesis '") + closing +
                            "' does not match opening parenthesis '" + open.character + "'";
      if (open.location.line != location.line)
        message += " on line " + std::to_string(open.location.line);
      fail(location, message);
    }
    brackets_.pop_back();
  }

  // Digits of one kind with single underscores between them.  Returns how many digits.
  template <typename DigitTest> int readDigits(DigitTest isDigit, const char *literalKind) {
    int digits = 0;
    while (!atEnd()) {
      if (isDigit(peek())) {
        ++digits;
        ++position_;
      } else if (peek() == '_' && digits > 0 && isDigit(peek(1))) {
        ++position_;
      } else if (peek() == '_') {
        fail(here(), std::string("invalid ") + literalKind + " literal");
      } else {
        break;
      }
    }
    return digits;
  }

  void readNumber(SourceLocation begin) {
    size_t start = position_;
    if (peek() == '0' && peek(1) != '\0' && std::strchr("xXoObB", peek(1))) {
      char base = static_cast<char>(std::tolower(static_cast<unsigned char>(peek(1))));
      const char *kind = base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : "binary";
      position_ += 2;
      if (peek() == '_')
        ++position_; // `0x_ff` is valid: one underscore may follow the base prefix.
      int digits = base == 'x'   ? readDigits(isHexDigit, kind)
                   : base == 'o' ? readDigits(isOctalDigit, kind)
                                 : readDigits(isBinaryDigit, kind);
      if (digits == 0 || (!atEnd() && isIdentifierContinue(static_cast<unsigned char>(peek())) &&
                          !followedByKeyword()))
        fail(here(), std::string("invalid ") + kind + " literal");
      return;
    }
    bool isInteger = true;
    readDigits(isDecimalDigit, "decimal");
    if (peek() == '.') {
      isInteger = false;
      ++position_;
      if (isDecimalDigit(peek()))
        readDigits(isDecimalDigit, "decimal");
    }
    if ((peek() == 'e' || peek() == 'E') &&
        (isDecimalDigit(peek(1)) ||
         ((peek(1) == '+' || peek(1) == '-') && isDecimalDigit(peek(2))))) {
      isInteger = false;
      position_ += (peek(1) == '+' || peek(1) == '-') ? 2 : 1;
      readDigits(isDecimalDigit, "decimal");
    }
    if (peek() == 'j' || peek() == 'J') {
      isInteger = false;
      ++position_;
    }
    if (!atEnd() && isIdentifierContinue(static_cast<unsigned char>(peek())) &&
        !followedByKeyword())
      fail(here(), "invalid decimal literal");
    if (isInteger && source_[start] == '0') {
      for (size_t i = start; i < position_; ++i)
        if (source_[i] != '0' && source_[i] != '_')
          fail(begin, "leading zeros in decimal integer literals are not permitted; use an 0o "
                      "prefix for octal integers");
    }
  }

  // `1if x else 2` is (deprecated) valid Python: a keyword may touch a number.
  bool followedByKeyword() const {
    size_t end = position_;
    while (end < source_.size() && isIdentifierContinue(static_cast<unsigned char>(source_[end])))
      ++end;
    return keywordKind(source_.substr(position_, end - position_)) != TokenKind::Name;
  }

  // At the opening quote of a string whose `prefix` was already consumed.  Leaves position_
  // after the closing quote.
  void readString(std::string_view prefix, SourceLocation begin, int nesting) {
    if (nesting > MaxFormattedStringNesting)
      fail(begin, "f-string: expressions nested too deeply");
    char quote = peek();
    bool triple = peek(1) == quote && peek(2) == quote;
    position_ += triple ? 3 : 1;
    bool formatted = prefixHas(prefix, 'f');
    bool raw = prefixHas(prefix, 'r');
    while (true) {
      if (atEnd())
        failUnterminated(begin, triple);
      char c = peek();
      if (c == '\\') {
        ++position_;
        if (atEnd())
          failUnterminated(begin, triple);
        if (formatted && (peek() == '{' || peek() == '}')) {
          // `rf"\{x}"`: a backslash does not escape a brace; the field is still a field.
        } else if (formatted && !raw && peek() == 'N' && peek(1) == '{') {
          // `f"\N{EM DASH}"` names a character; its braces are not a field.
          size_t close = source_.find('}', position_);
          position_ = close == std::string_view::npos ? source_.size() : close + 1;
        } else if (isNewlineAt(position_)) {
          consumeNewline();
        } else {
          ++position_;
        }
      } else if (isNewlineAt(position_)) {
        if (!triple)
          failUnterminated(begin, triple);
        consumeNewline();
      } else if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
        position_ += triple ? 3 : 1;
        return;
      } else if (formatted && c == '{') {
        if (peek(1) == '{') {
          position_ += 2;
        } else {
          ++position_;
          readReplacementField(begin, nesting, quote, triple);
        }
      } else if (formatted && c == '}') {
        if (peek(1) != '}')
          fail(here(), "f-string: single '}' is not allowed");
        position_ += 2;
      } else {
        ++position_;
      }
    }
  }

  [[noreturn]] void failUnterminated(SourceLocation begin, bool triple) {
    std::string detected = " (detected at line " + std::to_string(line_) + ")";
    fail(begin, triple ? "unterminated triple-quoted string literal" + detected
                       : "unterminated string literal" + detected);
  }

  // After the `{` of an f-string replacement field: skips the expression (which may hold
  // brackets and strings of its own, PEP 701) and its format spec, up to the closing `}`.
  void readReplacementField(SourceLocation stringBegin, int nesting, char enclosingQuote,
                            bool enclosingTriple) {
    int depth = 0;
    while (true) {
      if (atEnd())
        fail(stringBegin, "f-string: expecting '}'");
      char c = peek();
      unsigned char u = static_cast<unsigned char>(c);
      if (isNewlineAt(position_)) {
        consumeNewline();
      } else if (c == enclosingQuote && !enclosingTriple) {
        // Python 3.12 reads a nested string here; before, this quote ended the f-string
        // early.  When no nested string fits, say what older Pythons say.
        try {
          readString({}, here(), nesting + 1);
        } catch (const LexError &) {
          fail(stringBegin, "f-string: expecting '}'");
        }
      } else if (c == '\'' || c == '"') {
        readString({}, here(), nesting + 1);
      } else if (isIdentifierStart(u)) {
        size_t start = position_;
        SourceLocation begin = here();
        while (!atEnd() && isIdentifierContinue(static_cast<unsigned char>(peek())))
          ++position_;
        std::string_view word = source_.substr(start, position_ - start);
        if ((peek() == '\'' || peek() == '"') && isStringPrefix(word))
          readString(word, begin, nesting + 1);
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
        ++position_;
      } else if (c == ')' || c == ']') {
        if (depth > 0)
          --depth;
        ++position_;
      } else if (c == '}') {
        ++position_;
        if (depth == 0)
          return;
        --depth;
      } else if (c == ':' && depth == 0) {
        ++position_;
        readFormatSpec(stringBegin, nesting, enclosingQuote, enclosingTriple);
        return;
      } else {
        ++position_;
      }
    }
  }

  // After the `:` of a replacement field: literal text with nested fields, up to the `}`.
  void readFormatSpec(SourceLocation stringBegin, int nesting, char enclosingQuote,
                      bool enclosingTriple) {
    while (true) {
      if (atEnd() || isNewlineAt(position_) || peek() == '\'' || peek() == '"')
        fail(stringBegin, "f-string: expecting '}'");
      char c = peek();
      ++position_;
      if (c == '{')
        readReplacementField(stringBegin, nesting + 1, enclosingQuote, enclosingTriple);
      else if (c == '}')
        return;
    }
  }

  void finish() {
    if (!brackets_.empty()) {
      const OpenBracket &open = brackets_.back();
      fail(open.location, std::string("'") + open.character + "' was never closed");
    }
    SourceLocation end = here();
    // After a final line break, the end is said at the last line's end (not on a line past the
    // file's last, which editors do not show).
    if (position_ == lineStart_ && line_ > 1 && position_ > 0) {
      size_t lineEnd = position_ - 1; // the '\n'
      if (lineEnd > 0 && source_[lineEnd - 1] == '\r')
        --lineEnd;
      size_t previousStart =
          lineEnd == 0 ? std::string_view::npos : source_.rfind('\n', lineEnd - 1);
      previousStart = previousStart == std::string_view::npos ? 0 : previousStart + 1;
      end = {line_ - 1, static_cast<int>(lineEnd - previousStart)};
    }
    if (!tokens_.empty() && !tokens_.back().is(TokenKind::Newline))
      tokens_.push_back(Token{TokenKind::Newline, {}, end, {end.line, end.column + 1}});
    while (indents_.size() > 1) {
      indents_.pop_back();
      tokens_.push_back(Token{TokenKind::Dedent, {}, end, end});
    }
    tokens_.push_back(Token{TokenKind::EndOfFile, {}, end, end});
  }

  struct OpenBracket {
    char character;
    SourceLocation location;
  };

  std::string_view source_;
  size_t position_ = 0;
  int line_ = 1;
  size_t lineStart_ = 0;
  std::vector<int> indents_{0};
  std::vector<int> altIndents_{0};
  std::vector<OpenBracket> brackets_;
  std::vector<Token> tokens_;
};

} // namespace

TokenizeResult tokenizePython(std::string_view source, const std::string &fileName) {
  Lexer lexer(source);
  TokenizeResult result;
  try {
    lexer.run();
  } catch (const LexError &error) {
    result.error =
        makeDiagnostic(DiagnosticSeverity::Error, source, fileName, error.location, error.message);
  }
  result.tokens = std::move(lexer.tokens());
  return result;
}

} // namespace trex::python
