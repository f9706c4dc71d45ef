// Library: the tables of builtins and namespaces, trex's standard-library modules, and the
// globals of a parsed module.
#include "Library.h"

#include "CompileError.h"

#include "trex/Frontend/Python/Parser.h"
#include "trex/Frontend/Python/TritonFunctions.h"

#include "llvm/Support/ErrorHandling.h"

#include <mutex>

namespace trex::frontend {

namespace {

#include "StandardLibrarySources.inc"

struct StandardModule {
  const char *moduleName;
  const char *fileName;
  const char *source;
};

const StandardModule standardModuleSources[] = {
    {"triton.language.core", "triton/language/core.py", coreSource},
    {"triton.language.standard", "triton/language/standard.py", standardSource},
    {"triton.language.random", "triton/language/random.py", randomSource},
};

// The jit functions of the standard library that triton.language exports.
const char *const exportedStandardFunctions[] = {
    "argmax",   "argmin",       "bitonic_merge", "cdiv",      "cumprod",  "cumsum",
    "flip",     "interleave",   "max",           "min",       "ravel",    "reduce_or",
    "sigmoid",  "softmax",      "sort",          "sum",       "swizzle2d", "topk",
    "xor_sum",  "zeros",        "zeros_like"};
const char *const exportedRandomFunctions[] = {
    "pair_uniform_to_normal", "philox", "philox_impl", "rand", "rand4x", "randint",
    "randint4x", "randn", "randn4x", "uint_to_uniform_float"};

} // namespace

std::string Callable::displayName() const {
  if (kind == Kind::Jit) {
    std::string qualified = jit->qualifiedName;
    size_t dot = qualified.rfind('.');
    return "JITFunction(" + qualified.substr(0, dot) + ":" + qualified.substr(dot + 1) + ")";
  }
  return name;
}

Library::Library() = default;
Library::~Library() = default;

void Library::addBuiltin(std::string fullName, BuiltinSignature signature, BuiltinImpl impl) {
  auto callable = std::make_shared<Callable>();
  callable->kind = Callable::Kind::Builtin;
  callable->name = fullName;
  callable->signature = std::move(signature);
  callable->impl = std::move(impl);
  values_[fullName] = Value::callable(std::move(callable));
}

void Library::addStatic(std::string fullName, StaticImpl impl) {
  auto callable = std::make_shared<Callable>();
  callable->kind = Callable::Kind::Static;
  callable->name = fullName;
  callable->staticImpl = std::move(impl);
  values_[fullName] = Value::callable(std::move(callable));
}

void Library::addValue(std::string fullName, Value value) { values_[std::move(fullName)] = std::move(value); }

void Library::addNamespace(std::string path) { namespaces_[std::move(path)] = true; }

void Library::addTensorMember(std::string name, std::string fullName) {
  tensorMembers_[std::move(name)] = std::move(fullName);
}

bool Library::isKnownNamespace(std::string_view path) const {
  return namespaces_.count(std::string(path)) != 0;
}

std::optional<Value> Library::lookup(std::string_view namespacePath, std::string_view name) const {
  std::string path(namespacePath);
  std::string key = path + "." + std::string(name);
  if (auto it = values_.find(key); it != values_.end())
    return it->second;
  // Helpers of the standard library reach the language through `core`.
  if (path == "triton.language.core")
    if (auto it = values_.find("triton.language." + std::string(name)); it != values_.end())
      return it->second;
  if (path == "triton.language" || path == "triton.language.core") {
    for (const char *exported : exportedStandardFunctions)
      if (name == exported)
        return Value::callable(standardFunction("triton.language.standard", name));
    for (const char *exported : exportedRandomFunctions)
      if (name == exported)
        return Value::callable(standardFunction("triton.language.random", name));
  }
  for (const std::unique_ptr<ModuleScope> &module : modules_)
    if (module->moduleName == path) {
      auto global = module->globals.find(std::string(name));
      if (global != module->globals.end() &&
          global->second.kind == ModuleScope::Global::Kind::Resolved)
        return global->second.value;
    }
  if (isKnownNamespace(key))
    return Value::nameSpace(key);
  return std::nullopt;
}

std::optional<std::shared_ptr<const Callable>> Library::tensorMember(std::string_view name) const {
  auto it = tensorMembers_.find(std::string(name));
  if (it == tensorMembers_.end())
    return std::nullopt;
  size_t dot = it->second.rfind('.');
  std::optional<Value> value = lookup(it->second.substr(0, dot), it->second.substr(dot + 1));
  if (!value || !value->isCallable())
    return std::nullopt;
  return value->asCallable();
}

std::optional<Value> Library::pythonBuiltin(std::string_view name) const {
  auto it = values_.find("builtins." + std::string(name));
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

std::shared_ptr<const Callable> Library::builtin(std::string_view fullName) const {
  auto it = values_.find(std::string(fullName));
  if (it == values_.end() || !it->second.isCallable())
    llvm::report_fatal_error(llvm::Twine("trex: missing builtin ") + std::string(fullName));
  return it->second.asCallable();
}

std::shared_ptr<const Callable> Library::standardFunction(std::string_view module,
                                                          std::string_view name) const {
  for (const std::unique_ptr<ModuleScope> &scope : modules_) {
    if (scope->moduleName != module)
      continue;
    auto global = scope->globals.find(std::string(name));
    if (global != scope->globals.end() && global->second.value.isCallable())
      return global->second.value.asCallable();
  }
  llvm::report_fatal_error(llvm::Twine("trex: missing standard library function ") +
                           std::string(module) + "." + std::string(name));
}

void Library::loadStandardModules() {
  for (const StandardModule &standard : standardModuleSources) {
    auto scope = std::make_unique<ModuleScope>();
    scope->moduleName = standard.moduleName;
    scope->fileName = standard.fileName;
    scope->source = standard.source;
    python::ParseResult parsed = python::parsePythonModule(scope->source, scope->fileName);
    if (!parsed.succeeded())
      llvm::report_fatal_error(llvm::Twine("trex: its standard library does not parse: ") +
                               python::formatDiagnostics(parsed.diagnostics));
    scope->module = std::move(parsed.module);
    collectModuleGlobals(*scope);
    modules_.push_back(std::move(scope));
  }
}

const Library &library() {
  static const Library *instance = [] {
    auto *lib = new Library();
    for (const char *path :
         {"triton", "triton.language", "triton.language.core", "triton.language.math",
          "triton.language.standard", "triton.language.random", "triton.language.dtype",
          "triton.language.PropagateNan", "math", "builtins"})
      lib->addNamespace(path);
    registerCoreBuiltins(*lib);
    registerMemoryBuiltins(*lib);
    registerMathBuiltins(*lib);
    registerReductionBuiltins(*lib);
    registerPythonBuiltins(*lib);
    registerLibdeviceBuiltins(*lib);
    lib->loadStandardModules();
    return lib;
  }();
  return *instance;
}

//===----------------------------------------------------------------------===//
// Module globals
//===----------------------------------------------------------------------===//

Value resolveImport(const Value &value) {
  if (!value.isNamespace())
    return value;
  const Library &lib = library();
  const std::string &path = value.asNamespace().path;
  if (lib.isKnownNamespace(path))
    return value;
  size_t dot = path.rfind('.');
  if (dot != std::string::npos)
    if (std::optional<Value> resolved = lib.lookup(path.substr(0, dot), path.substr(dot + 1)))
      return *resolved;
  // Unknown modules (torch, numpy, ...) are fine in host code; a kernel touching them fails.
  return value;
}

void collectModuleGlobals(ModuleScope &scope) {
  const python::Module &module = *scope.module;
  python::TritonFunctionSearch search = python::findTritonFunctions(module, scope.source);
  std::map<const python::FunctionDefStmt *, const python::TritonFunction *> jitFunctions;
  for (const python::TritonFunction &function : search.functions)
    jitFunctions[function.definition] = &function;

  auto bind = [&](const std::string &name, ModuleScope::Global global) {
    scope.globals[name] = std::move(global);
  };
  for (const python::StmtPtr &statement : module.body()) {
    if (const auto *import = statement->dynCast<python::ImportStmt>()) {
      for (const python::ImportAlias &alias : import->names()) {
        ModuleScope::Global global;
        global.node = statement.get();
        std::string bound = alias.boundName();
        std::string path = alias.asName.empty() ? bound : alias.name;
        global.value = Value::nameSpace(path);
        bind(bound, std::move(global));
      }
    } else if (const auto *from = statement->dynCast<python::ImportFromStmt>()) {
      for (const python::ImportAlias &alias : from->names()) {
        if (alias.name == "*" || from->level() != 0)
          continue;
        ModuleScope::Global global;
        global.node = statement.get();
        // Resolved against the library when used (resolveImport): the standard modules are
        // read while the library is being built.
        global.value = Value::nameSpace(from->module() + "." + alias.name);
        bind(alias.boundName(), std::move(global));
      }
    } else if (const auto *definition = statement->dynCast<python::FunctionDefStmt>()) {
      ModuleScope::Global global;
      global.node = definition;
      auto jit = jitFunctions.find(definition);
      if (jit == jitFunctions.end()) {
        global.kind = ModuleScope::Global::Kind::PlainFunction;
      } else {
        auto function = std::make_shared<JitFunction>();
        function->definition = definition;
        function->scope = &scope;
        function->qualifiedName = scope.moduleName + "." + definition->name();
        if (const python::Expr *noinline = jit->second->jit.keyword("noinline"))
          if (const auto *literal = noinline->dynCast<python::BooleanLiteral>())
            function->noinline = literal->value();
        // trex's standard library has no autotune or heuristics decorators.
        scope.functions.push_back(function);
        auto callable = std::make_shared<Callable>();
        callable->kind = Callable::Kind::Jit;
        callable->name = function->qualifiedName;
        callable->jit = function;
        global.value = Value::callable(std::move(callable));
      }
      bind(definition->name(), std::move(global));
    } else if (const auto *assign = statement->dynCast<python::AssignStmt>()) {
      for (const python::ExprPtr &target : assign->targets())
        if (const auto *name = target->dynCast<python::NameExpr>()) {
          ModuleScope::Global global;
          global.kind = ModuleScope::Global::Kind::Assignment;
          global.expression = &assign->value();
          global.node = statement.get();
          bind(name->identifier(), std::move(global));
        }
    } else if (const auto *annotated = statement->dynCast<python::AnnotatedAssignStmt>()) {
      const auto *name = annotated->target().dynCast<python::NameExpr>();
      if (name && annotated->value()) {
        ModuleScope::Global global;
        global.kind = ModuleScope::Global::Kind::Assignment;
        global.expression = annotated->value();
        global.node = statement.get();
        bind(name->identifier(), std::move(global));
      }
    } else if (const auto *classDefinition = statement->dynCast<python::ClassDefStmt>()) {
      ModuleScope::Global global;
      global.kind = ModuleScope::Global::Kind::PlainFunction;
      global.node = classDefinition;
      bind(classDefinition->name(), std::move(global));
    }
  }
}

} // namespace trex::frontend
