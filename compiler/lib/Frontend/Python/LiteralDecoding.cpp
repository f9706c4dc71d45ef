// LiteralDecoding: Python number and string literal semantics, applied to lexer tokens.
#include "LiteralDecoding.h"

#include <cctype>
#include <charconv>
#include <limits>

namespace trex::python {

namespace {

std::string withoutUnderscores(std::string_view text) {
  std::string digits;
  digits.reserve(text.size());
  for (char c : text)
    if (c != '_')
      digits += c;
  return digits;
}

int digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  return std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view digits, unsigned base) {
  std::uint64_t value = 0;
  for (char c : digits) {
    unsigned digit = static_cast<unsigned>(digitValue(c));
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base)
      return std::nullopt;
    value = value * base + digit;
  }
  return value;
}

double parseDouble(const std::string &text) {
  // from_chars, unlike strtod, ignores the C locale (a GUI may have set a decimal comma).
  double value = 0.0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  (void)end;
  if (error == std::errc::result_out_of_range) {
    // Python gives inf for 1e999 and 0.0 for 1e-999.
    bool negativeExponent =
        text.find("e-") != std::string::npos || text.find("E-") != std::string::npos;
    return negativeExponent ? 0.0 : std::numeric_limits<double>::infinity();
  }
  return value;
}

void appendUtf8(std::string &out, std::uint32_t codePoint) {
  if (codePoint < 0x80) {
    out += static_cast<char>(codePoint);
  } else if (codePoint < 0x800) {
    out += static_cast<char>(0xC0 | (codePoint >> 6));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else if (codePoint < 0x10000) {
    out += static_cast<char>(0xE0 | (codePoint >> 12));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (codePoint >> 18));
    out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  }
}

// Decodes the body of a non-raw literal; returns false (with result.error set) when malformed.
bool decodeEscapes(std::string_view body, DecodedString &result) {
  std::string &out = result.value;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char next = body[++i];
    auto fail = [&](const char *message) {
      result.error = message;
      return false;
    };
    switch (next) {
    case '\n':
      break; // a backslash at the end of a line joins it to the next
    case '\\':
    case '\'':
    case '"':
      out += next;
      break;
    case 'a':
      out += '\a';
      break;
    case 'b':
      out += '\b';
      break;
    case 'f':
      out += '\f';
      break;
    case 'n':
      out += '\n';
      break;
    case 'r':
      out += '\r';
      break;
    case 't':
      out += '\t';
      break;
    case 'v':
      out += '\v';
      break;
    case 'x':
    case 'u':
    case 'U': {
      if (result.isBytes && next != 'x') {
        out += '\\';
        out += next; // not an escape in bytes
        break;
      }
      size_t width = next == 'x' ? 2 : next == 'u' ? 4 : 8;
      std::string_view hex = body.substr(i + 1, width);
      bool complete = hex.size() == width;
      for (char h : hex)
        complete = complete && std::isxdigit(static_cast<unsigned char>(h));
      if (!complete)
        return fail(next == 'x'   ? "truncated \\xXX escape"
                    : next == 'u' ? "truncated \\uXXXX escape"
                                  : "truncated \\UXXXXXXXX escape");
      std::uint32_t codePoint = static_cast<std::uint32_t>(*parseUnsigned(hex, 16));
      if (codePoint > 0x10FFFF)
        return fail("illegal Unicode character in \\U escape");
      if (result.isBytes)
        out += static_cast<char>(codePoint);
      else
        appendUtf8(out, codePoint);
      i += width;
      break;
    }
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      std::uint32_t value = 0;
      size_t digits = 0;
      while (digits < 3 && i < body.size() && body[i] >= '0' && body[i] <= '7') {
        value = value * 8 + static_cast<std::uint32_t>(body[i] - '0');
        ++i;
        ++digits;
      }
      --i;
      if (result.isBytes) {
        if (value > 0xFF)
          return fail("octal escape value greater than 0o377 in a bytes literal");
        out += static_cast<char>(value);
      } else {
        appendUtf8(out, value);
      }
      break;
    }
    default:
      // Unknown escapes (and \N{...}) stay as written, as Python keeps them.
      out += '\\';
      out += next;
      break;
    }
  }
  return true;
}

} // namespace

DecodedNumber decodeNumber(std::string_view text) {
  DecodedNumber number;
  std::string digits = withoutUnderscores(text);
  if (digits.size() > 2 && digits[0] == '0' &&
      std::isalpha(static_cast<unsigned char>(digits[1]))) {
    char base = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
    number.integer = parseUnsigned(std::string_view(digits).substr(2), base == 'x'   ? 16
                                                                       : base == 'o' ? 8
                                                                                     : 2);
    return number;
  }
  char last = digits.empty() ? '\0' : digits.back();
  if (last == 'j' || last == 'J') {
    number.kind = DecodedNumber::Kind::Imaginary;
    digits.pop_back();
    number.floating = parseDouble(digits);
    return number;
  }
  if (digits.find_first_of(".eE") != std::string::npos) {
    number.kind = DecodedNumber::Kind::Float;
    number.floating = parseDouble(digits);
    return number;
  }
  number.integer = parseUnsigned(digits, 10);
  return number;
}

DecodedString decodeString(std::string_view tokenText) {
  DecodedString result;
  size_t quoteAt = tokenText.find_first_of("'\"");
  bool raw = false;
  for (size_t i = 0; i < quoteAt; ++i) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(tokenText[i])));
    raw = raw || c == 'r';
    result.isBytes = result.isBytes || c == 'b';
    result.isFormatted = result.isFormatted || c == 'f';
  }
  char quote = tokenText[quoteAt];
  bool triple = tokenText.size() >= quoteAt + 6 && tokenText[quoteAt + 1] == quote &&
                tokenText[quoteAt + 2] == quote;
  size_t quoteLength = triple ? 3 : 1;
  size_t bodyOffset = quoteAt + quoteLength;
  std::string_view body = tokenText.substr(bodyOffset, tokenText.size() - bodyOffset - quoteLength);

  // Python reads source with universal newlines: \r\n and \r inside literals become \n.
  std::string normalized;
  normalized.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\r') {
      normalized += '\n';
      if (i + 1 < body.size() && body[i + 1] == '\n')
        ++i;
    } else {
      normalized += body[i];
    }
  }

  if (result.isBytes) {
    for (size_t i = 0; i < normalized.size(); ++i) {
      if (static_cast<unsigned char>(normalized[i]) >= 0x80) {
        result.error = "bytes can only contain ASCII literal characters";
        return result;
      }
    }
  }
  if (raw || result.isFormatted) {
    result.value = std::move(normalized);
    return result;
  }
  decodeEscapes(normalized, result);
  return result;
}

} // namespace trex::python
