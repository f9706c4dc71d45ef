// Python semantics of operators on compile-time values.
#include "ConstexprOperators.h"

#include "CompileError.h"
#include "Library.h"

#include "../Module/Object.h"

#include <cmath>

namespace trex::frontend {

namespace {

constexpr PyInt maxMagnitude = (PyInt(1) << 120);

PyInt checked(PyInt value) {
  if (value > maxMagnitude || value < -maxMagnitude)
    fail("integer overflow: compile-time integers beyond 2**120 are not supported");
  return value;
}

// a * b, checked: two numbers within 2^120 multiply past __int128 (signed overflow, found by
// fuzzing under UBSan), where a sum cannot.
PyInt checkedProduct(PyInt a, PyInt b) {
  PyInt product;
  if (__builtin_mul_overflow(a, b, &product))
    checked(maxMagnitude + 1);
  return checked(product);
}

std::string operatorSymbol(const std::string &method) {
  static const std::pair<const char *, const char *> symbols[] = {
      {"add", "+"},   {"sub", "-"},   {"mul", "*"},   {"truediv", "/"}, {"floordiv", "//"},
      {"mod", "%"},   {"pow", "**"},  {"lshift", "<<"}, {"rshift", ">>"}, {"and", "&"},
      {"or", "|"},    {"xor", "^"},   {"eq", "=="},   {"ne", "!="},    {"lt", "<"},
      {"le", "<="},   {"gt", ">"},    {"ge", ">="}};
  for (const auto &[name, symbol] : symbols)
    if (method == name)
      return symbol;
  return method;
}

[[noreturn]] void unsupported(const std::string &method, const Value &lhs, const Value &rhs) {
  std::string symbol = operatorSymbol(method);
  if (method == "lt" || method == "le" || method == "gt" || method == "ge")
    fail("'" + symbol + "' not supported between instances of '" + pythonTypeName(lhs) +
         "' and '" + pythonTypeName(rhs) + "'");
  fail("unsupported operand type(s) for " + symbol + ": '" + pythonTypeName(lhs) + "' and '" +
       pythonTypeName(rhs) + "'");
}

PyInt floorDivide(PyInt a, PyInt b) {
  PyInt quotient = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --quotient;
  return quotient;
}

PyInt floorModulo(PyInt a, PyInt b) {
  PyInt remainder = a % b;
  if (remainder != 0 && ((remainder < 0) != (b < 0)))
    remainder += b;
  return remainder;
}

// Python's float floor division and modulo (float_divmod).
std::pair<double, double> floatDivmod(double x, double y) {
  double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0) {
    if ((y < 0) != (mod < 0)) {
      mod += y;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, y);
  }
  double floorDiv;
  if (div != 0) {
    floorDiv = std::floor(div);
    if (div - floorDiv > 0.5)
      floorDiv += 1.0;
  } else {
    floorDiv = std::copysign(0.0, x / y);
  }
  return {floorDiv, mod};
}

Value compareNumbers(const std::string &method, const Value &lhs, const Value &rhs) {
  bool result;
  if (lhs.isFloat() || rhs.isFloat()) {
    double a = lhs.asDouble(), b = rhs.asDouble();
    result = method == "eq"   ? a == b
             : method == "ne" ? a != b
             : method == "lt" ? a < b
             : method == "le" ? a <= b
             : method == "gt" ? a > b
                              : a >= b;
  } else {
    PyInt a = lhs.asInteger(), b = rhs.asInteger();
    result = method == "eq"   ? a == b
             : method == "ne" ? a != b
             : method == "lt" ? a < b
             : method == "le" ? a <= b
             : method == "gt" ? a > b
                              : a >= b;
  }
  return Value::boolean(result);
}

bool isComparison(const std::string &method) {
  return method == "eq" || method == "ne" || method == "lt" || method == "le" ||
         method == "gt" || method == "ge";
}

Value numberBinary(const std::string &method, const Value &lhs, const Value &rhs) {
  if (isComparison(method))
    return compareNumbers(method, lhs, rhs);
  bool useFloat = lhs.isFloat() || rhs.isFloat();
  if (method == "truediv") {
    double divisor = rhs.asDouble();
    if (divisor == 0)
      fail(useFloat ? "float division by zero" : "division by zero");
    if (!useFloat)
      return Value::floating(static_cast<double>(lhs.asInteger()) /
                             static_cast<double>(rhs.asInteger()));
    return Value::floating(lhs.asDouble() / divisor);
  }
  if (useFloat) {
    double a = lhs.asDouble(), b = rhs.asDouble();
    if (method == "add")
      return Value::floating(a + b);
    if (method == "sub")
      return Value::floating(a - b);
    if (method == "mul")
      return Value::floating(a * b);
    if (method == "floordiv" || method == "mod") {
      if (b == 0)
        fail(method == "mod" ? "float modulo" : "float floor division by zero");
      auto [div, mod] = floatDivmod(a, b);
      return Value::floating(method == "mod" ? mod : div);
    }
    if (method == "pow")
      return Value::floating(std::pow(a, b));
    unsupported(method, lhs, rhs);
  }
  PyInt a = lhs.asInteger(), b = rhs.asInteger();
  bool bothBool = lhs.isBool() && rhs.isBool();
  if (method == "add")
    return Value::integer(checked(a + b));
  if (method == "sub")
    return Value::integer(checked(a - b));
  if (method == "mul")
    return Value::integer(checkedProduct(a, b));
  if (method == "floordiv" || method == "mod") {
    if (b == 0)
      fail(method == "mod" ? "integer modulo by zero" : "integer division or modulo by zero");
    return Value::integer(method == "mod" ? floorModulo(a, b) : floorDivide(a, b));
  }
  if (method == "pow") {
    if (b < 0)
      return Value::floating(std::pow(static_cast<double>(a), static_cast<double>(b)));
    // 0, 1 and -1 never overflow, so their powers would loop b times (10**30 of them).
    if (a == 0 || a == 1)
      return Value::integer(b == 0 ? 1 : a);
    if (a == -1)
      return Value::integer(b % 2 == 0 ? 1 : -1);
    PyInt result = 1;
    for (PyInt i = 0; i < b; ++i) // at most 121 rounds before the product overflows
      result = checkedProduct(result, a);
    return Value::integer(result);
  }
  if (method == "lshift") {
    if (b < 0)
      fail("negative shift count");
    if (b > 120)
      fail("integer overflow: compile-time integers beyond 2**120 are not supported");
    return Value::integer(checkedProduct(a, PyInt(1) << static_cast<int>(b)));
  }
  if (method == "rshift") {
    if (b < 0)
      fail("negative shift count");
    return Value::integer(b >= 127 ? (a < 0 ? -1 : 0) : (a >> static_cast<int>(b)));
  }
  if (method == "and")
    return bothBool ? Value::boolean(a & b) : Value::integer(a & b);
  if (method == "or")
    return bothBool ? Value::boolean(a | b) : Value::integer(a | b);
  if (method == "xor")
    return bothBool ? Value::boolean(a ^ b) : Value::integer(a ^ b);
  unsupported(method, lhs, rhs);
}

} // namespace

