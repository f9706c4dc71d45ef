// Argument helpers of the builtin tables.
#include "BuiltinSupport.h"

namespace trex::frontend {

Tensor requireTensor(const Value &value, const std::string &what) {
  if (!value.isTensor())
    fail(what + " must be a tensor, not " + value.describe());
  return value.asTensor();
}

std::optional<Tensor> optionalTensor(CodeGenerator &generator, const Value &value) {
  if (value.isNone())
    return std::nullopt;
  return generator.semantic().toTensor(value);
}

std::int64_t intArgument(const Value &value, const std::string &what) {
  if (!(value.isInt() || value.isBool()))
    fail(what + " must be a compile-time integer (tl.constexpr), not " + value.describe());
  PyInt integer = value.asInteger();
  if (integer > INT64_MAX || integer < INT64_MIN)
    fail(what + " is out of range: " + value.str());
  return static_cast<std::int64_t>(integer);
}

bool boolArgument(const Value &value, const std::string &what) {
  if (!(value.isBool() || value.isInt() || value.isNone()))
    fail(what + " must be a compile-time boolean (tl.constexpr), not " + value.describe());
  return value.truthy();
}

std::string stringArgument(const Value &value, const std::string &what) {
  if (!value.isString())
    fail(what + " must be a string, not " + value.describe());
  return value.asString();
}

std::string optionalString(const Value &value, const std::string &what) {
  if (value.isNone())
    return "";
  return stringArgument(value, what);
}

DType dtypeArgument(const Value &value, const std::string &what) {
  if (!value.isDType())
    fail(what + " must be a dtype (tl.float32, ...), not " + value.describe());
  return value.asDType();
}

std::vector<std::int64_t> intList(const Value &value, const std::string &what) {
  std::vector<std::int64_t> result;
  if (value.isTuple()) {
    for (size_t i = 0; i < value.elements().size(); ++i)
      result.push_back(intArgument(value.elements()[i], what + "[" + std::to_string(i) + "]"));
    return result;
  }
  result.push_back(intArgument(value, what));
  return result;
}

std::vector<std::int64_t> shapeArgument(const Value &value) {
  if (!value.isTuple())
    fail("a shape must be a tuple or list of integers, not " + value.describe());
  std::vector<std::int64_t> shape;
  std::int64_t numel = 1;
  for (size_t i = 0; i < value.elements().size(); ++i) {
    const Value &element = value.elements()[i];
    if (!element.isInt())
      fail("Shape element " + std::to_string(i) + " must have type `constexpr[int]`, got `" +
           element.describe() + "`");
    std::int64_t extent = intArgument(element, "shape element");
    if (extent <= 0 || (extent & (extent - 1)) != 0)
      fail("Shape element " + std::to_string(i) + " must be a power of 2");
    numel *= extent;
    if (numel > (std::int64_t(1) << 20))
      fail("numel (" + std::to_string(numel) +
           ") exceeds triton maximum tensor numel (1048576)");
    shape.push_back(extent);
  }
  return shape;
}

Value unwrapIterable(const std::vector<Value> &values) {
  if (values.size() == 1 && values[0].isTuple())
    return values[0];
  return Value::tuple(values);
}

Value tupleOf(const std::vector<Tensor> &tensors) {
  std::vector<Value> values;
  for (const Tensor &tensor : tensors)
    values.push_back(Value::tensor(tensor));
  return Value::tuple(std::move(values));
}

} // namespace trex::frontend
