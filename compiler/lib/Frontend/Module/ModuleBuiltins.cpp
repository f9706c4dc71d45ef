// ModuleBuiltins: Python's builtins and the modelled modules' functions and methods (math, os,
// functools, itertools, packaging, torch), for the module evaluator.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

void ModuleEvaluator::Impl::expectArguments(const std::string &name,
                                            const std::vector<Value> &arguments, size_t low,
                                            size_t high) {
  if (arguments.size() < low || arguments.size() > high)
    raise("TypeError", name + "() takes " + std::to_string(low) +
                           (high != low ? " to " + std::to_string(high) : std::string()) +
                           " arguments (" + std::to_string(arguments.size()) + " given)");
}

Value ModuleEvaluator::Impl::minMax(bool isMax, const std::vector<Value> &arguments,
                                    const std::vector<std::pair<std::string, Value>> &keywords) {
  std::vector<Value> items = arguments.size() == 1 ? iterate(arguments[0]) : arguments;
  const Value *keyFunction = keywordOf(keywords, "key");
  if (items.empty()) {
    if (const Value *fallback = keywordOf(keywords, "default"))
      return *fallback;
    raise("ValueError", std::string(isMax ? "max" : "min") + "() arg is an empty sequence");
  }
  Value best = items[0];
  Value bestKey = keyFunction ? callValue(*keyFunction, {best}, {}) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value key = keyFunction ? callValue(*keyFunction, {items[i]}, {}) : items[i];
    if (binary(isMax ? "gt" : "lt", key, bestKey).truthy()) {
      best = items[i];
      bestKey = key;
    }
  }
  return best;
}

