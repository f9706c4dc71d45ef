// ModuleEvaluator: runs a Python module's top-level statements the way Python would, without
// Python, so the code generator sees what Triton sees when it compiles a kernel: the module's
// globals after import (jit functions, constants, aliases, autotune configs).
//
// It is a small interpreter over trex's Python AST: imports (Triton's package through
// PackageModel, sibling files and packages on the search path, torch/os/math/functools/
// packaging modelled, anything else opaque), assignments, `if`/`try`/`for`/`while`, plain
// function and class definitions and calls, comprehensions, decorators (triton.jit,
// autotune, heuristics, constexpr_function, unknown wrappers). It has no side effects: no file
// is written, nothing is run but the module's own statements, and loops are bounded.
//
// A top-level statement that fails (an opaque value where a number is needed, an exception
// Python would raise) does not stop the module: the names it would bind hold the error, which
// a kernel reading one of them reports at the definition.
#ifndef TREX_FRONTEND_MODULE_MODULEEVALUATOR_H
#define TREX_FRONTEND_MODULE_MODULEEVALUATOR_H

#include "Object.h"

#include "../CodeGen/CompileError.h"
#include "../CodeGen/Library.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace trex::frontend {

// The name a decorator goes by, `jit` for `@triton.jit`, `@jit` and `@triton.jit(...)`; empty
// when it is neither a name nor an attribute (called or not).
std::string decoratorName(const python::Expr &decorator);

struct GenerationState;
struct FrontendOptions;

// An exception Python would raise (ImportError, AttributeError, KeyError, ...), which `try`
// can catch by type.
class PythonException : public CompileError {
public:
  PythonException(std::string type, std::string message)
      : CompileError(type + ": " + message), type_(std::move(type)) {}
  const std::string &type() const { return type_; }

private:
  std::string type_;
};

// The folders absolute imports search after the kernel file's own: `folders` (--python-path),
// then those of TREX_PYTHONPATH (separated by ':'), as sys.path.
std::vector<std::string> moduleSearchPath(std::vector<std::string> folders);

class ModuleEvaluator {
public:
  // `searchPath`: folders searched for absolute imports after the kernel file's own folder
  // (--python-path, TREX_PYTHONPATH).
  ModuleEvaluator(GenerationState &state, std::vector<std::string> searchPath);
  ~ModuleEvaluator();

  // Evaluates the parsed module of `scope` (whose fileName is the file's path) and fills its
  // globals and jit functions. Never throws: failures are kept in the globals they concern.
  void evaluateModule(ModuleScope &scope);

  // Calls a Python callable (a plain or constexpr function, a partial) with compile-time
  // values. Throws CompileError. `caller` is the module whose code makes the call: the call
  // runs there when the callee names no module of its own (the object an unknown decorator
  // returned, say) and no module is being evaluated (a heuristic folded at specialization).
  Value call(const Value &callee, std::vector<Value> arguments,
             std::vector<std::pair<std::string, Value>> keywords, ModuleScope *caller);

  // The Python files read for imports (not the kernel's own file), by real path.
  std::vector<std::string> importedFiles() const;

  // Warnings and remarks (unwrapped decorators, conditions trex could not decide).
  std::vector<python::Diagnostic> &diagnostics() { return diagnostics_; }

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
  std::vector<python::Diagnostic> diagnostics_;
};

} // namespace trex::frontend

#endif // TREX_FRONTEND_MODULE_MODULEEVALUATOR_H
