// Lexer: Python source text -> tokens, with INDENT/DEDENT and implicit line joining.
//
// Follows CPython's tokenizer rules: tabs advance indentation to the next multiple of 8 and
// mixing tabs and spaces inconsistently is an error; newlines inside (), [] and {} and after a
// backslash do not end the logical line; blank and comment-only lines produce nothing.  String
// literals, f-strings included, come out as one String token each; their contents are decoded
// by the parser.
#ifndef TREX_FRONTEND_PYTHON_LEXER_H
#define TREX_FRONTEND_PYTHON_LEXER_H

#include "trex/Frontend/Python/Diagnostic.h"
#include "trex/Frontend/Python/Token.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trex::python {

struct TokenizeResult {
  // Always ends with Newline (if there was any statement), the closing Dedents and EndOfFile,
  // unless `error` is set, in which case it holds the tokens read before the error.
  std::vector<Token> tokens;
  std::optional<Diagnostic> error;
};

// The tokens' text views point into `source`, which must outlive them.
TokenizeResult tokenizePython(std::string_view source, const std::string &fileName);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_LEXER_H
