// ModuleAttributes: attributes of the module evaluator's values: Triton's package through its
// model, torch, Python's modules, objects.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

Value ModuleEvaluator::Impl::intrinsic(const std::string &canonical) {
  auto it = intrinsics.find(canonical);
  if (it != intrinsics.end())
    return it->second;
  auto callable = std::make_shared<Callable>();
  callable->kind = Callable::Kind::Static;
  callable->name = canonical;
  callable->staticImpl = [canonical](CodeGenerator &, const python::CallExpr &) -> Value {
    fail(canonical + " is not supported inside a Triton kernel by trex");
  };
  Value value = Value::callable(std::move(callable));
  intrinsics[canonical] = value;
  return value;
}

Value ModuleEvaluator::Impl::tritonAttribute(const std::string &path, const std::string &name) {
  if (path == "triton" && name == "__version__")
    return Value::string(tritonVersion());
  std::optional<PackageName> member = tritonModuleMember(path, name);
  const Library &lib = library();
  if (!member) {
    if (!tritonModuleExists(path))
      if (std::optional<Value> value = lib.lookup(path, name))
        return *value;
    raise("AttributeError", "module '" + path + "' has no attribute '" + name + "'");
  }
  switch (member->kind) {
  case 'm':
    return Value::nameSpace(member->detail);
  case 'i':
    return Value::integer(std::strtoll(member->detail.c_str(), nullptr, 10));
  case 's':
    return Value::string(member->detail);
  case 'b':
    return Value::boolean(member->detail == "True");
  case 'x':
    return Value::floating(std::strtod(member->detail.c_str(), nullptr));
  default:
    break;
  }
  if (path == "triton" && name == "__version__")
    return Value::string(tritonVersion());
  if (std::optional<Value> value = lib.lookup(path, name))
    return *value;
  if (path == "triton.backends" && name == "backends")
    return backendsValue();
  if (!member->detail.empty() && member->detail != path && isTriton(member->detail))
    if (std::optional<Value> value = lib.lookup(member->detail, name))
      return *value;
  if (path.rfind("triton.language", 0) == 0)
    for (const char *module : {"triton.language", "triton.language.core"})
      if (std::optional<Value> value = lib.lookup(module, name))
        return *value;
  if (member->kind == 'o' && !(path == "triton.runtime" && name == "driver"))
    return opaqueValue(path + "." + name); // an object of Triton's host side (a dict, a config)
  std::string canonical = member->detail.empty() || !isTriton(member->detail)
                              ? path + "." + name
                              : member->detail + "." + name;
  if (canonical == "triton.runtime.driver.driver" || (path == "triton.runtime" && name == "driver"))
    return driverConfig();
  return intrinsic(canonical);
}

// triton.backends.backends: Triton's installed backends, each with a driver whose
// is_active() answers from the target (files probe it to decide whether Triton works).
Value ModuleEvaluator::Impl::backendsValue() {
  Value::DictEntries entries;
  for (const char *backend : {"nvidia", "amd"}) {
    bool active = state.options->isCUDA == (std::string(backend) == "nvidia");
    Value driver = makeRecord("triton.backends.driver", {{"__active__", Value::boolean(active)}});
    entries.emplace_back(Value::string(backend),
                         makeRecord("triton.backends.Backend", {{"driver", driver}}));
  }
  return Value::dictOf(std::move(entries));
}

Value ModuleEvaluator::Impl::driverConfig() {
  Value target =
      makeRecord("GPUTarget",
                 {{"backend", Value::string(state.options->isCUDA ? "cuda" : "hip")},
                  {"arch", state.options->isCUDA ? Value::integer(state.options->computeCapability)
                                                 : Value::string(state.options->arch)},
                  {"warp_size", Value::integer(state.options->isCUDA ? 32 : 64)}});
  Value active = makeRecord("triton.runtime.driver.active", {{"__target__", target}});
  return makeRecord("triton.runtime.driver", {{"active", active}});
}

