// ModuleCalls: calls in the module evaluator: Python functions, classes, partials, Triton's
// decorators (jit, autotune, heuristics, constexpr_function, must_use_result) and triton.Config.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

std::vector<Value> ModuleEvaluator::Impl::evaluateElements(Frame &frame,
                                                           const python::ExprList &elements) {
  std::vector<Value> values;
  for (const python::ExprPtr &element : elements) {
    if (const auto *starred = element->dynCast<python::StarredExpr>()) {
      std::vector<Value> expanded = iterate(evaluate(frame, starred->value()));
      values.insert(values.end(), expanded.begin(), expanded.end());
    } else {
      values.push_back(evaluate(frame, *element));
    }
  }
  return values;
}

std::shared_ptr<Object> ModuleEvaluator::Impl::makeFunction(Frame &frame, std::string name,
                                                            const python::ParameterList &parameters,
                                                            SourceLocation location) {
  auto function = makeObject(Object::Type::Function, std::move(name));
  function->module = frame.module;
  function->closure = frame.locals;
  function->origin = frame.module;
  function->location = location;
  for (const python::Parameter &parameter : parameters)
    function->defaults.push_back(
        parameter.defaultValue ? std::optional<Value>(evaluate(frame, *parameter.defaultValue))
                               : std::nullopt);
  return function;
}

Value ModuleEvaluator::Impl::evaluateCall(Frame &frame, const python::CallExpr &call) {
  Value callee = evaluate(frame, call.callee());
  std::vector<Value> arguments = evaluateElements(frame, call.arguments());
  std::vector<std::pair<std::string, Value>> keywords;
  for (const python::KeywordArgument &keyword : call.keywords()) {
    Value value = evaluate(frame, *keyword.value);
    if (keyword.isDoubleStarred()) {
      if (isOpaque(value))
        continue;
      if (!value.isDict())
        raise("TypeError", "argument after ** must be a mapping");
      for (const auto &[key, item] : value.dictEntries())
        keywords.emplace_back(key.isString() ? key.asString() : key.str(), item);
      continue;
    }
    keywords.emplace_back(keyword.name, value);
  }
  return callValue(callee, std::move(arguments), std::move(keywords), &call);
}

const Value *
ModuleEvaluator::Impl::keywordOf(const std::vector<std::pair<std::string, Value>> &keywords,
                                 const std::string &name) {
  for (const auto &[key, value] : keywords)
    if (key == name)
      return &value;
  return nullptr;
}

// The argument named `name` or at `position`.
const Value *
ModuleEvaluator::Impl::argument(const std::vector<Value> &arguments,
                                const std::vector<std::pair<std::string, Value>> &keywords,
                                size_t position, const std::string &name) {
  if (const Value *keyword = keywordOf(keywords, name))
    return keyword;
  return position < arguments.size() ? &arguments[position] : nullptr;
}

std::string ModuleEvaluator::Impl::canonicalIntrinsic(const std::string &name) {
  static const std::map<std::string, std::string> aliases = {
      {"triton.jit", "jit"},
      {"triton.runtime.jit.jit", "jit"},
      {"triton.autotune", "autotune"},
      {"triton.runtime.autotuner.autotune", "autotune"},
      {"triton.heuristics", "heuristics"},
      {"triton.runtime.autotuner.heuristics", "heuristics"},
      {"triton.Config", "Config"},
      {"triton.runtime.autotuner.Config", "Config"},
      {"triton.constexpr_function", "constexpr_function"},
      {"triton.runtime.jit.constexpr_function", "constexpr_function"},
      {"triton.language.constexpr", "constexpr"},
      {"triton.language.core.constexpr", "constexpr"},
      {"triton.cdiv", "cdiv"},
      {"triton.next_power_of_2", "next_power_of_2"},
      {"triton.language.core.constexpr_function", "constexpr_function"},
      {"triton.runtime.jit.JITFunction", "JITFunction"},
      {"triton.must_use_result", "must_use_result"},
      {"triton.language.core.must_use_result", "must_use_result"},
      {"triton.JITFunction", "JITFunction"},
  };
  auto it = aliases.find(name);
  return it == aliases.end() ? std::string() : it->second;
}

