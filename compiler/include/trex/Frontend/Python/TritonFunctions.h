// TritonFunctions: finds the `@triton.jit` functions of a module and reads their decorators.
//
// Decorator names are resolved through the module's imports, so `@triton.jit`, `@tr.jit`
// (`import triton as tr`) and `@jit` (`from triton import jit`) are all recognized, and
// `@triton.autotune(...)` / `@triton.heuristics(...)` stacked above are read into plain
// structures.  Their arguments stay parsed expressions: trex never evaluates Python, so it is
// up to the caller to accept only what it can fold (literals, constexpr names).
#ifndef TREX_FRONTEND_PYTHON_TRITONFUNCTIONS_H
#define TREX_FRONTEND_PYTHON_TRITONFUNCTIONS_H

#include "trex/Frontend/Python/Diagnostic.h"
#include "trex/Frontend/Python/Module.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex::python {

// A decorator, `@name` or `@name(arguments)`.
struct Decorator {
  // The dotted name as written ("triton.jit", "tr.jit", "jit").
  std::string writtenName;
  // The dotted name with the first component replaced through the imports ("triton.jit" for
  // all three above).  Same as writtenName when nothing matches an import.
  std::string resolvedName;
  bool isCall = false;
  std::vector<const Expr *> arguments;
  // name -> value, in order; a `**mapping` argument has an empty name.
  std::vector<std::pair<std::string, const Expr *>> keywords;
  const Expr *expression = nullptr;

  // The keyword argument called `name`, or null.
  const Expr *keyword(std::string_view name) const;
};

// One `triton.Config({...}, num_warps=4, ...)` of an autotune config list.
struct AutotuneConfig {
  // The dict literal of the first argument: meta-parameter name -> value expression.
  std::vector<std::pair<std::string, const Expr *>> parameters;
  // The other keyword arguments: num_warps, num_stages, num_ctas, maxnreg, pre_hook, ...
  std::vector<std::pair<std::string, const Expr *>> options;
  const CallExpr *expression = nullptr;
};

struct Autotune {
  // Filled when `configs=` is a list or tuple literal of triton.Config(...) calls.
  std::vector<AutotuneConfig> configs;
  // False when `configs=` is anything else (a function call, a name), which only running
  // Python could expand; `configsExpression` is then the only record of it.
  bool configsAreLiteral = false;
  const Expr *configsExpression = nullptr;
  // The string literals of `key=[...]`.
  std::vector<std::string> key;
  // The whole decorator, for its other arguments (prune_configs_by, warmup, ...).
  Decorator decorator;
};

// `@triton.heuristics({"EVEN_K": lambda args: ...})`: name -> value expression (usually a
// lambda of `args`).
struct Heuristics {
  std::vector<std::pair<std::string, const Expr *>> values;
  Decorator decorator;
};

struct TritonFunction {
  const FunctionDefStmt *definition = nullptr;
  // Every decorator of the function, outermost first.
  std::vector<Decorator> decorators;
  // The jit decorator (a copy of the one in `decorators`).
  Decorator jit;
  std::optional<Autotune> autotune;
  std::optional<Heuristics> heuristics;

  const std::string &name() const { return definition->name(); }
};

struct TritonFunctionSearch {
  std::vector<TritonFunction> functions;
  // Errors for jit functions Triton would reject at this level (`*args`, `**kwargs`) and for
  // malformed autotune/heuristics decorators.
  std::vector<Diagnostic> diagnostics;
};

// The top-level functions decorated with triton.jit, in source order.  `source` is the text
// the module was parsed from (for the diagnostics' source lines).
TritonFunctionSearch findTritonFunctions(const Module &module, std::string_view source);

} // namespace trex::python

#endif // TREX_FRONTEND_PYTHON_TRITONFUNCTIONS_H
