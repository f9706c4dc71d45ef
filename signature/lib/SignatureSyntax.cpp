// SignatureSyntax: see the header.
#include "trex/Signature/SignatureSyntax.h"

#include <cctype>

namespace trex::signature {
namespace {

std::string trim(std::string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  return std::string(text.substr(begin, end - begin));
}

bool isIdentifier(const std::string &text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text.front())))
    return false;
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}

// A name spelled like a type of Triton's signatures ("i33", "fp12", "bf8"): a misspelt type
// rather than a constexpr named so.
bool looksLikeType(const std::string &text) {
  size_t digits = 0;
  for (const char *prefix : {"fp", "bf", "i", "u", "f"})
    if (text.rfind(prefix, 0) == 0) {
      digits = std::string(prefix).size();
      break;
    }
  return digits > 0 && digits < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[digits])) && isIdentifier(text);
}

// "tensordesc<fp16[64, 32]>": the element type and the block shape. Triton's Gluon adds a
// layout after the shape ("tensordesc<fp16[64, 32],#ttg.nvmma_shared<...>>"); trex chooses
// the layout itself, as Triton does for tl kernels, so that form is refused.
EntrySyntax parseTensorDescriptor(const std::string &text) {
  const std::string prefix = "tensordesc<";
  EntrySyntax entry;
  entry.text = text;
  entry.kind = EntrySyntax::Kind::TensorDescriptor;
  const char *form = "; expected tensordesc<TYPE[B0, B1, ...]> such as tensordesc<fp16[64, 32]>";
  if (text.back() != '>')
    throw SyntaxError("a tensor descriptor entry ends with '>'" + std::string(form));
  std::string body = text.substr(prefix.size(), text.size() - prefix.size() - 1);
  size_t open = body.find('[');
  size_t close = body.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open)
    throw SyntaxError("a tensor descriptor entry needs its block shape in [...]" +
                      std::string(form));
  std::string typeText = trim(body.substr(0, open));
  if (!isTypeName(typeText))
    throw SyntaxError("unknown element type '" + typeText + "' of a tensor descriptor" +
                      std::string(form));
  std::string rest = trim(body.substr(close + 1));
  if (!rest.empty() && rest.front() == ',')
    rest = trim(rest.substr(1));
  if (!rest.empty())
    throw SyntaxError("tensor descriptors with a layout ('" + rest +
                      "', Gluon's form) are not supported: trex picks the TMA layout itself");
  std::string shapeText = body.substr(open + 1, close - open - 1);
  size_t start = 0;
  while (true) {
    size_t comma = shapeText.find(',', start);
    std::string part = trim(
        shapeText.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    bool digits = !part.empty() && part.size() <= 9;
    for (char c : part)
      digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (!digits || std::stoll(part) <= 0)
      throw SyntaxError("block dimension '" + part +
                        "' of a tensor descriptor is not a positive integer" + std::string(form));
    entry.blockShape.push_back(std::stoll(part));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (entry.blockShape.size() > 5)
    throw SyntaxError("a tensor descriptor has 1 to 5 dimensions, not " +
                      std::to_string(entry.blockShape.size()));
  entry.typeName = typeText;
  return entry;
}

} // namespace

const std::vector<std::string> &typeNames() {
  // Triton 3.6's names (python/triton/runtime/jit.py, the backends' ty_to_cpp), with the
  // aliases its AOT compiler accepts ("f32", "u1", "B").
  static const std::vector<std::string> names = {
      "i1",  "u1",   "B",       "i8",      "i16",      "i32",   "i64",
      "u8",  "u16",  "u32",     "u64",     "fp16",     "bf16",  "fp32",
      "f32", "fp64", "fp8e4nv", "fp8e4b8", "fp8e4b15", "fp8e5", "fp8e5b16"};
  return names;
}

bool isTypeName(std::string_view name) {
  for (const std::string &known : typeNames())
    if (name == known)
      return true;
  return false;
}

std::vector<std::string> splitEntries(std::string_view signature) {
  std::vector<std::string> entries;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < signature.size(); ++i) {
    char c = signature[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '(' || c == '[' || c == '<')
      ++depth;
    else if ((c == ')' || c == ']' || c == '>') && depth > 0)
      --depth;
    else if (c == ',' && depth == 0) {
      entries.push_back(trim(signature.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string last = trim(signature.substr(start));
  if (!last.empty() || !entries.empty())
    entries.push_back(last);
  return entries;
}

EntrySyntax parseEntry(const std::string &written) {
  EntrySyntax entry;
  entry.text = trim(written);
  if (entry.text.empty())
    throw SyntaxError("the entry is empty");
  if (entry.text.rfind("tensordesc<", 0) == 0)
    return parseTensorDescriptor(entry.text);
  std::string body = entry.text;
  bool pointer = body.front() == '*';
  if (pointer)
    body = trim(body.substr(1));
  std::string hint;
  size_t colon = body.find(':');
  std::string typeText = body;
  if (colon != std::string::npos) {
    typeText = trim(body.substr(0, colon));
    hint = trim(body.substr(colon + 1));
  }
  if (pointer && !typeText.empty() && typeText.front() == 'k' && isTypeName(typeText.substr(1))) {
    entry.constPointer = true;
    typeText = typeText.substr(1);
  }
  // Not a pointer and not a type (with or without a hint): a constexpr as written, unless it
  // is a name with a hint ("fp33:16") or spelled like a type ("i33"): a misspelt type.
  bool typeLike = (colon != std::string::npos && isIdentifier(typeText)) ||
                  (colon == std::string::npos && looksLikeType(typeText));
  if (!pointer && !isTypeName(typeText) && !typeLike)
    return entry;
  if (!isTypeName(typeText))
    throw SyntaxError("unknown type '" + std::string(pointer ? "*" : "") + typeText +
                      "'; expected a type such as *fp32, i32, fp16, a literal such as 1024, "
                      "True, 'str', or a constant of the file such as tl.float16, a helper's "
                      "name or (16, 32)");
  entry.kind = pointer ? EntrySyntax::Kind::Pointer : EntrySyntax::Kind::Scalar;
  entry.typeName = typeText;
  if (colon != std::string::npos) {
    if (hint == "16")
      entry.hint = 16;
    else if (hint == "1" && !pointer)
      entry.hint = 1;
    else if (hint == "1")
      throw SyntaxError("a pointer cannot be specialized to 1");
    else
      throw SyntaxError("unknown hint ':" + hint +
                        "'; Triton's hints are :16 (divisible by 16) and :1 (equal to 1)");
  }
  return entry;
}

} // namespace trex::signature