std::string pythonTypeName(const Value &value) {
  switch (value.kind()) {
  case Value::Kind::None:
    return "NoneType";
  case Value::Kind::Bool:
    return "bool";
  case Value::Kind::Int:
    return "int";
  case Value::Kind::Float:
    return "float";
  case Value::Kind::String:
    return "str";
  case Value::Kind::DType:
    return "dtype";
  case Value::Kind::Enum:
    return value.asEnum().typeName;
  case Value::Kind::Tensor:
    return "tensor";
  case Value::Kind::Tuple:
    return "tuple";
  case Value::Kind::Slice:
    return "slice";
  case Value::Kind::Callable:
    return "function";
  case Value::Kind::Namespace:
    return "module";
  case Value::Kind::BoundMethod:
    return "method";
  case Value::Kind::Dict:
    return "dict";
  case Value::Kind::List:
    return "list";
  case Value::Kind::Object:
    switch (value.asObject()->type) {
    case Object::Type::Module:
      return "module";
    case Object::Type::Function:
    case Object::Type::Builtin:
      return "function";
    case Object::Type::Config:
      return "Config";
    case Object::Type::TorchDType:
      return "torch.dtype";
    case Object::Type::Instance:
    case Object::Type::Class:
      return value.asObject()->name;
    default:
      return "object";
    }
  }
  return "object";
}

bool constexprEqual(const Value &lhs, const Value &rhs) {
  if (lhs.isNumber() && rhs.isNumber())
    return compareNumbers("eq", lhs, rhs).asBool();
  if (lhs.kind() != rhs.kind())
    return false;
  switch (lhs.kind()) {
  case Value::Kind::None:
    return true;
  case Value::Kind::String:
    return lhs.asString() == rhs.asString();
  case Value::Kind::DType:
    return lhs.asDType() == rhs.asDType();
  case Value::Kind::Enum:
    return lhs.asEnum() == rhs.asEnum();
  case Value::Kind::List:
    if (&lhs.listElements() == &rhs.listElements())
      return true;
    return constexprEqual(Value::tuple(lhs.listElements()), Value::tuple(rhs.listElements()));
  case Value::Kind::Object: {
    const Object &a = *lhs.asObject(), &b = *rhs.asObject();
    if (&a == &b)
      return true;
    if (a.type != b.type)
      return false;
    if (a.type == Object::Type::TorchDType || a.type == Object::Type::Builtin)
      return a.name == b.name;
    if (a.type == Object::Type::Version)
      return a.numbers == b.numbers;
    if (a.type == Object::Type::Record && a.name == "constexpr_type" && b.name == a.name)
      return constexprEqual(*a.attribute("value"), *b.attribute("value"));
    return false;
  }
  case Value::Kind::Tuple: {
    if (lhs.elements().size() != rhs.elements().size())
      return false;
    for (size_t i = 0; i < lhs.elements().size(); ++i)
      if (!constexprEqual(lhs.elements()[i], rhs.elements()[i]))
        return false;
    return true;
  }
  case Value::Kind::Callable:
    return lhs.asCallable() == rhs.asCallable() ||
           lhs.asCallable()->name == rhs.asCallable()->name;
  case Value::Kind::Namespace:
    return lhs.asNamespace().path == rhs.asNamespace().path;
  case Value::Kind::Tensor:
    return lhs.asTensor().handle == rhs.asTensor().handle;
  default:
    return false;
  }
}

