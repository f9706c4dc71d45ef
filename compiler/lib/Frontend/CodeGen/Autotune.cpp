// Autotune: @triton.autotune configs and @triton.heuristics folded at compile time, and the
// public listing of them (readKernelConfigs).
#include "Autotune.h"

#include "Specialization.h"

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
int launchOption(GenerationState &state, const JitFunction &kernel, const std::string &name,
                 const python::Expr &expression) {
  Value value = CodeGenerator::evaluateConstant(state, *kernel.scope, expression);
  if (!value.isInt() || value.asInt() <= 0 || value.asInt() > (1 << 20))
    throw errorAt(kernel, expression.location(),
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

std::string AutotuneConfigInfo::describe() const {
  std::string text;
  for (const auto &[name, value] : metaParameters)
    text += (text.empty() ? "" : ", ") + name + "=" + value;
  text += (text.empty() ? "" : "; ") + std::string("num_warps=") + std::to_string(numWarps) +
          ", num_stages=" + std::to_string(numStages);
  if (numCTAs != 1)
    text += ", num_ctas=" + std::to_string(numCTAs);
  if (maxRegisters)
    text += ", maxnreg=" + std::to_string(*maxRegisters);
  return text;
}

std::vector<FoldedConfig> foldAutotuneConfigs(GenerationState &state, const JitFunction &kernel) {
  std::vector<FoldedConfig> configs;
  if (!kernel.autotune)
    return configs;
  const python::Autotune &autotune = *kernel.autotune;
  if (!autotune.configsAreLiteral) {
    const python::Expr *where = autotune.configsExpression ? autotune.configsExpression
                                                           : autotune.decorator.expression;
    throw errorAt(kernel, where->location(),
                  "trex reads the configs of @triton.autotune when they are a list of "
                  "triton.Config(...) calls; this one is computed by Python code");
  }
  for (const python::AutotuneConfig &config : autotune.configs) {
    FoldedConfig folded;
    folded.info.index = static_cast<int>(configs.size());
    folded.info.location = config.expression->location();
    const python::Expr *parameters =
        config.expression->keyword("kwargs")
            ? config.expression->keyword("kwargs")
            : (config.expression->arguments().empty() ? nullptr
                                                       : config.expression->arguments()[0].get());
    if (!parameters || !parameters->isa<python::DictExpr>())
      throw errorAt(kernel, config.expression->location(),
                    "the first argument of triton.Config must be a dict literal of "
                    "meta-parameters, like {'BLOCK_SIZE': 128}");
    for (const auto &[name, expression] : config.parameters) {
      Value value = CodeGenerator::evaluateConstant(state, *kernel.scope, *expression);
      if (!value.isConstexpr() || value.isCallable())
        throw errorAt(kernel, expression->location(),
                      "the value of meta-parameter '" + name +
                          "' must be a compile-time constant, not " + value.describe());
      folded.info.metaParameters.emplace_back(name, pythonRepr(value));
      folded.values.emplace_back(name, value);
    }
    for (const auto &[name, expression] : config.options) {
      if (name == "num_warps")
        folded.info.numWarps = launchOption(state, kernel, name, *expression);
      else if (name == "num_stages")
        folded.info.numStages = launchOption(state, kernel, name, *expression);
      else if (name == "num_ctas")
        folded.info.numCTAs = launchOption(state, kernel, name, *expression);
      else if (name == "maxnreg" && !expression->isa<python::NoneLiteral>())
        folded.info.maxRegisters = launchOption(state, kernel, name, *expression);
    }
    configs.push_back(std::move(folded));
  }
  return configs;
}

Value foldHeuristic(GenerationState &state, const JitFunction &kernel, const std::string &parameter,
                    const python::Expr &value, const HeuristicArguments &arguments) {
  const auto *lambda = value.dynCast<python::LambdaExpr>();
  if (!lambda || lambda->parameters().size() != 1 ||
      lambda->parameters()[0].kind != python::ParameterKind::PositionalOrKeyword)
    throw errorAt(kernel, value.location(),
                  "trex folds heuristics written as `lambda args: <expression>`; give " +
                      parameter + "'s value in the signature instead");
  const std::string &argsName = lambda->parameters()[0].name;

  // A read of a runtime argument cannot be folded: say which parameter to give a value.
  python::walkAst(lambda->body(), [&](const python::Node &node) {
    const auto *read = node.dynCast<python::SubscriptExpr>();
    const auto *object = read ? read->value().dynCast<python::NameExpr>() : nullptr;
    const auto *key = read ? read->index().dynCast<python::StringLiteral>() : nullptr;
    if (!object || object->identifier() != argsName || !key)
      return;
    for (const auto &[name, entry] : arguments.runtime)
      if (name == key->value())
        throw errorAt(kernel, node.location(),
                      "the heuristic for '" + parameter + "' reads " + argsName + "['" + name +
                          "'], which is a runtime argument ('" + entry +
                          "') in this signature; give " + name +
                          " a value in the signature (a literal such as 1024), or give " +
                          parameter + "'s value there");
  });

  try {
    return CodeGenerator::evaluateConstant(state, *kernel.scope, lambda->body(), true,
                                           {{argsName, Value::dict(arguments.constants)}});
  } catch (const CompileError &error) {
    CompileError explained("in the heuristic for '" + parameter + "': " + error.message());
    for (const SourcePoint &frame : error.frames())
      explained.addFrame(frame);
    if (!explained.isLocated())
      explained.addFrame({kernel.scope, value.location()});
    throw explained;
  }
}

KernelConfigs readKernelConfigs(std::string_view source, std::string fileName,
                                const std::string &kernelName) {
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
  collectModuleGlobals(*scope);

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  FrontendOptions options = FrontendOptions::forCUDA(90);
  GenerationState state;
  state.context = &context;
  state.options = &options;
  try {
    const JitFunction &kernel = selectKernel(*scope, kernelName);
    result.kernelName = kernel.definition->name();
    result.hasAutotune = kernel.autotune.has_value();
    if (kernel.autotune)
      result.key = kernel.autotune->key;
    if (kernel.heuristics)
      for (const auto &[parameter, expression] : kernel.heuristics->values)
        result.heuristics.push_back(
            {parameter, sourceText(scope->source, *expression), expression->location()});
    for (FoldedConfig &config : foldAutotuneConfigs(state, kernel))
      result.configs.push_back(std::move(config.info));
  } catch (const CompileError &error) {
    reportCompileError(error, *scope, result.diagnostics);
  }
  return result;
}

} // namespace trex::frontend