Value ModuleEvaluator::Impl::callValue(const Value &callee, std::vector<Value> arguments,
                                       std::vector<std::pair<std::string, Value>> keywords,
                                       const python::CallExpr *call) {
  if (callee.isCallable()) {
    const Callable &callable = *callee.asCallable();
    std::string intrinsicName = canonicalIntrinsic(callable.name);
    if (!intrinsicName.empty())
      return callIntrinsic(intrinsicName, arguments, keywords, call);
    if (callable.kind == Callable::Kind::Jit)
      raise("RuntimeError", "Cannot call @triton.jit'd outside of the scope of a kernel");
    if (callable.kind == Callable::Kind::Static) {
      if (callable.name.rfind("triton.", 0) == 0 && isTriton(callable.name))
        return opaqueValue(callable.name + "(...)");
      raise("TypeError", callable.name + " cannot be called at module level by trex");
    }
    static const std::set<std::string> typeConstructors = {
        "triton.language.get_int_dtype", "triton.language.pointer_type",
        "triton.language.block_type", "triton.language.str_to_ty"};
    if (callable.name.rfind("triton.language.dtype.", 0) == 0 ||
        callable.name.rfind("math.", 0) == 0 || typeConstructors.count(callable.name)) {
      CodeGenerator generator(state, *currentModule);
      return generator.callFunction(callee, std::move(arguments), std::move(keywords));
    }
    if (callable.name.rfind("triton.language", 0) == 0)
      raise("RuntimeError", "Cannot call " + callable.name +
                                " outside of a @triton.jit function (did you forget @triton.jit?)");
    return opaqueValue(callable.name + "(...)");
  }
  if (callee.isBoundMethod()) {
    CodeGenerator generator(state, *currentModule);
    return generator.callFunction(callee, std::move(arguments), std::move(keywords));
  }
  if (callee.isDType())
    raise("TypeError", "'dtype' object is not callable");
  if (!callee.isObject())
    raise("TypeError", "'" + pythonTypeName(callee) + "' object is not callable");
  const std::shared_ptr<Object> &object = callee.asObject();
  switch (object->type) {
  case Object::Type::Function:
    return invoke(*object, std::move(arguments), std::move(keywords));
  case Object::Type::Partial: {
    std::vector<Value> all = object->arguments;
    all.insert(all.end(), arguments.begin(), arguments.end());
    std::vector<std::pair<std::string, Value>> allKeywords = object->keywords;
    for (auto &keyword : keywords) {
      auto existing = std::find_if(allKeywords.begin(), allKeywords.end(),
                                   [&](const auto &k) { return k.first == keyword.first; });
      if (existing != allKeywords.end())
        existing->second = keyword.second;
      else
        allKeywords.push_back(keyword);
    }
    return callValue(object->function, std::move(all), std::move(allKeywords), call);
  }
  case Object::Type::Decorator:
    return applyTritonDecorator(*object, arguments, keywords, call);
  case Object::Type::Class:
    return instantiate(callee, std::move(arguments), std::move(keywords));
  case Object::Type::Opaque:
    return opaqueValue(object->name + "(...)", object->origin, object->location);
  case Object::Type::Builtin:
    return callBuiltin(object->name, arguments, keywords, call);
  case Object::Type::Method:
    return callMethod(object->function, object->name, arguments, keywords);
  default:
    raise("TypeError", "'" + objectStr(*object) + "' is not callable");
  }
}

Value ModuleEvaluator::Impl::instantiate(const Value &classValue, std::vector<Value> arguments,
                                         std::vector<std::pair<std::string, Value>> keywords) {
  const Object &classObject = *classValue.asObject();
  auto instance = makeObject(Object::Type::Instance, classObject.name);
  instance->bases.push_back(classValue);
  if (classObject.attribute("__exception__") || inheritsException(classValue)) {
    if (!arguments.empty())
      instance->setAttribute("__message__", arguments[0]);
    return Value::object(instance);
  }
  Value value = Value::object(instance);
  if (std::optional<Value> init = classMember(classValue, "__init__"))
    if (isObjectOf(*init, Object::Type::Function)) {
      arguments.insert(arguments.begin(), value);
      invoke(*init->asObject(), std::move(arguments), std::move(keywords));
    }
  // NamedTuple-like classes: fields from keywords.
  for (auto &[name, item] : keywords)
    if (!instance->attribute(name))
      instance->setAttribute(name, item);
  return value;
}

bool ModuleEvaluator::Impl::inheritsException(const Value &classValue) {
  if (!isObjectOf(classValue, Object::Type::Class))
    return false;
  if (classValue.asObject()->attribute("__exception__"))
    return true;
  for (const Value &base : classValue.asObject()->bases)
    if (inheritsException(base))
      return true;
  return false;
}

