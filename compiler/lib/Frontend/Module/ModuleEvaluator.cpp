// ModuleEvaluator: module-level Python, evaluated without Python.
#include "ModuleEvaluator.h"

#include "PackageModel.h"

#include "../CodeGen/CodeGenerator.h"
#include "../CodeGen/ConstexprOperators.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

namespace trex::frontend {

namespace {

using python::SourceLocation;

// Bounds that keep a module's evaluation finite whatever it does.
constexpr int MaxCallDepth = 150;
constexpr long long MaxLoopSteps = 1 << 20;
constexpr size_t MaxSequence = 1 << 20;

enum class Flow { Normal, Break, Continue, Return };

[[noreturn]] void raise(const std::string &type, const std::string &message) {
  throw PythonException(type, message);
}

// Python's exception hierarchy, for `except` clauses.
const std::map<std::string, std::string> &exceptionParents() {
  static const std::map<std::string, std::string> parents = {
      {"Exception", "BaseException"},
      {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"},
      {"AttributeError", "Exception"},
      {"NameError", "Exception"},
      {"UnboundLocalError", "NameError"},
      {"TypeError", "Exception"},
      {"ValueError", "Exception"},
      {"LookupError", "Exception"},
      {"KeyError", "LookupError"},
      {"IndexError", "LookupError"},
      {"ArithmeticError", "Exception"},
      {"ZeroDivisionError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"},
      {"AssertionError", "Exception"},
      {"RuntimeError", "Exception"},
      {"NotImplementedError", "RuntimeError"},
      {"RecursionError", "RuntimeError"},
      {"OSError", "Exception"},
      {"EnvironmentError", "Exception"},
      {"FileNotFoundError", "OSError"},
      {"StopIteration", "Exception"},
      {"Warning", "Exception"},
      {"UserWarning", "Warning"},
      {"DeprecationWarning", "Warning"},
      {"KeyboardInterrupt", "BaseException"},
      {"SystemExit", "BaseException"},
  };
  return parents;
}

bool isBuiltinExceptionName(const std::string &name) {
  return name == "BaseException" || exceptionParents().count(name) != 0;
}

bool isTriton(std::string_view path) { return path == "triton" || path.substr(0, 7) == "triton."; }
bool isTorch(std::string_view path) { return path == "torch" || path.substr(0, 6) == "torch."; }

std::string joinPath(const std::string &prefix, const std::string &name) {
  return prefix.empty() ? name : prefix + "." + name;
}

Value makeBuiltin(std::string name) {
  return Value::object(makeObject(Object::Type::Builtin, std::move(name)));
}

Value makeMethod(Value self, std::string name) {
  auto method = makeObject(Object::Type::Method, std::move(name));
  method->function = std::move(self);
  return Value::object(std::move(method));
}

Value makeRecord(std::string typeName, std::vector<std::pair<std::string, Value>> attributes) {
  auto record = makeObject(Object::Type::Record, std::move(typeName));
  record->attributes = std::move(attributes);
  return Value::object(std::move(record));
}

bool isObjectOf(const Value &value, Object::Type type) {
  return value.isObject() && value.asObject()->type == type;
}

bool isSequence(const Value &value) { return value.isTuple() || value.isList(); }

PyInt toIndex(const Value &value, const char *what) {
  if (!(value.isInt() || value.isBool()))
    raise("TypeError", std::string(what) + " must be an integer, not " + pythonTypeName(value));
  return value.asInteger();
}

std::string reprOf(const Value &value) {
  if (value.isString()) {
    const std::string &text = value.asString();
    char quote =
        text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
    return quote + text + quote;
  }
  return value.str();
}

// Python's str() of a value.
std::string strOf(const Value &value) {
  if (value.isTuple() || value.isList()) {
    std::string text = value.isTuple() ? "(" : "[";
    const std::vector<Value> &items = value.sequence();
    for (size_t i = 0; i < items.size(); ++i)
      text += (i ? ", " : "") + reprOf(items[i]);
    if (value.isTuple() && items.size() == 1)
      text += ",";
    return text + (value.isTuple() ? ")" : "]");
  }
  return value.str();
}

} // namespace

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

struct ModuleEvaluator::Impl {
  struct Frame {
    ModuleScope *module = nullptr;
    // The function's (or class body's, or comprehension's) variables; null at module level.
    std::shared_ptr<Environment> locals;
    std::set<std::string> globalNames;
    Value returnValue;
  };

  Impl(ModuleEvaluator &owner, GenerationState &state, std::vector<std::string> searchPath)
      : owner(owner), state(state), searchPath(std::move(searchPath)) {}

  ModuleEvaluator &owner;
  GenerationState &state;
  std::vector<std::string> searchPath;
  // Modules imported from files, by real path; the kernel's own file among them.
  std::map<std::string, ModuleScope *> modulesByPath;
  std::vector<std::unique_ptr<ModuleScope>> ownedModules;
  std::map<std::string, Value> userModules; // dotted name -> module value
  std::map<std::string, Value> intrinsics;  // canonical name -> callable
  std::string rootDirectory;
  int callDepth = 0;
  const python::Node *currentNode = nullptr;
  ModuleScope *currentModule = nullptr;

  //===--------------------------------------------------------------------===//
  // Diagnostics and errors
  //===--------------------------------------------------------------------===//

  void remark(ModuleScope &scope, SourceLocation where, const std::string &message,
              python::DiagnosticSeverity severity = python::DiagnosticSeverity::Remark) {
    owner.diagnostics_.push_back(
        python::makeDiagnostic(severity, scope.source, scope.fileName, where, message));
  }

  template <typename Fn>
  auto at(Frame &frame, const python::Node &node, Fn &&fn) -> decltype(fn()) {
    const python::Node *previous = currentNode;
    currentNode = &node;
    try {
      if constexpr (std::is_void_v<decltype(fn())>) {
        fn();
        currentNode = previous;
      } else {
        auto result = fn();
        currentNode = previous;
        return result;
      }
    } catch (CompileError &error) {
      currentNode = previous;
      if (!error.isLocated())
        error.addFrame({frame.module, node.location()});
      throw;
    } catch (const std::bad_alloc &) {
      currentNode = previous;
      CompileError error("out of memory while evaluating module-level Python");
      error.addFrame({frame.module, node.location()});
      throw error;
    } catch (const std::exception &error) {
      currentNode = previous;
      CompileError internal(std::string("internal error: ") + error.what());
      internal.addFrame({frame.module, node.location()});
      throw internal;
    }
  }

  //===--------------------------------------------------------------------===//
  // Names
  //===--------------------------------------------------------------------===//

  Value lookup(Frame &frame, const std::string &name) {
    if (frame.locals && !frame.globalNames.count(name))
      if (const Value *local = frame.locals->find(name))
        return *local;
    auto global = frame.module->globals.find(name);
    if (global != frame.module->globals.end())
      return globalValue(name, global->second);
    if (std::optional<Value> builtin = builtinName(*frame.module, name))
      return *builtin;
    raise("NameError", "name '" + name + "' is not defined");
  }

  static Value globalValue(const std::string &name, const ModuleScope::Global &global) {
    if (global.kind == ModuleScope::Global::Kind::Failed)
      throw *global.failure;
    if (global.kind != ModuleScope::Global::Kind::Resolved)
      raise("NameError", "name '" + name + "' is not defined yet");
    return global.value;
  }

  void bind(Frame &frame, const std::string &name, Value value, const python::Node *node) {
    if (frame.locals && !frame.globalNames.count(name)) {
      frame.locals->variables[name] = std::move(value);
      return;
    }
    bindGlobal(*frame.module, name, std::move(value), node);
  }

  static void bindGlobal(ModuleScope &scope, const std::string &name, Value value,
                         const python::Node *node) {
    ModuleScope::Global global;
    global.kind = ModuleScope::Global::Kind::Resolved;
    global.node = node;
    if (value.isCallable() && value.asCallable()->kind == Callable::Kind::Jit) {
      const auto &jit = value.asCallable()->jit;
      bool known = std::any_of(scope.functions.begin(), scope.functions.end(),
                               [&](const auto &function) { return function == jit; });
      if (!known && jit->scope == &scope)
        scope.functions.push_back(std::const_pointer_cast<JitFunction>(jit));
    }
    global.value = std::move(value);
    scope.globals[name] = std::move(global);
  }

  std::optional<Value> builtinName(ModuleScope &scope, const std::string &name) {
    static const std::set<std::string> functions = {
        "len",           "range",       "min",     "max",    "sum",      "abs",        "int",
        "float",         "str",         "bool",    "list",   "tuple",    "dict",       "set",
        "frozenset",     "enumerate",   "zip",     "sorted", "reversed", "isinstance", "issubclass",
        "hasattr",       "getattr",     "setattr", "print",  "round",    "pow",        "any",
        "all",           "map",         "filter",  "divmod", "repr",     "callable",   "property",
        "staticmethod",  "classmethod", "type",    "super",  "object",   "iter",       "next",
        "hash",          "id",          "chr",     "ord",    "hex",      "bin",        "format",
        "vars",          "globals",     "locals",  "open",   "exec",     "eval",       "__import__",
        "NotImplemented"};
    if (name == "__name__")
      return Value::string(scope.moduleName);
    if (name == "__file__")
      return Value::string(scope.fileName);
    if (name == "__package__")
      return Value::string("");
    if (name == "__debug__")
      return Value::boolean(true);
    if (name == "Ellipsis")
      return Value::none();
    if (isBuiltinExceptionName(name))
      return exceptionClass(name);
    if (functions.count(name))
      return makeBuiltin("builtins." + name);
    return std::nullopt;
  }

  std::map<std::string, Value> exceptionClasses;
  Value exceptionClass(const std::string &name) {
    auto it = exceptionClasses.find(name);
    if (it != exceptionClasses.end())
      return it->second;
    auto object = makeObject(Object::Type::Class, name);
    object->setAttribute("__exception__", Value::boolean(true));
    auto parent = exceptionParents().find(name);
    if (parent != exceptionParents().end())
      object->bases.push_back(exceptionClass(parent->second));
    Value value = Value::object(object);
    exceptionClasses[name] = value;
    return value;
  }