Value ModuleEvaluator::Impl::torchDTypeValue(const TorchDTypeInfo &info) {
  auto it = torchDTypes.find(info.name);
  if (it != torchDTypes.end())
    return it->second;
  auto object = makeObject(Object::Type::TorchDType, info.str.substr(6));
  object->setAttribute("itemsize", Value::integer(info.itemsize));
  object->setAttribute("is_floating_point", Value::boolean(info.isFloatingPoint));
  object->setAttribute("is_signed", Value::boolean(info.isSigned));
  Value value = Value::object(object);
  torchDTypes[info.name] = value;
  return value;
}

Value ModuleEvaluator::Impl::torchAttribute(const std::string &path, const std::string &name) {
  if (path == "torch") {
    if (const TorchDTypeInfo *info = torchDType(name))
      return torchDTypeValue(*info);
    if (name == "cuda" || name == "version" || name == "nn" || name == "backends" ||
        name == "library" || name == "distributed" || name == "_dynamo" || name == "compiler" ||
        name == "utils")
      return Value::nameSpace("torch." + name);
    if (name == "finfo" || name == "iinfo" || name == "dtype" || name == "Tensor")
      return makeBuiltin("torch." + name);
    if (name == "__version__")
      return Value::string("2.11.0");
  }
  if (path == "torch.version") {
    if (name == "hip")
      return state.options->isCUDA ? Value::none() : Value::string("6.2");
    if (name == "cuda")
      return state.options->isCUDA ? Value::string("13.0") : Value::none();
  }
  // torch.utils._triton: whether Triton (and its TMA support) is there. Files build or guard
  // their kernels on it (`if not has_triton(): return None`).
  if (path == "torch.utils" && name == "_triton")
    return Value::nameSpace("torch.utils._triton");
  if (path == "torch.utils._triton" &&
      (name == "has_triton" || name == "has_triton_package" || name == "has_triton_tma" ||
       name == "has_triton_tma_device"))
    return makeBuiltin("torch.utils._triton." + name);
  if (path == "torch.cuda") {
    if (name == "get_device_capability" || name == "is_available" || name == "current_device" ||
        name == "device_count" || name == "get_device_name")
      return makeBuiltin("torch.cuda." + name);
  }
  return opaqueValue(path + "." + name);
}

Value ModuleEvaluator::Impl::standardModuleAttribute(const std::string &path,
                                                     const std::string &name) {
  if (path == "math") {
    if (name == "pi")
      return Value::floating(M_PI);
    if (name == "e")
      return Value::floating(M_E);
    if (name == "inf")
      return Value::floating(INFINITY);
    if (name == "nan")
      return Value::floating(NAN);
    if (name == "tau")
      return Value::floating(2 * M_PI);
    static const std::set<std::string> functions = {
        "log2",  "log",      "log10", "sqrt", "ceil",  "floor", "exp",  "exp2",
        "isqrt", "gcd",      "lcm",   "prod", "isinf", "isnan", "fabs", "pow",
        "trunc", "copysign", "comb",  "sin",  "cos",   "tanh",  "erf",  "log1p"};
    if (functions.count(name))
      return makeBuiltin("math." + name);
    raise("AttributeError", "module 'math' has no attribute '" + name + "'");
  }
  if (path == "os") {
    if (name == "environ")
      return makeRecord("os.environ", {});
    if (name == "getenv")
      return makeBuiltin("os.getenv");
    if (name == "path")
      return Value::nameSpace("os.path");
    if (name == "sep")
      return Value::string("/");
    if (name == "name")
      return Value::string("posix");
  }
  if (path == "sys") {
    if (name == "version_info")
      return Value::tuple({Value::integer(3), Value::integer(12), Value::integer(0)});
    if (name == "platform")
      return Value::string("linux");
    if (name == "maxsize")
      return Value::integer((PyInt(1) << 63) - 1);
  }
  if (path == "functools" && (name == "partial" || name == "lru_cache" || name == "cache" ||
                              name == "wraps" || name == "reduce" || name == "cached_property"))
    return makeBuiltin("functools." + name);
  if ((path == "packaging.version" || path == "packaging") &&
      (name == "Version" || name == "parse"))
    return makeBuiltin("packaging.version." + name);
  if (path == "packaging" && name == "version")
    return Value::nameSpace("packaging.version");
  if (path == "importlib.metadata" && name == "version")
    return makeBuiltin("importlib.metadata.version");
  if (path == "importlib.metadata" && name == "PackageNotFoundError")
    return exceptionClass(name);
  if (path == "importlib" && name == "metadata")
    return Value::nameSpace("importlib.metadata");
  if (path == "importlib.util" && name == "find_spec")
    return makeBuiltin("importlib.util.find_spec");
  if (path == "importlib" && name == "util")
    return Value::nameSpace("importlib.util");
  if (path == "dataclasses" && name == "dataclass")
    return makeBuiltin("builtins.staticmethod"); // an identity decorator here
  if ((path == "typing" || path == "typing_extensions") && name == "TYPE_CHECKING")
    return Value::boolean(false);
  if (path == "typing" || path == "typing_extensions")
    return opaqueValue(path + "." + name);
  if (path == "itertools" && (name == "product" || name == "chain"))
    return makeBuiltin("itertools." + name);
  if (path == "operator" && (name == "mul" || name == "add"))
    return makeBuiltin("operator." + name);
  return opaqueValue(path + "." + name);
}

