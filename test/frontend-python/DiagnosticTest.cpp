// DiagnosticTest: syntax errors come back as located diagnostics that print like a compiler's,
// "file:line:col: error: message", the source line, and a caret under the column.
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

using namespace trex::python;

namespace {

std::string formattedErrors(std::string_view source, std::string fileName = "vector_add.py") {
  ParseResult result = parsePythonModule(source, std::move(fileName));
  EXPECT_FALSE(result.succeeded());
  return formatDiagnostics(result.diagnostics);
}

TEST(DiagnosticTest, MissingCommaInACallPointsAtTheOffendingToken) {
  EXPECT_EQ(formattedErrors("@triton.jit\n"
                            "def add_kernel(x_ptr, n):\n"
                            "    x = tl.load(x_ptr + offsets mask=mask)\n"),
            "vector_add.py:3:33: error: expected ',' or ')' after the argument, found 'mask' "
            "(to close the '(' at line 3, column 16)\n"
            "    x = tl.load(x_ptr + offsets mask=mask)\n"
            "                                ^\n");
}

TEST(DiagnosticTest, ColumnsArePrintedOneBasedWhileLocationsStayZeroBased) {
  ParseResult result = parsePythonModule("x = )\n", "k.py");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  const Diagnostic &error = result.diagnostics.front();
  EXPECT_EQ(error.severity, DiagnosticSeverity::Error);
  EXPECT_EQ(error.fileName, "k.py");
  EXPECT_EQ(error.location.line, 1);
  EXPECT_EQ(error.location.column, 4); // col_offset of `)`
  EXPECT_EQ(error.displayColumn(), 5);
  EXPECT_EQ(error.message, "unmatched ')'");
  EXPECT_EQ(error.sourceLine, "x = )");
  EXPECT_EQ(error.format(), "k.py:1:5: error: unmatched ')'\nx = )\n    ^\n");
}

TEST(DiagnosticTest, CaretFollowsTabsInTheSourceLine) {
  EXPECT_EQ(formattedErrors("def f():\n\treturn (1 +)\n", "t.py"),
            "t.py:2:13: error: expected an expression, found ')'\n"
            "\treturn (1 +)\n"
            "\t           ^\n");
}

TEST(DiagnosticTest, ErrorsAtTheEndOfALinePointJustPastIt) {
  EXPECT_EQ(formattedErrors("for i in range(4)\n    pass\n", "t.py"),
            "t.py:1:18: error: expected ':' at the end of the 'for' statement header, found the "
            "end of the line\n"
            "for i in range(4)\n"
            "                 ^\n");
}

TEST(DiagnosticTest, TokenizerErrorsAreDiagnosticsToo) {
  EXPECT_EQ(formattedErrors("s = 'abc\n", "t.py"),
            "t.py:1:5: error: unterminated string literal (detected at line 1)\n"
            "s = 'abc\n"
            "    ^\n");
  EXPECT_EQ(formattedErrors("x = [1,\n     2\n", "t.py"), "t.py:1:5: error: '[' was never closed\n"
                                                          "x = [1,\n"
                                                          "    ^\n");
}

TEST(DiagnosticTest, AnEarlierSyntaxErrorWinsOverALaterTokenizerError) {
  // CPython tokenizes lazily, so it reports the first problem in the file; so does trex.
  EXPECT_EQ(formattedErrors("x = = 1\ny = 'unterminated\n", "t.py"),
            "t.py:1:5: error: expected an expression, found '='\n"
            "x = = 1\n"
            "    ^\n");
}

TEST(DiagnosticTest, IndentationErrorsNameTheBlockTheyBelongTo) {
  EXPECT_EQ(formattedErrors("@triton.jit\ndef k(x):\nreturn x\n", "t.py"),
            "t.py:3:1: error: expected an indented block after the function definition on line "
            "2\n"
            "return x\n"
            "^\n");
}

// An error at the end of the file is said on its last line, at its end (after a final line
// break too: a line past the file's last is one editors do not show; found by fuzzing).
TEST(DiagnosticTest, ErrorsAtTheEndOfTheFilePointAtTheLastLine) {
  ParseResult result = parsePythonModule("x = (", "t.py");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].format(),
            "t.py:1:5: error: '(' was never closed\nx = (\n    ^\n");
  ParseResult atEnd = parsePythonModule("def f():\n", "t.py");
  ASSERT_EQ(atEnd.diagnostics.size(), 1u);
  EXPECT_EQ(atEnd.diagnostics[0].location.line, 1);
  EXPECT_EQ(atEnd.diagnostics[0].format(),
            "t.py:1:9: error: expected an indented block after the function definition on line "
            "1\ndef f():\n        ^\n");
  ParseResult crlf = parsePythonModule("def f():\r\n\r\n", "t.py");
  ASSERT_EQ(crlf.diagnostics.size(), 1u);
  EXPECT_EQ(crlf.diagnostics[0].location.line, 2);
  EXPECT_EQ(crlf.diagnostics[0].location.column, 0); // zero-based: the empty line's start
}

TEST(DiagnosticTest, CaretCountsCharactersNotBytes) {
  EXPECT_EQ(formattedErrors("s = 'é' +\n", "t.py"),
            "t.py:1:11: error: expected an expression, found the end of the line\n"
            "s = 'é' +\n"
            "         ^\n");
}

TEST(DiagnosticTest, WarningsPrintAsWarnings) {
  ParseResult result = parsePythonModule("match x:\n    case 1:\n        pass\n", "host.py");
  ASSERT_TRUE(result.succeeded());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_FALSE(hasErrors(result.diagnostics));
  EXPECT_EQ(result.diagnostics[0].format(),
            "host.py:1:1: warning: skipped a 'match' statement: trex's Python front end does "
            "not read this syntax; it is host code, which trex never runs, so kernels are not "
            "affected\n"
            "match x:\n"
            "^\n");
}

} // namespace
