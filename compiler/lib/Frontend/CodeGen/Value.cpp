// Value: compile-time and IR values of the code generator, and their Python spellings.
#include "Value.h"

#include "ConstexprOperators.h"
#include "Library.h"

#include "../Module/Object.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace trex::frontend {

namespace {
// Python's repr inside containers: strings quoted.
std::string reprOf(const Value &value) {
  return value.isString() ? "'" + value.asString() + "'" : value.str();
}
} // namespace

std::string pyIntToString(PyInt value) {
  if (value == 0)
    return "0";
  bool negative = value < 0;
  // Work on the magnitude as unsigned so the most negative value has one.
  unsigned __int128 magnitude =
      negative ? static_cast<unsigned __int128>(-(value + 1)) + 1 : static_cast<unsigned __int128>(value);
  std::string digits;
  while (magnitude != 0) {
    digits.insert(digits.begin(), char('0' + int(magnitude % 10)));
    magnitude /= 10;
  }
  return negative ? "-" + digits : digits;
}

std::string pyFloatRepr(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  if (value == 0)
    return std::signbit(value) ? "-0.0" : "0.0";
  char buffer[64];
  // The shortest digits that read back to the same double, as Python's repr uses.
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), std::fabs(value),
                              std::chars_format::scientific);
  std::string scientific(buffer, result.ptr);
  size_t exponentAt = scientific.find('e');
  std::string digits = scientific.substr(0, exponentAt);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int exponent = std::atoi(scientific.c_str() + exponentAt + 1);
  int decimalPoint = exponent + 1; // value = 0.<digits> * 10**decimalPoint
  std::string text;
  if (decimalPoint <= -4 || decimalPoint > 16) {
    text = digits.substr(0, 1);
    if (digits.size() > 1)
      text += "." + digits.substr(1);
    std::string exponentDigits = std::to_string(std::abs(exponent));
    if (exponentDigits.size() < 2)
      exponentDigits = "0" + exponentDigits;
    text += std::string("e") + (exponent < 0 ? "-" : "+") + exponentDigits;
  } else if (decimalPoint <= 0) {
    text = "0." + std::string(-decimalPoint, '0') + digits;
  } else if (decimalPoint >= static_cast<int>(digits.size())) {
    text = digits + std::string(decimalPoint - digits.size(), '0') + ".0";
  } else {
    text = digits.substr(0, decimalPoint) + "." + digits.substr(decimalPoint);
  }
  return value < 0 ? "-" + text : text;
}

Value Value::slice(Value lower, Value upper, Value step) {
  return Value(Kind::Slice, Slice{std::make_shared<Value>(std::move(lower)),
                                  std::make_shared<Value>(std::move(upper)),
                                  std::make_shared<Value>(std::move(step))});
}

Value Value::boundMethod(Value self, std::shared_ptr<const Callable> function) {
  return Value(Kind::BoundMethod,
               BoundMethod{std::make_shared<Value>(std::move(self)), std::move(function)});
}

Value Value::dict(const DictItems &items) {
  DictEntries entries;
  for (const auto &[key, value] : items)
    entries.emplace_back(Value::string(key), value);
  return dictOf(std::move(entries));
}

const Value *Value::dictFind(const Value &key) const {
  for (const auto &[entryKey, value] : dictEntries())
    if (constexprEqual(entryKey, key))
      return &value;
  return nullptr;
}

double Value::asDouble() const {
  if (isFloat())
    return asFloat();
  return static_cast<double>(asInteger());
}

bool Value::truthy() const {
  switch (kind_) {
  case Kind::None:
    return false;
  case Kind::Bool:
    return asBool();
  case Kind::Int:
    return asInt() != 0;
  case Kind::Float:
    return asFloat() != 0.0;
  case Kind::String:
    return !asString().empty();
  case Kind::Tuple:
    return !elements().empty();
  case Kind::Dict:
    return !dictEntries().empty();
  case Kind::List:
    return !listElements().empty();
  case Kind::Enum:
    return asEnum().value != 0;
  default:
    return true;
  }
}