Value ModuleEvaluator::Impl::callBuiltin(const std::string &name,
                                         const std::vector<Value> &arguments,
                                         const std::vector<std::pair<std::string, Value>> &keywords,
                                         const python::CallExpr *call) {
  auto arg = [&](size_t i) -> const Value & {
    if (i >= arguments.size())
      raise("TypeError", name + "() is missing an argument");
    return arguments[i];
  };
  for (const Value &argumentValue : arguments)
    if (isOpaque(argumentValue) && name != "builtins.print" && name != "builtins.isinstance" &&
        name != "builtins.hasattr" && name != "builtins.getattr" && name != "functools.partial" &&
        name != "builtins.staticmethod" && name != "builtins.classmethod" &&
        name != "builtins.property" && name != "functools.wraps")
      return opaqueValue(name.substr(name.find('.') + 1) + "(" + argumentValue.asObject()->name +
                         ")");
  if (name == "builtins.len") {
    const Value &value = arg(0);
    if (value.isString())
      return Value::integer(static_cast<PyInt>(value.asString().size()));
    if (value.isDict())
      return Value::integer(static_cast<PyInt>(value.dictEntries().size()));
    return Value::integer(static_cast<PyInt>(iterate(value).size()));
  }
  if (name == "builtins.range") {
    expectArguments("range", arguments, 1, 3);
    PyInt start = 0, stop, step = 1;
    if (arguments.size() == 1) {
      stop = toIndex(arg(0), "range()");
    } else {
      start = toIndex(arg(0), "range()");
      stop = toIndex(arg(1), "range()");
      if (arguments.size() == 3)
        step = toIndex(arg(2), "range()");
    }
    if (step == 0)
      raise("ValueError", "range() arg 3 must not be zero");
    std::vector<Value> items;
    for (PyInt i = start; step > 0 ? i < stop : i > stop; i += step) {
      if (items.size() > MaxSequence)
        raise("MemoryError", "range too large for module-level evaluation");
      items.push_back(Value::integer(i));
    }
    return Value::tuple(std::move(items));
  }
  if (name == "builtins.min" || name == "builtins.max")
    return minMax(name == "builtins.max", arguments, keywords);
  if (name == "builtins.sum") {
    Value total = arguments.size() > 1 ? arguments[1] : Value::integer(0);
    for (const Value &item : iterate(arg(0)))
      total = binary("add", total, item);
    return total;
  }
  if (name == "builtins.abs") {
    const Value &value = arg(0);
    if (value.isFloat())
      return Value::floating(std::fabs(value.asFloat()));
    PyInt v = toIndex(value, "abs()");
    return Value::integer(v < 0 ? -v : v);
  }
  if (name == "builtins.int") {
    if (arguments.empty())
      return Value::integer(0);
    const Value &value = arg(0);
    if (value.isFloat())
      return Value::integer(static_cast<PyInt>(std::trunc(value.asFloat())));
    if (value.isString()) {
      int base = arguments.size() > 1 ? static_cast<int>(toIndex(arguments[1], "base")) : 10;
      try {
        size_t used = 0;
        long long parsed = std::stoll(value.asString(), &used, base);
        return Value::integer(parsed);
      } catch (...) {
        raise("ValueError", "invalid literal for int(): " + reprOf(value));
      }
    }
    return Value::integer(toIndex(value, "int()"));
  }
  if (name == "builtins.float") {
    if (arguments.empty())
      return Value::floating(0);
    const Value &value = arg(0);
    if (value.isString()) {
      const std::string &text = value.asString();
      if (text == "inf" || text == "+inf")
        return Value::floating(INFINITY);
      if (text == "-inf")
        return Value::floating(-INFINITY);
      if (text == "nan")
        return Value::floating(NAN);
      char *end = nullptr;
      double parsed = std::strtod(text.c_str(), &end);
      if (!end || *end)
        raise("ValueError", "could not convert string to float: " + reprOf(value));
      return Value::floating(parsed);
    }
    if (!value.isNumber())
      raise("TypeError", "float() argument must be a string or a number");
    return Value::floating(value.asDouble());
  }
  if (name == "builtins.str")
    return Value::string(arguments.empty() ? "" : strOf(arg(0)));
  if (name == "builtins.repr")
    return Value::string(reprOf(arg(0)));
  if (name == "builtins.bool")
    return Value::boolean(!arguments.empty() && truth(arg(0)));
  if (name == "builtins.list" || name == "builtins.set" || name == "builtins.frozenset") {
    std::vector<Value> items = arguments.empty() ? std::vector<Value>{} : iterate(arg(0));
    return Value::list(name == "builtins.list" ? items : unique(items));
  }
  if (name == "builtins.tuple")
    return Value::tuple(arguments.empty() ? std::vector<Value>{} : iterate(arg(0)));
  if (name == "builtins.dict") {
    Value result = Value::dictOf({});
    if (!arguments.empty()) {
      if (arg(0).isDict())
        result = Value::dictOf(arg(0).dictEntries());
      else
        for (const Value &pair : iterate(arg(0))) {
          std::vector<Value> items = iterate(pair);
          if (items.size() != 2)
            raise("ValueError", "dictionary update sequence element has wrong length");
          dictSet(result, items[0], items[1]);
        }
    }
    for (const auto &[key, value] : keywords)
      dictSet(result, Value::string(key), value);
    return result;
  }
  if (name == "builtins.enumerate") {
    PyInt start = arguments.size() > 1 ? toIndex(arguments[1], "start") : 0;
    if (const Value *keyword = keywordOf(keywords, "start"))
      start = toIndex(*keyword, "start");
    std::vector<Value> items;
    for (const Value &item : iterate(arg(0)))
      items.push_back(Value::tuple({Value::integer(start++), item}));
    return Value::list(std::move(items));
  }
  if (name == "builtins.zip") {
    std::vector<std::vector<Value>> sequences;
    size_t length = SIZE_MAX;
    for (const Value &argumentValue : arguments) {
      sequences.push_back(iterate(argumentValue));
      length = std::min(length, sequences.back().size());
    }
    std::vector<Value> items;
    for (size_t i = 0; !sequences.empty() && i < length; ++i) {
      std::vector<Value> tuple;
      for (const auto &sequence : sequences)
        tuple.push_back(sequence[i]);
      items.push_back(Value::tuple(std::move(tuple)));
    }
    return Value::list(std::move(items));
  }
  if (name == "builtins.sorted") {
    std::vector<Value> items = iterate(arg(0));
    const Value *keyFunction = keywordOf(keywords, "key");
    const Value *reverse = keywordOf(keywords, "reverse");
    std::vector<std::pair<Value, Value>> keyed;
    for (const Value &item : items)
      keyed.emplace_back(keyFunction ? callValue(*keyFunction, {item}, {}) : item, item);
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto &a, const auto &b) {
      return binary("lt", a.first, b.first).truthy();
    });
    items.clear();
    for (auto &entry : keyed)
      items.push_back(entry.second);
    if (reverse && reverse->truthy())
      std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
  }
  if (name == "builtins.reversed") {
    std::vector<Value> items = iterate(arg(0));
    std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
  }
  if (name == "builtins.isinstance")
    return Value::boolean(isInstance(arg(0), arg(1)));
  if (name == "builtins.issubclass")
    return Value::boolean(isObjectOf(arg(1), Object::Type::Class) &&
                          inheritsFrom(arg(0), arg(1).asObject()->name));
  if (name == "builtins.hasattr" || name == "builtins.getattr") {
    if (!arg(1).isString())
      raise("TypeError", "attribute name must be string");
    try {
      Value value = getAttribute(arg(0), arg(1).asString());
      return name == "builtins.hasattr" ? Value::boolean(true) : value;
    } catch (const PythonException &error) {
      if (error.type() != "AttributeError")
        throw;
      if (name == "builtins.hasattr")
        return Value::boolean(false);
      if (arguments.size() > 2)
        return arguments[2];
      throw;
    }
  }
  if (name == "builtins.setattr") {
    setAttribute(arg(0), arg(1).asString(), arg(2));
    return Value::none();
  }
  if (name == "builtins.print")
    return Value::none();
  if (name == "builtins.round") {
    double value = arg(0).asDouble();
    if (arguments.size() > 1 && !arguments[1].isNone()) {
      double scale = std::pow(10.0, static_cast<double>(toIndex(arguments[1], "ndigits")));
      return Value::floating(std::nearbyint(value * scale) / scale);
    }
    return Value::integer(static_cast<PyInt>(std::nearbyint(value)));
  }
  if (name == "builtins.pow")
    return binary("pow", arg(0), arg(1));
  if (name == "builtins.divmod")
    return Value::tuple({binary("floordiv", arg(0), arg(1)), binary("mod", arg(0), arg(1))});
  if (name == "builtins.any" || name == "builtins.all") {
    bool isAny = name == "builtins.any";
    for (const Value &item : iterate(arg(0)))
      if (truth(item) == isAny)
        return Value::boolean(isAny);
    return Value::boolean(!isAny);
  }
  if (name == "builtins.map") {
    std::vector<Value> items;
    for (const Value &item : iterate(arg(1)))
      items.push_back(callValue(arg(0), {item}, {}));
    return Value::list(std::move(items));
  }
  if (name == "builtins.filter") {
    std::vector<Value> items;
    for (const Value &item : iterate(arg(1)))
      if (arg(0).isNone() ? truth(item) : truth(callValue(arg(0), {item}, {})))
        items.push_back(item);
    return Value::list(std::move(items));
  }
  if (name == "builtins.callable")
    return Value::boolean(arg(0).isCallable() || arg(0).isObject());
  if (name == "builtins.staticmethod" || name == "builtins.classmethod" ||
      name == "builtins.property")
    return arguments.empty() ? makeBuiltin(name) : arg(0);
  if (name == "builtins.type") {
    if (arguments.size() == 1) {
      if (arg(0).isObject() && arg(0).asObject()->type == Object::Type::Instance &&
          !arg(0).asObject()->bases.empty())
        return arg(0).asObject()->bases[0];
      return makeBuiltin("builtins." + pythonTypeName(arg(0)));
    }
    return opaqueValue("type(...)");
  }
  if (name == "builtins.iter")
    return Value::list(iterate(arg(0)));
  if (name == "builtins.chr")
    return Value::string(std::string(1, static_cast<char>(toIndex(arg(0), "chr()"))));
  if (name == "builtins.ord") {
    if (!arg(0).isString() || arg(0).asString().size() != 1)
      raise("TypeError", "ord() expected a character");
    return Value::integer(static_cast<unsigned char>(arg(0).asString()[0]));
  }
  if (name == "builtins.hex" || name == "builtins.bin") {
    PyInt v = toIndex(arg(0), name.c_str());
    std::string digits;
    PyInt magnitude = v < 0 ? -v : v;
    int base = name == "builtins.hex" ? 16 : 2;
    do {
      digits.insert(digits.begin(), "0123456789abcdef"[static_cast<int>(magnitude % base)]);
      magnitude /= base;
    } while (magnitude);
    return Value::string(std::string(v < 0 ? "-" : "") + (base == 16 ? "0x" : "0b") + digits);
  }
  if (name == "builtins.object" || name == "builtins.super" || name == "builtins.next" ||
      name == "builtins.hash" || name == "builtins.id" || name == "builtins.vars" ||
      name == "builtins.globals" || name == "builtins.locals" || name == "builtins.format" ||
      name == "builtins.__import__")
    return opaqueValue(name.substr(9) + "(...)");
  if (name == "builtins.open" || name == "builtins.exec" || name == "builtins.eval")
    raise("RuntimeError",
          "trex does not run " + name.substr(9) + "() in module-level Python (no side effects)");

  // Modules trex models.
  if (name.rfind("math.", 0) == 0)
    return callMath(name.substr(5), arguments);
  if (name == "os.getenv") {
    const char *text = std::getenv(arg(0).asString().c_str());
    if (text)
      return Value::string(text);
    return arguments.size() > 1 ? arguments[1] : Value::none();
  }
  if (name == "functools.partial") {
    auto partial = makeObject(Object::Type::Partial, "partial");
    partial->function = arg(0);
    partial->arguments.assign(arguments.begin() + 1, arguments.end());
    partial->keywords = keywords;
    return Value::object(partial);
  }
  if (name == "functools.lru_cache" || name == "functools.cache" ||
      name == "functools.cached_property") {
    if (arguments.size() == 1 && (arg(0).isObject() || arg(0).isCallable()))
      return arg(0);
    return makeBuiltin("builtins.staticmethod"); // identity decorator
  }
  if (name == "functools.wraps")
    return makeBuiltin("builtins.staticmethod");
  if (name == "functools.reduce") {
    std::vector<Value> items = iterate(arg(1));
    Value accumulator;
    size_t start = 0;
    if (arguments.size() > 2) {
      accumulator = arguments[2];
    } else {
      if (items.empty())
        raise("TypeError", "reduce() of empty iterable with no initial value");
      accumulator = items[0];
      start = 1;
    }
    for (size_t i = start; i < items.size(); ++i)
      accumulator = callValue(arg(0), {accumulator, items[i]}, {});
    return accumulator;
  }
  if (name == "operator.mul" || name == "operator.add")
    return binary(name.substr(9), arg(0), arg(1));
  if (name == "itertools.product") {
    std::vector<std::vector<Value>> result{{}};
    PyInt repeat = 1;
    if (const Value *r = keywordOf(keywords, "repeat"))
      repeat = toIndex(*r, "repeat");
    for (PyInt rep = 0; rep < repeat; ++rep)
      for (const Value &argumentValue : arguments) {
        std::vector<std::vector<Value>> next;
        for (const auto &prefix : result)
          for (const Value &item : iterate(argumentValue)) {
            next.push_back(prefix);
            next.back().push_back(item);
            if (next.size() > MaxSequence)
              raise("MemoryError", "product too large");
          }
        result = std::move(next);
      }
    std::vector<Value> items;
    for (auto &tuple : result)
      items.push_back(Value::tuple(tuple));
    return Value::list(std::move(items));
  }
  if (name == "itertools.chain") {
    std::vector<Value> items;
    for (const Value &argumentValue : arguments) {
      std::vector<Value> part = iterate(argumentValue);
      items.insert(items.end(), part.begin(), part.end());
    }
    return Value::list(std::move(items));
  }
  if (name == "packaging.version.Version" || name == "packaging.version.parse") {
    if (!arg(0).isString())
      raise("TypeError", "Version() takes a string");
    auto version = makeObject(Object::Type::Version, "Version");
    version->numbers = versionNumbers(arg(0).asString());
    if (version->numbers.empty())
      raise("ValueError", "Invalid version: " + reprOf(arg(0)));
    return Value::object(version);
  }
  if (name == "importlib.metadata.version") {
    if (arg(0).isString() && arg(0).asString() == "triton")
      return Value::string(tritonVersion());
    if (arg(0).isString() && arg(0).asString() == "torch")
      return Value::string("2.11.0");
    if (!arg(0).isString())
      raise("TypeError", "version() takes a distribution's name");
    return Value::string(installedVersion(arg(0).asString()));
  }
  if (name == "importlib.util.find_spec") {
    std::string module = strOf(arg(0));
    if (isTriton(module))
      return tritonModuleExists(module) ? opaqueValue("ModuleSpec") : Value::none();
    if (isTorch(module))
      return opaqueValue("ModuleSpec");
    return findOnPath(module) ? opaqueValue("ModuleSpec") : Value::none();
  }
  if (name == "torch.finfo" || name == "torch.iinfo")
    return torchInfo(name, arguments.empty() ? Value::none() : arg(0));
  if (name == "torch.cuda.get_device_capability") {
    if (!state.options->isCUDA) // ROCm torch answers with the gfx version
      return Value::tuple({Value::integer(9), Value::integer(4)});
    int cc = state.options->computeCapability;
    return Value::tuple({Value::integer(cc / 10), Value::integer(cc % 10)});
  }
  if (name == "torch.cuda.is_available")
    return Value::boolean(true);
  if (name == "torch.utils._triton.has_triton" || name == "torch.utils._triton.has_triton_package")
    return Value::boolean(true);
  if (name == "torch.utils._triton.has_triton_tma" ||
      name == "torch.utils._triton.has_triton_tma_device") // TMA: sm_90 and newer
    return Value::boolean(state.options->isCUDA && state.options->computeCapability >= 90);
  if (name == "torch.cuda.current_device")
    return Value::integer(0);
  if (name == "torch.cuda.device_count")
    return Value::integer(1);
  if (name == "torch.cuda.get_device_name")
    return Value::string(state.options->isCUDA ? "NVIDIA H200" : "AMD Instinct MI300X");
  (void)call;
  return opaqueValue(name + "(...)");
}

