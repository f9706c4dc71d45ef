// Signature parsing: Triton's AOT signature strings to typed entries.
#include "trex/Runtime/Signature.h"

#include "trex/Runtime/Error.h"

#include <cctype>
#include <cstdlib>
#include <utility>

namespace trex::runtime {

namespace {

const std::pair<const char *, ScalarType> kTypeNames[] = {
    {"i1", ScalarType::I1},     {"i8", ScalarType::I8},     {"i16", ScalarType::I16},
    {"i32", ScalarType::I32},   {"i64", ScalarType::I64},   {"u1", ScalarType::I1},
    {"u8", ScalarType::U8},     {"u16", ScalarType::U16},   {"u32", ScalarType::U32},
    {"u64", ScalarType::U64},   {"fp16", ScalarType::FP16}, {"bf16", ScalarType::BF16},
    {"fp32", ScalarType::FP32}, {"fp64", ScalarType::FP64}, {"fp8e4nv", ScalarType::FP8E4NV},
    {"fp8e5", ScalarType::FP8E5}, {"fp8e4b8", ScalarType::FP8E4B8},
    {"fp8e5b16", ScalarType::FP8E5B16},
};

std::string trim(const std::string &text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  return text.substr(begin, end - begin);
}

// A constexpr value as Triton's AOT form writes it: a number, True/False/None or a quoted string.
bool isLiteral(const std::string &text) {
  if (text == "True" || text == "False" || text == "None")
    return true;
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front())
    return true;
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return false;
  char *end = nullptr;
  std::strtoll(text.c_str(), &end, 0);
  if (*end == '\0')
    return true;
  std::strtod(text.c_str(), &end);
  return *end == '\0';
}

// A dtype given as a constexpr (`tl.bfloat16`, `triton.language.float16`, `torch.float16`):
// compiled in, never passed.
bool isDTypeConstant(const std::string &text) {
  for (const char *prefix : {"tl.", "triton.language.", "torch."})
    if (text.rfind(prefix, 0) == 0 && text.size() > std::string(prefix).size())
      return true;
  return false;
}

SignatureEntry parseEntry(const std::string &written, std::size_t index) {
  SignatureEntry entry;
  entry.text = written;
  auto fail = [&](const std::string &why) -> Error {
    return Error("signature entry " + std::to_string(index) + " '" + written + "': " + why);
  };
  if (written.empty())
    throw fail("empty entry");
  std::string body = written;
  if (body[0] == '*') {
    entry.kind = SignatureEntry::Kind::Pointer;
    body = trim(body.substr(1));
  } else if (isLiteral(body) || isDTypeConstant(body)) {
    entry.kind = SignatureEntry::Kind::Constant;
    entry.literal = body;
    return entry;
  } else {
    entry.kind = SignatureEntry::Kind::Scalar;
  }
  std::size_t colon = body.find(':');
  if (colon != std::string::npos) {
    entry.hint = trim(body.substr(colon + 1));
    body = trim(body.substr(0, colon));
    if (entry.hint != "16" && entry.hint != "1")
      throw fail("unknown hint ':" + entry.hint + "' (expected :16 or :1)");
  }
  std::optional<ScalarType> type = parseScalarType(body);
  if (!type)
    throw fail("unknown type '" + body +
               "' (expected i1, i8, i16, i32, i64, u8..u64, fp16, bf16, fp32, fp64, fp8e4nv, "
               "fp8e5, fp8e4b8, fp8e5b16)");
  entry.type = *type;
  return entry;
}

} // namespace

std::optional<ScalarType> parseScalarType(const std::string &text) {
  for (const auto &[name, type] : kTypeNames)
    if (text == name)
      return type;
  return std::nullopt;
}

std::string scalarTypeName(ScalarType type) {
  for (const auto &[name, candidate] : kTypeNames)
    if (candidate == type)
      return name;
  return "?";
}

std::size_t scalarTypeSize(ScalarType type) {
  switch (type) {
  case ScalarType::I1:
  case ScalarType::I8:
  case ScalarType::U8:
  case ScalarType::FP8E4NV:
  case ScalarType::FP8E5:
  case ScalarType::FP8E4B8:
  case ScalarType::FP8E5B16:
    return 1;
  case ScalarType::I16:
  case ScalarType::U16:
  case ScalarType::FP16:
  case ScalarType::BF16:
    return 2;
  case ScalarType::I32:
  case ScalarType::U32:
  case ScalarType::FP32:
    return 4;
  case ScalarType::I64:
  case ScalarType::U64:
  case ScalarType::FP64:
    return 8;
  }
  return 0;
}

bool isFloatingPoint(ScalarType type) {
  return type == ScalarType::FP16 || type == ScalarType::BF16 || type == ScalarType::FP32 ||
         type == ScalarType::FP64 || isFp8(type);
}

bool isFp8(ScalarType type) {
  return type == ScalarType::FP8E4NV || type == ScalarType::FP8E5 ||
         type == ScalarType::FP8E4B8 || type == ScalarType::FP8E5B16;
}

bool isUnsigned(ScalarType type) {
  return type == ScalarType::U8 || type == ScalarType::U16 || type == ScalarType::U32 ||
         type == ScalarType::U64;
}

std::string SignatureEntry::describe() const {
  switch (kind) {
  case Kind::Pointer:
    return "*" + scalarTypeName(type);
  case Kind::Scalar:
    return scalarTypeName(type);
  case Kind::Constant:
    return "constexpr " + literal;
  }
  return text;
}

std::vector<SignatureEntry> Signature::passedEntries() const {
  std::vector<SignatureEntry> passed;
  for (const SignatureEntry &entry : entries)
    if (entry.isPassed())
      passed.push_back(entry);
  return passed;
}

Signature parseSignature(const std::string &text) {
  Signature signature;
  if (trim(text).empty())
    throw Error("empty signature (expected Triton's AOT form, e.g. '*fp32:16, i32, 1024')");
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    std::string written =
        trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    signature.entries.push_back(parseEntry(written, signature.entries.size()));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return signature;
}

} // namespace trex::runtime
