// ModuleEvaluator: module-level Python, evaluated without Python: diagnostics, names and the public
// interface.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

void ModuleEvaluator::Impl::remark(ModuleScope &scope, SourceLocation where,
                                   const std::string &message,
                                   python::DiagnosticSeverity severity) {
  owner.diagnostics_.push_back(
      python::makeDiagnostic(severity, scope.source, scope.fileName, where, message));
}

bool ModuleEvaluator::Impl::assumedTruth(const Value &opaque, bool preferred, bool *decided) {
  std::shared_ptr<Object> value = opaque.asObject();
  bool negated = value->negationOf != nullptr;
  if (negated)
    value = value->negationOf;
  auto [entry, inserted] = assumptions.emplace(value, preferred != negated);
  if (decided)
    *decided = !inserted;
  return entry->second != negated;
}

Value ModuleEvaluator::Impl::lookup(Frame &frame, const std::string &name) {
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

Value ModuleEvaluator::Impl::globalValue(const std::string &name,
                                         const ModuleScope::Global &global) {
  if (global.kind == ModuleScope::Global::Kind::Failed)
    throw *global.failure;
  if (global.kind != ModuleScope::Global::Kind::Resolved)
    raise("NameError", "name '" + name + "' is not defined yet");
  return global.value;
}

void ModuleEvaluator::Impl::bind(Frame &frame, const std::string &name, Value value,
                                 const python::Node *node) {
  if (frame.locals && !frame.globalNames.count(name)) {
    frame.locals->variables[name] = std::move(value);
    return;
  }
  bindGlobal(*frame.module, name, std::move(value), node);
}

void ModuleEvaluator::Impl::bindGlobal(ModuleScope &scope, const std::string &name, Value value,
                                       const python::Node *node) {
  ModuleScope::Global global;
  global.kind = ModuleScope::Global::Kind::Resolved;
  global.node = node;
  if (value.isCallable() && value.asCallable()->kind == Callable::Kind::Jit)
    scope.addFunction(value.asCallable()->jit);
  global.value = std::move(value);
  scope.globals[name] = std::move(global);
}

std::optional<Value> ModuleEvaluator::Impl::builtinName(ModuleScope &scope,
                                                        const std::string &name) {
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

Value ModuleEvaluator::Impl::exceptionClass(const std::string &name) {
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
                            std::vector<std::pair<std::string, Value>> keywords,
                            ModuleScope *caller) {
  ModuleScope *module = impl_->currentModule ? nullptr : caller;
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
