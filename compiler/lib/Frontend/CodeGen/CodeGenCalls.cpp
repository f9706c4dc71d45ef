// CodeGenerator: calls of builtins and jit functions, argument binding and the mangled names
// of specialized functions.
#include "CodeGenerator.h"

#include "../Module/ModuleEvaluator.h"

#include "mlir/IR/SymbolTable.h"

#include <algorithm>

using namespace mlir;

namespace trex::frontend {

namespace {

using Path = std::vector<int>;

std::string pathRepr(const Path &path) {
  std::string text = "(";
  for (size_t i = 0; i < path.size(); ++i)
    text += (i ? ", " : "") + std::to_string(path[i]);
  return text + (path.size() == 1 ? ",)" : ")");
}

// The leaves of the arguments: compile-time constants by path, and the IR values in order.
void collectLeaves(const Value &value, Path &path, std::map<Path, Value> &constants,
                   std::vector<Value> &irValues) {
  if (value.isTuple()) {
    for (size_t i = 0; i < value.elements().size(); ++i) {
      path.push_back(static_cast<int>(i));
      collectLeaves(value.elements()[i], path, constants, irValues);
      path.pop_back();
    }
    return;
  }
  if (value.isTensor()) {
    irValues.push_back(value);
    return;
  }
  if (value.isConstexpr()) {
    constants[path] = value;
    return;
  }
  fail("cannot pass " + value.describe() + " to a jit function");
}

void replaceAll(std::string &text, const std::string &from, const std::string &to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// Triton's mangle_fn: name, argument types, then each constant as `<path>c<repr>`.
std::string mangle(const std::string &name, const std::vector<Value> &irValues,
                   const std::map<Path, Value> &constants) {
  std::string types;
  for (size_t i = 0; i < irValues.size(); ++i)
    types += (i ? "_" : "") + irValues[i].asTensor().type.mangle();
  std::string constantText;
  bool first = true;
  for (const auto &[path, value] : constants) {
    std::string repr = value.isDefaultNone() ? "None" : "constexpr[" + value.str() + "]";
    constantText += (first ? "" : "_") + pathRepr(path) + "c" + repr;
    first = false;
  }
  replaceAll(constantText, ".", "_d_");
  replaceAll(constantText, "'", "_sq_");
  replaceAll(constantText, "[", "_");
  replaceAll(constantText, "]", "_");
  return name + "__" + types + "__" + constantText;
}

// `a.b.c` for a callee written as names and attributes, as ast.unparse gives it; else "".
std::string calleeText(const python::Expr &callee) {
  if (const auto *name = callee.dynCast<python::NameExpr>())
    return name->identifier();
  if (const auto *attribute = callee.dynCast<python::AttributeExpr>()) {
    std::string base = calleeText(attribute->value());
    return base.empty() ? std::string() : base + "." + attribute->attribute();
  }
  return {};
}

std::string plural(size_t count, const char *word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

std::string nameList(const std::vector<std::string> &names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      text += i + 1 == names.size() ? (names.size() > 2 ? ", and " : " and ") : ", ";
    text += "'" + names[i] + "'";
  }
  return text;
}

} // namespace

//===----------------------------------------------------------------------===//
// Builtin arguments
//===----------------------------------------------------------------------===//

const Value &BoundArguments::operator[](std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    fail("internal error: builtin parameter '" + std::string(name) + "' is not bound");
  return it->second;
}

static BoundArguments bindBuiltin(const Callable &callable, std::vector<Value> arguments,
                                  std::vector<std::pair<std::string, Value>> keywords) {
  const BuiltinSignature &signature = callable.signature;
  std::string name = callable.name.substr(callable.name.rfind('.') + 1);
  BoundArguments bound;
  size_t positionalCount = signature.positional.size();
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (i < positionalCount)
      bound.set(signature.positional[i].name, arguments[i]);
    else if (!signature.variadic.empty())
      bound.variadic().push_back(arguments[i]);
    else
      fail(name + "() takes " + plural(positionalCount, "positional argument") + " but " +
           std::to_string(arguments.size()) + (arguments.size() == 1 ? " was" : " were") +
           " given");
  }
  for (auto &[keyword, value] : keywords) {
    auto matches = [&](const BuiltinParameter &parameter) { return parameter.name == keyword; };
    bool known = std::any_of(signature.positional.begin(), signature.positional.end(), matches) ||
                 std::any_of(signature.keywordOnly.begin(), signature.keywordOnly.end(), matches);
    if (!known)
      fail(name + "() got an unexpected keyword argument '" + keyword + "'");
    if (bound.has(keyword))
      fail(name + "() got multiple values for argument '" + keyword + "'");
    bound.set(keyword, value);
  }
  std::vector<std::string> missing;
  for (const auto *parameters : {&signature.positional, &signature.keywordOnly})
    for (const BuiltinParameter &parameter : *parameters) {
      if (bound.has(parameter.name))
        continue;
      if (parameter.defaultValue)
        bound.set(parameter.name, *parameter.defaultValue);
      else
        missing.push_back(parameter.name);
    }
  if (!missing.empty())
    fail(name + "() missing " + plural(missing.size(), "required positional argument") + ": " +
         nameList(missing));
  return bound;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Value CodeGenerator::evaluateKeyword(const python::KeywordArgument &keyword) {
  if (keyword.isDoubleStarred()) {
    CompileError error("** arguments are not supported in Triton kernels");
    error.addFrame({scope_, keyword.range.begin});
    throw error;
  }
  builder_.location = locationAt(keyword.range.begin);
  Value value = visitExpr(*keyword.value);
  builder_.location = locationAt(keyword.range.begin);
  return value;
}

Value CodeGenerator::visitCall(const python::CallExpr &call) {
  Value callee = visitExpr(call.callee());
  if (callee.isCallable() && callee.asCallable()->kind == Callable::Kind::Static)
    return callee.asCallable()->staticImpl(*this, call);

  const Callable *function = callee.isCallable()      ? callee.asCallable().get()
                             : callee.isBoundMethod() ? callee.asBoundMethod().function.get()
                                                      : nullptr;
  // @triton.must_use_result: a call whose result is dropped is an error, as in Triton.
  if (function && function->kind == Callable::Kind::Jit && function->jit->mustUseResult &&
      isUnusedCall(call)) {
    std::string callee = calleeText(call.callee());
    fail("The result of " + (callee.empty() ? function->jit->definition->name() : callee) +
         " is not being used." +
         (function->jit->mustUseResult->empty() ? "" : " " + *function->jit->mustUseResult));
  }
  if (function && function->name == "triton.language.advance" && isUnusedCall(call))
    fail("The result of tl.advance is not being used. Note that tl.advance does not have any "
         "side effects. To move the block pointer, you need to assign the result of tl.advance "
         "to a variable.");

  // Keywords are evaluated before positional arguments, as Triton does.
  std::vector<std::pair<std::string, Value>> keywords;
  for (const python::KeywordArgument &keyword : call.keywords())
    keywords.emplace_back(keyword.name, evaluateKeyword(keyword));
  std::vector<Value> arguments;
  for (const python::ExprPtr &argument : call.arguments()) {
    if (const auto *starred = argument->dynCast<python::StarredExpr>()) {
      Value expanded = atNode(*starred, [&] { return visitExpr(starred->value()); });
      if (!expanded.isTuple())
        fail("only tuples can be unpacked with *, not " + expanded.describe());
      arguments.insert(arguments.end(), expanded.elements().begin(), expanded.elements().end());
    } else {
      arguments.push_back(visitExpr(*argument));
    }
  }
  return callFunction(callee, std::move(arguments), std::move(keywords));
}

Value CodeGenerator::callFunction(const Value &calleeIn, std::vector<Value> arguments,
                                  std::vector<std::pair<std::string, Value>> keywords) {
  Value callee = calleeIn;
  if (callee.isBoundMethod()) {
    arguments.insert(arguments.begin(), *callee.asBoundMethod().self);
    callee = Value::callable(callee.asBoundMethod().function);
  }
  if (callee.isObject())
    return callPythonObject(callee, std::move(arguments), std::move(keywords));
  if (!callee.isCallable())
    fail("'" + callee.describe() + "' is not callable");
  const Callable &callable = *callee.asCallable();
  switch (callable.kind) {
  case Callable::Kind::Jit:
    return callJitFunction(*callable.jit, std::move(arguments), std::move(keywords));
  case Callable::Kind::Builtin: {
    BoundArguments bound = bindBuiltin(callable, std::move(arguments), std::move(keywords));
    return callable.impl(*this, bound);
  }
  case Callable::Kind::Static:
    fail(callable.displayName() + " can only be called directly");
  }
  return {};
}

// `Point(x, y=...)` of a NamedTuple class in a kernel: a tuple of the fields in their order,
// from the positional arguments, then the keywords, then the class's defaults.
Value CodeGenerator::makeNamedTuple(const std::shared_ptr<Object> &classObject, const Value &fields,
                                    std::vector<Value> arguments,
                                    std::vector<std::pair<std::string, Value>> keywords) {
  const std::vector<Value> &names = fields.elements();
  const std::string &className = classObject->name;
  if (arguments.size() > names.size())
    fail(className + "() takes " + std::to_string(names.size()) + " positional arguments but " +
         std::to_string(arguments.size()) + " were given");
  std::vector<std::optional<Value>> slots(names.size());
  for (size_t i = 0; i < arguments.size(); ++i)
    slots[i] = std::move(arguments[i]);
  for (auto &[name, value] : keywords) {
    size_t index = 0;
    while (index < names.size() && names[index].asString() != name)
      ++index;
    if (index == names.size())
      fail(className + "() got an unexpected keyword argument '" + name + "'");
    if (slots[index])
      fail(className + "() got multiple values for argument '" + name + "'");
    slots[index] = std::move(value);
  }
  std::vector<Value> elements;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!slots[i]) {
      if (const Value *fallback = classObject->attribute(names[i].asString()))
        slots[i] = *fallback;
      else
        fail(className + "() missing required argument: '" + names[i].asString() + "'");
    }
    elements.push_back(std::move(*slots[i]));
  }
  return Value::namedTuple(std::move(elements), classObject);
}

