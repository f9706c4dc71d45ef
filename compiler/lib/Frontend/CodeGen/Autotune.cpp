// Autotune: @triton.autotune configs and @triton.heuristics folded at compile time, and the
// public listing of them (readKernelConfigs).
#include "Autotune.h"

#include "Specialization.h"

#include "../Module/ModuleEvaluator.h"

#include "trex/Frontend/Python/AstVisitor.h"
#include "trex/Frontend/Python/Parser.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace trex::frontend {

namespace {

CompileError errorAt(const JitFunction &kernel, python::SourceLocation where, std::string message) {
  CompileError error(std::move(message));
  error.addFrame({kernel.scope, where});
  return error;
}

// The value of a launch option of triton.Config (num_warps=8): a positive compile-time int.
int launchOption(const JitFunction &kernel, python::SourceLocation where, const std::string &name,
                 const Value &value) {
  if (!value.isInt() || value.asInt() <= 0 || value.asInt() > (1 << 20))
    throw errorAt(kernel, where,
                  "triton.Config's " + name + " must be a positive integer, not " +
                      value.describe());
  return static_cast<int>(value.asInt());
}

// Byte offset of a position in `source` (clamped to its end).
size_t offsetOf(std::string_view source, python::SourceLocation where) {
  size_t offset = 0;
  for (int line = 1; line < where.line && offset < source.size(); ++line) {
    size_t newline = source.find('\n', offset);
    if (newline == std::string_view::npos)
      return source.size();
    offset = newline + 1;
  }
  return std::min(source.size(), offset + static_cast<size_t>(std::max(where.column, 0)));
}

std::string sourceText(std::string_view source, const python::Node &node) {
  size_t begin = offsetOf(source, node.range().begin);
  size_t end = std::max(begin, offsetOf(source, node.range().end));
  std::string text(source.substr(begin, end - begin));
  // One line, for listings.
  std::string flattened;
  bool space = false;
  for (char c : text) {
    bool isSpace = c == '\n' || c == '\r' || c == '\t' || c == ' ';
    if (isSpace && !flattened.empty() && !space)
      flattened += ' ';
    if (!isSpace)
      flattened += c;
    space = isSpace;
  }
  return flattened;
}

} // namespace

std::string pythonRepr(const Value &value) {
  if (value.isString())
    return "'" + value.asString() + "'";
  return value.str();
}

std::vector<FoldedConfig> foldAutotuneConfigs(GenerationState &state, const JitFunction &kernel) {
  (void)state;
  std::vector<FoldedConfig> configs;
  if (!kernel.autotune)
    return configs;
  const EvaluatedAutotune &autotune = *kernel.autotune;
  for (const Value &configValue : autotune.configs) {
    const Object &config = *configValue.asObject();
    FoldedConfig folded;
    folded.info.index = static_cast<int>(configs.size());
    bool local = config.origin == kernel.scope;
    folded.info.location = local ? config.location : autotune.location;
    python::SourceLocation where = folded.info.location;
    if (const Value *kwargs = config.attribute("kwargs"))
      for (const auto &[key, value] : kwargs->dictEntries()) {
        const std::string &name = key.asString();
        if (!value.isConstexpr() || value.isCallable())
          throw errorAt(kernel, where,
                        "the value of meta-parameter '" + name +
                            "' must be a compile-time constant, not " + value.describe());
        folded.info.metaParameters.emplace_back(name, pythonRepr(value));
        folded.values.emplace_back(name, value);
      }
    if (const Value *value = config.attribute("num_warps"))
      folded.info.numWarps = launchOption(kernel, where, "num_warps", *value);
    if (const Value *value = config.attribute("num_stages"))
      folded.info.numStages = launchOption(kernel, where, "num_stages", *value);
    if (const Value *value = config.attribute("num_ctas"))
      folded.info.numCTAs = launchOption(kernel, where, "num_ctas", *value);
    if (const Value *value = config.attribute("maxnreg"); value && !value->isNone())
      folded.info.maxRegisters = launchOption(kernel, where, "maxnreg", *value);
    configs.push_back(std::move(folded));
  }
  return configs;
}

