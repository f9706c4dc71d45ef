// TritonFunctions: recognizes @triton.jit functions through the module's imports and reads
// their autotune and heuristics decorators into plain structures.
#include "trex/Frontend/Python/TritonFunctions.h"

#include <array>
#include <map>

namespace trex::python {

namespace {

// Where Triton defines each decorator, under every name it is exported by.
constexpr std::array<std::string_view, 3> JitNames = {"triton.jit", "triton.runtime.jit",
                                                      "triton.runtime.jit.jit"};
constexpr std::array<std::string_view, 3> AutotuneNames = {
    "triton.autotune", "triton.runtime.autotune", "triton.runtime.autotuner.autotune"};
constexpr std::array<std::string_view, 3> HeuristicsNames = {
    "triton.heuristics", "triton.runtime.heuristics", "triton.runtime.autotuner.heuristics"};
constexpr std::array<std::string_view, 3> ConfigNames = {"triton.Config", "triton.runtime.Config",
                                                         "triton.runtime.autotuner.Config"};

template <size_t N>
bool isOneOf(const std::string &name, const std::array<std::string_view, N> &names) {
  for (std::string_view candidate : names)
    if (name == candidate)
      return true;
  return false;
}

// "a.b.c" for a chain of attributes on a name, "" for anything else.
std::string dottedName(const Expr &expr) {
  if (const auto *name = expr.dynCast<NameExpr>())
    return name->identifier();
  if (const auto *attribute = expr.dynCast<AttributeExpr>()) {
    std::string base = dottedName(attribute->value());
    return base.empty() ? std::string() : base + "." + attribute->attribute();
  }
  return {};
}

// Local name -> the dotted path it stands for, from the module's top-level imports:
// `import triton.language as tl` maps tl -> triton.language, `from triton import jit` maps
// jit -> triton.jit, `import triton` maps triton -> triton.
class ImportBindings {
public:
  explicit ImportBindings(const Module &module) {
    for (const StmtPtr &statement : module.body()) {
      if (const auto *import = statement->dynCast<ImportStmt>()) {
        for (const ImportAlias &alias : import->names())
          bindings_[alias.boundName()] = alias.asName.empty() ? alias.boundName() : alias.name;
      } else if (const auto *importFrom = statement->dynCast<ImportFromStmt>()) {
        if (importFrom->level() != 0)
          continue;
        for (const ImportAlias &alias : importFrom->names())
          if (alias.name != "*")
            bindings_[alias.boundName()] = importFrom->module() + "." + alias.name;
      }
    }
  }

  std::string resolve(const std::string &dotted) const {
    size_t dot = dotted.find('.');
    auto binding = bindings_.find(dotted.substr(0, dot));
    if (binding == bindings_.end())
      return dotted;
    return binding->second + (dot == std::string::npos ? "" : dotted.substr(dot));
  }

private:
  std::map<std::string, std::string> bindings_;
};

Decorator readDecorator(const Expr &expr, const ImportBindings &imports) {
  Decorator decorator;
  decorator.expression = &expr;
  const Expr *callee = &expr;
  if (const auto *call = expr.dynCast<CallExpr>()) {
    decorator.isCall = true;
    callee = &call->callee();
    for (const ExprPtr &argument : call->arguments())
      decorator.arguments.push_back(argument.get());
    for (const KeywordArgument &keyword : call->keywords())
      decorator.keywords.emplace_back(keyword.name, keyword.value.get());
  }
  decorator.writtenName = dottedName(*callee);
  decorator.resolvedName = imports.resolve(decorator.writtenName);
  return decorator;
}

// The argument passed as keyword `name` or, failing that, as positional argument `position`.
const Expr *argumentOf(const Decorator &decorator, std::string_view name, size_t position) {
  if (const Expr *keyword = decorator.keyword(name))
    return keyword;
  return position < decorator.arguments.size() ? decorator.arguments[position] : nullptr;
}

class TritonFunctionReader {
public:
  TritonFunctionReader(const Module &module, std::string_view source,
                       std::vector<Diagnostic> &diagnostics)
      : imports_(module), source_(source), fileName_(module.fileName()), diagnostics_(diagnostics) {
  }

  std::optional<TritonFunction> read(const FunctionDefStmt &function) {
    TritonFunction result;
    result.definition = &function;
    bool isJit = false;
    for (const ExprPtr &expr : function.decorators()) {
      Decorator decorator = readDecorator(*expr, imports_);
      if (!isJit && isOneOf(decorator.resolvedName, JitNames)) {
        isJit = true;
        result.jit = decorator;
      } else if (isOneOf(decorator.resolvedName, AutotuneNames)) {
        result.autotune = readAutotune(decorator);
      } else if (isOneOf(decorator.resolvedName, HeuristicsNames)) {
        result.heuristics = readHeuristics(decorator);
      }
      result.decorators.push_back(std::move(decorator));
    }
    if (!isJit)
      return std::nullopt;
    checkParameters(function);
    return result;
  }

private:
  void error(SourceLocation location, std::string message) {
    diagnostics_.push_back(makeDiagnostic(DiagnosticSeverity::Error, source_, fileName_, location,
                                          std::move(message)));
  }

