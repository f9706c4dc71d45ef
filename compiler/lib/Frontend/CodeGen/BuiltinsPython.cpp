// Python's builtins inside kernels (range, len, int, float, min, max, print, isinstance,
// getattr, hasattr, list), the compile-time tl.static_assert / tl.static_print, and the
// `triton` namespace's helpers usable on constants.
#include "BuiltinSupport.h"

#include "../Module/Object.h"
#include "ConstexprOperators.h"

#include <cerrno>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

namespace trex::frontend {

namespace {

// A static function's arguments, evaluated as Triton's static_executor does: keywords first,
// then positional arguments.
void staticArguments(CodeGenerator &g, const python::CallExpr &call, std::vector<Value> &arguments,
                     std::vector<std::pair<std::string, Value>> &keywords) {
  for (const python::KeywordArgument &keyword : call.keywords())
    keywords.emplace_back(keyword.name, g.evaluateKeyword(keyword));
  for (const python::ExprPtr &argument : call.arguments()) {
    if (argument->isa<python::StarredExpr>())
      fail("*arguments are not supported in this call");
    arguments.push_back(g.evaluate(*argument));
  }
}

Value pythonInt(const Value &x, std::optional<std::int64_t> base) {
  if (x.isString()) {
    std::string text;
    for (char c : x.asString())
      if (c != '_' && !std::isspace(static_cast<unsigned char>(c)))
        text += c;
    int radix = static_cast<int>(base.value_or(10));
    char *end = nullptr;
    errno = 0;
    long long parsed = std::strtoll(text.c_str(), &end, radix);
    if (text.empty() || !end || *end != '\0' || errno != 0)
      fail("invalid literal for int() with base " + std::to_string(radix) + ": '" + x.asString() + "'");
    return Value::integer(parsed);
  }
  if (base)
    fail("int() can't convert non-string with explicit base");
  if (x.isInt() || x.isBool())
    return Value::integer(x.asInteger());
  if (x.isFloat()) {
    double value = x.asFloat();
    if (std::isnan(value))
      fail("cannot convert float NaN to integer");
    if (std::isinf(value))
      fail("cannot convert float infinity to integer");
    return Value::integer(static_cast<PyInt>(std::trunc(value)));
  }
  fail("int() argument must be a string, a bytes-like object or a real number, not '" +
       pythonTypeName(x) + "'");
}

bool isInstance(const Value &object, const Value &classValue) {
  if (classValue.isTuple()) {
    for (const Value &element : classValue.elements())
      if (isInstance(object, element))
        return true;
    return false;
  }
  // A class of the module (a NamedTuple's too): Triton turns what a kernel builds into its own
  // tuple, tensor and constexpr objects, never instances of the program's classes.
  if (classValue.isObject() && classValue.asObject()->type == Object::Type::Class)
    return false;
  if (!classValue.isCallable())
    fail("isinstance() arg 2 must be a type or tuple of types");
  const std::string &name = classValue.asCallable()->name;
  if (name == "builtins.int")
    return object.isInt() || object.isBool();
  if (name == "builtins.float")
    return object.isFloat();
  if (name == "builtins.bool")
    return object.isBool();
  if (name == "builtins.str")
    return object.isString();
  if (name == "builtins.tuple" || name == "builtins.list" || name == "triton.language.tuple")
    return object.isTuple();
  // A tensor descriptor is no tl.tensor in Triton (tensor_descriptor_base derives from
  // base_value): `isinstance(x, tl.tensor_descriptor)` tells a descriptor from a pointer.
  if (name == "triton.language.tensor")
    return object.isTensor() && !object.asTensor().type.isTensorDesc();
  if (name == "triton.language.tensor_descriptor" ||
      name == "triton.language.tensor_descriptor_base")
    return object.isTensor() && object.asTensor().type.isTensorDesc();
  if (name == "triton.language.dtype")
    return object.isDType();
  // Triton's type classes: pointer_type, block_type (dtypes of those kinds).
  if (name == "triton.language.pointer_type")
    return object.isDType() && object.asDType().isPtr();
  if (name == "triton.language.block_type")
    return object.isDType() && object.asDType().isBlock();
  if (name == "triton.language.constexpr")
    return false; // arguments reach isinstance unwrapped, as in Triton
  // `.type` of a constexpr (`isinstance(strides[1].type, tl.constexpr_type)`).
  if (name == "triton.language.constexpr_type")
    return object.isObject() && object.asObject()->type == Object::Type::Record &&
           object.asObject()->name == "constexpr_type";
  fail("isinstance() with " + classValue.describe() + " is not supported in Triton kernels");
}

} // namespace

void registerPythonBuiltins(Library &lib) {
  // range(...) only makes sense as a for loop's iterable (handled by the loop itself).
  lib.addBuiltin("builtins.range", signature({}, "args"), [](CodeGenerator &, BoundArguments &) -> Value {
    fail("range() can only be used as the iterable of a for loop in Triton kernels");
  });
  // min and max are tl.minimum and tl.maximum; print is tl.device_print.
  lib.addValue("builtins.min", *lib.lookup("triton.language", "minimum"));
  lib.addValue("builtins.max", *lib.lookup("triton.language", "maximum"));

  lib.addStatic("builtins.len", [](CodeGenerator &g, const python::CallExpr &call) -> Value {
    std::vector<Value> arguments;
    std::vector<std::pair<std::string, Value>> keywords;
    staticArguments(g, call, arguments, keywords);
    if (arguments.size() != 1 || !keywords.empty())
      fail("len() takes exactly one argument (" + std::to_string(arguments.size()) + " given)");
    if (arguments[0].isTuple())
      return Value::integer(static_cast<PyInt>(arguments[0].elements().size()));
    if (arguments[0].isString())
      return Value::integer(static_cast<PyInt>(arguments[0].asString().size()));
    fail("object of type '" + pythonTypeName(arguments[0]) + "' has no len()");
  });
  lib.addStatic("builtins.int", [](CodeGenerator &g, const python::CallExpr &call) -> Value {
    std::vector<Value> arguments;
    std::vector<std::pair<std::string, Value>> keywords;
    staticArguments(g, call, arguments, keywords);
    std::optional<std::int64_t> base;
    for (const auto &[name, value] : keywords) {
      if (name != "base")
        fail("int() got an unexpected keyword argument '" + name + "'");
      base = intArgument(value, "base");
    }
    if (arguments.size() > 1)
      base = intArgument(arguments[1], "base");
    if (arguments.empty())
      return Value::integer(0);
    return pythonInt(arguments[0], base);
  });
  for (const char *prefix : {"triton.language.", "triton.language.core."}) {
    lib.addStatic(std::string(prefix) + "static_assert",
                  [](CodeGenerator &g, const python::CallExpr &call) -> Value {
                    if (call.arguments().empty() || call.arguments().size() > 2 ||
                        !call.keywords().empty())
                      fail("`static_assert` requires one or two positional arguments only");
                    Value passed = g.evaluate(*call.arguments()[0]);
                    if (!passed.isBool())
                      fail("Assertion condition could not be determined at compile-time. Make "
                           "sure that it depends only on `constexpr` values");
                    if (passed.asBool())
                      return Value::none();
                    std::string message;
                    if (call.arguments().size() == 2) {
                      Value text = g.evaluate(*call.arguments()[1]);
                      message = text.isString() ? text.asString() : text.str();
                    }
                    fail(message.empty() ? "static assertion failed"
                                         : "static assertion failed: " + message);
                  });
    lib.addStatic(std::string(prefix) + "static_print",
                  [](CodeGenerator &g, const python::CallExpr &call) -> Value {
                    std::vector<Value> arguments;
                    std::vector<std::pair<std::string, Value>> keywords;
                    staticArguments(g, call, arguments, keywords);
                    std::string separator = " ";
                    for (const auto &[name, value] : keywords)
                      if (name == "sep")
                        separator = stringArgument(value, "sep");
                    std::string text;
                    for (size_t i = 0; i < arguments.size(); ++i)
                      text += (i ? separator : "") + arguments[i].str();
                    g.remark("static_print: " + text);
                    return Value::none();
                  });
  }
  lib.addBuiltin("builtins.float", signature({optional("x", Value::floating(0.0))}),
                 [](CodeGenerator &, BoundArguments &args) -> Value {
                   const Value &x = args["x"];
                   if (x.isNumber())
                     return Value::floating(x.asDouble());
                   if (x.isString()) {
                     std::string text = x.asString();
                     std::string lowered;
                     for (char c : text)
                       if (!std::isspace(static_cast<unsigned char>(c)))
                         lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                     if (lowered == "inf" || lowered == "+inf" || lowered == "infinity")
                       return Value::floating(INFINITY);
                     if (lowered == "-inf" || lowered == "-infinity")
                       return Value::floating(-INFINITY);
                     // Python keeps the sign of a NaN: float("-nan") has its sign bit set
                     // (an f32 constant 0xFFC00000 in Triton's IR).
                     if (lowered == "nan" || lowered == "+nan")
                       return Value::floating(std::copysign(NAN, 1.0));
                     if (lowered == "-nan")
                       return Value::floating(std::copysign(NAN, -1.0));
                     char *end = nullptr;
                     errno = 0;
                     double parsed = std::strtod(lowered.c_str(), &end);
                     if (!lowered.empty() && end && *end == '\0' && errno == 0)
                       return Value::floating(parsed);
                     fail("could not convert string to float: '" + text + "'");
                   }
                   fail("float() argument must be a string or a real number, not '" +
                        pythonTypeName(x) + "'");
                 });
  lib.addBuiltin("builtins.isinstance", signature({required("obj"), required("class_or_tuple")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return Value::boolean(isInstance(args["obj"], args["class_or_tuple"]));
                 });
  lib.addBuiltin("builtins.getattr",
                 signature({required("object"), required("name")}, "default"),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::string name = stringArgument(args["name"], "getattr()'s name");
                   try {
                     return g.getAttribute(args["object"], name);
                   } catch (const CompileError &) {
                     if (args.variadic().empty())
                       throw;
                     return args.variadic().front();
                   }
                 });
  lib.addBuiltin("builtins.hasattr", signature({required("object"), required("name")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::string name = stringArgument(args["name"], "hasattr()'s name");
                   try {
                     g.getAttribute(args["object"], name);
                     return Value::boolean(true);
                   } catch (const CompileError &) {
                     return Value::boolean(false);
                   }
                 });
  lib.addBuiltin("builtins.list", signature({optional("iterable", Value::tuple({}))}),
                 [](CodeGenerator &, BoundArguments &args) {
                   if (!args["iterable"].isTuple())
                     fail("list() needs a tuple or list, not " + args["iterable"].describe());
                   return args["iterable"];
                 });
  for (const char *name : {"bool", "str", "tuple"})
    lib.addBuiltin(std::string("builtins.") + name, signature({required("x")}),
                   [name](CodeGenerator &, BoundArguments &args) -> Value {
                     std::string type = name;
                     if (type == "bool")
                       return Value::boolean(args["x"].truthy());
                     if (type == "str")
                       return Value::string(args["x"].str());
                     if (!args["x"].isTuple())
                       fail("tuple() needs a tuple or list, not " + args["x"].describe());
                     return args["x"];
                   });

  // triton.* helpers that work on constants.
  lib.addBuiltin("triton.cdiv", signature({required("x"), required("y")}), [](CodeGenerator &g, BoundArguments &args) {
    // (x + y - 1) // y, with Python (or tensor) semantics depending on the operands.
    Value sum = g.applyBinary("add", args["x"], args["y"]);
    Value minusOne = g.applyBinary("sub", sum, Value::integer(1));
    return g.applyBinary("floordiv", minusOne, args["y"]);
  });
  lib.addBuiltin("triton.next_power_of_2", signature({required("n")}), [](CodeGenerator &, BoundArguments &args) {
    std::int64_t n = intArgument(args["n"], "n");
    std::int64_t power = 1;
    while (power < n)
      power <<= 1;
    return Value::integer(power);
  });
  lib.addBuiltin("triton.jit", signature({}, "args"), [](CodeGenerator &, BoundArguments &) -> Value {
    fail("triton.jit cannot be called inside a kernel");
  });
}

} // namespace trex::frontend