// A plain Python function (or lambda) called with values.
Value ModuleEvaluator::Impl::invoke(const Object &function, std::vector<Value> arguments,
                                    std::vector<std::pair<std::string, Value>> keywords) {
  if (callDepth >= MaxCallDepth)
    raise("RecursionError", "maximum recursion depth exceeded in module-level Python");
  const python::ParameterList &parameters = function.parameters();
  auto env = newEnvironment();
  env->parent = function.closure;
  size_t next = 0;
  std::vector<Value> extra;
  for (size_t i = 0; i < parameters.size(); ++i) {
    const python::Parameter &parameter = parameters[i];
    switch (parameter.kind) {
    case python::ParameterKind::PositionalOnly:
    case python::ParameterKind::PositionalOrKeyword: {
      if (next < arguments.size()) {
        env->variables[parameter.name] = arguments[next++];
        if (keywordOf(keywords, parameter.name))
          raise("TypeError",
                function.name + "() got multiple values for argument '" + parameter.name + "'");
        break;
      }
      if (const Value *keyword = keywordOf(keywords, parameter.name)) {
        env->variables[parameter.name] = *keyword;
        break;
      }
      if (i < function.defaults.size() && function.defaults[i]) {
        env->variables[parameter.name] = *function.defaults[i];
        break;
      }
      raise("TypeError", function.name + "() missing required argument: '" + parameter.name + "'");
    }
    case python::ParameterKind::VariadicPositional:
      while (next < arguments.size())
        extra.push_back(arguments[next++]);
      env->variables[parameter.name] = Value::tuple(extra);
      break;
    case python::ParameterKind::KeywordOnly: {
      if (const Value *keyword = keywordOf(keywords, parameter.name))
        env->variables[parameter.name] = *keyword;
      else if (i < function.defaults.size() && function.defaults[i])
        env->variables[parameter.name] = *function.defaults[i];
      else
        raise("TypeError", function.name + "() missing required keyword-only argument: '" +
                               parameter.name + "'");
      break;
    }
    case python::ParameterKind::VariadicKeyword: {
      Value rest = Value::dictOf({});
      for (const auto &[key, value] : keywords)
        if (std::none_of(parameters.begin(), parameters.end(),
                         [&](const python::Parameter &p) { return p.name == key; }))
          dictSet(rest, Value::string(key), value);
      env->variables[parameter.name] = rest;
      break;
    }
    }
  }
  if (next < arguments.size())
    raise("TypeError", function.name + "() takes " + std::to_string(next) +
                           " positional arguments but " + std::to_string(arguments.size()) +
                           " were given");
  bool hasVariadicKeywords = std::any_of(parameters.begin(), parameters.end(), [](const auto &p) {
    return p.kind == python::ParameterKind::VariadicKeyword;
  });
  if (!hasVariadicKeywords)
    for (const auto &[key, value] : keywords)
      if (std::none_of(parameters.begin(), parameters.end(),
                       [&](const python::Parameter &p) { return p.name == key; }))
        raise("TypeError", function.name + "() got an unexpected keyword argument '" + key + "'");

  Frame frame;
  frame.module = function.module;
  frame.locals = env;
  ModuleScope *previousModule = currentModule;
  currentModule = function.module;
  ++callDepth;
  struct Restore {
    Impl &impl;
    ModuleScope *module;
    ~Restore() {
      --impl.callDepth;
      impl.currentModule = module;
    }
  } restore{*this, previousModule};
  if (function.lambda)
    return evaluate(frame, function.lambda->body());
  if (containsYield(function.definition->body()))
    raise("TypeError", "trex does not evaluate generator functions (" + function.name + ")");
  Flow flow = execBlock(frame, function.definition->body());
  return flow == Flow::Return ? frame.returnValue : Value::none();
}

bool ModuleEvaluator::Impl::containsYield(const python::Block &body) {
  // A cheap check on statement roots: `yield` statements at any depth of plain blocks.
  for (const python::StmtPtr &statement : body) {
    if (const auto *expression = statement->dynCast<python::ExpressionStmt>())
      if (expression->value().kind() == python::NodeKind::Yield ||
          expression->value().kind() == python::NodeKind::YieldFrom)
        return true;
    if (const auto *forStatement = statement->dynCast<python::ForStmt>())
      if (containsYield(forStatement->body()))
        return true;
    if (const auto *ifStatement = statement->dynCast<python::IfStmt>())
      if (containsYield(ifStatement->body()) || containsYield(ifStatement->orElse()))
        return true;
  }
  return false;
}