bool constexprIdentical(const Value &lhs, const Value &rhs) {
  if (lhs.kind() != rhs.kind())
    return false;
  switch (lhs.kind()) {
  case Value::Kind::None:
    return true;
  case Value::Kind::Bool:
    return lhs.asBool() == rhs.asBool();
  case Value::Kind::Int:
    // CPython shares the objects of small ints.
    return lhs.asInt() == rhs.asInt() && lhs.asInt() >= -5 && lhs.asInt() <= 256;
  case Value::Kind::String:
  case Value::Kind::DType:
  case Value::Kind::Enum:
  case Value::Kind::Callable:
  case Value::Kind::Namespace:
  case Value::Kind::Tensor:
    return constexprEqual(lhs, rhs);
  default:
    return false;
  }
}

Value applyConstexprBinary(const std::string &method, const Value &lhs, const Value &rhs) {
  if (lhs.isNumber() && rhs.isNumber())
    return numberBinary(method, lhs, rhs);
  if (method == "eq")
    return Value::boolean(constexprEqual(lhs, rhs));
  if (method == "ne")
    return Value::boolean(!constexprEqual(lhs, rhs));
  if (lhs.isString() && rhs.isString()) {
    if (method == "add")
      return Value::string(lhs.asString() + rhs.asString());
    int order = lhs.asString().compare(rhs.asString());
    if (method == "lt")
      return Value::boolean(order < 0);
    if (method == "le")
      return Value::boolean(order <= 0);
    if (method == "gt")
      return Value::boolean(order > 0);
    if (method == "ge")
      return Value::boolean(order >= 0);
  }
  if (method == "mul" && ((lhs.isString() && (rhs.isInt() || rhs.isBool())) ||
                          (rhs.isString() && (lhs.isInt() || lhs.isBool())))) {
    const Value &text = lhs.isString() ? lhs : rhs;
    PyInt count = lhs.isString() ? rhs.asInteger() : lhs.asInteger();
    std::string result;
    for (PyInt i = 0; i < count; ++i)
      result += text.asString();
    return Value::string(result);
  }
  if (lhs.isTuple() && rhs.isTuple() && method == "add") {
    std::vector<Value> elements = lhs.elements();
    elements.insert(elements.end(), rhs.elements().begin(), rhs.elements().end());
    return Value::tuple(std::move(elements));
  }
  if (method == "mul" && ((lhs.isTuple() && (rhs.isInt() || rhs.isBool())) ||
                          (rhs.isTuple() && (lhs.isInt() || lhs.isBool())))) {
    const Value &tuple = lhs.isTuple() ? lhs : rhs;
    PyInt count = lhs.isTuple() ? rhs.asInteger() : lhs.asInteger();
    if (count > (PyInt(1) << 20))
      fail("tuple repetition is too large");
    std::vector<Value> elements;
    for (PyInt i = 0; i < count; ++i)
      elements.insert(elements.end(), tuple.elements().begin(), tuple.elements().end());
    return Value::tuple(std::move(elements));
  }
  unsupported(method, lhs, rhs);
}

Value applyConstexprUnary(const std::string &method, const Value &operand) {
  if (method == "not")
    return Value::boolean(!operand.truthy());
  if (operand.isNumber()) {
    if (method == "neg")
      return operand.isFloat() ? Value::floating(-operand.asFloat())
                               : Value::integer(checked(-operand.asInteger()));
    if (method == "pos")
      return operand.isFloat() ? operand : Value::integer(operand.asInteger());
    if (method == "invert" && !operand.isFloat())
      return Value::integer(~operand.asInteger());
  }
  std::string symbol = method == "neg" ? "-" : method == "pos" ? "+" : "~";
  fail("bad operand type for unary " + symbol + ": '" + pythonTypeName(operand) + "'");
}

} // namespace trex::frontend