Value ModuleEvaluator::Impl::torchInfo(const std::string &name, const Value &dtype) {
  if (!isObjectOf(dtype, Object::Type::TorchDType))
    raise("TypeError", name + "() takes a torch dtype");
  const TorchDTypeInfo *info = torchDType(dtype.asObject()->name);
  if (!info)
    raise("TypeError", name + "(): unknown dtype");
  bool wantsFloat = name == "torch.finfo";
  if ((wantsFloat && info->infoKind != 'f') || (!wantsFloat && info->infoKind != 'i'))
    raise("TypeError", std::string(wantsFloat ? "torch.finfo() requires a floating point input type"
                                              : "torch.iinfo() requires an integer input type"));
  std::vector<std::pair<std::string, Value>> fields;
  fields.emplace_back("bits", Value::integer(info->bits));
  fields.emplace_back("dtype", Value::string(info->str.substr(6)));
  if (wantsFloat) {
    fields.emplace_back("min", Value::floating(static_cast<double>(info->min)));
    fields.emplace_back("max", Value::floating(static_cast<double>(info->max)));
    fields.emplace_back("eps", Value::floating(info->eps));
    fields.emplace_back("tiny", Value::floating(info->tiny));
    fields.emplace_back("smallest_normal", Value::floating(info->tiny));
  } else {
    fields.emplace_back("min", Value::integer(static_cast<PyInt>(info->min)));
    fields.emplace_back("max", Value::integer(static_cast<PyInt>(info->max)));
  }
  return makeRecord(wantsFloat ? "finfo" : "iinfo", std::move(fields));
}

