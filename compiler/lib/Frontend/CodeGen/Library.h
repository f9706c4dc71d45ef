// Library: the functions a kernel can call and the namespaces it can reach.
//
// Three kinds of callables exist, as in Triton:
//  - jit functions: `@triton.jit` Python functions (the user's helpers and trex's own Triton
//    standard library, written in Triton-Python and compiled like user code), called through
//    a private, specialized `tt.func`;
//  - builtins: `tl.load`, `tl.arange`, ... implemented in C++ on top of the semantic layer;
//  - static functions (`tl.static_assert`, `tl.static_print`, `int`, `len`), which work on the
//    call's syntax and produce only compile-time values.
// Namespaces (`triton`, `triton.language`, `tl.math`, Python's `math`) map attribute names to
// values through the tables in Library.cpp.
#ifndef TREX_FRONTEND_CODEGEN_LIBRARY_H
#define TREX_FRONTEND_CODEGEN_LIBRARY_H

#include "Value.h"

#include "trex/Frontend/Python/Module.h"
#include "trex/Frontend/Python/TritonFunctions.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trex::frontend {

class CodeGenerator;
class CompileError;
struct Environment;
struct ModuleScope;

// @triton.autotune, evaluated: its triton.Config objects (Module/Object.h) and key.
struct EvaluatedAutotune {
  std::vector<Value> configs;
  std::vector<std::string> key;
  const ModuleScope *scope = nullptr; // where the decorator is
  python::SourceLocation location;
};

// @triton.heuristics, evaluated: parameter name -> a Python callable of `args`.
struct EvaluatedHeuristics {
  std::vector<std::pair<std::string, Value>> values;
  const ModuleScope *scope = nullptr;
  python::SourceLocation location;
};

// A `@triton.jit` function.
struct JitFunction {
  const python::FunctionDefStmt *definition = nullptr;
  ModuleScope *scope = nullptr;
  // `module.qualname`, the prefix of its mangled specializations.
  std::string qualifiedName;
  bool noinline = false;
  // triton.jit(debug=...): True compiles the kernel with Triton's `debug` option (device_assert
  // and the integer-overflow checks emit tt.assert); None leaves the compile's option.
  std::optional<bool> debug;
  // Default parameter values, computed on first call (nullopt: no default).
  mutable std::optional<std::vector<std::optional<Value>>> defaults;
  // The @triton.autotune and @triton.heuristics applied to it, if any.
  std::optional<EvaluatedAutotune> autotune;
  std::optional<EvaluatedHeuristics> heuristics;
  // The variables of the Python function it was defined in (a kernel factory), if any.
  std::shared_ptr<Environment> closure;
  // triton.jit(do_not_specialize=[...]).
  std::vector<std::string> doNotSpecialize;
  // @triton.must_use_result(message): calls that drop the result are errors (message may be
  // empty).
  std::optional<std::string> mustUseResult;
  // Notes to give when it is compiled (a wrapping decorator trex looked through).
  std::vector<python::Diagnostic> notes;
};

// One parameter of a builtin; no default value means required.
struct BuiltinParameter {
  std::string name;
  std::optional<Value> defaultValue;
};

struct BuiltinSignature {
  std::vector<BuiltinParameter> positional;
  // The name of a `*args` parameter, empty when there is none.
  std::string variadic;
  std::vector<BuiltinParameter> keywordOnly;
};

// Arguments bound to a builtin's parameters.
class BoundArguments {
public:
  const Value &operator[](std::string_view name) const;
  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
  void set(const std::string &name, Value value) { values_[name] = std::move(value); }
  std::vector<Value> &variadic() { return variadic_; }
  const std::vector<Value> &variadic() const { return variadic_; }

private:
  std::map<std::string, Value, std::less<>> values_;
  std::vector<Value> variadic_;
};

using BuiltinImpl = std::function<Value(CodeGenerator &, BoundArguments &)>;
using StaticImpl = std::function<Value(CodeGenerator &, const python::CallExpr &)>;

struct Callable {
  enum class Kind { Jit, Builtin, Static };
  Kind kind = Kind::Builtin;
  // "triton.language.load", "triton.language.standard.max", "range".
  std::string name;
  std::shared_ptr<const JitFunction> jit;
  BuiltinSignature signature;
  BuiltinImpl impl;
  StaticImpl staticImpl;