Value ModuleEvaluator::Impl::namespaceAttribute(const std::string &path, const std::string &name) {
  if (isTriton(path))
    return tritonAttribute(path, name);
  if (isTorch(path))
    return torchAttribute(path, name);
  if (library().isKnownNamespace(path))
    if (std::optional<Value> value = library().lookup(path, name))
      return *value;
  return standardModuleAttribute(path, name);
}

Value ModuleEvaluator::Impl::getAttribute(const Value &object, const std::string &name) {
  if (name == "value" && object.isConstexprWrapped())
    return object.wrappedAsConstexpr(false);
  switch (object.kind()) {
  case Value::Kind::Namespace:
    return namespaceAttribute(object.asNamespace().path, name);
  case Value::Kind::Object:
    return objectAttribute(object, name);
  case Value::Kind::DType:
    return dtypeAttribute(object, name);
  case Value::Kind::Dict:
  case Value::Kind::List:
  case Value::Kind::String:
  case Value::Kind::Tuple:
    return makeMethod(object, name);
  case Value::Kind::Callable:
    if (object.asCallable()->kind == Callable::Kind::Jit) {
      if (name == "fn")
        return object;
      if (name == "__name__")
        return Value::string(object.asCallable()->jit->definition->name());
      return opaqueValue(object.asCallable()->jit->definition->name() + "." + name);
    }
    if (name == "__name__")
      return Value::string(
          object.asCallable()->name.substr(object.asCallable()->name.rfind('.') + 1));
    break;
  case Value::Kind::Int:
  case Value::Kind::Bool:
    if (name == "bit_length")
      return makeMethod(object, name);
    break;
  case Value::Kind::Float:
    if (name == "is_integer")
      return makeMethod(object, name);
    break;
  case Value::Kind::Enum:
    if (name == "value")
      return Value::integer(object.asEnum().value);
    if (name == "name")
      return Value::string(object.asEnum().memberName);
    break;
  default:
    break;
  }
  if (name == "value" && object.isConstexpr())
    return object;
  raise("AttributeError",
        "'" + pythonTypeName(object) + "' object has no attribute '" + name + "'");
}

Value ModuleEvaluator::Impl::dtypeAttribute(const Value &dtype, const std::string &name) {
  if (!dtypeHasMember(name) && !library().lookup("triton.language.dtype", name))
    raise("AttributeError", "'dtype' object has no attribute '" + name + "'");
  CodeGenerator generator(state, *currentModule);
  return generator.getAttribute(dtype, name);
}