Value foldHeuristic(GenerationState &state, const JitFunction &kernel, const std::string &parameter,
                    const Value &function, const HeuristicArguments &arguments) {
  const ModuleScope *where = kernel.heuristics->scope ? kernel.heuristics->scope : kernel.scope;
  python::SourceLocation location = kernel.heuristics->location;
  const Object *object = function.isObject() ? function.asObject().get() : nullptr;
  if (object && object->lambda && object->lambda->parameters().size() == 1) {
    // A read of a runtime argument cannot be folded: say which parameter to give a value.
    const std::string &argsName = object->lambda->parameters()[0].name;
    python::walkAst(object->lambda->body(), [&](const python::Node &node) {
      const auto *read = node.dynCast<python::SubscriptExpr>();
      const auto *name = read ? read->value().dynCast<python::NameExpr>() : nullptr;
      const auto *key = read ? read->index().dynCast<python::StringLiteral>() : nullptr;
      if (!name || name->identifier() != argsName || !key)
        return;
      for (const auto &[runtimeName, entry] : arguments.runtime)
        if (runtimeName == key->value()) {
          CompileError error("the heuristic for '" + parameter + "' reads " + argsName + "['" +
                             runtimeName + "'], which is a runtime argument ('" + entry +
                             "') in this signature; give " + runtimeName +
                             " a value in the signature (a literal such as 1024), or give " +
                             parameter + "'s value there");
          error.addFrame({object->origin, node.location()});
          throw error;
        }
    });
  }
  try {
    Value args = Value::dict(arguments.constants);
    // Heuristics see every argument; runtime ones have no value trex knows.
    for (const auto &[name, entry] : arguments.runtime)
      args.dictEntries().emplace_back(
          Value::string(name), opaqueValue("the runtime argument " + name + " ('" + entry + "')"));
    Value value = state.evaluator->call(function, {args}, {}, kernel.scope);
    if (isOpaque(value))
      fail("its value depends on " + value.asObject()->name + "; give " + parameter +
           "'s value in the signature instead");
    if (value.isList())
      value = Value::tuple(value.listElements());
    return value.wrappedAsConstexpr(false);
  } catch (const CompileError &error) {
    CompileError explained("in the heuristic for '" + parameter + "': " + error.message());
    for (const SourcePoint &frame : error.frames())
      explained.addFrame(frame);
    if (!explained.isLocated())
      explained.addFrame({where, location});
    throw explained;
  }
}

KernelConfigs readKernelConfigs(std::string_view source, std::string fileName,
                                const std::string &kernelName,
                                const std::vector<std::string> &pythonPath) {
  KernelConfigs result;
  auto scope = std::make_unique<ModuleScope>();
  scope->fileName = fileName;
  scope->moduleName = llvm::sys::path::stem(fileName).str();
  scope->source = std::string(source);
  python::ParseResult parsed = python::parsePythonModule(scope->source, fileName);
  result.diagnostics = parsed.diagnostics;
  if (!parsed.succeeded())
    return result;
  scope->module = std::move(parsed.module);

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  FrontendOptions options = FrontendOptions::forCUDA(90);
  GenerationState state;
  state.context = &context;
  state.options = &options;
  ModuleEvaluator evaluator(state, moduleSearchPath(pythonPath));
  state.evaluator = &evaluator;
  evaluator.evaluateModule(*scope);
  try {
    const JitFunction &kernel = selectKernel(*scope, kernelName);
    result.kernelName = kernel.definition->name();
    result.hasAutotune = kernel.autotune.has_value();
    if (kernel.autotune)
      result.key = kernel.autotune->key;
    if (kernel.heuristics)
      for (const auto &[parameter, function] : kernel.heuristics->values) {
        const Object *object = function.isObject() ? function.asObject().get() : nullptr;
        bool local =
            object && object->origin == scope.get() && (object->lambda || object->definition);
        const python::Node *node = !local ? nullptr
                                   : object->lambda
                                       ? static_cast<const python::Node *>(object->lambda)
                                       : object->definition;
        result.heuristics.push_back({parameter,
                                     node ? sourceText(scope->source, *node) : function.str(),
                                     node ? node->location() : kernel.heuristics->location});
      }
    for (FoldedConfig &config : foldAutotuneConfigs(state, kernel))
      result.configs.push_back(std::move(config.info));
  } catch (const CompileError &error) {
    reportCompileError(error, *scope, result.diagnostics);
  }
  return result;
}

} // namespace trex::frontend
