// Signature parsing: Triton's AOT signature strings to typed entries.
#include "trex/Runtime/Signature.h"

#include "trex/Runtime/Error.h"
#include "trex/Signature/SignatureSyntax.h"

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

SignatureEntry parseEntry(const std::string &written, std::size_t index) {
  auto fail = [&](const std::string &why) -> Error {
    return Error("signature entry " + std::to_string(index) + " '" + written + "': " + why);
  };
  signature::EntrySyntax syntax;
  try {
    syntax = signature::parseEntry(written);
  } catch (const signature::SyntaxError &error) {
    throw fail(error.what());
  }
  SignatureEntry entry;
  entry.text = syntax.text;
  // A constexpr (a literal, a dtype, a tuple, a name of the kernel's module; the compiler has
  // checked what it means) or a scalar known to equal 1 (":1"): compiled in, not passed.
  if (syntax.kind == signature::EntrySyntax::Kind::Constant || !syntax.passed()) {
    entry.kind = SignatureEntry::Kind::Constant;
    entry.literal = syntax.kind == signature::EntrySyntax::Kind::Constant ? syntax.text : "1";
    return entry;
  }
  std::string typeName = syntax.typeName == "f32" ? "fp32"
                         : syntax.typeName == "B" ? "i1"
                                                  : syntax.typeName;
  std::optional<ScalarType> type = parseScalarType(typeName);
  if (!type)
    throw fail("the runtime has no element type '" + syntax.typeName +
               "' to pass or fill (the compiler takes it; launch such kernels from Triton)");
  switch (syntax.kind) {
  case signature::EntrySyntax::Kind::Pointer:
    entry.kind = SignatureEntry::Kind::Pointer;
    break;
  case signature::EntrySyntax::Kind::TensorDescriptor:
    entry.kind = SignatureEntry::Kind::TensorDescriptor;
    entry.blockShape.assign(syntax.blockShape.begin(), syntax.blockShape.end());
    break;
  default:
    entry.kind = SignatureEntry::Kind::Scalar;
    break;
  }
  entry.type = *type;
  entry.hint = syntax.hint ? std::to_string(syntax.hint) : "";
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
  case Kind::TensorDescriptor: {
    std::string text = "tensordesc<" + scalarTypeName(type) + "[";
    for (std::size_t i = 0; i < blockShape.size(); ++i)
      text += (i ? ", " : "") + std::to_string(blockShape[i]);
    return text + "]>";
  }
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
  for (const std::string &written : signature::splitEntries(text))
    signature.entries.push_back(parseEntry(written, signature.entries.size()));
  return signature;
}

} // namespace trex::runtime
