// LexerTest: tokenization as CPython's tokenizer does it: indentation, line joining, literal
// boundaries, operators, token positions and tokenizer errors.
#include "trex/Frontend/Python/Lexer.h"

#include <gtest/gtest.h>

using namespace trex::python;

namespace {

// The tokens of `source` as one line: token text, or NEWLINE / INDENT / DEDENT / EOF.
std::string tokenStream(std::string_view source) {
  TokenizeResult result = tokenizePython(source, "test.py");
  if (result.error)
    return "error: " + result.error->message;
  std::string stream;
  for (const Token &token : result.tokens) {
    if (!stream.empty())
      stream += ' ';
    switch (token.kind) {
    case TokenKind::Newline:
      stream += "NEWLINE";
      break;
    case TokenKind::Indent:
      stream += "INDENT";
      break;
    case TokenKind::Dedent:
      stream += "DEDENT";
      break;
    case TokenKind::EndOfFile:
      stream += "EOF";
      break;
    default:
      stream += token.text;
    }
  }
  return stream;
}

std::string tokenizeError(std::string_view source) {
  TokenizeResult result = tokenizePython(source, "test.py");
  if (!result.error)
    return "no error";
  return std::to_string(result.error->location.line) + ":" +
         std::to_string(result.error->location.column) + " " + result.error->message;
}

TEST(LexerTest, IndentationBecomesIndentAndDedentTokens) {
  EXPECT_EQ(tokenStream("if a:\n"
                        "    b\n"
                        "    if c:\n"
                        "        d\n"
                        "e\n"),
            "if a : NEWLINE INDENT b NEWLINE if c : NEWLINE INDENT d NEWLINE DEDENT DEDENT e "
            "NEWLINE EOF");
}

TEST(LexerTest, BlankAndCommentLinesProduceNothingWhateverTheirIndentation) {
  EXPECT_EQ(tokenStream("def f():\n"
                        "\n"
                        "  # a comment indented differently\n"
                        "    x = 1  # trailing comment\n"
                        "        \n"
                        "    return x\n"),
            "def f ( ) : NEWLINE INDENT x = 1 NEWLINE return x NEWLINE DEDENT EOF");
}

TEST(LexerTest, EndOfFileWithoutNewlineStillClosesTheLineAndTheBlocks) {
  EXPECT_EQ(tokenStream("for i in x:\n    y"), "for i in x : NEWLINE INDENT y NEWLINE DEDENT EOF");
  EXPECT_EQ(tokenStream(""), "EOF");
  EXPECT_EQ(tokenStream("# only a comment"), "EOF");
}

TEST(LexerTest, NewlinesInsideBracketsDoNotEndTheLine) {
  EXPECT_EQ(tokenStream("x = (a +\n"
                        "         b)\n"
                        "y = [1,\n"
                        "  2]\n"),
            "x = ( a + b ) NEWLINE y = [ 1 , 2 ] NEWLINE EOF");
}

TEST(LexerTest, BackslashJoinsLines) {
  EXPECT_EQ(tokenStream("x = a + \\\n    b\n"), "x = a + b NEWLINE EOF");
}

TEST(LexerTest, TabsIndentToMultiplesOfEightAndMustBeConsistent) {
  EXPECT_EQ(tokenStream("if a:\n\tb\n\tc\n"),
            "if a : NEWLINE INDENT b NEWLINE c NEWLINE DEDENT EOF");
  // A tab and eight spaces reach the same column but only by CPython's tab-size-8 rule, so
  // the two lines are inconsistent (CPython's TabError).
  EXPECT_EQ(tokenizeError("if a:\n\tb\n        c\n"),
            "3:8 inconsistent use of tabs and spaces in indentation");
}

TEST(LexerTest, CarriageReturnLineFeedEndsLinesLikeNewline) {
  EXPECT_EQ(tokenStream("if a:\r\n    b\r\n"), "if a : NEWLINE INDENT b NEWLINE DEDENT EOF");
  TokenizeResult result = tokenizePython("x = 1\r\ny = 2\r\n", "test.py");
  ASSERT_FALSE(result.error);
  EXPECT_EQ(result.tokens[4].text, "y");
  EXPECT_EQ(result.tokens[4].begin.line, 2);
  EXPECT_EQ(result.tokens[4].begin.column, 0);
}

TEST(LexerTest, NumbersAreSingleTokensInEveryPythonSpelling) {
  EXPECT_EQ(tokenStream("0x1F 0o17 0b1010 1_000 1.0 1e-5 .5 5. 1.5E+3 2j 0 00 0x_ff"),
            "0x1F 0o17 0b1010 1_000 1.0 1e-5 .5 5. 1.5E+3 2j 0 00 0x_ff NEWLINE EOF");
  // `1if` is deprecated but valid: a keyword may touch a number.
  EXPECT_EQ(tokenStream("1if x else 2"), "1 if x else 2 NEWLINE EOF");
}

TEST(LexerTest, MalformedNumbersAreErrors) {
  EXPECT_EQ(tokenizeError("x = 1__0"), "1:5 invalid decimal literal");
  EXPECT_EQ(tokenizeError("x = 1_"), "1:5 invalid decimal literal");
  EXPECT_EQ(tokenizeError("x = 12abc"), "1:6 invalid decimal literal");
  EXPECT_EQ(tokenizeError("x = 0x"), "1:6 invalid hexadecimal literal");
  EXPECT_EQ(tokenizeError("x = 0o8"), "1:6 invalid octal literal");
  EXPECT_EQ(tokenizeError("x = 0777"),
            "1:4 leading zeros in decimal integer literals are not permitted; use an 0o prefix "
            "for octal integers");
}

TEST(LexerTest, StringsWithPrefixesAndQuotesAreSingleTokens) {
  EXPECT_EQ(tokenStream(R"(a = 'x' "y" r'\d' b"\x00" Rb'z' f'{a}' u'w')"),
            R"(a = 'x' "y" r'\d' b"\x00" Rb'z' f'{a}' u'w' NEWLINE EOF)");
  // A quote escaped by a backslash does not end the string, raw or not.
  EXPECT_EQ(tokenStream(R"(s = 'it\'s' + r'\'')"), R"(s = 'it\'s' + r'\'' NEWLINE EOF)");
}

TEST(LexerTest, TripleQuotedStringsSpanLinesAndKeepTheirPositions) {
  TokenizeResult result =
      tokenizePython("doc = \"\"\"first\nsecond \"quoted\"\n\"\"\"\nx = 1\n", "test.py");
  ASSERT_FALSE(result.error);
  const Token &string = result.tokens[2];
  ASSERT_EQ(string.kind, TokenKind::String);
  EXPECT_EQ(string.begin.line, 1);
  EXPECT_EQ(string.begin.column, 6);
  EXPECT_EQ(string.end.line, 3);
  EXPECT_EQ(string.end.column, 3);
  EXPECT_EQ(result.tokens[4].text, "x");
  EXPECT_EQ(result.tokens[4].begin.line, 4);
}

TEST(LexerTest, FormattedStringsMayNestQuotesBracesAndFormatSpecs) {
  // Python 3.12 (PEP 701) lets replacement fields reuse the enclosing quote.
  EXPECT_EQ(tokenStream(R"(m = f"{d["k"]:>{width}} and {{literal}} {x!r}" + 'tail')"),
            R"(m = f"{d["k"]:>{width}} and {{literal}} {x!r}" + 'tail' NEWLINE EOF)");
  EXPECT_EQ(tokenStream("m = f'''{\n  x\n}'''\n"), "m = f'''{\n  x\n}''' NEWLINE EOF");
  // A backslash does not escape a brace, and \N{...} names a character.
  EXPECT_EQ(tokenStream(R"(c = rf"\{c}" + f"\N{EM DASH}")"),
            R"(c = rf"\{c}" + f"\N{EM DASH}" NEWLINE EOF)");
  EXPECT_EQ(tokenizeError("m = f'{x'"), "1:4 f-string: expecting '}'");
  EXPECT_EQ(tokenizeError("m = f'a } b'"), "1:8 f-string: single '}' is not allowed");
}

TEST(LexerTest, OperatorsTakeTheLongestMatch) {
  EXPECT_EQ(tokenStream("a **= b // c >>= d -> e := f ... != g <<= h @= i ** j"),
            "a **= b // c >>= d -> e := f ... != g <<= h @= i ** j NEWLINE EOF");
}

TEST(LexerTest, KeywordsAreRecognizedAndSoftKeywordsStayNames) {
  TokenizeResult result = tokenizePython("if not x is None: match = lambda: True", "test.py");
  ASSERT_FALSE(result.error);
  std::vector<TokenKind> kinds;
  for (const Token &token : result.tokens)
    kinds.push_back(token.kind);
  std::vector<TokenKind> expected = {TokenKind::KwIf,     TokenKind::KwNot,  TokenKind::Name,
                                     TokenKind::KwIs,     TokenKind::KwNone, TokenKind::Colon,
                                     TokenKind::Name,     TokenKind::Equal,  TokenKind::KwLambda,
                                     TokenKind::Colon,    TokenKind::KwTrue, TokenKind::Newline,
                                     TokenKind::EndOfFile};
  EXPECT_EQ(kinds, expected);
}

TEST(LexerTest, TokensCarryPythonStyleLineAndZeroBasedByteColumn) {
  TokenizeResult result = tokenizePython("def f(x):\n    return x * 2\n", "test.py");
  ASSERT_FALSE(result.error);
  // def f ( x ) : NEWLINE INDENT return x * 2
  const Token &star = result.tokens[10];
  ASSERT_EQ(star.kind, TokenKind::Star);
  EXPECT_EQ(star.begin.line, 2);
  EXPECT_EQ(star.begin.column, 13);
  EXPECT_EQ(star.end.column, 14);
  const Token &indent = result.tokens[7];
  ASSERT_EQ(indent.kind, TokenKind::Indent);
  EXPECT_EQ(indent.begin.column, 0);
  EXPECT_EQ(indent.end.column, 4);
}

TEST(LexerTest, ColumnsCountUtf8BytesLikeColOffset) {
  // "é" is two bytes, so `b` is at byte column 9 although it is the 8th character.
  TokenizeResult result = tokenizePython("s = 'é'; b = 1\n", "test.py");
  ASSERT_FALSE(result.error);
  EXPECT_EQ(result.tokens[4].text, "b");
  EXPECT_EQ(result.tokens[4].begin.column, 10);
}

TEST(LexerTest, ReportsUnterminatedStringsAtTheirStart) {
  EXPECT_EQ(tokenizeError("x = 'abc\ny = 1\n"),
            "1:4 unterminated string literal (detected at line 1)");
  EXPECT_EQ(tokenizeError("x = \"\"\"abc\ny = 1\n"),
            "1:4 unterminated triple-quoted string literal (detected at line 3)");
}

TEST(LexerTest, ReportsBracketsThatDoNotPair) {
  EXPECT_EQ(tokenizeError("x = f(a))\n"), "1:8 unmatched ')'");
  EXPECT_EQ(tokenizeError("x = f(a]\n"),
            "1:7 closing parenthesis ']' does not match opening parenthesis '('");
  EXPECT_EQ(tokenizeError("x = [f(a,\n  b)\ny = 2\n"), "1:4 '[' was never closed");
  EXPECT_EQ(tokenizeError("x = (\n]"),
            "2:0 closing parenthesis ']' does not match opening parenthesis '(' on line 1");
}

TEST(LexerTest, ReportsDedentsToNoEnclosingLevel) {
  EXPECT_EQ(tokenizeError("if a:\n        b\n    c\n"),
            "3:4 unindent does not match any outer indentation level");
}

TEST(LexerTest, ReportsCharactersPythonDoesNotUse) {
  EXPECT_EQ(tokenizeError("x = a $ b"), "1:6 invalid character '$' (U+0024)");
  EXPECT_EQ(tokenizeError("x = a ! b"), "1:6 invalid character '!' (U+0021)");
  EXPECT_EQ(tokenizeError(std::string_view("x = \0", 5)),
            "1:4 source code cannot contain null bytes");
  EXPECT_EQ(tokenizeError("x = a \\ b"),
            "1:6 unexpected character after the line continuation character '\\'");
}

TEST(LexerTest, RefusesAbsurdNesting) {
  EXPECT_EQ(tokenizeError(std::string(300, '(')), "1:200 too many nested parentheses");
  std::string deep;
  for (int level = 0; level < 120; ++level)
    deep += std::string(level * 1, ' ') + "if x:\n";
  EXPECT_EQ(tokenizeError(deep), "101:100 too many levels of indentation");
}

} // namespace