// A Python callable from the module (a @triton.constexpr_function, a plain function reached
// through a module, functools.partial): Triton calls it in Python with the arguments as they
// are, so here every argument must be a compile-time value.
Value CodeGenerator::callPythonObject(const Value &callee, std::vector<Value> arguments,
                                      std::vector<std::pair<std::string, Value>> keywords) {
  const Object &object = *callee.asObject();
  if (object.type == Object::Type::Partial) {
    std::vector<Value> all = object.arguments;
    all.insert(all.end(), arguments.begin(), arguments.end());
    std::vector<std::pair<std::string, Value>> allKeywords = object.keywords;
    allKeywords.insert(allKeywords.end(), keywords.begin(), keywords.end());
    return callFunction(object.function, std::move(all), std::move(allKeywords));
  }
  if (object.type == Object::Type::Opaque) {
    CompileError error("'" + object.name +
                       "' comes from a module trex does not model (trex runs no Python); a "
                       "kernel cannot call it. If it is a module of your project, pass its "
                       "folder with --python-path");
    if (object.origin)
      error.addFrame({object.origin, object.location});
    throw error;
  }
  if (object.type == Object::Type::Class)
    if (const Value *fields = object.attribute("_fields"); fields && fields->isTuple())
      return makeNamedTuple(callee.asObject(), *fields, std::move(arguments), std::move(keywords));
  if (object.type != Object::Type::Function)
    fail("'" + objectDescription(object) + "' is not callable in a Triton kernel");
  auto unwrap = [&](Value &value, const std::string &what) {
    if (value.isTensor() || (value.isTuple() && !value.isConstexpr() && [&] {
          std::vector<mlir::Value> handles;
          value.flatten(handles);
          return !handles.empty();
        }()))
      fail((object.isConstexprFunction ? "the @triton.constexpr_function "
                                       : "the Python function ") +
           object.name + " got a tensor as " + what +
           "; trex calls Python functions from kernels with compile-time values only");
    value = value.wrappedAsConstexpr(false);
  };
  for (size_t i = 0; i < arguments.size(); ++i)
    unwrap(arguments[i], "argument " + std::to_string(i + 1));
  for (auto &[name, value] : keywords)
    unwrap(value, "argument '" + name + "'");
  Value result = state_.evaluator->call(callee, std::move(arguments), std::move(keywords), scope_);
  if (result.isList())
    result = Value::tuple(result.listElements());
  if (isOpaque(result))
    fail("the result of " + object.name + "() depends on " + result.asObject()->name +
         ", which trex does not model");
  return result;
}