  // Triton binds every kernel argument by name to a typed slot, so variadic parameters have no
  // meaning in a kernel.
  void checkParameters(const FunctionDefStmt &function) {
    for (const Parameter &parameter : function.parameters()) {
      if (parameter.kind == ParameterKind::VariadicPositional)
        error(parameter.range.begin, "@triton.jit function '" + function.name() +
                                         "' cannot take '*" + parameter.name +
                                         "': every parameter of a Triton function must be named");
      else if (parameter.kind == ParameterKind::VariadicKeyword)
        error(parameter.range.begin, "@triton.jit function '" + function.name() +
                                         "' cannot take '**" + parameter.name +
                                         "': every parameter of a Triton function must be named");
    }
  }

  // A dict literal with string keys as (key, value) pairs; reports other keys.
  std::vector<std::pair<std::string, const Expr *>> readStringKeyedDict(const DictExpr &dict,
                                                                        std::string_view what) {
    std::vector<std::pair<std::string, const Expr *>> entries;
    for (size_t i = 0; i < dict.keys().size(); ++i) {
      const auto *key = dict.keys()[i] ? dict.keys()[i]->dynCast<StringLiteral>() : nullptr;
      if (!key || key->isBytes()) {
        error(dict.keys()[i] ? dict.keys()[i]->location() : dict.values()[i]->location(),
              "the keys of " + std::string(what) + " must be string literals");
        continue;
      }
      entries.emplace_back(key->value(), dict.values()[i].get());
    }
    return entries;
  }

  std::optional<AutotuneConfig> readConfig(const Expr &expr) {
    const auto *call = expr.dynCast<CallExpr>();
    if (!call || !isOneOf(imports_.resolve(dottedName(call->callee())), ConfigNames))
      return std::nullopt;
    AutotuneConfig config;
    config.expression = call;
    const Expr *parameters =
        call->keyword("kwargs")
            ? call->keyword("kwargs")
            : (call->arguments().empty() ? nullptr : call->arguments()[0].get());
    if (const auto *dict = parameters ? parameters->dynCast<DictExpr>() : nullptr)
      config.parameters = readStringKeyedDict(*dict, "a triton.Config dict");
    else
      error(call->location(), "the first argument of triton.Config must be a dict literal of "
                              "meta-parameters, like {'BLOCK_SIZE': 128}");
    for (const KeywordArgument &keyword : call->keywords())
      if (keyword.name != "kwargs")
        config.options.emplace_back(keyword.name, keyword.value.get());
    return config;
  }

  Autotune readAutotune(const Decorator &decorator) {
    Autotune autotune;
    autotune.decorator = decorator;
    autotune.configsExpression = argumentOf(decorator, "configs", 0);
    if (const auto *list = autotune.configsExpression
                               ? autotune.configsExpression->dynCast<CollectionExpr>()
                               : nullptr;
        list && !list->isa<SetExpr>()) {
      autotune.configsAreLiteral = true;
      for (const ExprPtr &element : list->elements()) {
        std::optional<AutotuneConfig> config = readConfig(*element);
        if (!config) {
          // `[*base_configs, ...]` or a helper call: only running Python could expand it.
          autotune.configsAreLiteral = false;
          autotune.configs.clear();
          break;
        }
        autotune.configs.push_back(std::move(*config));
      }
    }
    if (const Expr *key = argumentOf(decorator, "key", 1)) {
      const auto *names = key->dynCast<CollectionExpr>();
      for (size_t i = 0; names && i < names->elements().size(); ++i) {
        const auto *name = names->elements()[i]->dynCast<StringLiteral>();
        if (!name) {
          names = nullptr;
          break;
        }
        autotune.key.push_back(name->value());
      }
      if (!names)
        error(key->location(), "the key of triton.autotune must be a list of parameter names "
                               "written as string literals");
    }
    return autotune;
  }

  Heuristics readHeuristics(const Decorator &decorator) {
    Heuristics heuristics;
    heuristics.decorator = decorator;
    const Expr *values = argumentOf(decorator, "values", 0);
    if (const auto *dict = values ? values->dynCast<DictExpr>() : nullptr)
      heuristics.values = readStringKeyedDict(*dict, "the triton.heuristics dict");
    else
      error(values ? values->location() : decorator.expression->location(),
            "triton.heuristics takes a dict literal of meta-parameter name: lambda args: value");
    return heuristics;
  }

  ImportBindings imports_;
  std::string_view source_;
  std::string fileName_;
  std::vector<Diagnostic> &diagnostics_;
};

} // namespace

const Expr *Decorator::keyword(std::string_view name) const {
  for (const auto &[keywordName, value] : keywords)
    if (keywordName == name)
      return value;
  return nullptr;
}

TritonFunctionSearch findTritonFunctions(const Module &module, std::string_view source) {
  TritonFunctionSearch search;
  TritonFunctionReader reader(module, source, search.diagnostics);
  for (const StmtPtr &statement : module.body())
    if (const auto *function = statement->dynCast<FunctionDefStmt>())
      if (std::optional<TritonFunction> triton = reader.read(*function))
        search.functions.push_back(std::move(*triton));
  return search;
}

} // namespace trex::python
