// Helpers shared by the builtin tables: declaring signatures and reading arguments the way
// Triton's builtins unwrap them (constexprs to Python values, numbers to tensors).
#ifndef TREX_FRONTEND_CODEGEN_BUILTINSUPPORT_H
#define TREX_FRONTEND_CODEGEN_BUILTINSUPPORT_H

#include "CodeGenerator.h"
#include "Library.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace trex::frontend {

inline BuiltinParameter required(std::string name) { return {std::move(name), std::nullopt}; }
inline BuiltinParameter optional(std::string name, Value defaultValue = Value::none()) {
  return {std::move(name), std::move(defaultValue)};
}

inline BuiltinSignature signature(std::initializer_list<BuiltinParameter> positional,
                                  std::string variadic = "",
                                  std::initializer_list<BuiltinParameter> keywordOnly = {}) {
  BuiltinSignature result;
  result.positional = positional;
  result.variadic = std::move(variadic);
  result.keywordOnly = keywordOnly;
  return result;
}

// `value` as a tensor: tensors as they are, Python numbers as constants (to_tensor).
inline Tensor tensorArgument(CodeGenerator &generator, const Value &value) {
  return generator.semantic().toTensor(value);
}

// `value` as a tensor that the caller must have given as one.
Tensor requireTensor(const Value &value, const std::string &what);
std::optional<Tensor> optionalTensor(CodeGenerator &generator, const Value &value);
std::int64_t intArgument(const Value &value, const std::string &what);
bool boolArgument(const Value &value, const std::string &what);
std::string stringArgument(const Value &value, const std::string &what);
// An optional string: None gives the empty string.
std::string optionalString(const Value &value, const std::string &what);
DType dtypeArgument(const Value &value, const std::string &what);
// A list of ints from an int or a tuple of ints.
std::vector<std::int64_t> intList(const Value &value, const std::string &what);
// Triton's _shape_check_impl: ints, powers of two, at most 2**20 elements.
std::vector<std::int64_t> shapeArgument(const Value &value);
// `*shape` arguments: one tuple, or the values themselves (_unwrap_iterable).
Value unwrapIterable(const std::vector<Value> &values);
Value tupleOf(const std::vector<Tensor> &tensors);

// tl.reduce on tensors with a @triton.jit combine function (BuiltinsReduction.cpp).
std::vector<Tensor> reduceTensors(CodeGenerator &generator, std::vector<Tensor> inputs,
                                  std::optional<int> axis, const Value &combine, bool keepDims);
// tl.inline_asm_elementwise (BuiltinsMath.cpp).
Value inlineAsmElementwise(CodeGenerator &generator, const std::string &assembly,
                           const std::string &constraints, const Value &arguments,
                           const Value &dtypes, bool isPure, std::int64_t pack);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_BUILTINSUPPORT_H