Value CodeGenerator::callJitFunction(const JitFunction &function, std::vector<Value> arguments,
                                     std::vector<std::pair<std::string, Value>> keywords) {
  const python::FunctionDefStmt &definition = *function.definition;
  const python::ParameterList &parameters = definition.parameters();
  const std::string &name = definition.name();

  // Default values are Python objects made when the function is defined: evaluate them once.
  auto defaultsIt = state_.defaults.find(&function);
  if (defaultsIt == state_.defaults.end()) {
    std::vector<std::optional<Value>> defaults;
    for (const python::Parameter &parameter : parameters)
      defaults.push_back(parameter.defaultValue
                             ? std::optional<Value>(evaluateConstant(
                                   state_, *function.scope, *parameter.defaultValue, true))
                             : std::nullopt);
    defaultsIt = state_.defaults.emplace(&function, std::move(defaults)).first;
  }

  // inspect.getcallargs.
  std::vector<std::optional<Value>> bound(parameters.size());
  size_t positionalSlots = 0;
  for (const python::Parameter &parameter : parameters)
    if (parameter.kind == python::ParameterKind::PositionalOnly ||
        parameter.kind == python::ParameterKind::PositionalOrKeyword)
      ++positionalSlots;
  if (arguments.size() > positionalSlots)
    fail(name + "() takes " + plural(positionalSlots, "positional argument") + " but " +
         std::to_string(arguments.size()) + (arguments.size() == 1 ? " was" : " were") + " given");
  for (size_t i = 0; i < arguments.size(); ++i)
    bound[i] = arguments[i];
  for (auto &[keyword, value] : keywords) {
    auto it = std::find_if(parameters.begin(), parameters.end(),
                           [&](const python::Parameter &p) { return p.name == keyword; });
    if (it == parameters.end() || it->kind == python::ParameterKind::PositionalOnly)
      fail(name + "() got an unexpected keyword argument '" + keyword + "'");
    size_t index = static_cast<size_t>(it - parameters.begin());
    if (bound[index])
      fail(name + "() got multiple values for argument '" + keyword + "'");
    bound[index] = value;
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (bound[i])
      continue;
    if (defaultsIt->second[i])
      bound[i] = defaultsIt->second[i]->isNone() ? Value::defaultNone() : defaultsIt->second[i];
    else
      missing.push_back(parameters[i].name);
  }
  if (!missing.empty())
    fail(name + "() missing " + plural(missing.size(), "required positional argument") + ": " +
         nameList(missing));

  std::vector<Value> values;
  for (const std::optional<Value> &value : bound)
    values.push_back(*value);
  if (function.noinline)
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i].isTensor() && values[i].asTensor().isBlock() &&
          values[i].asTensor().type.numel() != 1)
        fail("Function " + name + " is marked noinline, but was called with non-scalar argument " +
             parameters[i].name + ":" + values[i].str());

  std::map<Path, Value> constants;
  std::vector<Value> irValues;
  for (size_t i = 0; i < values.size(); ++i) {
    Path path{static_cast<int>(i)};
    collectLeaves(values[i], path, constants, irValues);
  }
  std::string mangled = mangle(function.qualifiedName, irValues, constants);

  tt::FuncOp callee = state_.module.lookupSymbol<tt::FuncOp>(mangled);
  if (!callee) {
    if (++state_.callDepth > 64)
      fail("calls of jit functions nest too deep (recursion is not supported in Triton kernels)");
    Prototype prototype;
    for (const Value &value : values)
      prototype.parameters.push_back(ValueTemplate::of(value));
    CodeGenerator generator(state_, function, mangled, std::move(prototype), /*isKernel=*/false);
    try {
      generator.generate();
    } catch (CompileError &error) {
      --state_.callDepth;
      if (currentNode_)
        error.addFrame({scope_, currentNode_->location()});
      throw;
    }
    --state_.callDepth;
    state_.returnTypes[mangled] = generator.returnType();
    callee = state_.module.lookupSymbol<tt::FuncOp>(mangled);
  } else if (!state_.returnTypes.count(mangled)) {
    fail("recursive call of " + name + " is not supported in Triton kernels");
  }

  std::vector<mlir::Value> handles;
  for (const Value &value : irValues)
    handles.push_back(value.asTensor().handle);
  auto call = builder_.create<tt::CallOp>(callee, handles);
  const std::optional<ValueTemplate> &returnType = state_.returnTypes[mangled];
  if (!returnType)
    return Value::none();
  std::vector<mlir::Value> results(call->result_begin(), call->result_end());
  size_t cursor = 0;
  return returnType->rebuild(results, cursor);
}

} // namespace trex::frontend