  //===--------------------------------------------------------------------===//
  // Modules
  //===--------------------------------------------------------------------===//

  std::string packageDirectory(const ModuleScope &scope) {
    return llvm::sys::path::parent_path(scope.fileName).str();
  }

  // The file of module `dotted` under `base`: base/a/b.py or base/a/b/__init__.py; also
  // whether it is a package (a folder, with or without __init__.py).
  std::optional<std::pair<std::string, bool>> findModuleFile(const std::string &base,
                                                             const std::string &dotted) {
    llvm::SmallString<256> path(base.empty() ? "." : base);
    size_t start = 0;
    while (start <= dotted.size()) {
      size_t dot = dotted.find('.', start);
      std::string part =
          dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      llvm::sys::path::append(path, part);
      if (dot == std::string::npos)
        break;
      start = dot + 1;
    }
    llvm::SmallString<256> file(path);
    file += ".py";
    if (llvm::sys::fs::is_regular_file(file))
      return std::make_pair(std::string(file), false);
    llvm::SmallString<256> init(path);
    llvm::sys::path::append(init, "__init__.py");
    if (llvm::sys::fs::is_regular_file(init))
      return std::make_pair(std::string(init), true);
    if (llvm::sys::fs::is_directory(path))
      return std::make_pair(std::string(path), true); // a namespace package
    return std::nullopt;
  }

  Value loadUserModule(const std::string &dotted, const std::string &file) {
    llvm::SmallString<256> real;
    std::string key = llvm::sys::fs::real_path(file, real) ? file : std::string(real);
    if (auto existing = modulesByPath.find(key); existing != modulesByPath.end())
      return moduleValue(dotted, existing->second);
    auto scope = std::make_unique<ModuleScope>();
    scope->moduleName = dotted;
    ModuleScope *raw = scope.get();
    modulesByPath[key] = raw;
    ownedModules.push_back(std::move(scope));
    Value value = moduleValue(dotted, raw);
    userModules[dotted] = value;
    if (llvm::sys::fs::is_directory(file)) {
      raw->fileName = (llvm::Twine(file) + "/__init__.py").str();
      return value;
    }
    raw->fileName = file;
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer)
      raise("ImportError", "cannot read " + file + ": " + buffer.getError().message());
    raw->source = (*buffer)->getBuffer().str();
    python::ParseResult parsed = python::parsePythonModule(raw->source, raw->fileName);
    if (!parsed.succeeded()) {
      for (python::Diagnostic &diagnostic : parsed.diagnostics)
        owner.diagnostics_.push_back(diagnostic);
      raise("SyntaxError", "the module " + dotted + " (" + file + ") does not parse");
    }
    for (python::Diagnostic &diagnostic : parsed.diagnostics)
      owner.diagnostics_.push_back(diagnostic);
    raw->module = std::move(parsed.module);
    runModule(*raw);
    return value;
  }

  Value moduleValue(const std::string &dotted, ModuleScope *scope) {
    auto object = makeObject(Object::Type::Module, dotted);
    object->module = scope;
    return Value::object(std::move(object));
  }

  // `import dotted` (absolute): the module's value. Throws ModuleNotFoundError.
  Value importAbsolute(const std::string &dotted) {
    if (isTriton(dotted)) {
      if (tritonModuleExists(dotted) || library().isKnownNamespace(dotted))
        return Value::nameSpace(dotted);
      raise("ModuleNotFoundError", "No module named '" + dotted + "' (Triton 3.6 has none)");
    }
    if (auto it = userModules.find(dotted); it != userModules.end())
      return it->second;
    std::vector<std::string> bases;
    bases.push_back(rootDirectory);
    for (const std::string &folder : searchPath)
      bases.push_back(folder);
    for (const std::string &base : bases)
      if (auto found = findModuleFile(base, dotted)) {
        // Parent packages first, as Python imports them.
        size_t dot = dotted.rfind('.');
        if (dot != std::string::npos)
          importAbsolute(dotted.substr(0, dot));
        Value value = loadUserModule(dotted, found->first);
        linkSubmodule(dotted, value);
        return value;
      }
    if (isTorch(dotted) || isModelledStandardModule(dotted))
      return Value::nameSpace(dotted);
    // A module trex does not model and cannot find (a package not on the path): opaque.
    return opaqueValue(dotted);
  }

  static bool isModelledStandardModule(const std::string &dotted) {
    static const std::set<std::string> modules = {"math",
                                                  "os",
                                                  "os.path",
                                                  "sys",
                                                  "functools",
                                                  "typing",
                                                  "typing_extensions",
                                                  "packaging",
                                                  "packaging.version",
                                                  "enum",
                                                  "dataclasses",
                                                  "itertools",
                                                  "operator",
                                                  "warnings",
                                                  "logging",
                                                  "abc",
                                                  "collections",
                                                  "inspect",
                                                  "importlib",
                                                  "importlib.util",
                                                  "pathlib",
                                                  "re",
                                                  "json",
                                                  "copy",
                                                  "contextlib",
                                                  "types",
                                                  "numbers",
                                                  "builtins",
                                                  "__future__",
                                                  "importlib.metadata",
                                                  "platform",
                                                  "time",
                                                  "random",
                                                  "string",
                                                  "textwrap"};
    return modules.count(dotted) != 0;
  }

  void linkSubmodule(const std::string &dotted, const Value &value) {
    size_t dot = dotted.rfind('.');
    if (dot == std::string::npos)
      return;
    auto parent = userModules.find(dotted.substr(0, dot));
    if (parent == userModules.end() || !isObjectOf(parent->second, Object::Type::Module))
      return;
    ModuleScope *scope = parent->second.asObject()->module;
    if (!scope->globals.count(dotted.substr(dot + 1)))
      bindGlobal(*scope, dotted.substr(dot + 1), value, nullptr);
  }

  // `from .x import` at `level`: the folder and dotted prefix it names.
  std::pair<std::string, std::string> relativeBase(const ModuleScope &scope, int level) {
    std::string folder = packageDirectory(scope);
    std::string dotted = scope.moduleName;
    bool isPackage = llvm::sys::path::filename(scope.fileName) == "__init__.py";
    if (!isPackage) {
      size_t dot = dotted.rfind('.');
      dotted = dot == std::string::npos ? "" : dotted.substr(0, dot);
    }
    for (int i = 1; i < level; ++i) {
      folder = llvm::sys::path::parent_path(folder).str();
      size_t dot = dotted.rfind('.');
      dotted = dot == std::string::npos ? "" : dotted.substr(0, dot);
    }
    return {folder, dotted};
  }

  Value importRelative(const ModuleScope &scope, int level, const std::string &name) {
    auto [folder, prefix] = relativeBase(scope, level);
    std::string dotted = joinPath(prefix, name);
    if (name.empty()) {
      // `from . import x`: the package itself.
      if (auto it = userModules.find(prefix); !prefix.empty() && it != userModules.end())
        return it->second;
      llvm::SmallString<256> init(folder);
      llvm::sys::path::append(init, "__init__.py");
      if (llvm::sys::fs::is_regular_file(init))
        return loadUserModule(prefix.empty() ? llvm::sys::path::filename(folder).str() : prefix,
                              std::string(init));
      // A folder without __init__.py (a namespace package): its names are its files, which
      // importFromModule finds as submodules.
      auto packageScope = std::make_unique<ModuleScope>();
      packageScope->moduleName = prefix;
      packageScope->fileName = folder + "/__init__.py";
      auto object = makeObject(Object::Type::Module, prefix);
      object->module = packageScope.get();
      ownedModules.push_back(std::move(packageScope));
      return Value::object(object);
    }
    if (auto it = userModules.find(dotted); it != userModules.end())
      return it->second;
    if (auto found = findModuleFile(folder, name)) {
      Value value = loadUserModule(dotted.empty() ? name : dotted, found->first);
      return value;
    }
    raise("ImportError", "attempted relative import of '" + name + "': no " + name + ".py or " +
                             name + "/ in " + (folder.empty() ? "." : folder));
  }

