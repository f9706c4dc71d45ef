// The module evaluator's interpreter state and methods, shared by its files (ModuleEvaluator,
// ModuleImports, ModuleAttributes, ModuleStatements, ModuleExpressions, ModuleCalls,
// ModuleBuiltins), one per concept. Private to compiler/lib/Frontend/Module.
#ifndef TREX_FRONTEND_MODULE_MODULEEVALUATORIMPL_H
#define TREX_FRONTEND_MODULE_MODULEEVALUATORIMPL_H

#include "ModuleEvaluator.h"

#include "PackageModel.h"

#include "../CodeGen/CodeGenerator.h"
#include "../CodeGen/ConstexprOperators.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace trex::frontend {

// Helpers of the evaluator's files (inline: one definition shared by them).
namespace module_evaluation {

using python::SourceLocation;

// Bounds that keep a module's evaluation finite whatever it does.
constexpr int MaxCallDepth = 150;
constexpr long long MaxLoopSteps = 1 << 20;
constexpr size_t MaxSequence = 1 << 20;

enum class Flow { Normal, Break, Continue, Return };

[[noreturn]] inline void raise(const std::string &type, const std::string &message) {
  throw PythonException(type, message);
}

// Python's exception hierarchy, for `except` clauses.
inline const std::map<std::string, std::string> &exceptionParents() {
  static const std::map<std::string, std::string> parents = {
      {"Exception", "BaseException"},
      {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"},
      {"PackageNotFoundError", "ModuleNotFoundError"}, // importlib.metadata's
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

inline bool isBuiltinExceptionName(const std::string &name) {
  return name == "BaseException" || exceptionParents().count(name) != 0;
}

inline bool isTriton(std::string_view path) {
  return path == "triton" || path.substr(0, 7) == "triton.";
}
inline bool isTorch(std::string_view path) {
  return path == "torch" || path.substr(0, 6) == "torch.";
}

inline std::string joinPath(const std::string &prefix, const std::string &name) {
  return prefix.empty() ? name : prefix + "." + name;
}

inline Value makeBuiltin(std::string name) {
  return Value::object(makeObject(Object::Type::Builtin, std::move(name)));
}

inline Value makeMethod(Value self, std::string name) {
  auto method = makeObject(Object::Type::Method, std::move(name));
  method->function = std::move(self);
  return Value::object(std::move(method));
}

inline Value makeRecord(std::string typeName,
                        std::vector<std::pair<std::string, Value>> attributes) {
  auto record = makeObject(Object::Type::Record, std::move(typeName));
  record->attributes = std::move(attributes);
  return Value::object(std::move(record));
}

inline bool isObjectOf(const Value &value, Object::Type type) {
  return value.isObject() && value.asObject()->type == type;
}

inline bool isSequence(const Value &value) { return value.isTuple() || value.isList(); }

inline PyInt toIndex(const Value &value, const char *what) {
  if (!(value.isInt() || value.isBool()))
    raise("TypeError", std::string(what) + " must be an integer, not " + pythonTypeName(value));
  return value.asInteger();
}

inline std::string reprOf(const Value &value) {
  if (value.isString()) {
    const std::string &text = value.asString();
    char quote =
        text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
    return quote + text + quote;
  }
  return value.str();
}

// Python's str() of a value.
inline std::string strOf(const Value &value) {
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

} // namespace module_evaluation

using namespace module_evaluation;

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
  // A function defined in a function keeps its frame's variables (its closure), where it is
  // itself a variable: a cycle of shared_ptrs, which Python's collector frees and nothing here
  // would (a kernel factory leaked its frame on every compile). The frames are emptied once the
  // evaluation and the code generation using it are over.
  ~Impl() {
    for (const std::weak_ptr<Environment> &weak : environments)
      if (std::shared_ptr<Environment> environment = weak.lock()) {
        environment->variables.clear();
        environment->parent.reset();
      }
  }

  // A new frame of variables (a call, a class body, a comprehension).
  std::shared_ptr<Environment> newEnvironment() {
    auto environment = std::make_shared<Environment>();
    environments.push_back(environment);
    return environment;
  }

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
  std::vector<std::weak_ptr<Environment>> environments;

  //===--------------------------------------------------------------------===//
  // Diagnostics and errors
  //===--------------------------------------------------------------------===//

  void remark(ModuleScope &scope, SourceLocation where, const std::string &message,
              python::DiagnosticSeverity severity = python::DiagnosticSeverity::Remark);

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

  Value lookup(Frame &frame, const std::string &name);

  static Value globalValue(const std::string &name, const ModuleScope::Global &global);

  void bind(Frame &frame, const std::string &name, Value value, const python::Node *node);

  static void bindGlobal(ModuleScope &scope, const std::string &name, Value value,
                         const python::Node *node);

  std::optional<Value> builtinName(ModuleScope &scope, const std::string &name);

  std::map<std::string, Value> exceptionClasses;
  Value exceptionClass(const std::string &name);

  //===--------------------------------------------------------------------===//
  // Modules
  //===--------------------------------------------------------------------===//

  std::string packageDirectory(const ModuleScope &scope);

  // The file of module `dotted` under `base`: base/a/b.py or base/a/b/__init__.py; also
  // whether it is a package (a folder, with or without __init__.py).
  std::optional<std::pair<std::string, bool>> findModuleFile(const std::string &base,
                                                             const std::string &dotted);

  Value loadUserModule(const std::string &dotted, const std::string &file);

  Value moduleValue(const std::string &dotted, ModuleScope *scope);

  // `import dotted` (absolute): the module's value. Throws ModuleNotFoundError.
  Value importAbsolute(const std::string &dotted);

  // The truth trex takes for an opaque condition (Python would know it; trex does not):
  // decided once per value, at its first test (`preferred` there), and kept for every later
  // test of it, the opposite for its `not`, so that `if X:` and `if not X:` never both run.
  // `decided` says whether an earlier test had decided it.
  bool assumedTruth(const Value &opaque, bool preferred, bool *decided = nullptr);
  std::map<std::shared_ptr<Object>, bool> assumptions;

  // The kernel file's folder, then the folders of the search path (as on sys.path).
  std::vector<std::string> pathFolders() const;
  // The file of module `dotted` in the kernel file's folder or a folder of the search path.
  std::optional<std::pair<std::string, bool>> findOnPath(const std::string &dotted);

  // importlib.metadata.version(distribution) for a distribution other than Triton and torch.
  std::string installedVersion(const std::string &distribution);

  static bool isModelledStandardModule(const std::string &dotted);

  void linkSubmodule(const std::string &dotted, const Value &value);

  // `from .x import` at `level`: the folder and dotted prefix it names.
  std::pair<std::string, std::string> relativeBase(const ModuleScope &scope, int level);

  Value importRelative(const ModuleScope &scope, int level, const std::string &name);

  // `from module import name`: the attribute, or the submodule of that name.
  Value importFromModule(const Value &module, const std::string &moduleName,
                         const std::string &name, const ModuleScope &scope, int level);

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  Value intrinsic(const std::string &canonical);

  Value tritonAttribute(const std::string &path, const std::string &name);

  // triton.backends.backends: Triton's installed backends, each with a driver whose
  // is_active() answers from the target (files probe it to decide whether Triton works).
  Value backendsValue();

  Value driverConfig();

  Value torchDTypeValue(const TorchDTypeInfo &info);
  std::map<std::string, Value> torchDTypes;

  Value torchAttribute(const std::string &path, const std::string &name);

  Value standardModuleAttribute(const std::string &path, const std::string &name);

  Value namespaceAttribute(const std::string &path, const std::string &name);

  Value getAttribute(const Value &object, const std::string &name);

  Value dtypeAttribute(const Value &dtype, const std::string &name);

  Value objectAttribute(const Value &value, const std::string &name);

  std::optional<Value> classMember(const Value &classValue, const std::string &name);

  void setAttribute(const Value &object, const std::string &name, Value value);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void runModule(ModuleScope &scope);

  static void boundNames(const python::Stmt &statement, std::vector<std::string> &names);

  Flow execBlock(Frame &frame, const python::Block &block);

  Flow execStatement(Frame &frame, const python::Stmt &statement);

  Flow execStatementUnlocated(Frame &frame, const python::Stmt &statement);

  // How many Triton functions and imports of triton a block defines (at any depth).
  static int tritonDefinitions(const python::Block &block, size_t from = 0);
  // The block being executed and the index of its statement after the current one (what an
  // undecidable `if` whose branch returns would skip).
  const python::Block *currentBlock = nullptr;
  size_t nextStatement = 0;

  bool isConstexprAnnotation(Frame &frame, const python::Expr &annotation);

  void execAugmentedAssign(Frame &frame, const python::AugmentedAssignStmt &statement);

  [[noreturn]] void execRaise(Frame &frame, const python::RaiseStmt &statement);
  std::map<std::string, Value> raisedClasses;

  bool exceptionMatches(const std::string &type, const Value &handler);

  bool inheritsFrom(const Value &classValue, const std::string &name);

  Flow execTry(Frame &frame, const python::TryStmt &statement);

  Flow execFor(Frame &frame, const python::ForStmt &statement);

  Flow execWhile(Frame &frame, const python::WhileStmt &statement);

  void execImport(Frame &frame, const python::ImportStmt &statement);

  // An opaque import remembers where it was imported, for the error of a kernel using it.
  static Value locatedImport(const Value &value, Frame &frame, const python::Stmt &statement);

  void execImportFrom(Frame &frame, const python::ImportFromStmt &statement);

  void importStar(Frame &frame, const Value &module, const python::Node *node);

  void execFunctionDef(Frame &frame, const python::FunctionDefStmt &definition);

  Value applyDecorator(Frame &frame, const Value &decorator, const Value &function,
                       const python::Expr &where);

  // A copy of a jit function that carries a note for when it is compiled.
  static Value withNote(const Value &function, ModuleScope &scope, SourceLocation where,
                        const std::string &message);

  void execClassDef(Frame &frame, const python::ClassDefStmt &definition);

  void assignTarget(Frame &frame, const python::Expr &target, const Value &value,
                    const python::Node *node);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  bool truth(const Value &value);

  Value evaluate(Frame &frame, const python::Expr &expression);

  Value evaluateUnlocated(Frame &frame, const python::Expr &expression);

  void bindLocalsForGenerator(Frame &frame, CodeGenerator &generator);

  static std::string binaryMethod(python::BinaryOperator op);

  static int compareVersions(const Object &a, const std::vector<long long> &b);

  static std::vector<long long> versionNumbers(const std::string &text);

  Value binary(const std::string &method, const Value &lhs, const Value &rhs);

  static std::string percentFormat(const std::string &format, const Value &arguments);

  Value compare(Frame &frame, const python::CompareExpr &expression);

  Value compareOne(python::ComparisonOperator op, const Value &lhs, const Value &rhs);

  static bool identical(const Value &lhs, const Value &rhs);

  bool contains(const Value &container, const Value &item);

  static void dictSet(Value &dict, const Value &key, const Value &value);

  static std::vector<Value> unique(const std::vector<Value> &items);

  std::vector<Value> iterate(const Value &value);

  Value subscript(const Value &object, const Value &index);

  Value comprehension(Frame &frame, const python::ComprehensionExpr &expression);

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//

  Value evaluateCall(Frame &frame, const python::CallExpr &call);
  // The values of a call's arguments or a collection's elements, `*x` expanded.
  std::vector<Value> evaluateElements(Frame &frame, const python::ExprList &elements);
  // A plain Python function (a def or a lambda) defined in `frame`, its defaults evaluated.
  std::shared_ptr<Object> makeFunction(Frame &frame, std::string name,
                                       const python::ParameterList &parameters,
                                       SourceLocation location);

  static const Value *keywordOf(const std::vector<std::pair<std::string, Value>> &keywords,
                                const std::string &name);

  // The argument named `name` or at `position`.
  static const Value *argument(const std::vector<Value> &arguments,
                               const std::vector<std::pair<std::string, Value>> &keywords,
                               size_t position, const std::string &name);

  static std::string canonicalIntrinsic(const std::string &name);

  Value callValue(const Value &callee, std::vector<Value> arguments,
                  std::vector<std::pair<std::string, Value>> keywords,
                  const python::CallExpr *call = nullptr);

  Value instantiate(const Value &classValue, std::vector<Value> arguments,
                    std::vector<std::pair<std::string, Value>> keywords);

  bool inheritsException(const Value &classValue);

  // A plain Python function (or lambda) called with values.
  Value invoke(const Object &function, std::vector<Value> arguments,
               std::vector<std::pair<std::string, Value>> keywords);

  static bool containsYield(const python::Block &body);

  //===--------------------------------------------------------------------===//
  // Triton's decorators and functions
  //===--------------------------------------------------------------------===//

  Value callIntrinsic(const std::string &name, const std::vector<Value> &arguments,
                      const std::vector<std::pair<std::string, Value>> &keywords,
                      const python::CallExpr *call);

  // Applies triton.jit / autotune / heuristics / constexpr_function to what they decorate.
  Value applyTritonDecorator(const Object &decorator, const std::vector<Value> &arguments,
                             const std::vector<std::pair<std::string, Value>> &keywords,
                             const python::CallExpr *call);

  //===--------------------------------------------------------------------===//
  // Builtins
  //===--------------------------------------------------------------------===//

  void expectArguments(const std::string &name, const std::vector<Value> &arguments, size_t low,
                       size_t high);

  Value minMax(bool isMax, const std::vector<Value> &arguments,
               const std::vector<std::pair<std::string, Value>> &keywords);

  Value callBuiltin(const std::string &name, const std::vector<Value> &arguments,
                    const std::vector<std::pair<std::string, Value>> &keywords,
                    const python::CallExpr *call);

  Value torchInfo(const std::string &name, const Value &dtype);

  Value callMath(const std::string &function, const std::vector<Value> &arguments);

  bool isInstance(const Value &value, const Value &classInfo);

  Value callMethod(const Value &self, const std::string &method,
                   const std::vector<Value> &arguments,
                   const std::vector<std::pair<std::string, Value>> &keywords);
};

} // namespace trex::frontend

#endif // TREX_FRONTEND_MODULE_MODULEEVALUATORIMPL_H
