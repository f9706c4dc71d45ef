// Signature: reading Triton's AOT signature strings.
#include "Signature.h"

#include "CompileError.h"
#include "Library.h"
#include "trex/Signature/SignatureSyntax.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace trex::frontend {

namespace {

const char *const kExpectedEntries =
    "expected a type such as *fp32, i32, fp16, a literal such as 1024, True, 'str', or a "
    "constant of the file such as tl.float16, a helper's name or (16, 32)";

std::optional<Value> parseLiteral(const std::string &text) {
  if (text == "True")
    return Value::boolean(true);
  if (text == "False")
    return Value::boolean(false);
  if (text == "None")
    return Value::none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') && text.back() == text.front())
    return Value::string(text.substr(1, text.size() - 2));
  if (text.empty())
    return std::nullopt;
  const char *begin = text.c_str();
  char *end = nullptr;
  errno = 0;
  bool looksIntegral = text.find_first_of(".eE") == std::string::npos ||
                       text.rfind("0x", 0) == 0 || text.rfind("-0x", 0) == 0;
  if (looksIntegral) {
    long long value = std::strtoll(begin, &end, 0);
    if (end && *end == '\0' && errno == 0)
      return Value::integer(value);
  }
  errno = 0;
  double value = std::strtod(begin, &end);
  if (end && *end == '\0' && errno == 0 && std::isdigit(static_cast<unsigned char>(text.back())))
    return Value::floating(value);
  return std::nullopt;
}

} // namespace

std::vector<std::string> splitSignature(std::string_view signature) {
  return signature::splitEntries(signature);
}

// A dtype passed as a constexpr, as Triton's JIT receives one: `tl.bfloat16`,
// `triton.language.float16`, or a torch dtype (`torch.float16`), which Triton's JIT turns into
// the tl dtype of the same name.
std::optional<Value> parseDTypeConstant(const std::string &text) {
  std::string name;
  for (const char *prefix : {"tl.", "triton.language."})
    if (text.rfind(prefix, 0) == 0)
      name = text.substr(std::string(prefix).size());
  if (!name.empty()) {
    std::optional<Value> value = library().lookup("triton.language", name);
    if (!value || !value->isDType())
      fail("'" + text + "' is not a dtype of triton.language");
    return value;
  }
  if (text.rfind("torch.", 0) != 0)
    return std::nullopt;
  static const std::pair<const char *, const char *> torchNames[] = {
      {"float16", "float16"},
      {"half", "float16"},
      {"bfloat16", "bfloat16"},
      {"float32", "float32"},
      {"float", "float32"},
      {"float64", "float64"},
      {"double", "float64"},
      {"int8", "int8"},
      {"int16", "int16"},
      {"int32", "int32"},
      {"int", "int32"},
      {"int64", "int64"},
      {"long", "int64"},
      {"uint8", "uint8"},
      {"uint16", "uint16"},
      {"uint32", "uint32"},
      {"uint64", "uint64"},
      {"bool", "int1"},
      {"float8_e4m3fn", "float8e4nv"},
      {"float8_e5m2", "float8e5"},
      {"float8_e4m3fnuz", "float8e4b8"},
      {"float8_e5m2fnuz", "float8e5b16"}};
  std::string torchName = text.substr(6);
  for (const auto &[from, to] : torchNames)
    if (torchName == from)
      return library().lookup("triton.language", to);
  fail("'" + text + "' is not a torch dtype Triton has a type for");
}

ParameterSpecialization parseSignatureEntry(const std::string &entry) {
  ParameterSpecialization specialization;
  specialization.text = entry;
  signature::EntrySyntax syntax;
  try {
    syntax = signature::parseEntry(entry);
  } catch (const signature::SyntaxError &error) {
    fail(error.what());
  }
  if (syntax.kind == signature::EntrySyntax::Kind::Constant) {
    if (std::optional<Value> literal = parseLiteral(syntax.text)) {
      specialization.constant = *literal;
      return specialization;
    }
    if (std::optional<Value> dtype = parseDTypeConstant(syntax.text)) {
      specialization.constant = *dtype;
      return specialization;
    }
    // The caller reads it as an expression of the kernel's module, or reports this.
    fail("unknown type '" + syntax.text + "'; " + kExpectedEntries);
  }
  if (syntax.hint == 1) {
    // Triton's ":1" hint: the argument equals 1 and is compiled in as a constant.
    specialization.constant = Value::integer(1);
    return specialization;
  }
  if (syntax.hint == 16)
    specialization.divisibility = 16;
  std::optional<ScalarKind> kind = scalarKindFromSignatureName(syntax.typeName);
  if (!kind)
    fail("unknown type '" + syntax.typeName + "'; " + kExpectedEntries);
  if (syntax.kind == signature::EntrySyntax::Kind::TensorDescriptor) {
    // A TensorDescriptor made on the host: the kernel receives the descriptor, then its shape
    // and strides (CodeGenerator::visitFunctionDef adds those parameters).
    DType element(*kind);
    std::vector<std::int64_t> block(syntax.blockShape.begin(), syntax.blockShape.end());
    std::int64_t rowBytes = block.back() * std::max(element.primitiveBitwidth() / 8, 1);
    if (rowBytes < 16)
      fail("Descriptor block shape must have at least 16 bytes in the last dimension, but got " +
           std::to_string(block.back()) + " * " +
           std::to_string(std::max(element.primitiveBitwidth() / 8, 1)) + " = " +
           std::to_string(rowBytes) + " bytes");
    specialization.type = DType::tensorDesc(DType::block(element, block));
    return specialization;
  }
  specialization.type = syntax.kind == signature::EntrySyntax::Kind::Pointer
                            ? DType::pointer(DType(*kind), 1, syntax.constPointer)
                            : DType(*kind);
  return specialization;
}

} // namespace trex::frontend