  std::string displayName() const;
};

// The global names of a Python module the code generator reads: imports, functions and
// module-level assignments (evaluated on first use).
struct ModuleScope {
  struct Global {
    // Failed: module-level evaluation could not compute it; `failure` says why and where.
    enum class Kind { Resolved, Assignment, PlainFunction, Failed };
    Kind kind = Kind::Resolved;
    Value value;                              // Resolved
    std::shared_ptr<CompileError> failure;    // Failed
    const python::Expr *expression = nullptr; // Assignment: the right-hand side
    const python::Node *node = nullptr;       // where it is defined
    bool evaluating = false;
  };

  std::string fileName;   // used in locations
  std::string moduleName; // used in mangled names
  std::string source;
  std::unique_ptr<python::Module> module;
  std::unordered_map<std::string, Global> globals;
  std::vector<std::shared_ptr<JitFunction>> functions;

  // Adds a jit function defined in this module (bound to a global, in a class, or made by a
  // function the file calls) to `functions`, once.
  void addFunction(const std::shared_ptr<const JitFunction> &jit) {
    if (jit->scope != this)
      return;
    for (const auto &function : functions)
      if (function == jit)
        return;
    functions.push_back(std::const_pointer_cast<JitFunction>(jit));
  }
};

// The tables of builtins and namespaces, and trex's Triton standard library modules.
class Library {
public:
  Library();
  ~Library();

  // The value `namespacePath.name` (e.g. "triton.language", "load"); nullopt if there is none.
  std::optional<Value> lookup(std::string_view namespacePath, std::string_view name) const;
  // The namespace an `import` statement names ("triton.language"), if trex knows it.
  bool isKnownNamespace(std::string_view path) const;
  // A member of tensors (`x.to`, `x.sum`, `x.reshape`); nullopt if there is none.
  std::optional<std::shared_ptr<const Callable>> tensorMember(std::string_view name) const;
  // Python's builtins available in kernels (range, min, max, len, float, int, print, ...).
  std::optional<Value> pythonBuiltin(std::string_view name) const;
  // A builtin by its full name ("triton.language.core._take_first" ...).
  std::shared_ptr<const Callable> builtin(std::string_view fullName) const;
  // The jit function `name` of a standard-library module ("triton.language.standard").
  std::shared_ptr<const Callable> standardFunction(std::string_view module,
                                                   std::string_view name) const;
  // The standard library's modules, to parse once per Library.
  const std::vector<std::unique_ptr<ModuleScope>> &standardModules() const { return modules_; }

  // Registration, used by the tables.
  void addBuiltin(std::string fullName, BuiltinSignature signature, BuiltinImpl impl);
  void addStatic(std::string fullName, StaticImpl impl);
  void addValue(std::string fullName, Value value);
  void addNamespace(std::string path);
  void addTensorMember(std::string name, std::string fullName);

  // Parses and reads the standard-library modules (once, after the tables are filled).
  void loadStandardModules();

private:
  std::unordered_map<std::string, Value> values_; // "namespace.name" -> value
  std::unordered_map<std::string, bool> namespaces_;
  std::unordered_map<std::string, std::string> tensorMembers_; // member -> full name
  std::vector<std::unique_ptr<ModuleScope>> modules_;
};

// The process-wide library (built on first use; its tables never change afterwards).
const Library &library();

// Fills the tables; one function per group of builtins (BuiltinsCore.cpp, ...).
void registerCoreBuiltins(Library &library);
void registerMemoryBuiltins(Library &library);
void registerMathBuiltins(Library &library);
void registerReductionBuiltins(Library &library);
void registerPythonBuiltins(Library &library);
void registerLibdeviceBuiltins(Library &library);

// Reads the globals of a parsed module into `scope` (imports, jit functions, assignments).
void collectModuleGlobals(ModuleScope &scope);
// What an imported name stands for: `from triton.language import float32` binds a dtype,
// `import triton.language as tl` a namespace.
Value resolveImport(const Value &value);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_LIBRARY_H