Value ModuleEvaluator::Impl::callIntrinsic(
    const std::string &name, const std::vector<Value> &arguments,
    const std::vector<std::pair<std::string, Value>> &keywords, const python::CallExpr *call) {
  if (name == "must_use_result") {
    // @triton.must_use_result or @triton.must_use_result("why"): on a jit function.
    auto decorator = makeObject(Object::Type::Decorator, name);
    decorator->origin = currentModule;
    if (arguments.size() == 1 && arguments[0].isCallable())
      return applyTritonDecorator(*decorator, arguments, {}, call);
    decorator->arguments = arguments;
    return Value::object(decorator);
  }
  if (name == "jit" || name == "autotune" || name == "heuristics" || name == "constexpr_function") {
    auto decorator = makeObject(Object::Type::Decorator, name);
    decorator->keywords = keywords;
    decorator->origin = currentModule;
    if (call)
      decorator->location = call->location();
    // `triton.jit(fn)` / `@triton.jit`: applied at once.
    bool takesFunction = name == "jit" || name == "constexpr_function";
    if (takesFunction && arguments.size() == 1 && isObjectOf(arguments[0], Object::Type::Function))
      return applyTritonDecorator(*decorator, arguments, {}, call);
    decorator->arguments = arguments;
    return Value::object(decorator);
  }
  if (name == "Config") {
    auto config = makeObject(Object::Type::Config, "triton.Config");
    config->origin = currentModule;
    if (call)
      config->location = call->location();
    const Value *kwargs = argument(arguments, keywords, 0, "kwargs");
    if (!kwargs || !kwargs->isDict())
      raise("TypeError", "triton.Config takes a dict of meta-parameters first, like "
                         "{'BLOCK_SIZE': 128}");
    for (const auto &[key, value] : kwargs->dictEntries())
      if (!key.isString())
        raise("TypeError", "the keys of a triton.Config dict are parameter names (strings)");
    config->setAttribute("kwargs", *kwargs);
    static const char *const options[] = {"num_warps", "num_stages", "num_ctas",
                                          "maxnreg",   "pre_hook",   "ir_override"};
    for (size_t i = 0; i < std::size(options); ++i)
      if (const Value *option = argument(arguments, keywords, i + 1, options[i]))
        config->setAttribute(options[i], *option);
    for (const auto &[key, value] : keywords)
      if (key != "kwargs" && !config->attribute(key))
        config->setAttribute(key, value);
    if (!config->attribute("num_warps"))
      config->setAttribute("num_warps", Value::integer(4));
    if (!config->attribute("num_stages"))
      config->setAttribute("num_stages", Value::integer(3));
    if (!config->attribute("num_ctas"))
      config->setAttribute("num_ctas", Value::integer(1));
    return Value::object(config);
  }
  if (name == "constexpr") {
    Value value = arguments.empty() ? Value::none() : arguments[0];
    if (value.isConstexprWrapped())
      return value;
    return value.wrappedAsConstexpr();
  }
  if (name == "cdiv" || name == "next_power_of_2") {
    CodeGenerator generator(state, *currentModule);
    return generator.callFunction(library().lookup("triton", name).value(), arguments, keywords);
  }
  if (name == "JITFunction")
    return opaqueValue("triton.JITFunction(...)");
  raise("TypeError", "trex cannot call " + name + " at module level");
}