Value ModuleEvaluator::Impl::callMath(const std::string &function,
                                      const std::vector<Value> &arguments) {
  auto number = [&](size_t i) {
    if (i >= arguments.size() || !arguments[i].isNumber())
      raise("TypeError", "math." + function + "() takes numbers");
    return arguments[i].asDouble();
  };
  // Python's argument counts (a wrong one was an out-of-range read: math.comb(129)).
  size_t fewest = 1, most = 1;
  if (function == "comb" || function == "pow" || function == "copysign")
    fewest = most = 2;
  else if (function == "log")
    most = 2;
  else if (function == "gcd" || function == "lcm")
    fewest = 0, most = SIZE_MAX;
  if (arguments.size() < fewest || arguments.size() > most)
    raise("TypeError",
          "math." + function + "() takes " +
              (fewest == most ? std::to_string(fewest)
                              : std::to_string(fewest) + " to " + std::to_string(most)) +
              " argument" + (most == 1 ? "" : "s") + " (" + std::to_string(arguments.size()) +
              " given)");
  if (function == "ceil" || function == "floor" || function == "trunc") {
    if (!arguments.empty() && (arguments[0].isInt() || arguments[0].isBool()))
      return Value::integer(arguments[0].asInteger());
    double x = number(0);
    double r = function == "ceil"    ? std::ceil(x)
               : function == "floor" ? std::floor(x)
                                     : std::trunc(x);
    return Value::integer(static_cast<PyInt>(r));
  }
  if (function == "isqrt")
    return Value::integer(static_cast<PyInt>(std::floor(std::sqrt(number(0)))));
  if (function == "gcd" || function == "lcm") {
    // Any number of integers (Python 3.9): gcd() is 0, lcm() is 1.
    bool gcd = function == "gcd";
    Value result = Value::integer(gcd ? 0 : 1);
    for (const Value &argument : arguments) {
      PyInt a = result.asInteger(), b = toIndex(argument, function.c_str());
      PyInt x = a < 0 ? -a : a, y = b < 0 ? -b : b;
      while (y) {
        PyInt t = x % y;
        x = y;
        y = t;
      }
      if (gcd)
        result = Value::integer(x);
      else if (x == 0)
        result = Value::integer(0);
      else // |a / x * b|, checked for overflow
        result =
            binary("mul", Value::integer((a < 0 ? -a : a) / x), Value::integer(b < 0 ? -b : b));
    }
    return result;
  }
  if (function == "prod") {
    Value product = Value::integer(1);
    for (const Value &item : iterate(arguments.at(0)))
      product = binary("mul", product, item);
    return product;
  }
  if (function == "isinf")
    return Value::boolean(std::isinf(number(0)));
  if (function == "isnan")
    return Value::boolean(std::isnan(number(0)));
  if (function == "comb") {
    PyInt n = toIndex(arguments.at(0), "comb"), k = toIndex(arguments.at(1), "comb");
    if (n < 0 || k < 0)
      raise("ValueError", "n and k must be non-negative integers");
    if (k > n)
      return Value::integer(0);
    // The smaller side, and a product checked for overflow: comb(10**30, 10**29) looped
    // 10**29 times. The product overflows within about 120 rounds otherwise.
    k = std::min(k, n - k);
    Value result = Value::integer(1);
    for (PyInt i = 1; i <= k; ++i)
      result = Value::integer(binary("mul", result, Value::integer(n - k + i)).asInteger() / i);
    return result;
  }
  double x = number(0);
  if (function == "log2")
    return Value::floating(std::log2(x));
  if (function == "log")
    return Value::floating(arguments.size() > 1 ? std::log(x) / std::log(number(1)) : std::log(x));
  if (function == "log10")
    return Value::floating(std::log10(x));
  if (function == "log1p")
    return Value::floating(std::log1p(x));
  if (function == "sqrt")
    return Value::floating(std::sqrt(x));
  if (function == "exp")
    return Value::floating(std::exp(x));
  if (function == "exp2")
    return Value::floating(std::exp2(x));
  if (function == "fabs")
    return Value::floating(std::fabs(x));
  if (function == "pow")
    return Value::floating(std::pow(x, number(1)));
  if (function == "copysign")
    return Value::floating(std::copysign(x, number(1)));
  if (function == "sin")
    return Value::floating(std::sin(x));
  if (function == "cos")
    return Value::floating(std::cos(x));
  if (function == "tanh")
    return Value::floating(std::tanh(x));
  if (function == "erf")
    return Value::floating(std::erf(x));
  raise("AttributeError", "module 'math' has no attribute '" + function + "'");
}