Value ModuleEvaluator::Impl::objectAttribute(const Value &value, const std::string &name) {
  const std::shared_ptr<Object> &object = value.asObject();
  switch (object->type) {
  case Object::Type::Module: {
    ModuleScope *scope = object->module;
    auto global = scope->globals.find(name);
    if (global != scope->globals.end())
      return globalValue(name, global->second);
    if (name == "__name__")
      return Value::string(object->name);
    // A submodule not imported yet (`import pkg` then `pkg.sub`): Python needs it imported.
    if (auto sub = userModules.find(joinPath(object->name, name)); sub != userModules.end())
      return sub->second;
    raise("AttributeError", "module '" + object->name + "' has no attribute '" + name + "'");
  }
  case Object::Type::Opaque:
    return opaqueValue(object->name + "." + name, object->origin, object->location);
  case Object::Type::Instance: {
    if (const Value *own = object->attribute(name))
      return *own;
    if (!object->bases.empty())
      if (std::optional<Value> member = classMember(object->bases.front(), name)) {
        if (isObjectOf(*member, Object::Type::Function)) {
          auto bound = makeObject(Object::Type::Partial, name);
          bound->function = *member;
          bound->arguments.push_back(value);
          return Value::object(bound);
        }
        return *member;
      }
    break;
  }
  case Object::Type::Class:
    if (std::optional<Value> member = classMember(value, name))
      return *member;
    if (name == "__name__")
      return Value::string(object->name);
    break;
  case Object::Type::Record:
    if (const Value *field = object->attribute(name))
      return *field;
    if (object->name == "os.environ" || object->name == "triton.runtime.driver.active" ||
        object->name == "DriverUtils" || object->name == "triton.backends.driver")
      return makeMethod(value, name);
    break;
  case Object::Type::Config:
    if (const Value *field = object->attribute(name))
      return *field;
    if (name == "all_kwargs")
      return makeMethod(value, name);
    break;
  case Object::Type::TorchDType:
    if (const Value *field = object->attribute(name))
      return *field;
    return opaqueValue("torch." + object->name + "." + name);
  case Object::Type::Version:
    if (name == "major" || name == "minor" || name == "micro") {
      size_t index = name == "major" ? 0 : name == "minor" ? 1 : 2;
      return Value::integer(index < object->numbers.size() ? object->numbers[index] : 0);
    }
    if (name == "release" || name == "base_version") {
      std::vector<Value> numbers;
      for (long long number : object->numbers)
        numbers.push_back(Value::integer(number));
      return name == "release" ? Value::tuple(numbers) : Value::string(objectStr(*object));
    }
    break;
  case Object::Type::Function:
    if (name == "__name__")
      return Value::string(object->name);
    if (const Value *field = object->attribute(name))
      return *field;
    break;
  case Object::Type::Partial:
    if (name == "func")
      return object->function;
    break;
  default:
    break;
  }
  raise("AttributeError", "'" + objectStr(*object) + "' has no attribute '" + name + "'");
}

std::optional<Value> ModuleEvaluator::Impl::classMember(const Value &classValue,
                                                        const std::string &name) {
  if (!isObjectOf(classValue, Object::Type::Class))
    return std::nullopt;
  const Object &object = *classValue.asObject();
  if (const Value *member = object.attribute(name))
    return *member;
  for (const Value &base : object.bases)
    if (std::optional<Value> member = classMember(base, name))
      return member;
  return std::nullopt;
}

void ModuleEvaluator::Impl::setAttribute(const Value &object, const std::string &name,
                                         Value value) {
  if (object.isObject()) {
    Object &target = *object.asObject();
    if (target.type == Object::Type::Module) {
      bindGlobal(*target.module, name, std::move(value), nullptr);
      return;
    }
    if (target.type != Object::Type::Opaque)
      target.setAttribute(name, std::move(value));
    return;
  }
  // Attributes set on jit functions and the like are host-side bookkeeping.
  if (object.isCallable() || object.isNamespace())
    return;
  raise("AttributeError",
        "'" + pythonTypeName(object) + "' object has no attribute '" + name + "'");
}

} // namespace trex::frontend