std::string Value::str() const {
  switch (kind_) {
  case Kind::None:
    return "None";
  case Kind::Bool:
    return asBool() ? "True" : "False";
  case Kind::Int:
    return pyIntToString(asInt());
  case Kind::Float:
    return pyFloatRepr(asFloat());
  case Kind::String:
    return asString();
  case Kind::DType:
    return asDType().name();
  case Kind::Enum:
    return asEnum().typeName + "." + asEnum().memberName;
  case Kind::Tensor: {
    const Tensor &tensor = asTensor();
    std::string text = tensor.dtype().name() + "[";
    for (size_t i = 0; i < tensor.shape().size(); ++i)
      text += (i ? ", " : "") + std::to_string(tensor.shape()[i]);
    return text + "]";
  }
  case Kind::Tuple: {
    std::string text = "(";
    const std::vector<Value> &items = elements();
    for (size_t i = 0; i < items.size(); ++i)
      text += (i ? ", " : "") + items[i].str();
    return text + (items.size() == 1 ? ",)" : ")");
  }
  case Kind::Slice:
    return "slice(" + asSlice().lower->str() + ", " + asSlice().upper->str() + ", " +
           asSlice().step->str() + ")";
  case Kind::Callable:
    return asCallable()->displayName();
  case Kind::Namespace:
    return "<module '" + asNamespace().path + "'>";
  case Kind::BoundMethod:
    return "<bound method " + asBoundMethod().function->displayName() + ">";
  case Kind::Dict: {
    std::string text = "{";
    for (const auto &[key, value] : dictEntries())
      text += (text.size() > 1 ? ", " : "") + reprOf(key) + ": " + reprOf(value);
    return text + "}";
  }
  case Kind::List: {
    std::string text = "[";
    for (const Value &element : listElements())
      text += (text.size() > 1 ? ", " : "") + reprOf(element);
    return text + "]";
  }
  case Kind::Object:
    return objectStr(*asObject());
  }
  return {};
}

std::string Value::describe() const {
  switch (kind_) {
  case Kind::Tensor:
    return asTensor().type.isBlock() ? "tensor " + str() : "scalar of type " + str().substr(0, str().find('['));
  case Kind::Tuple:
    return "tuple " + str();
  case Kind::Namespace:
  case Kind::Callable:
  case Kind::BoundMethod:
  case Kind::Slice:
    return str();
  case Kind::Dict:
    return "dict " + str();
  case Kind::List:
    return "list " + str();
  case Kind::Object:
    return objectDescription(*asObject());
  case Kind::String:
    return "constexpr['" + str() + "']";
  default:
    return "constexpr[" + str() + "]";
  }
}

void Value::flatten(std::vector<mlir::Value> &handles) const {
  if (isTensor())
    handles.push_back(asTensor().handle);
  else if (isTuple())
    for (const Value &element : elements())
      element.flatten(handles);
}

ValueTemplate ValueTemplate::of(const Value &value) {
  ValueTemplate result;
  if (value.isTensor()) {
    result.kind = Kind::Tensor;
    result.type = value.asTensor().type;
  } else if (value.isTuple()) {
    result.kind = Kind::Tuple;
    result.tupleClass = value.tupleClass();
    for (const Value &element : value.elements())
      result.elements.push_back(of(element));
  } else {
    result.kind = Kind::Constexpr;
    // A callee sees its constant parameters wrapped in constexprs.
    result.constant = value.isNone() ? Value::none() : value;
  }
  return result;
}

Value ValueTemplate::rebuild(const std::vector<mlir::Value> &handles, size_t &cursor) const {
  switch (kind) {
  case Kind::Tensor:
    return Value::tensor(handles[cursor++], type);
  case Kind::Tuple: {
    std::vector<Value> values;
    for (const ValueTemplate &element : elements)
      values.push_back(element.rebuild(handles, cursor));
    return tupleClass ? Value::namedTuple(std::move(values), tupleClass)
                      : Value::tuple(std::move(values));
  }
  case Kind::Constexpr:
    return constant;
  }
  return {};
}

void ValueTemplate::flattenTypes(std::vector<DType> &types) const {
  if (kind == Kind::Tensor)
    types.push_back(type);
  else if (kind == Kind::Tuple)
    for (const ValueTemplate &element : elements)
      element.flattenTypes(types);
}

bool ValueTemplate::operator==(const ValueTemplate &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::Tensor:
    return type == other.type;
  case Kind::Tuple:
    return tupleClass == other.tupleClass && elements == other.elements;
  case Kind::Constexpr:
    return constant.kind() == other.constant.kind() && constant.str() == other.constant.str();
  }
  return false;
}

std::string ValueTemplate::describe() const {
  switch (kind) {
  case Kind::Tensor:
    return type.name();
  case Kind::Tuple: {
    std::string text = "(";
    for (size_t i = 0; i < elements.size(); ++i)
      text += (i ? ", " : "") + elements[i].describe();
    return text + ")";
  }
  case Kind::Constexpr:
    return constant.describe();
  }
  return {};
}

} // namespace trex::frontend