bool ModuleEvaluator::Impl::isInstance(const Value &value, const Value &classInfo) {
  if (classInfo.isTuple() || classInfo.isList()) {
    for (const Value &item : classInfo.sequence())
      if (isInstance(value, item))
        return true;
    return false;
  }
  if (isObjectOf(classInfo, Object::Type::Builtin)) {
    const std::string &name = classInfo.asObject()->name;
    if (name == "builtins.int")
      return value.isInt() || value.isBool();
    if (name == "builtins.float")
      return value.isFloat();
    if (name == "builtins.bool")
      return value.isBool();
    if (name == "builtins.str")
      return value.isString();
    if (name == "builtins.list")
      return value.isList();
    if (name == "builtins.tuple")
      return value.isTuple();
    if (name == "builtins.dict")
      return value.isDict();
    if (name == "torch.dtype")
      return isObjectOf(value, Object::Type::TorchDType);
    if (name == "builtins.object")
      return true;
    return false;
  }
  if (isObjectOf(classInfo, Object::Type::Class))
    return isObjectOf(value, Object::Type::Instance) && !value.asObject()->bases.empty() &&
           inheritsFrom(value.asObject()->bases[0], classInfo.asObject()->name);
  if (classInfo.isNamespace() && classInfo.asNamespace().path == "triton.language.dtype")
    return value.isDType();
  if (classInfo.isCallable()) {
    const std::string &name = classInfo.asCallable()->name;
    if (name == "triton.language.constexpr")
      return value.isConstexprWrapped();
    if (canonicalIntrinsic(name) == "JITFunction")
      return value.isCallable() && value.asCallable()->kind == Callable::Kind::Jit;
    if (name == "triton.language.dtype" || name.rfind("triton.language.dtype", 0) == 0)
      return value.isDType();
  }
  return false;
}