// Applies triton.jit / autotune / heuristics / constexpr_function to what they decorate.
Value ModuleEvaluator::Impl::applyTritonDecorator(
    const Object &decorator, const std::vector<Value> &arguments,
    const std::vector<std::pair<std::string, Value>> &keywords, const python::CallExpr *call) {
  (void)call;
  if (arguments.size() != 1 || !keywords.empty())
    raise("TypeError", "a Triton decorator takes the function it decorates");
  const Value &target = arguments[0];
  const std::string &kind = decorator.name;
  if (kind == "constexpr_function") {
    if (!isObjectOf(target, Object::Type::Function))
      raise("TypeError", "triton.constexpr_function decorates a Python function");
    auto copy = std::make_shared<Object>(*target.asObject());
    copy->isConstexprFunction = true;
    return Value::object(copy);
  }
  if (kind == "jit") {
    if (!isObjectOf(target, Object::Type::Function) || !target.asObject()->definition)
      raise("TypeError", "triton.jit decorates a function defined with `def`");
    const Object &function = *target.asObject();
    auto jit = std::make_shared<JitFunction>();
    jit->definition = function.definition;
    jit->scope = function.module;
    jit->qualifiedName = function.module->moduleName + "." + function.definition->name();
    jit->closure = function.closure;
    if (const Value *noinline = keywordOf(decorator.keywords, "noinline"))
      jit->noinline = noinline->truthy();
    if (const Value *debug = keywordOf(decorator.keywords, "debug"); debug && !debug->isNone())
      jit->debug = debug->truthy();
    const python::ParameterList &parameters = function.definition->parameters();
    for (const char *option : {"do_not_specialize", "do_not_specialize_on_alignment"}) {
      const Value *names = keywordOf(decorator.keywords, option);
      if (!names || !isSequence(*names))
        continue;
      for (const Value &item : names->sequence()) {
        const python::Parameter *parameter = nullptr;
        if (item.isString()) {
          for (const python::Parameter &candidate : parameters)
            if (candidate.name == item.asString())
              parameter = &candidate;
        } else if (item.isInt() && item.asInt() >= 0 &&
                   item.asInt() < static_cast<PyInt>(parameters.size())) {
          parameter = &parameters[static_cast<size_t>(item.asInt())];
        }
        if (!parameter)
          continue;
        if (std::string(option) == "do_not_specialize")
          jit->doNotSpecialize.push_back(parameter->name);
        // Triton's JITFunction refuses a constexpr parameter in these lists.
        const python::Expr *annotation = parameter->annotation.get();
        const auto *attribute = annotation ? annotation->dynCast<python::AttributeExpr>() : nullptr;
        const auto *plain = annotation ? annotation->dynCast<python::NameExpr>() : nullptr;
        if ((attribute && attribute->attribute() == "constexpr") ||
            (plain && plain->identifier() == "constexpr"))
          raise("ValueError", parameter->name +
                                  " marked as constexpr and listed in do_not_specialize/"
                                  "do_not_specialize_on_alignment. Remove constexpr designation "
                                  "to skip specialization.");
      }
    }
    auto callable = std::make_shared<Callable>();
    callable->kind = Callable::Kind::Jit;
    callable->name = jit->qualifiedName;
    callable->jit = jit;
    return Value::callable(std::move(callable));
  }
  if (!(target.isCallable() && target.asCallable()->kind == Callable::Kind::Jit))
    raise("TypeError", "triton." + kind +
                           " decorates a @triton.jit function (put @triton.jit "
                           "below it)");
  auto jit = std::make_shared<JitFunction>(*target.asCallable()->jit);
  if (kind == "must_use_result") {
    std::string message;
    if (!decorator.arguments.empty() && decorator.arguments[0].isString())
      message = decorator.arguments[0].asString();
    jit->mustUseResult = message;
  } else if (kind == "autotune") {
    EvaluatedAutotune autotune;
    autotune.scope = decorator.origin;
    autotune.location = decorator.location;
    const Value *configs = argument(decorator.arguments, decorator.keywords, 0, "configs");
    if (!configs)
      raise("TypeError", "triton.autotune needs configs=[triton.Config(...), ...]");
    if (isOpaque(*configs))
      raise("TypeError", "the configs of this @triton.autotune come from " +
                             configs->asObject()->name + ", which trex does not model");
    for (const Value &config : iterate(*configs)) {
      if (!isObjectOf(config, Object::Type::Config))
        raise("TypeError",
              "triton.autotune's configs must be triton.Config objects, not " + config.describe());
      autotune.configs.push_back(config);
    }
    if (const Value *key = argument(decorator.arguments, decorator.keywords, 1, "key"))
      if (!isOpaque(*key))
        for (const Value &item : iterate(*key))
          if (item.isString())
            autotune.key.push_back(item.asString());
    jit->autotune = std::move(autotune);
  } else {
    EvaluatedHeuristics heuristics;
    heuristics.scope = decorator.origin;
    heuristics.location = decorator.location;
    const Value *values = argument(decorator.arguments, decorator.keywords, 0, "values");
    if (!values || !values->isDict())
      raise("TypeError", "triton.heuristics takes a dict of parameter name: function of args");
    for (const auto &[key, value] : values->dictEntries()) {
      if (!key.isString())
        raise("TypeError", "the keys of triton.heuristics are parameter names (strings)");
      heuristics.values.emplace_back(key.asString(), value);
    }
    // Heuristics stacked on heuristics all apply.
    if (jit->heuristics)
      for (auto &entry : jit->heuristics->values)
        heuristics.values.push_back(entry);
    jit->heuristics = std::move(heuristics);
  }
  auto callable = std::make_shared<Callable>();
  callable->kind = Callable::Kind::Jit;
  callable->name = jit->qualifiedName;
  callable->jit = jit;
  return Value::callable(std::move(callable));
}

} // namespace trex::frontend