  // `from module import name`: the attribute, or the submodule of that name.
  Value importFromModule(const Value &module, const std::string &moduleName,
                         const std::string &name, const ModuleScope &scope, int level) {
    if (isOpaque(module)) {
      // Projects re-export Triton (`from vllm.triton_utils import tl, triton`): the names
      // Triton's modules go by are taken to be Triton's when their module cannot be read.
      static const std::map<std::string, std::string> reexports = {
          {"triton", "triton"},
          {"tl", "triton.language"},
          {"libdevice", "triton.language.extra.libdevice"}};
      if (auto known = reexports.find(name); known != reexports.end()) {
        remark(*currentModule, currentNode ? currentNode->location() : SourceLocation{1, 0},
               "trex cannot read " + module.asObject()->name +
                   " (not on the path); it takes its '" + name + "' to be " + known->second,
               python::DiagnosticSeverity::Note);
        return Value::nameSpace(known->second);
      }
      return opaqueValue(joinPath(module.asObject()->name, name));
    }
    try {
      return getAttribute(module, name);
    } catch (const PythonException &error) {
      if (error.type() != "AttributeError")
        throw;
    }
    if (module.isNamespace() && isTriton(module.asNamespace().path)) {
      // `from triton.language.extra import libdevice`: Python imports the submodule.
      std::string submodule = module.asNamespace().path + "." + name;
      if (tritonModuleExists(submodule) || library().isKnownNamespace(submodule))
        return Value::nameSpace(submodule);
    }
    if (isObjectOf(module, Object::Type::Module)) {
      // A submodule of a package; else the name is missing, as Python says.
      try {
        return level > 0 ? importRelative(scope, level, joinPath(moduleName, name))
                         : importAbsolute(joinPath(moduleName, name));
      } catch (const PythonException &) {
        raise("ImportError", "cannot import name '" + name + "' from '" + module.asObject()->name +
                                 "' (" + module.asObject()->module->fileName + ")");
      }
    }
    std::string path = module.isNamespace() ? module.asNamespace().path : moduleName;
    raise("ImportError", "cannot import name '" + name + "' from '" + path + "'" +
                             (isTriton(path) ? " (Triton 3.6 has no such name)" : ""));
  }

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  Value intrinsic(const std::string &canonical) {
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

  Value tritonAttribute(const std::string &path, const std::string &name) {
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
    if (canonical == "triton.runtime.driver.driver" ||
        (path == "triton.runtime" && name == "driver"))
      return driverConfig();
    return intrinsic(canonical);
  }

  // triton.backends.backends: Triton's installed backends, each with a driver whose
  // is_active() answers from the target (files probe it to decide whether Triton works).
  Value backendsValue() {
    Value::DictEntries entries;
    for (const char *backend : {"nvidia", "amd"}) {
      bool active = state.options->isCUDA == (std::string(backend) == "nvidia");
      Value driver = makeRecord("triton.backends.driver", {{"__active__", Value::boolean(active)}});
      entries.emplace_back(Value::string(backend),
                           makeRecord("triton.backends.Backend", {{"driver", driver}}));
    }
    return Value::dictOf(std::move(entries));
  }

  Value driverConfig() {
    Value target =
        makeRecord("GPUTarget", {{"backend", Value::string(state.options->isCUDA ? "cuda" : "hip")},
                                 {"arch", state.options->isCUDA
                                              ? Value::integer(state.options->computeCapability)
                                              : Value::string(state.options->arch)},
                                 {"warp_size", Value::integer(state.options->isCUDA ? 32 : 64)}});
    Value active = makeRecord("triton.runtime.driver.active", {{"__target__", target}});
    return makeRecord("triton.runtime.driver", {{"active", active}});
  }

  Value torchDTypeValue(const TorchDTypeInfo &info) {
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
  std::map<std::string, Value> torchDTypes;

  Value torchAttribute(const std::string &path, const std::string &name) {
    if (path == "torch") {
      if (const TorchDTypeInfo *info = torchDType(name))
        return torchDTypeValue(*info);
      if (name == "cuda" || name == "version" || name == "nn" || name == "backends" ||
          name == "library" || name == "distributed" || name == "_dynamo" || name == "compiler")
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
    if (path == "torch.cuda") {
      if (name == "get_device_capability" || name == "is_available" || name == "current_device" ||
          name == "device_count" || name == "get_device_name")
        return makeBuiltin("torch.cuda." + name);
    }
    return opaqueValue(path + "." + name);
  }

  Value standardModuleAttribute(const std::string &path, const std::string &name) {
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

  Value namespaceAttribute(const std::string &path, const std::string &name) {
    if (isTriton(path))
      return tritonAttribute(path, name);
    if (isTorch(path))
      return torchAttribute(path, name);
    if (library().isKnownNamespace(path))
      if (std::optional<Value> value = library().lookup(path, name))
        return *value;
    return standardModuleAttribute(path, name);
  }

  Value getAttribute(const Value &object, const std::string &name) {
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

  Value dtypeAttribute(const Value &dtype, const std::string &name) {
    if (!dtypeHasMember(name) && !library().lookup("triton.language.dtype", name))
      raise("AttributeError", "'dtype' object has no attribute '" + name + "'");
    CodeGenerator generator(state, *currentModule);
    return generator.getAttribute(dtype, name);
  }

  Value objectAttribute(const Value &value, const std::string &name) {
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

  std::optional<Value> classMember(const Value &classValue, const std::string &name) {
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

  void setAttribute(const Value &object, const std::string &name, Value value) {
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

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void runModule(ModuleScope &scope) {
    ModuleScope *previousModule = currentModule;
    currentModule = &scope;
    Frame frame;
    frame.module = &scope;
    for (const python::StmtPtr &statement : scope.module->body()) {
      try {
        execStatement(frame, *statement);
      } catch (const CompileError &error) {
        // The module goes on; the names the statement binds carry the error.
        auto failure = std::make_shared<CompileError>(error);
        if (!failure->isLocated())
          failure->addFrame({&scope, statement->location()});
        std::vector<std::string> names;
        boundNames(*statement, names);
        for (const std::string &name : names) {
          if (scope.globals.count(name) &&
              scope.globals[name].kind == ModuleScope::Global::Kind::Resolved &&
              statement->isa<python::TryStmt>())
            continue;
          ModuleScope::Global global;
          global.kind = ModuleScope::Global::Kind::Failed;
          global.failure = failure;
          global.node = statement.get();
          scope.globals[name] = std::move(global);
        }
      }
    }
    currentModule = previousModule;
  }

  static void boundNames(const python::Stmt &statement, std::vector<std::string> &names) {
    std::function<void(const python::Expr &)> targets = [&](const python::Expr &target) {
      if (const auto *name = target.dynCast<python::NameExpr>())
        names.push_back(name->identifier());
      else if (const auto *collection = target.dynCast<python::CollectionExpr>())
        for (const python::ExprPtr &element : collection->elements())
          targets(*element);
      else if (const auto *starred = target.dynCast<python::StarredExpr>())
        targets(starred->value());
    };
    auto block = [&](const python::Block &body) {
      for (const python::StmtPtr &inner : body)
        boundNames(*inner, names);
    };
    if (const auto *assign = statement.dynCast<python::AssignStmt>()) {
      for (const python::ExprPtr &target : assign->targets())
        targets(*target);
    } else if (const auto *annotated = statement.dynCast<python::AnnotatedAssignStmt>()) {
      targets(annotated->target());
    } else if (const auto *augmented = statement.dynCast<python::AugmentedAssignStmt>()) {
      targets(augmented->target());
    } else if (const auto *definition = statement.dynCast<python::FunctionDefStmt>()) {
      names.push_back(definition->name());
    } else if (const auto *classDefinition = statement.dynCast<python::ClassDefStmt>()) {
      names.push_back(classDefinition->name());
    } else if (const auto *import = statement.dynCast<python::ImportStmt>()) {
      for (const python::ImportAlias &alias : import->names())
        names.push_back(alias.boundName());
    } else if (const auto *from = statement.dynCast<python::ImportFromStmt>()) {
      for (const python::ImportAlias &alias : from->names())
        if (alias.name != "*")
          names.push_back(alias.boundName());
    } else if (const auto *ifStatement = statement.dynCast<python::IfStmt>()) {
      block(ifStatement->body());
      block(ifStatement->orElse());
    } else if (const auto *forStatement = statement.dynCast<python::ForStmt>()) {
      targets(forStatement->target());
      block(forStatement->body());
      block(forStatement->orElse());
    } else if (const auto *whileStatement = statement.dynCast<python::WhileStmt>()) {
      block(whileStatement->body());
      block(whileStatement->orElse());
    } else if (const auto *tryStatement = statement.dynCast<python::TryStmt>()) {
      block(tryStatement->body());
      for (const python::ExceptHandler &handler : tryStatement->handlers())
        block(handler.body);
      block(tryStatement->orElse());
      block(tryStatement->finalBody());
    } else if (const auto *with = statement.dynCast<python::WithStmt>()) {
      for (const python::WithItem &item : with->items())
        if (item.target)
          targets(*item.target);
      block(with->body());
    }
  }

  Flow execBlock(Frame &frame, const python::Block &block) {
    for (const python::StmtPtr &statement : block) {
      Flow flow = execStatement(frame, *statement);
      if (flow != Flow::Normal)
        return flow;
    }
    return Flow::Normal;
  }

  Flow execStatement(Frame &frame, const python::Stmt &statement) {
    return at(frame, statement, [&] { return execStatementUnlocated(frame, statement); });
  }

  Flow execStatementUnlocated(Frame &frame, const python::Stmt &statement) {
    using K = python::NodeKind;
    switch (statement.kind()) {
    case K::ExpressionStatement:
      evaluate(frame, statement.cast<python::ExpressionStmt>().value());
      return Flow::Normal;
    case K::Assign: {
      const auto &assign = statement.cast<python::AssignStmt>();
      Value value = evaluate(frame, assign.value());
      for (const python::ExprPtr &target : assign.targets())
        assignTarget(frame, *target, value, &statement);
      return Flow::Normal;
    }
    case K::AnnotatedAssign: {
      const auto &annotated = statement.cast<python::AnnotatedAssignStmt>();
      if (annotated.value()) {
        Value value = evaluate(frame, *annotated.value());
        // `X: tl.constexpr = ...` at module level: Triton reads the module's __annotations__
        // and lets kernels use X as a constexpr global.
        if (!frame.locals && isConstexprAnnotation(frame, annotated.annotation()))
          value = value.wrappedAsConstexpr();
        assignTarget(frame, annotated.target(), value, &statement);
      }
      return Flow::Normal;
    }
    case K::AugmentedAssign:
      execAugmentedAssign(frame, statement.cast<python::AugmentedAssignStmt>());
      return Flow::Normal;
    case K::If: {
      const auto &ifStatement = statement.cast<python::IfStmt>();
      Value test = evaluate(frame, ifStatement.test());
      bool taken;
      if (isOpaque(test)) {
        // Python would know; trex takes the branch that defines Triton functions (files guard
        // their kernels with `if triton_available():`), else the `if` branch.
        int inBody = tritonDefinitions(ifStatement.body());
        int inElse = tritonDefinitions(ifStatement.orElse());
        taken = inBody >= inElse;
        remark(*frame.module, ifStatement.test().location(),
               "trex cannot evaluate this condition (it depends on " + test.asObject()->name +
                   ", which trex does not model); it takes the " +
                   (taken ? "`if` branch" : "`else` branch") +
                   (inBody != inElse ? ", which defines the Triton functions" : ""));
      } else {
        taken = truth(test);
      }
      return execBlock(frame, taken ? ifStatement.body() : ifStatement.orElse());
    }
    case K::For:
      return execFor(frame, statement.cast<python::ForStmt>());
    case K::While:
      return execWhile(frame, statement.cast<python::WhileStmt>());
    case K::Break:
      return Flow::Break;
    case K::Continue:
      return Flow::Continue;
    case K::Pass:
      return Flow::Normal;
    case K::Return: {
      const auto &returnStatement = statement.cast<python::ReturnStmt>();
      frame.returnValue =
          returnStatement.value() ? evaluate(frame, *returnStatement.value()) : Value::none();
      return Flow::Return;
    }
    case K::Assert: {
      const auto &assertion = statement.cast<python::AssertStmt>();
      Value test = evaluate(frame, assertion.test());
      if (!isOpaque(test) && !truth(test))
        raise("AssertionError", assertion.message() ? strOf(evaluate(frame, *assertion.message()))
                                                    : std::string("assertion failed"));
      return Flow::Normal;
    }
    case K::With: {
      const auto &with = statement.cast<python::WithStmt>();
      for (const python::WithItem &item : with.items()) {
        Value context = evaluate(frame, *item.context);
        if (item.target)
          assignTarget(frame, *item.target, context, &statement);
      }
      return execBlock(frame, with.body());
    }
    case K::FunctionDef:
      execFunctionDef(frame, statement.cast<python::FunctionDefStmt>());
      return Flow::Normal;
    case K::ClassDef:
      execClassDef(frame, statement.cast<python::ClassDefStmt>());
      return Flow::Normal;
    case K::Import:
      execImport(frame, statement.cast<python::ImportStmt>());
      return Flow::Normal;
    case K::ImportFrom:
      execImportFrom(frame, statement.cast<python::ImportFromStmt>());
      return Flow::Normal;
    case K::Global:
    case K::Nonlocal:
      if (statement.kind() == K::Global)
        for (const std::string &name : statement.cast<python::ScopeDeclarationStmt>().names())
          frame.globalNames.insert(name);
      return Flow::Normal;
    case K::Delete:
      for (const python::ExprPtr &target : statement.cast<python::DeleteStmt>().targets())
        if (const auto *name = target->dynCast<python::NameExpr>()) {
          if (frame.locals)
            frame.locals->variables.erase(name->identifier());
          else
            frame.module->globals.erase(name->identifier());
        }
      return Flow::Normal;
    case K::Raise:
      execRaise(frame, statement.cast<python::RaiseStmt>());
    case K::Try:
      return execTry(frame, statement.cast<python::TryStmt>());
    case K::Opaque:
      return Flow::Normal;
    default:
      raise("SyntaxError", "unexpected statement");
    }
  }

  // How many Triton functions and imports of triton a block defines (at any depth).
  static int tritonDefinitions(const python::Block &block) {
    int count = 0;
    for (const python::StmtPtr &statement : block) {
      if (const auto *definition = statement->dynCast<python::FunctionDefStmt>()) {
        for (const python::ExprPtr &decorator : definition->decorators()) {
          const python::Expr *callee = decorator.get();
          if (const auto *call = callee->dynCast<python::CallExpr>())
            callee = &call->callee();
          std::string name;
          if (const auto *attribute = callee->dynCast<python::AttributeExpr>())
            name = attribute->attribute();
          else if (const auto *plain = callee->dynCast<python::NameExpr>())
            name = plain->identifier();
          if (name == "jit" || name == "autotune" || name == "heuristics")
            ++count;
        }
      } else if (const auto *import = statement->dynCast<python::ImportStmt>()) {
        for (const python::ImportAlias &alias : import->names())
          count += isTriton(alias.name);
      } else if (const auto *from = statement->dynCast<python::ImportFromStmt>()) {
        count += isTriton(from->module());
      } else if (const auto *nested = statement->dynCast<python::IfStmt>()) {
        count += tritonDefinitions(nested->body()) + tritonDefinitions(nested->orElse());
      } else if (const auto *tryStatement = statement->dynCast<python::TryStmt>()) {
        count += tritonDefinitions(tryStatement->body());
      }
    }
    return count;
  }

  bool isConstexprAnnotation(Frame &frame, const python::Expr &annotation) {
    if (const auto *text = annotation.dynCast<python::StringLiteral>())
      return text->value() == "constexpr" || text->value() == "tl.constexpr" ||
             text->value() == "triton.language.constexpr";
    try {
      Value value = evaluate(frame, annotation);
      return value.isCallable() && canonicalIntrinsic(value.asCallable()->name) == "constexpr";
    } catch (const CompileError &) {
      return false;
    }
  }

  void execAugmentedAssign(Frame &frame, const python::AugmentedAssignStmt &statement) {
    static const std::map<python::BinaryOperator, std::string> methods = {
        {python::BinaryOperator::Add, "add"},
        {python::BinaryOperator::Subtract, "sub"},
        {python::BinaryOperator::Multiply, "mul"},
        {python::BinaryOperator::Divide, "truediv"},
        {python::BinaryOperator::FloorDivide, "floordiv"},
        {python::BinaryOperator::Modulo, "mod"},
        {python::BinaryOperator::Power, "pow"},
        {python::BinaryOperator::LeftShift, "lshift"},
        {python::BinaryOperator::RightShift, "rshift"},
        {python::BinaryOperator::BitAnd, "and"},
        {python::BinaryOperator::BitOr, "or"},
        {python::BinaryOperator::BitXor, "xor"}};
    auto method = methods.find(statement.op());
    if (method == methods.end())
      raise("TypeError", "unsupported augmented assignment");
    Value current = evaluate(frame, statement.target());
    Value operand = evaluate(frame, statement.value());
    // Lists extend in place, as Python's `+=` does.
    if (current.isList() && method->second == "add" && isSequence(operand)) {
      std::vector<Value> items = operand.sequence();
      current.listElements().insert(current.listElements().end(), items.begin(), items.end());
      return;
    }
    assignTarget(frame, statement.target(), binary(method->second, current, operand), &statement);
  }

  void execRaise [[noreturn]] (Frame &frame, const python::RaiseStmt &statement) {
    if (!statement.exception())
      raise("RuntimeError", "No active exception to reraise");
    Value exception = evaluate(frame, *statement.exception());
    std::string type = "Exception", message;
    if (isObjectOf(exception, Object::Type::Instance) ||
        isObjectOf(exception, Object::Type::Class)) {
      type = exception.asObject()->name;
      if (const Value *text = exception.asObject()->attribute("__message__"))
        message = strOf(*text);
    } else if (isOpaque(exception)) {
      type = exception.asObject()->name;
    }
    PythonException error(type, message);
    if (isObjectOf(exception, Object::Type::Instance))
      raisedClasses[type] =
          exception.asObject()->bases.empty() ? Value() : exception.asObject()->bases[0];
    else if (isObjectOf(exception, Object::Type::Class))
      raisedClasses[type] = exception;
    throw error;
  }
  std::map<std::string, Value> raisedClasses;

  bool exceptionMatches(const std::string &type, const Value &handler) {
    if (handler.isTuple() || handler.isList()) {
      for (const Value &element : handler.sequence())
        if (exceptionMatches(type, element))
          return true;
      return false;
    }
    if (!isObjectOf(handler, Object::Type::Class))
      return false;
    const std::string &handlerName = handler.asObject()->name;
    // Builtin hierarchy.
    for (std::string current = type; !current.empty();) {
      if (current == handlerName)
        return true;
      auto parent = exceptionParents().find(current);
      if (parent != exceptionParents().end()) {
        current = parent->second;
        continue;
      }
      // A user exception class: walk its bases.
      auto raised = raisedClasses.find(current);
      if (raised == raisedClasses.end() || !isObjectOf(raised->second, Object::Type::Class))
        break;
      if (inheritsFrom(raised->second, handlerName))
        return true;
      break;
    }
    return handlerName == "BaseException";
  }

  bool inheritsFrom(const Value &classValue, const std::string &name) {
    if (!isObjectOf(classValue, Object::Type::Class))
      return false;
    if (classValue.asObject()->name == name)
      return true;
    for (const Value &base : classValue.asObject()->bases)
      if (inheritsFrom(base, name))
        return true;
    return false;
  }

  Flow execTry(Frame &frame, const python::TryStmt &statement) {
    Flow flow = Flow::Normal;
    bool handled = false;
    try {
      flow = execBlock(frame, statement.body());
    } catch (const CompileError &error) {
      const auto *python = dynamic_cast<const PythonException *>(&error);
      std::string type = python ? python->type() : "Exception";
      // Errors of trex itself (an internal error) are not Python's to catch.
      if (error.message().rfind("internal error", 0) == 0)
        throw;
      for (const python::ExceptHandler &handler : statement.handlers()) {
        bool matches = !handler.type;
        if (handler.type) {
          Value handlerType = evaluate(frame, *handler.type);
          matches = exceptionMatches(type, handlerType);
        }
        if (!matches)
          continue;
        if (!handler.name.empty()) {
          auto instance = makeObject(Object::Type::Instance, type);
          instance->setAttribute("__message__", Value::string(error.message()));
          bind(frame, handler.name, Value::object(instance), &statement);
        }
        handled = true;
        flow = execBlock(frame, handler.body);
        break;
      }
      if (!handled) {
        execBlock(frame, statement.finalBody());
        throw;
      }
    }
    if (!handled && flow == Flow::Normal)
      flow = execBlock(frame, statement.orElse());
    Flow final = execBlock(frame, statement.finalBody());
    return final != Flow::Normal ? final : flow;
  }

  Flow execFor(Frame &frame, const python::ForStmt &statement) {
    Value iterable = evaluate(frame, statement.iterable());
    std::vector<Value> items = iterate(iterable);
    for (const Value &item : items) {
      assignTarget(frame, statement.target(), item, &statement);
      Flow flow = execBlock(frame, statement.body());
      if (flow == Flow::Break)
        return Flow::Normal;
      if (flow == Flow::Return)
        return flow;
    }
    return execBlock(frame, statement.orElse());
  }

  Flow execWhile(Frame &frame, const python::WhileStmt &statement) {
    for (long long step = 0;; ++step) {
      if (step > MaxLoopSteps)
        raise("RuntimeError", "trex stops module-level loops after " +
                                  std::to_string(MaxLoopSteps) + " iterations");
      Value test = evaluate(frame, statement.test());
      if (!truth(test))
        break;
      Flow flow = execBlock(frame, statement.body());
      if (flow == Flow::Break)
        return Flow::Normal;
      if (flow == Flow::Return)
        return flow;
    }
    return execBlock(frame, statement.orElse());
  }

  void execImport(Frame &frame, const python::ImportStmt &statement) {
    for (const python::ImportAlias &alias : statement.names()) {
      Value module = importAbsolute(alias.name);
      if (!alias.asName.empty()) {
        bind(frame, alias.asName, locatedImport(module, frame, statement), &statement);
        continue;
      }
      // `import a.b.c` binds `a`.
      std::string top = alias.name.substr(0, alias.name.find('.'));
      bind(frame, top, top == alias.name ? module : importAbsolute(top), &statement);
    }
  }

  // An opaque import remembers where it was imported, for the error of a kernel using it.
  static Value locatedImport(const Value &value, Frame &frame, const python::Stmt &statement) {
    if (!isOpaque(value) || value.asObject()->origin)
      return value;
    return opaqueValue(value.asObject()->name, frame.module, statement.location());
  }

  void execImportFrom(Frame &frame, const python::ImportFromStmt &statement) {
    const std::string &moduleName = statement.module();
    Value module = statement.level() > 0
                       ? importRelative(*frame.module, statement.level(), moduleName)
                       : importAbsolute(moduleName);
    for (const python::ImportAlias &alias : statement.names()) {
      if (alias.name == "*") {
        importStar(frame, module, &statement);
        continue;
      }
      Value value =
          importFromModule(module, moduleName, alias.name, *frame.module, statement.level());
      bind(frame, alias.boundName(), locatedImport(value, frame, statement), &statement);
    }
  }

  void importStar(Frame &frame, const Value &module, const python::Node *node) {
    if (isObjectOf(module, Object::Type::Module)) {
      for (const auto &[name, global] : module.asObject()->module->globals)
        if (!name.empty() && name[0] != '_' && global.kind == ModuleScope::Global::Kind::Resolved)
          bind(frame, name, global.value, node);
      return;
    }
    if (module.isNamespace() && isTriton(module.asNamespace().path)) {
      raise("ImportError", "trex does not follow `from " + module.asNamespace().path +
                               " import *`; import the names the file uses");
    }
  }

  void execFunctionDef(Frame &frame, const python::FunctionDefStmt &definition) {
    // Decorators are evaluated first (outermost first), then applied innermost first.
    // A decorator that cannot be evaluated (its module failed to import) around a Triton
    // function is looked through, with a note, rather than losing the kernel.
    bool isTritonFunction = false;
    {
      int count = 0;
      for (const python::ExprPtr &decorator : definition.decorators()) {
        const python::Expr *callee = decorator.get();
        if (const auto *call = callee->dynCast<python::CallExpr>())
          callee = &call->callee();
        std::string name;
        if (const auto *attribute = callee->dynCast<python::AttributeExpr>())
          name = attribute->attribute();
        else if (const auto *plain = callee->dynCast<python::NameExpr>())
          name = plain->identifier();
        count += name == "jit";
      }
      isTritonFunction = count > 0;
    }
    std::vector<Value> decorators;
    for (const python::ExprPtr &decorator : definition.decorators()) {
      try {
        decorators.push_back(evaluate(frame, *decorator));
      } catch (const CompileError &error) {
        if (!isTritonFunction)
          throw;
        std::string message = error.message();
        if (message.size() > 160)
          message = message.substr(0, 160) + "...";
        Value unevaluated = opaqueValue(message, frame.module, decorator->location());
        unevaluated.asObject()->setAttribute("__unevaluated__", Value::boolean(true));
        decorators.push_back(unevaluated);
      }
    }
    auto function = makeObject(Object::Type::Function, definition.name());
    function->definition = &definition;
    function->module = frame.module;
    function->closure = frame.locals;
    function->origin = frame.module;
    function->location = definition.location();
    for (const python::Parameter &parameter : definition.parameters())
      function->defaults.push_back(
          parameter.defaultValue ? std::optional<Value>(evaluate(frame, *parameter.defaultValue))
                                 : std::nullopt);
    Value value = Value::object(function);
    for (size_t i = decorators.size(); i-- > 0;)
      value = applyDecorator(frame, decorators[i], value, *definition.decorators()[i]);
    bind(frame, definition.name(), value, &definition);
  }

  Value applyDecorator(Frame &frame, const Value &decorator, const Value &function,
                       const python::Expr &where) {
    bool wrapsJit = function.isCallable() && function.asCallable()->kind == Callable::Kind::Jit;
    if (isOpaque(decorator) && wrapsJit)
      return withNote(function, *frame.module, where.location(),
                      decorator.asObject()->attribute("__unevaluated__")
                          ? "trex could not evaluate this decorator (" +
                                decorator.asObject()->name +
                                "); it compiles the jit function it wraps"
                          : "the decorator " + decorator.asObject()->name +
                                " is not a Triton decorator trex knows; trex compiles the jit "
                                "function it wraps");
    if (isOpaque(decorator))
      return opaqueValue(decorator.asObject()->name + "(...)");
    Value result;
    try {
      result = callValue(decorator, {function}, {});
    } catch (const CompileError &) {
      if (!wrapsJit)
        throw;
      result = Value();
    }
    if (wrapsJit && !(result.isCallable() && result.asCallable()->kind == Callable::Kind::Jit))
      return withNote(function, *frame.module, where.location(),
                      "this decorator does not return a Triton function trex can compile; trex "
                      "compiles the jit function it wraps");
    return result;
  }

  // A copy of a jit function that carries a note for when it is compiled.
  static Value withNote(const Value &function, ModuleScope &scope, SourceLocation where,
                        const std::string &message) {
    auto jit = std::make_shared<JitFunction>(*function.asCallable()->jit);
    jit->notes.push_back(python::makeDiagnostic(python::DiagnosticSeverity::Note, scope.source,
                                                scope.fileName, where, message));
    auto callable = std::make_shared<Callable>(*function.asCallable());
    callable->jit = jit;
    return Value::callable(std::move(callable));
  }

  void execClassDef(Frame &frame, const python::ClassDefStmt &definition) {
    auto classObject = makeObject(Object::Type::Class, definition.name());
    for (const python::ExprPtr &base : definition.bases()) {
      Value baseValue = evaluate(frame, *base);
      classObject->bases.push_back(baseValue);
    }
    Frame body;
    body.module = frame.module;
    body.locals = std::make_shared<Environment>();
    body.locals->parent = frame.locals;
    try {
      execBlock(body, definition.body());
    } catch (const CompileError &) {
      // A class whose body trex cannot evaluate stays usable as a name.
    }
    for (auto &[name, value] : body.locals->variables)
      classObject->setAttribute(name, value);
    classObject->origin = frame.module;
    classObject->location = definition.location();
    Value value = Value::object(classObject);
    for (size_t i = definition.decorators().size(); i-- > 0;) {
      Value decorator = evaluate(frame, *definition.decorators()[i]);
      if (!isOpaque(decorator))
        try {
          value = callValue(decorator, {value}, {});
        } catch (const CompileError &) {
        }
    }
    bind(frame, definition.name(), value, &definition);
  }

  void assignTarget(Frame &frame, const python::Expr &target, const Value &value,
                    const python::Node *node) {
    if (const auto *name = target.dynCast<python::NameExpr>()) {
      bind(frame, name->identifier(), value, node);
      return;
    }
    if (const auto *collection = target.dynCast<python::CollectionExpr>()) {
      std::vector<Value> items = iterate(value);
      const python::ExprList &elements = collection->elements();
      size_t starred = elements.size();
      for (size_t i = 0; i < elements.size(); ++i)
        if (elements[i]->isa<python::StarredExpr>())
          starred = i;
      if (starred == elements.size()) {
        if (items.size() != elements.size())
          raise("ValueError", "cannot unpack " + std::to_string(items.size()) + " values into " +
                                  std::to_string(elements.size()) + " targets");
        for (size_t i = 0; i < elements.size(); ++i)
          assignTarget(frame, *elements[i], items[i], node);
        return;
      }
      size_t after = elements.size() - starred - 1;
      if (items.size() < starred + after)
        raise("ValueError", "not enough values to unpack");
      for (size_t i = 0; i < starred; ++i)
        assignTarget(frame, *elements[i], items[i], node);
      std::vector<Value> rest(items.begin() + starred, items.end() - after);
      assignTarget(frame, elements[starred]->cast<python::StarredExpr>().value(), Value::list(rest),
                   node);
      for (size_t i = 0; i < after; ++i)
        assignTarget(frame, *elements[starred + 1 + i], items[items.size() - after + i], node);
      return;
    }
    if (const auto *subscript = target.dynCast<python::SubscriptExpr>()) {
      Value object = evaluate(frame, subscript->value());
      Value index = evaluate(frame, subscript->index());
      if (object.isDict()) {
        for (auto &[key, existing] : object.dictEntries())
          if (constexprEqual(key, index)) {
            existing = value;
            return;
          }
        object.dictEntries().emplace_back(index, value);
        return;
      }
      if (object.isList()) {
        PyInt i = toIndex(index, "list indices");
        PyInt size = static_cast<PyInt>(object.listElements().size());
        if (i < 0)
          i += size;
        if (i < 0 || i >= size)
          raise("IndexError", "list assignment index out of range");
        object.listElements()[static_cast<size_t>(i)] = value;
        return;
      }
      if (isOpaque(object) || object.isObject())
        return;
      raise("TypeError",
            "'" + pythonTypeName(object) + "' object does not support item assignment");
    }
    if (const auto *attribute = target.dynCast<python::AttributeExpr>()) {
      setAttribute(evaluate(frame, attribute->value()), attribute->attribute(), value);
      return;
    }
    raise("SyntaxError", "cannot assign to this expression");
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  bool truth(const Value &value) {
    if (isOpaque(value))
      raise("TypeError", "trex cannot tell whether " + value.asObject()->name +
                             " is true: it comes from a module trex does not model");
    return value.truthy();
  }

  Value evaluate(Frame &frame, const python::Expr &expression) {
    return at(frame, expression, [&] { return evaluateUnlocated(frame, expression); });
  }

  Value evaluateUnlocated(Frame &frame, const python::Expr &expression) {
    using K = python::NodeKind;
    switch (expression.kind()) {
    case K::Name:
      return lookup(frame, expression.cast<python::NameExpr>().identifier());
    case K::IntegerLiteral: {
      const auto &literal = expression.cast<python::IntegerLiteral>();
      if (!literal.value())
        return Value::integer(
            static_cast<PyInt>(std::strtold(literal.spelling().c_str(), nullptr)));
      return Value::integer(static_cast<PyInt>(*literal.value()));
    }
    case K::FloatLiteral:
      return Value::floating(expression.cast<python::FloatLiteral>().value());
    case K::StringLiteral:
      return Value::string(expression.cast<python::StringLiteral>().value());
    case K::FormattedString: {
      CodeGenerator generator(state, *frame.module);
      bindLocalsForGenerator(frame, generator);
      return generator.evaluate(expression);
    }
    case K::BooleanLiteral:
      return Value::boolean(expression.cast<python::BooleanLiteral>().value());
    case K::NoneLiteral:
    case K::EllipsisLiteral:
      return Value::none();
    case K::UnaryOp: {
      const auto &unary = expression.cast<python::UnaryOpExpr>();
      Value operand = evaluate(frame, unary.operand());
      if (isOpaque(operand))
        return operand;
      static const std::map<python::UnaryOperator, std::string> methods = {
          {python::UnaryOperator::Not, "not"},
          {python::UnaryOperator::Negate, "neg"},
          {python::UnaryOperator::Plus, "pos"},
          {python::UnaryOperator::Invert, "invert"}};
      return applyConstexprUnary(methods.at(unary.op()), operand)
          .wrappedAsConstexpr(operand.isConstexprWrapped() &&
                              unary.op() != python::UnaryOperator::Not);
    }
    case K::BinaryOp: {
      const auto &binaryExpression = expression.cast<python::BinaryOpExpr>();
      Value lhs = evaluate(frame, binaryExpression.left());
      Value rhs = evaluate(frame, binaryExpression.right());
      return binary(binaryMethod(binaryExpression.op()), lhs, rhs);
    }
    case K::BooleanOp: {
      const auto &boolean = expression.cast<python::BooleanOpExpr>();
      bool isAnd = boolean.op() == python::BooleanOperator::And;
      Value last;
      for (const python::ExprPtr &operand : boolean.values()) {
        last = evaluate(frame, *operand);
        if (isOpaque(last))
          return last;
        if (last.truthy() != isAnd)
          return last;
      }
      return last;
    }
    case K::Compare:
      return compare(frame, expression.cast<python::CompareExpr>());
    case K::Conditional: {
      const auto &conditional = expression.cast<python::ConditionalExpr>();
      Value test = evaluate(frame, conditional.test());
      if (isOpaque(test)) {
        remark(*frame.module, conditional.test().location(),
               "trex cannot evaluate this condition (it depends on " + test.asObject()->name +
                   ", which trex does not model); it takes the first value");
        return evaluate(frame, conditional.body());
      }
      return evaluate(frame, truth(test) ? conditional.body() : conditional.orElse());
    }
    case K::Lambda: {
      const auto &lambda = expression.cast<python::LambdaExpr>();
      auto function = makeObject(Object::Type::Function, "<lambda>");
      function->lambda = &lambda;
      function->module = frame.module;
      function->closure = frame.locals;
      function->origin = frame.module;
      function->location = lambda.location();
      for (const python::Parameter &parameter : lambda.parameters())
        function->defaults.push_back(
            parameter.defaultValue ? std::optional<Value>(evaluate(frame, *parameter.defaultValue))
                                   : std::nullopt);
      return Value::object(function);
    }
    case K::Call:
      return evaluateCall(frame, expression.cast<python::CallExpr>());
    case K::Attribute: {
      const auto &attribute = expression.cast<python::AttributeExpr>();
      return getAttribute(evaluate(frame, attribute.value()), attribute.attribute());
    }
    case K::Subscript: {
      const auto &subscriptExpression = expression.cast<python::SubscriptExpr>();
      Value object = evaluate(frame, subscriptExpression.value());
      Value index = evaluate(frame, subscriptExpression.index());
      return subscript(object, index);
    }
    case K::Slice: {
      const auto &slice = expression.cast<python::SliceExpr>();
      auto part = [&](const python::Expr *e) { return e ? evaluate(frame, *e) : Value::none(); };
      return Value::slice(part(slice.lower()), part(slice.upper()), part(slice.step()));
    }
    case K::Tuple:
    case K::List:
    case K::Set: {
      const auto &collection = expression.cast<python::CollectionExpr>();
      std::vector<Value> items;
      for (const python::ExprPtr &element : collection.elements()) {
        if (const auto *starred = element->dynCast<python::StarredExpr>()) {
          std::vector<Value> expanded = iterate(evaluate(frame, starred->value()));
          items.insert(items.end(), expanded.begin(), expanded.end());
        } else {
          items.push_back(evaluate(frame, *element));
        }
      }
      if (expression.kind() == K::Tuple)
        return Value::tuple(std::move(items));
      if (expression.kind() == K::Set)
        items = unique(items);
      return Value::list(std::move(items));
    }
    case K::Dict: {
      const auto &dict = expression.cast<python::DictExpr>();
      Value result = Value::dictOf({});
      for (size_t i = 0; i < dict.keys().size(); ++i) {
        if (!dict.keys()[i]) { // **mapping
          Value mapping = evaluate(frame, *dict.values()[i]);
          if (!mapping.isDict())
            raise("TypeError", "'" + pythonTypeName(mapping) + "' object is not a mapping");
          for (const auto &[key, value] : mapping.dictEntries())
            dictSet(result, key, value);
          continue;
        }
        Value key = evaluate(frame, *dict.keys()[i]);
        dictSet(result, key, evaluate(frame, *dict.values()[i]));
      }
      return result;
    }
    case K::ListComprehension:
    case K::SetComprehension:
    case K::DictComprehension:
    case K::GeneratorExpression:
      return comprehension(frame, expression.cast<python::ComprehensionExpr>());
    case K::NamedExpr: {
      const auto &named = expression.cast<python::NamedExpr>();
      Value value = evaluate(frame, named.value());
      assignTarget(frame, named.target(), value, &expression);
      return value;
    }
    case K::Starred:
      raise("SyntaxError", "can't use starred expression here");
    default:
      raise("SyntaxError", std::string("trex does not evaluate ") +
                               std::string(python::nodeKindName(expression.kind())) +
                               " at module level");
    }
  }

  void bindLocalsForGenerator(Frame &frame, CodeGenerator &generator) {
    for (const Environment *env = frame.locals.get(); env; env = env->parent.get())
      for (const auto &[name, value] : env->variables)
        generator.bindConstantLocal(name, value);
  }

  static std::string binaryMethod(python::BinaryOperator op) {
    switch (op) {
    case python::BinaryOperator::Add:
      return "add";
    case python::BinaryOperator::Subtract:
      return "sub";
    case python::BinaryOperator::Multiply:
      return "mul";
    case python::BinaryOperator::Divide:
      return "truediv";
    case python::BinaryOperator::FloorDivide:
      return "floordiv";
    case python::BinaryOperator::Modulo:
      return "mod";
    case python::BinaryOperator::Power:
      return "pow";
    case python::BinaryOperator::LeftShift:
      return "lshift";
    case python::BinaryOperator::RightShift:
      return "rshift";
    case python::BinaryOperator::BitAnd:
      return "and";
    case python::BinaryOperator::BitOr:
      return "or";
    case python::BinaryOperator::BitXor:
      return "xor";
    default:
      return "matmul";
    }
  }

  static int compareVersions(const Object &a, const std::vector<long long> &b) {
    for (size_t i = 0; i < std::max(a.numbers.size(), b.size()); ++i) {
      long long x = i < a.numbers.size() ? a.numbers[i] : 0;
      long long y = i < b.size() ? b[i] : 0;
      if (x != y)
        return x < y ? -1 : 1;
    }
    return 0;
  }

  static std::vector<long long> versionNumbers(const std::string &text) {
    std::vector<long long> numbers;
    size_t i = 0;
    while (i < text.size() && !std::isdigit(static_cast<unsigned char>(text[i])))
      ++i;
    while (i < text.size()) {
      size_t start = i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
        ++i;
      if (start == i)
        break;
      numbers.push_back(std::stoll(text.substr(start, i - start)));
      if (i < text.size() && text[i] == '.')
        ++i;
      else
        break;
    }
    return numbers;
  }

  Value binary(const std::string &method, const Value &lhs, const Value &rhs) {
    if (isOpaque(lhs))
      return opaqueValue(lhs.asObject()->name + " " + method + " ...");
    if (isOpaque(rhs))
      return opaqueValue(rhs.asObject()->name);
    bool wrapped = lhs.isConstexprWrapped() || rhs.isConstexprWrapped();
    bool comparison = method == "eq" || method == "ne" || method == "lt" || method == "le" ||
                      method == "gt" || method == "ge";
    // Versions compare by their numbers (with strings too).
    if (isObjectOf(lhs, Object::Type::Version) || isObjectOf(rhs, Object::Type::Version)) {
      if (comparison) {
        auto numbersOf = [&](const Value &v) {
          return v.isObject() ? v.asObject()->numbers
                              : versionNumbers(v.isString() ? v.asString() : v.str());
        };
        Object left;
        left.numbers = numbersOf(lhs);
        int order = compareVersions(left, numbersOf(rhs));
        bool result = method == "eq"   ? order == 0
                      : method == "ne" ? order != 0
                      : method == "lt" ? order < 0
                      : method == "le" ? order <= 0
                      : method == "gt" ? order > 0
                                       : order >= 0;
        return Value::boolean(result);
      }
    }
    if (lhs.isList() || rhs.isList()) {
      if (method == "add" && lhs.isList() && rhs.isList()) {
        std::vector<Value> items = lhs.listElements();
        items.insert(items.end(), rhs.listElements().begin(), rhs.listElements().end());
        return Value::list(std::move(items));
      }
      if (method == "mul") {
        const Value &list = lhs.isList() ? lhs : rhs;
        const Value &count = lhs.isList() ? rhs : lhs;
        PyInt n = toIndex(count, "can't multiply sequence by non-int");
        if (n * static_cast<PyInt>(list.listElements().size()) > static_cast<PyInt>(MaxSequence))
          raise("MemoryError", "list too large");
        std::vector<Value> items;
        for (PyInt i = 0; i < n; ++i)
          items.insert(items.end(), list.listElements().begin(), list.listElements().end());
        return Value::list(std::move(items));
      }
      if (method == "eq" || method == "ne") {
        bool equal = constexprEqual(lhs, rhs);
        return Value::boolean(method == "eq" ? equal : !equal);
      }
    }
    if (lhs.isDict() && rhs.isDict() && method == "or") {
      Value result = Value::dictOf(lhs.dictEntries());
      for (const auto &[key, value] : rhs.dictEntries())
        dictSet(result, key, value);
      return result;
    }
    if (method == "mod" && lhs.isString())
      return Value::string(percentFormat(lhs.asString(), rhs));
    if (lhs.isObject() || rhs.isObject()) {
      if (method == "eq" || method == "ne") {
        bool equal = constexprEqual(lhs, rhs);
        return Value::boolean(method == "eq" ? equal : !equal);
      }
      raise("TypeError", "unsupported operand types for " + method + ": '" + pythonTypeName(lhs) +
                             "' and '" + pythonTypeName(rhs) + "'");
    }
    if (lhs.isTensor() || rhs.isTensor())
      raise("TypeError", "tensors do not exist at module level");
    Value result;
    try {
      result = applyConstexprBinary(method, lhs, rhs);
    } catch (const PythonException &) {
      throw;
    } catch (const CompileError &error) {
      std::string type =
          error.message().find("by zero") != std::string::npos ? "ZeroDivisionError" : "TypeError";
      raise(type, error.message());
    }
    return comparison ? result : result.wrappedAsConstexpr(wrapped);
  }

  static std::string percentFormat(const std::string &format, const Value &arguments) {
    std::vector<Value> items =
        arguments.isTuple() ? arguments.elements() : std::vector<Value>{arguments};
    std::string result;
    size_t next = 0;
    for (size_t i = 0; i < format.size(); ++i) {
      if (format[i] != '%' || i + 1 >= format.size()) {
        result += format[i];
        continue;
      }
      char spec = format[++i];
      if (spec == '%') {
        result += '%';
        continue;
      }
      if (next < items.size())
        result += strOf(items[next++]);
    }
    return result;
  }

  Value compare(Frame &frame, const python::CompareExpr &expression) {
    Value lhs = evaluate(frame, expression.left());
    for (size_t i = 0; i < expression.ops().size(); ++i) {
      Value rhs = evaluate(frame, *expression.comparators()[i]);
      Value result = compareOne(expression.ops()[i], lhs, rhs);
      if (isOpaque(result) || !result.truthy())
        return result;
      lhs = rhs;
    }
    return Value::boolean(true);
  }

  Value compareOne(python::ComparisonOperator op, const Value &lhs, const Value &rhs) {
    using C = python::ComparisonOperator;
    switch (op) {
    case C::Is:
    case C::IsNot: {
      bool same = identical(lhs, rhs);
      return Value::boolean(op == C::Is ? same : !same);
    }
    case C::In:
    case C::NotIn: {
      if (isOpaque(lhs) || isOpaque(rhs))
        return opaqueValue(isOpaque(rhs) ? rhs.asObject()->name : lhs.asObject()->name);
      bool found = contains(rhs, lhs);
      return Value::boolean(op == C::In ? found : !found);
    }
    case C::Equal:
      return binary("eq", lhs, rhs);
    case C::NotEqual:
      return binary("ne", lhs, rhs);
    case C::Less:
      return binary("lt", lhs, rhs);
    case C::LessEqual:
      return binary("le", lhs, rhs);
    case C::Greater:
      return binary("gt", lhs, rhs);
    case C::GreaterEqual:
      return binary("ge", lhs, rhs);
    }
    raise("SyntaxError", "unknown comparison");
  }

  static bool identical(const Value &lhs, const Value &rhs) {
    if (lhs.isObject() && rhs.isObject())
      return lhs.asObject() == rhs.asObject();
    if (lhs.isList() && rhs.isList())
      return &lhs.listElements() == &rhs.listElements();
    if (lhs.isDict() && rhs.isDict())
      return &lhs.dictEntries() == &rhs.dictEntries();
    if (lhs.isNone() && rhs.isNone())
      return true;
    return constexprIdentical(lhs, rhs);
  }

  bool contains(const Value &container, const Value &item) {
    if (isSequence(container)) {
      for (const Value &element : container.sequence())
        if (constexprEqual(element, item))
          return true;
      return false;
    }
    if (container.isDict())
      return container.dictFind(item) != nullptr;
    if (container.isString()) {
      if (!item.isString())
        raise("TypeError", "'in <string>' requires string as left operand");
      return container.asString().find(item.asString()) != std::string::npos;
    }
    if (isObjectOf(container, Object::Type::Record) && container.asObject()->name == "os.environ")
      return item.isString() && std::getenv(item.asString().c_str()) != nullptr;
    raise("TypeError", "argument of type '" + pythonTypeName(container) + "' is not iterable");
  }

  static void dictSet(Value &dict, const Value &key, const Value &value) {
    for (auto &[existingKey, existing] : dict.dictEntries())
      if (constexprEqual(existingKey, key)) {
        existing = value;
        return;
      }
    dict.dictEntries().emplace_back(key, value);
  }

  static std::vector<Value> unique(const std::vector<Value> &items) {
    std::vector<Value> result;
    for (const Value &item : items)
      if (std::none_of(result.begin(), result.end(),
                       [&](const Value &seen) { return constexprEqual(seen, item); }))
        result.push_back(item);
    return result;
  }

  std::vector<Value> iterate(const Value &value) {
    if (isSequence(value))
      return value.sequence();
    if (value.isDict()) {
      std::vector<Value> keys;
      for (const auto &[key, item] : value.dictEntries())
        keys.push_back(key);
      return keys;
    }
    if (value.isString()) {
      std::vector<Value> characters;
      for (char c : value.asString())
        characters.push_back(Value::string(std::string(1, c)));
      return characters;
    }
    if (isOpaque(value))
      raise("TypeError", "trex cannot iterate over " + value.asObject()->name +
                             ": it comes from a module trex does not model");
    raise("TypeError", "'" + pythonTypeName(value) + "' object is not iterable");
  }

  Value subscript(const Value &object, const Value &index) {
    if (isOpaque(object))
      return opaqueValue(object.asObject()->name + "[...]");
    if (object.isDict()) {
      if (const Value *found = object.dictFind(index))
        return *found;
      raise("KeyError", reprOf(index));
    }
    if (object.isList() || object.isTuple() || object.isString()) {
      if (object.isList()) {
        // Lists index like tuples.
        CodeGenerator generator(state, *currentModule);
        Value result = generator.subscript(Value::tuple(object.listElements()), index);
        return index.isSlice() ? Value::list(result.elements()) : result;
      }
      if (index.isInt() || index.isBool()) {
        PyInt size = static_cast<PyInt>(object.isString() ? object.asString().size()
                                                          : object.elements().size());
        PyInt i = index.asInteger();
        if (i < -size || i >= size)
          raise("IndexError",
                std::string(object.isTuple() ? "tuple" : "string") + " index out of range");
      }
      CodeGenerator generator(state, *currentModule);
      return generator.subscript(object, index);
    }
    if (isObjectOf(object, Object::Type::Record) && object.asObject()->name == "os.environ") {
      if (!index.isString())
        raise("TypeError", "os.environ keys are strings");
      const char *text = std::getenv(index.asString().c_str());
      if (!text)
        raise("KeyError", reprOf(index));
      return Value::string(text);
    }
    if (isObjectOf(object, Object::Type::Class))
      return object; // typing generics: List[int], Optional[...]
    if (object.isNamespace() || isObjectOf(object, Object::Type::Builtin))
      return opaqueValue(object.str() + "[...]"); // typing.Optional[...] and the like
    raise("TypeError", "'" + pythonTypeName(object) + "' object is not subscriptable");
  }

  Value comprehension(Frame &frame, const python::ComprehensionExpr &expression) {
    Frame inner;
    inner.module = frame.module;
    inner.locals = std::make_shared<Environment>();
    inner.locals->parent = frame.locals;
    inner.globalNames = frame.globalNames;
    bool isDict = expression.kind() == python::NodeKind::DictComprehension;
    std::vector<Value> items;
    Value dict = Value::dictOf({});
    std::function<void(size_t)> run = [&](size_t clause) {
      if (clause == expression.clauses().size()) {
        if (isDict)
          dictSet(dict, evaluate(inner, expression.element()),
                  evaluate(inner, *expression.value()));
        else
          items.push_back(evaluate(inner, expression.element()));
        if (items.size() > MaxSequence)
          raise("MemoryError", "comprehension too large");
        return;
      }
      const python::ComprehensionClause &current = expression.clauses()[clause];
      Value iterable = evaluate(clause == 0 ? frame : inner, *current.iterable);
      for (const Value &item : iterate(iterable)) {
        assignTarget(inner, *current.target, item, &expression);
        bool keep = true;
        for (const python::ExprPtr &condition : current.conditions)
          if (!truth(evaluate(inner, *condition))) {
            keep = false;
            break;
          }
        if (keep)
          run(clause + 1);
      }
    };
    run(0);
    if (isDict)
      return dict;
    if (expression.kind() == python::NodeKind::SetComprehension)
      return Value::list(unique(items));
    return Value::list(std::move(items));
  }

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//

  Value evaluateCall(Frame &frame, const python::CallExpr &call) {
    Value callee = evaluate(frame, call.callee());
    std::vector<Value> arguments;
    for (const python::ExprPtr &argument : call.arguments()) {
      if (const auto *starred = argument->dynCast<python::StarredExpr>()) {
        std::vector<Value> expanded = iterate(evaluate(frame, starred->value()));
        arguments.insert(arguments.end(), expanded.begin(), expanded.end());
      } else {
        arguments.push_back(evaluate(frame, *argument));
      }
    }
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

  static const Value *keywordOf(const std::vector<std::pair<std::string, Value>> &keywords,
                                const std::string &name) {
    for (const auto &[key, value] : keywords)
      if (key == name)
        return &value;
    return nullptr;
  }

  // The argument named `name` or at `position`.
  static const Value *argument(const std::vector<Value> &arguments,
                               const std::vector<std::pair<std::string, Value>> &keywords,
                               size_t position, const std::string &name) {
    if (const Value *keyword = keywordOf(keywords, name))
      return keyword;
    return position < arguments.size() ? &arguments[position] : nullptr;
  }

  static std::string canonicalIntrinsic(const std::string &name) {
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

  Value callValue(const Value &callee, std::vector<Value> arguments,
                  std::vector<std::pair<std::string, Value>> keywords,
                  const python::CallExpr *call = nullptr) {
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
        raise("RuntimeError",
              "Cannot call " + callable.name +
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

  Value instantiate(const Value &classValue, std::vector<Value> arguments,
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

  bool inheritsException(const Value &classValue) {
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
  Value invoke(const Object &function, std::vector<Value> arguments,
               std::vector<std::pair<std::string, Value>> keywords) {
    if (callDepth >= MaxCallDepth)
      raise("RecursionError", "maximum recursion depth exceeded in module-level Python");
    const python::ParameterList &parameters = function.parameters();
    auto env = std::make_shared<Environment>();
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
        raise("TypeError",
              function.name + "() missing required argument: '" + parameter.name + "'");
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

  static bool containsYield(const python::Block &body) {
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

  //===--------------------------------------------------------------------===//
  // Triton's decorators and functions
  //===--------------------------------------------------------------------===//

  Value callIntrinsic(const std::string &name, const std::vector<Value> &arguments,
                      const std::vector<std::pair<std::string, Value>> &keywords,
                      const python::CallExpr *call) {
    if (name == "must_use_result") {
      // @triton.must_use_result or @triton.must_use_result("why"): on a jit function.
      auto decorator = makeObject(Object::Type::Decorator, name);
      decorator->origin = currentModule;
      if (arguments.size() == 1 && arguments[0].isCallable())
        return applyTritonDecorator(*decorator, arguments, {}, call);
      decorator->arguments = arguments;
      return Value::object(decorator);
    }
    if (name == "jit" || name == "autotune" || name == "heuristics" ||
        name == "constexpr_function") {
      auto decorator = makeObject(Object::Type::Decorator, name);
      decorator->keywords = keywords;
      decorator->origin = currentModule;
      if (call)
        decorator->location = call->location();
      // `triton.jit(fn)` / `@triton.jit`: applied at once.
      bool takesFunction = name == "jit" || name == "constexpr_function";
      if (takesFunction && arguments.size() == 1 &&
          isObjectOf(arguments[0], Object::Type::Function))
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
  Value applyTritonDecorator(const Object &decorator, const std::vector<Value> &arguments,
                             const std::vector<std::pair<std::string, Value>> &keywords,
                             const python::CallExpr *call) {
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
          const auto *attribute =
              annotation ? annotation->dynCast<python::AttributeExpr>() : nullptr;
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
          raise("TypeError", "triton.autotune's configs must be triton.Config objects, not " +
                                 config.describe());
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

  //===--------------------------------------------------------------------===//
  // Builtins
  //===--------------------------------------------------------------------===//

  void expectArguments(const std::string &name, const std::vector<Value> &arguments, size_t low,
                       size_t high) {
    if (arguments.size() < low || arguments.size() > high)
      raise("TypeError", name + "() takes " + std::to_string(low) +
                             (high != low ? " to " + std::to_string(high) : std::string()) +
                             " arguments (" + std::to_string(arguments.size()) + " given)");
  }

  Value minMax(bool isMax, const std::vector<Value> &arguments,
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

  Value callBuiltin(const std::string &name, const std::vector<Value> &arguments,
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
      raise("ImportError", "trex does not know the version of " + strOf(arg(0)));
    }
    if (name == "importlib.util.find_spec") {
      std::string module = strOf(arg(0));
      if (isTriton(module))
        return tritonModuleExists(module) ? opaqueValue("ModuleSpec") : Value::none();
      if (isTorch(module))
        return opaqueValue("ModuleSpec");
      return findModuleFile(rootDirectory, module) ? opaqueValue("ModuleSpec") : Value::none();
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
    if (name == "torch.cuda.current_device")
      return Value::integer(0);
    if (name == "torch.cuda.device_count")
      return Value::integer(1);
    if (name == "torch.cuda.get_device_name")
      return Value::string(state.options->isCUDA ? "NVIDIA H200" : "AMD Instinct MI300X");
    (void)call;
    return opaqueValue(name + "(...)");
  }

  Value torchInfo(const std::string &name, const Value &dtype) {
    if (!isObjectOf(dtype, Object::Type::TorchDType))
      raise("TypeError", name + "() takes a torch dtype");
    const TorchDTypeInfo *info = torchDType(dtype.asObject()->name);
    if (!info)
      raise("TypeError", name + "(): unknown dtype");
    bool wantsFloat = name == "torch.finfo";
    if ((wantsFloat && info->infoKind != 'f') || (!wantsFloat && info->infoKind != 'i'))
      raise("TypeError",
            std::string(wantsFloat ? "torch.finfo() requires a floating point input type"
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

  Value callMath(const std::string &function, const std::vector<Value> &arguments) {
    auto number = [&](size_t i) {
      if (i >= arguments.size() || !arguments[i].isNumber())
        raise("TypeError", "math." + function + "() takes numbers");
      return arguments[i].asDouble();
    };
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
      PyInt a = toIndex(arguments.at(0), "gcd"), b = toIndex(arguments.at(1), "gcd");
      PyInt x = a < 0 ? -a : a, y = b < 0 ? -b : b;
      while (y) {
        PyInt t = x % y;
        x = y;
        y = t;
      }
      if (function == "gcd")
        return Value::integer(x);
      return Value::integer(x == 0 ? 0 : (a / x) * b);
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
      PyInt result = 1;
      for (PyInt i = 1; i <= k; ++i)
        result = result * (n - k + i) / i;
      return Value::integer(result);
    }
    double x = number(0);
    if (function == "log2")
      return Value::floating(std::log2(x));
    if (function == "log")
      return Value::floating(arguments.size() > 1 ? std::log(x) / std::log(number(1))
                                                  : std::log(x));
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

  bool isInstance(const Value &value, const Value &classInfo) {
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

  Value callMethod(const Value &self, const std::string &method,
                   const std::vector<Value> &arguments,
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
};

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

std::vector<std::string> moduleSearchPath(std::vector<std::string> folders) {
  if (const char *environment = std::getenv("TREX_PYTHONPATH")) {
    std::string text = environment;
    size_t start = 0;
    while (start <= text.size()) {
      size_t colon = text.find(':', start);
      std::string folder =
          text.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!folder.empty())
        folders.push_back(folder);
      if (colon == std::string::npos)
        break;
      start = colon + 1;
    }
  }
  return folders;
}

ModuleEvaluator::ModuleEvaluator(GenerationState &state, std::vector<std::string> searchPath)
    : impl_(std::make_unique<Impl>(*this, state, std::move(searchPath))) {}

ModuleEvaluator::~ModuleEvaluator() = default;

void ModuleEvaluator::evaluateModule(ModuleScope &scope) {
  impl_->rootDirectory = llvm::sys::path::parent_path(scope.fileName).str();
  // A file inside a package (folders with __init__.py) is the module Python would import it
  // as: `pkg.sub.name`, and the folder above the package is on the path, as it would be.
  std::string folder = impl_->rootDirectory.empty() ? "." : impl_->rootDirectory;
  std::string dotted = scope.moduleName;
  for (int depth = 0; depth < 32; ++depth) {
    llvm::SmallString<256> init(folder);
    llvm::sys::path::append(init, "__init__.py");
    if (!llvm::sys::fs::is_regular_file(init))
      break;
    llvm::SmallString<256> absolute(folder);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    std::string name = llvm::sys::path::filename(absolute).str();
    if (name.empty())
      break;
    dotted = name + "." + dotted;
    folder = llvm::sys::path::parent_path(absolute).str();
  }
  if (dotted != scope.moduleName) {
    scope.moduleName = dotted;
    impl_->searchPath.insert(impl_->searchPath.begin(), folder);
  }
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(scope.fileName, real))
    impl_->modulesByPath[std::string(real)] = &scope;
  impl_->runModule(scope);
}

std::vector<std::string> ModuleEvaluator::importedFiles() const {
  std::vector<std::string> files;
  for (const auto &[path, scope] : impl_->modulesByPath)
    if (scope->module && llvm::sys::fs::is_regular_file(path) &&
        std::any_of(impl_->ownedModules.begin(), impl_->ownedModules.end(),
                    [&](const auto &owned) { return owned.get() == scope; }))
      files.push_back(path);
  return files;
}

Value ModuleEvaluator::call(const Value &callee, std::vector<Value> arguments,
                            std::vector<std::pair<std::string, Value>> keywords) {
  ModuleScope *module = nullptr;
  if (callee.isObject() && callee.asObject()->module)
    module = callee.asObject()->module;
  ModuleScope *previous = impl_->currentModule;
  if (module)
    impl_->currentModule = module;
  struct Restore {
    Impl &impl;
    ModuleScope *module;
    ~Restore() { impl.currentModule = module; }
  } restore{*impl_, previous};
  if (!impl_->currentModule)
    fail("internal error: a Python call outside any module");
  return impl_->callValue(callee, std::move(arguments), std::move(keywords));
}

} // namespace trex::frontend