Value ModuleEvaluator::Impl::callMethod(
    const Value &self, const std::string &method, const std::vector<Value> &arguments,
    const std::vector<std::pair<std::string, Value>> &keywords) {
  auto arg = [&](size_t i) -> const Value & {
    if (i >= arguments.size())
      raise("TypeError", method + "() is missing an argument");
    return arguments[i];
  };
  if (self.isList()) {
    std::vector<Value> &items = self.listElements();
    if (method == "append") {
      if (items.size() > MaxSequence)
        raise("MemoryError", "list too large");
      items.push_back(arg(0));
      return Value::none();
    }
    if (method == "extend") {
      std::vector<Value> more = iterate(arg(0));
      items.insert(items.end(), more.begin(), more.end());
      return Value::none();
    }
    if (method == "insert") {
      PyInt index = toIndex(arg(0), "index");
      PyInt size = static_cast<PyInt>(items.size());
      if (index < 0)
        index = std::max<PyInt>(0, index + size);
      items.insert(items.begin() + static_cast<long>(std::min(index, size)), arg(1));
      return Value::none();
    }
    if (method == "pop") {
      if (items.empty())
        raise("IndexError", "pop from empty list");
      PyInt index =
          arguments.empty() ? static_cast<PyInt>(items.size()) - 1 : toIndex(arg(0), "index");
      if (index < 0)
        index += static_cast<PyInt>(items.size());
      if (index < 0 || index >= static_cast<PyInt>(items.size()))
        raise("IndexError", "pop index out of range");
      Value value = items[static_cast<size_t>(index)];
      items.erase(items.begin() + static_cast<long>(index));
      return value;
    }
    if (method == "copy")
      return Value::list(items);
    if (method == "reverse") {
      std::reverse(items.begin(), items.end());
      return Value::none();
    }
    if (method == "sort") {
      Value sorted = callBuiltin("builtins.sorted", {self}, keywords, nullptr);
      items = sorted.listElements();
      return Value::none();
    }
    if (method == "remove") {
      for (auto it = items.begin(); it != items.end(); ++it)
        if (constexprEqual(*it, arg(0))) {
          items.erase(it);
          return Value::none();
        }
      raise("ValueError", "list.remove(x): x not in list");
    }
    if (method == "clear") {
      items.clear();
      return Value::none();
    }
  }
  if (self.isList() || self.isTuple()) {
    const std::vector<Value> &items = self.sequence();
    if (method == "index") {
      for (size_t i = 0; i < items.size(); ++i)
        if (constexprEqual(items[i], arg(0)))
          return Value::integer(static_cast<PyInt>(i));
      raise("ValueError", reprOf(arg(0)) + " is not in list");
    }
    if (method == "count") {
      PyInt count = 0;
      for (const Value &item : items)
        count += constexprEqual(item, arg(0));
      return Value::integer(count);
    }
  }
  if (self.isDict()) {
    Value::DictEntries &entries = self.dictEntries();
    if (method == "get") {
      if (const Value *found = self.dictFind(arg(0)))
        return *found;
      return arguments.size() > 1 ? arguments[1] : Value::none();
    }
    if (method == "items" || method == "keys" || method == "values") {
      std::vector<Value> items;
      for (const auto &[key, value] : entries)
        items.push_back(method == "items"  ? Value::tuple({key, value})
                        : method == "keys" ? key
                                           : value);
      return Value::list(std::move(items));
    }
    if (method == "update") {
      Value copy = self;
      if (!arguments.empty())
        for (const auto &[key, value] : arg(0).dictEntries())
          dictSet(copy, key, value);
      for (const auto &[key, value] : keywords)
        dictSet(copy, Value::string(key), value);
      return Value::none();
    }
    if (method == "setdefault") {
      if (const Value *found = self.dictFind(arg(0)))
        return *found;
      Value copy = self;
      Value value = arguments.size() > 1 ? arguments[1] : Value::none();
      dictSet(copy, arg(0), value);
      return value;
    }
    if (method == "pop") {
      for (auto it = entries.begin(); it != entries.end(); ++it)
        if (constexprEqual(it->first, arg(0))) {
          Value value = it->second;
          entries.erase(it);
          return value;
        }
      if (arguments.size() > 1)
        return arguments[1];
      raise("KeyError", reprOf(arg(0)));
    }
    if (method == "copy")
      return Value::dictOf(entries);
  }
  if (self.isString()) {
    const std::string &text = self.asString();
    if (method == "join") {
      std::string result;
      std::vector<Value> items = iterate(arg(0));
      for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isString())
          raise("TypeError", "sequence item " + std::to_string(i) + ": expected str instance");
        result += (i ? text : "") + items[i].asString();
      }
      return Value::string(result);
    }
    if (method == "format") {
      std::string result;
      size_t next = 0;
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{' && i + 1 < text.size() && text[i + 1] == '{') {
          result += '{';
          ++i;
        } else if (text[i] == '}' && i + 1 < text.size() && text[i + 1] == '}') {
          result += '}';
          ++i;
        } else if (text[i] == '{') {
          size_t end = text.find('}', i);
          std::string field = text.substr(i + 1, end - i - 1);
          field = field.substr(0, field.find(':'));
          if (field.empty())
            result += strOf(arg(next++));
          else if (std::isdigit(static_cast<unsigned char>(field[0])))
            result += strOf(arg(std::stoul(field)));
          else if (const Value *keyword = keywordOf(keywords, field))
            result += strOf(*keyword);
          i = end == std::string::npos ? text.size() : end;
        } else {
          result += text[i];
        }
      }
      return Value::string(result);
    }
    if (method == "startswith" || method == "endswith") {
      std::vector<Value> options =
          arg(0).isTuple() ? arg(0).elements() : std::vector<Value>{arg(0)};
      for (const Value &option : options) {
        const std::string &part = option.asString();
        bool match = method == "startswith"
                         ? text.compare(0, part.size(), part) == 0
                         : text.size() >= part.size() &&
                               text.compare(text.size() - part.size(), part.size(), part) == 0;
        if (match)
          return Value::boolean(true);
      }
      return Value::boolean(false);
    }
    if (method == "lower" || method == "upper") {
      std::string result = text;
      for (char &c : result)
        c = method == "lower" ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                              : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return Value::string(result);
    }
    if (method == "strip" || method == "lstrip" || method == "rstrip") {
      size_t begin = 0, end = text.size();
      if (method != "rstrip")
        while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
          ++begin;
      if (method != "lstrip")
        while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
          --end;
      return Value::string(text.substr(begin, end - begin));
    }
    if (method == "split") {
      std::vector<Value> parts;
      std::string separator = arguments.empty() || arg(0).isNone() ? "" : arg(0).asString();
      if (separator.empty()) {
        size_t i = 0;
        while (i < text.size()) {
          while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
          size_t start = i;
          while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
          if (start < i)
            parts.push_back(Value::string(text.substr(start, i - start)));
        }
      } else {
        size_t start = 0;
        for (size_t at = text.find(separator); at != std::string::npos;
             at = text.find(separator, start)) {
          parts.push_back(Value::string(text.substr(start, at - start)));
          start = at + separator.size();
        }
        parts.push_back(Value::string(text.substr(start)));
      }
      return Value::list(std::move(parts));
    }
    if (method == "replace") {
      std::string result = text;
      const std::string &from = arg(0).asString(), &to = arg(1).asString();
      if (!from.empty())
        for (size_t at = result.find(from); at != std::string::npos;
             at = result.find(from, at + to.size()))
          result.replace(at, from.size(), to);
      return Value::string(result);
    }
    if (method == "isdigit") {
      bool digits = !text.empty();
      for (char c : text)
        digits = digits && std::isdigit(static_cast<unsigned char>(c));
      return Value::boolean(digits);
    }
  }
  if ((self.isInt() || self.isBool()) && method == "bit_length") {
    PyInt v = self.asInteger();
    PyInt magnitude = v < 0 ? -v : v;
    int bits = 0;
    while (magnitude) {
      ++bits;
      magnitude >>= 1;
    }
    return Value::integer(bits);
  }
  if (self.isFloat() && method == "is_integer")
    return Value::boolean(std::floor(self.asFloat()) == self.asFloat());
  if (isObjectOf(self, Object::Type::Record)) {
    const std::string &record = self.asObject()->name;
    if (record == "os.environ" && method == "get") {
      const char *text = std::getenv(strOf(arg(0)).c_str());
      if (text)
        return Value::string(text);
      return arguments.size() > 1 ? arguments[1] : Value::none();
    }
    if (record == "triton.runtime.driver.active") {
      if (method == "get_current_target")
        return *self.asObject()->attribute("__target__");
      if (method == "get_current_device" || method == "get_current_stream")
        return Value::integer(0);
      if (method == "get_device_interface")
        return Value::nameSpace("torch.cuda");
      if (method == "utils")
        return makeRecord("DriverUtils", {});
    }
    if (record == "triton.backends.driver" && method == "is_active")
      return *self.asObject()->attribute("__active__");
    if (record == "DriverUtils" && method == "get_device_properties") {
      bool cuda = state.options->isCUDA;
      Value::DictItems properties = {{"multiprocessor_count", Value::integer(cuda ? 132 : 304)},
                                     {"max_shared_mem", Value::integer(cuda ? 232448 : 65536)},
                                     {"max_num_regs", Value::integer(65536)},
                                     {"warpSize", Value::integer(cuda ? 32 : 64)},
                                     {"sm_clock_rate", Value::integer(1980000)},
                                     {"mem_clock_rate", Value::integer(2619000)},
                                     {"mem_bus_width", Value::integer(5120)}};
      return Value::dict(properties);
    }
  }
  if (isObjectOf(self, Object::Type::Config) && method == "all_kwargs") {
    Value result = Value::dictOf(self.asObject()->attribute("kwargs")->dictEntries());
    for (const char *option : {"num_warps", "num_stages", "num_ctas", "maxnreg"})
      if (const Value *value = self.asObject()->attribute(option))
        dictSet(result, Value::string(option), *value);
    return result;
  }
  raise("AttributeError",
        "'" + pythonTypeName(self) + "' object has no attribute '" + method + "'");
}

} // namespace trex::frontend
