// Specialization: the kernel of a file and its parameters made concrete, in this order: the
// signature's entries, the chosen autotune config, the heuristics, the default values.
#include "Specialization.h"

#include "Autotune.h"
#include "Library.h"
#include "Signature.h"

#include "../Module/Object.h"

#include "trex/Frontend/Python/Parser.h"

#include <algorithm>
#include <map>

namespace trex::frontend {

namespace {

CompileError errorAt(const ModuleScope &scope, python::SourceLocation where, std::string message) {
  CompileError error(std::move(message));
  error.addFrame({&scope, where});
  return error;
}

std::string joined(const std::vector<std::string> &names) {
  std::string text;
  for (const std::string &name : names)
    text += (text.empty() ? "" : ", ") + name;
  return text;
}

bool isConstexprAnnotation(GenerationState &state, ModuleScope &scope,
                           const python::Parameter &parameter) {
  if (!parameter.annotation)
    return false;
  try {
    Value annotation = CodeGenerator::evaluateConstant(state, scope, *parameter.annotation);
    return annotation.isCallable() && annotation.asCallable()->name == "triton.language.constexpr";
  } catch (const CompileError &) {
    return false;
  }
}

// A signature entry that is neither a type nor a literal, read as a compile-time expression of
// the module: an entry that does not parse as an expression, or whose names are all unknown to
// the module, is not one (the caller reports the entry's own error then).
std::optional<Value> constantExpressionEntry(GenerationState &state, ModuleScope &scope,
                                             const std::string &entry) {
  python::ExpressionParseResult parsed = python::parsePythonExpression(entry, "<signature entry>");
  if (!parsed.succeeded())
    return std::nullopt;
  // A bare name must be one of the module's (a Python builtin such as `float` is no type).
  if (const auto *name = parsed.expression->dynCast<python::NameExpr>())
    if (!scope.globals.count(name->identifier()))
      return std::nullopt;
  try {
    return CodeGenerator::evaluateConstant(state, scope, *parsed.expression);
  } catch (const CompileError &) {
    return std::nullopt;
  }
}

bool sameConstant(const Value &a, const Value &b) {
  return ValueTemplate::of(a) == ValueTemplate::of(b);
}

} // namespace

const JitFunction &selectKernel(const ModuleScope &scope, const std::string &name) {
  // A global of that name holding a jit function (`kernel = triton.jit(_impl)`, an autotuned
  // kernel) comes first; then a jit function defined under that name.
  // `Class.kernel`: a jit function defined in a class, by its attributes.
  if (size_t dot = name.find('.'); dot != std::string::npos) {
    auto global = scope.globals.find(name.substr(0, dot));
    const Value *value =
        global != scope.globals.end() && global->second.kind == ModuleScope::Global::Kind::Resolved
            ? &global->second.value
            : nullptr;
    for (size_t start = dot + 1; value && start <= name.size();) {
      size_t next = std::min(name.find('.', start), name.size());
      value = value->isObject() ? value->asObject()->attribute(name.substr(start, next - start))
                                : nullptr;
      start = next + 1;
    }
    if (value && value->isCallable() && value->asCallable()->kind == Callable::Kind::Jit)
      return *value->asCallable()->jit;
    // `builder.kernel`, a kernel a function makes: the one jit function of that name.
    std::string tail = name.substr(name.rfind('.') + 1);
    const JitFunction *only = nullptr;
    int count = 0;
    for (const auto &function : scope.functions)
      if (function->definition->name() == tail && function.get() != only) {
        only = function.get();
        ++count;
      }
    if (count == 1)
      return *only;
  }
  if (!name.empty()) {
    auto global = scope.globals.find(name);
    if (global != scope.globals.end()) {
      if (global->second.kind == ModuleScope::Global::Kind::Failed)
        throw *global->second.failure;
      const Value &value = global->second.value;
      if (global->second.kind == ModuleScope::Global::Kind::Resolved && value.isCallable() &&
          value.asCallable()->kind == Callable::Kind::Jit)
        return *value.asCallable()->jit;
    }
  }
  std::vector<std::string> available;
  for (auto it = scope.functions.rbegin(); it != scope.functions.rend(); ++it)
    if ((*it)->definition->name() == name)
      return **it;
  for (const auto &function : scope.functions)
    if (std::find(available.begin(), available.end(), function->definition->name()) ==
        available.end())
      available.push_back(function->definition->name());
  bool oneDefinition =
      !scope.functions.empty() &&
      std::all_of(scope.functions.begin(), scope.functions.end(), [&](const auto &f) {
        return f->definition == scope.functions.front()->definition;
      });
  if (name.empty() && oneDefinition)
    return *scope.functions.back();
  if (available.empty())
    throw errorAt(scope, {1, 0}, "no @triton.jit function in this file");
  python::SourceLocation first = scope.functions.front()->definition->location();
  if (name.empty())
    throw errorAt(scope, first,
                  "this file has several @triton.jit functions (" + joined(available) +
                      "); choose one with --kernel");
  throw errorAt(scope, first,
                "no @triton.jit function named '" + name + "' in this file; it has: " +
                    joined(available));
}

void checkNamedParameters(const JitFunction &function) {
  const python::FunctionDefStmt &definition = *function.definition;
  for (const python::Parameter &parameter : definition.parameters())
    if (parameter.kind == python::ParameterKind::VariadicPositional ||
        parameter.kind == python::ParameterKind::VariadicKeyword)
      throw errorAt(*function.scope, parameter.range.begin,
                    "@triton.jit function '" + definition.name() + "' cannot take '" +
                        (parameter.kind == python::ParameterKind::VariadicPositional ? "*"
                                                                                      : "**") +
                        parameter.name +
                        "': every parameter of a Triton function must be named");
}

KernelSpecialization specializeKernel(GenerationState &state, const JitFunction &kernel,
                                      const KernelRequest &request) {
  ModuleScope &scope = *kernel.scope;
  const python::FunctionDefStmt &definition = *kernel.definition;
  const python::ParameterList &parameters = definition.parameters();
  const std::string &kernelName = definition.name();
  checkNamedParameters(kernel);
  auto parameterIndex = [&](const std::string &name) -> std::optional<size_t> {
    for (size_t i = 0; i < parameters.size(); ++i)
      if (parameters[i].name == name)
        return i;
    return std::nullopt;
  };

  std::vector<std::string> entries = splitSignature(request.signature);
  if (entries.size() > parameters.size())
    throw errorAt(scope, definition.location(),
                  "the signature has " + std::to_string(entries.size()) + " entries but " +
                      kernelName + " has " + std::to_string(parameters.size()) + " parameters");

  // Values given by name: the chosen config's meta-parameters, then the heuristics.
  KernelSpecialization result;
  std::map<size_t, Value> configValues;
  if (request.autotuneConfig) {
    int index = *request.autotuneConfig;
    if (!kernel.autotune)
      throw errorAt(scope, definition.location(),
                    kernelName + " has no @triton.autotune, so there is no config " +
                        std::to_string(index) + " to use");
    std::vector<FoldedConfig> configs = foldAutotuneConfigs(state, kernel);
    if (index < 0 || index >= static_cast<int>(configs.size()))
      throw errorAt(scope,
                    kernel.autotune->scope == &scope ? kernel.autotune->location
                                                     : definition.location(),
                    "there is no autotune config " + std::to_string(index) + ": " + kernelName +
                        " has " + std::to_string(configs.size()) + " (numbered from 0)");
    const FoldedConfig &config = configs[static_cast<size_t>(index)];
    for (const auto &[name, value] : config.values) {
      std::optional<size_t> parameter = parameterIndex(name);
      if (!parameter)
        throw errorAt(scope, config.info.location,
                      "autotune config " + std::to_string(index) + " sets '" + name +
                          "', which is not a parameter of " + kernelName);
      configValues[*parameter] = value;
    }
    result.config = config.info;
    result.remarks.push_back(python::makeDiagnostic(
        python::DiagnosticSeverity::Remark, scope.source, scope.fileName, config.info.location,
        "using autotune config " + std::to_string(index) + ": " + config.info.describe()));
  }
  std::vector<std::pair<size_t, Value>> heuristics;
  // Heuristics may also give launch options (num_warps, ...), which are not parameters.
  std::vector<std::pair<std::string, Value>> launchHeuristics;
  if (kernel.heuristics)
    for (const auto &[name, expression] : kernel.heuristics->values) {
      std::optional<size_t> parameter = parameterIndex(name);
      if (!parameter && (name == "num_warps" || name == "num_stages" || name == "num_ctas" ||
                         name == "maxnreg")) {
        launchHeuristics.emplace_back(name, expression);
        continue;
      }
      if (!parameter)
        throw errorAt(scope,
                      kernel.heuristics->scope == &scope ? kernel.heuristics->location
                                                         : definition.location(),
                      "@triton.heuristics sets '" + name + "', which is not a parameter of " +
                          kernelName);
      heuristics.emplace_back(*parameter, expression);
    }

  // The signature's entries go in order to every parameter, or, when there are fewer entries
  // than parameters not given by name, to those.
  std::vector<bool> byName(parameters.size(), false);
  for (const auto &[index, value] : configValues)
    byName[index] = true;
  for (const auto &[index, expression] : heuristics)
    byName[index] = true;
  size_t positionalSlots = static_cast<size_t>(std::count(byName.begin(), byName.end(), false));
  bool toEveryParameter = entries.size() > positionalSlots;
  std::vector<std::optional<size_t>> entryOf(parameters.size());
  for (size_t i = 0, next = 0; i < parameters.size() && next < entries.size(); ++i)
    if (toEveryParameter || !byName[i])
      entryOf[i] = next++;

  std::vector<std::optional<ValueTemplate>> bound(parameters.size());
  HeuristicArguments arguments;
  std::vector<std::string> missing;
  for (size_t i = 0; i < parameters.size(); ++i) {
    const python::Parameter &parameter = parameters[i];
    auto constant = [&](const Value &value) {
      bound[i] = ValueTemplate::of(value);
      arguments.constants.emplace_back(parameter.name, value);
    };
    if (entryOf[i]) {
      const std::string &entry = entries[*entryOf[i]];
      ParameterSpecialization specialization;
      try {
        specialization = parseSignatureEntry(entry);
      } catch (const CompileError &error) {
        // Not a type or a literal: a constexpr written as a Python expression of the file's
        // module scope (`my_helper`, `(16, 32)`, `float('inf')`), as trex_triton writes the
        // constexprs Triton's AOT signature has no literal for.
        std::optional<Value> value = constantExpressionEntry(state, scope, entry);
        if (!value)
          throw errorAt(scope, parameter.range.begin,
                        "signature entry '" + entry + "' for parameter '" + parameter.name +
                            "': " + error.message());
        specialization.text = entry;
        specialization.constant = std::move(*value);
      }
      if (specialization.constant) {
        auto config = configValues.find(i);
        if (config != configValues.end() && !sameConstant(config->second, *specialization.constant))
          throw errorAt(scope, parameter.range.begin,
                        parameter.name + " is " + pythonRepr(*specialization.constant) +
                            " in the signature but " + pythonRepr(config->second) +
                            " in autotune config " + std::to_string(*request.autotuneConfig));
        constant(*specialization.constant);
        continue;
      }
      if (isConstexprAnnotation(state, scope, parameter))
        throw errorAt(scope, parameter.range.begin,
                      "parameter '" + parameter.name +
                          "' is a tl.constexpr: give its value in the signature (e.g. 1024), "
                          "not the type '" + specialization.text + "'");
      // Without TMA, Triton 3.6 passes a host descriptor split into pointer, shape, strides
      // and a padding flag (then shape and strides again); trex launches host descriptors as
      // TMA descriptors only.
      if (specialization.type->isTensorDesc() &&
          !(state.options->isCUDA && state.options->computeCapability >= 90))
        throw errorAt(scope, parameter.range.begin,
                      "parameter '" + parameter.name + "' is a host tensor descriptor (" + entry +
                          "): trex launches those as TMA descriptors, which need sm_90 or "
                          "newer; on this target make the descriptor in the kernel "
                          "(tl.make_tensor_descriptor) or pass the pointer");
      ValueTemplate runtime;
      runtime.kind = ValueTemplate::Kind::Tensor;
      runtime.type = *specialization.type;
      bound[i] = runtime;
      arguments.runtime.emplace_back(parameter.name, entry);
      if (specialization.divisibility)
        result.prototype.attributes[i].push_back({"tt.divisibility", *specialization.divisibility});
      continue;
    }
    if (auto config = configValues.find(i); config != configValues.end()) {
      constant(config->second);
      continue;
    }
    bool hasHeuristic = std::any_of(heuristics.begin(), heuristics.end(),
                                    [&](const auto &heuristic) { return heuristic.first == i; });
    if (hasHeuristic)
      continue;
    if (parameter.defaultValue) {
      constant(CodeGenerator::evaluateConstant(state, scope, *parameter.defaultValue));
      continue;
    }
    missing.push_back(parameter.name);
  }
  if (!missing.empty()) {
    std::vector<std::string> givenByName;
    for (size_t i = 0; i < parameters.size(); ++i)
      if (byName[i] && !entryOf[i])
        givenByName.push_back(parameters[i].name);
    std::string message = "the signature has " + std::to_string(entries.size()) +
                          " entries but " + kernelName + " needs " +
                          std::to_string(parameters.size() - givenByName.size());
    if (!givenByName.empty())
      message += " besides " + joined(givenByName) + " (given by the autotune config or the "
                 "heuristics)";
    message += "; missing: " + joined(missing);
    if (kernel.autotune && !request.autotuneConfig)
      message += " (an autotune config can give meta-parameters: list them with "
                 "--list-configs, choose one with --config N)";
    throw errorAt(scope, definition.location(), message);
  }

  // Heuristics, in the order they are written; each sees the values before it.
  std::string folded;
  for (const auto &[index, expression] : heuristics) {
    if (bound[index])
      continue;
    const std::string &name = parameters[index].name;
    Value value = foldHeuristic(state, kernel, name, expression, arguments);
    bound[index] = ValueTemplate::of(value);
    arguments.constants.emplace_back(name, value);
    folded += (folded.empty() ? "" : ", ") + name + "=" + pythonRepr(value);
  }
  python::SourceLocation heuristicsAt = kernel.heuristics && kernel.heuristics->scope == &scope
                                            ? kernel.heuristics->location
                                            : definition.location();
  for (const auto &[name, function] : launchHeuristics) {
    try {
      Value value = foldHeuristic(state, kernel, name, function, arguments);
      if (!value.isInt() || value.asInt() <= 0 || value.asInt() > 1024)
        throw CompileError("it gives " + value.describe() + ", not a positive integer");
      if (!result.config) {
        result.config = AutotuneConfigInfo{};
        result.config->index = -1;
        result.config->location = heuristicsAt;
      }
      int number = static_cast<int>(value.asInt());
      if (name == "num_warps")
        result.config->numWarps = number;
      else if (name == "num_stages")
        result.config->numStages = number;
      else if (name == "num_ctas")
        result.config->numCTAs = number;
      else
        result.config->maxRegisters = number;
      folded += (folded.empty() ? "" : ", ") + name + "=" + pythonRepr(value);
    } catch (const CompileError &error) {
      result.remarks.push_back(python::makeDiagnostic(
          python::DiagnosticSeverity::Remark, scope.source, scope.fileName, heuristicsAt,
          "the heuristic for " + name + " cannot be folded (" + error.message() +
              "); the launch's own " + name + " applies"));
    }
  }
  if (!folded.empty())
    result.remarks.push_back(python::makeDiagnostic(python::DiagnosticSeverity::Remark,
                                                    scope.source, scope.fileName, heuristicsAt,
                                                    "heuristics give " + folded));

  for (std::optional<ValueTemplate> &parameter : bound)
    result.prototype.parameters.push_back(std::move(*parameter));
  return result;
}

} // namespace trex::frontend
