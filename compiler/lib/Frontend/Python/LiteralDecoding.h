// LiteralDecoding: the values of number and string tokens (escapes, prefixes, underscores).
#ifndef TREX_FRONTEND_PYTHON_LITERALDECODING_H
#define TREX_FRONTEND_PYTHON_LITERALDECODING_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trex::python {

struct DecodedNumber {
  enum class Kind { Integer, Float, Imaginary };
  Kind kind = Kind::Integer;
  std::optional<std::uint64_t> integer; // Integer: empty when it needs more than 64 bits
  double floating = 0.0;                // Float, and the imaginary part of Imaginary
};

// `text` is a Number token the lexer accepted, so it is well formed.
DecodedNumber decodeNumber(std::string_view text);

struct DecodedString {
  std::string value;
  bool isBytes = false;
  bool isFormatted = false;
  // Set when the literal is malformed (a truncated \x escape, non-ASCII in bytes, ...): what
  // is wrong, in words.  Python reports these at the literal's start, and so does the parser.
  std::string error;
};

// Decodes one String token: prefix, quotes, escapes (not for raw strings) and \r\n -> \n.
// f-strings are not interpreted; their value is the raw text between the quotes.
// `\N{name}` escapes are kept as written: trex carries no Unicode name database.
DecodedString decodeString(std::string_view tokenText);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_LITERALDECODING_H
