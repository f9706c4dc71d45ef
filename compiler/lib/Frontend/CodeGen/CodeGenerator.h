// CodeGenerator: walks one @triton.jit function's AST and builds its tt.func.
//
// One generator per generated function, as in Triton: the kernel's, and one for each
// specialization of a called jit function (which may start others). They share the module,
// the options and the table of generated functions through GenerationState.
//
// Evaluation follows Triton's visitor: compile-time values are computed here, tensors become
// IR through Semantic; assignments bind names in an ordered local scope; `if` on a tensor
// becomes scf.if (or cf branches when it contains a return), loops become scf.for/scf.while
// whose carried values are found by a dry run of the body, as Triton finds them.
#ifndef TREX_FRONTEND_CODEGEN_CODEGENERATOR_H
#define TREX_FRONTEND_CODEGEN_CODEGENERATOR_H

#include "IRBuilder.h"
#include "Library.h"
#include "Semantic.h"

#include "trex/Frontend/CodeGen/CodeGen.h"
#include "trex/Frontend/Python/Module.h"

#include <map>
#include <set>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace trex::frontend {

class ModuleEvaluator;

// Names to values, remembering the order names were first bound (Python dicts do, and the
// order of loop-carried values and if results follows it).
class OrderedScope {
public:
  const Value *find(const std::string &name) const;
  void set(const std::string &name, Value value);
  bool contains(const std::string &name) const { return index_.count(name) != 0; }
  const std::vector<std::pair<std::string, Value>> &entries() const { return entries_; }
  void clear() {
    entries_.clear();
    index_.clear();
  }

private:
  std::vector<std::pair<std::string, Value>> entries_;
  std::unordered_map<std::string, size_t> index_;
};

// State shared by the generators of one compilation.
struct GenerationState {
  mlir::MLIRContext *context = nullptr;
  mlir::ModuleOp module;
  const FrontendOptions *options = nullptr;
  // Return types of the functions generated so far (nullopt: returns nothing).
  std::map<std::string, std::optional<ValueTemplate>> returnTypes;
  // Warnings and remarks raised while generating.
  std::vector<python::Diagnostic> diagnostics;
  int callDepth = 0;
  // Copies of tl.static_range bodies generated so far (nested loops multiply).
  long long unrolledBodies = 0;
  // Module-level constants, evaluated on first use: (value, written as tl.constexpr(...)).
  std::map<std::pair<const ModuleScope *, std::string>, std::pair<Value, bool>> globalValues;
  std::set<std::pair<const ModuleScope *, std::string>> globalsBeingEvaluated;
  // Default parameter values of jit functions, evaluated on first call.
  std::map<const JitFunction *, std::vector<std::optional<Value>>> defaults;
  // The module evaluator of this compilation (module-level Python, constexpr functions).
  ModuleEvaluator *evaluator = nullptr;
};

// The specialization of a function: each parameter's value template (a constexpr value, a
// tensor type, or a tuple of those) and the attributes of its IR arguments.
struct Prototype {
  std::vector<ValueTemplate> parameters;
  // (parameter index -> [(attribute name, value)]), for the kernel's tt.divisibility.
  std::map<size_t, std::vector<std::pair<std::string, int>>> attributes;
};

class CodeGenerator {
public:
  CodeGenerator(GenerationState &state, const JitFunction &function, std::string functionName,
                Prototype prototype, bool isKernel);

  // Builds the function. Throws CompileError.
  void generate();
  const std::optional<ValueTemplate> &returnType() const { return returnType_; }
  mlir::Location functionLocation() const;

  // Evaluates an expression of `scope` where only compile-time values may appear (default
  // values, module-level constants). Throws CompileError.
  // `allowAnyGlobal` lets plain Python globals in (as in default values, which Python
  // evaluates when the function is defined).
  // `locals` binds names first (the `args` of a heuristic's lambda).
  static Value evaluateConstant(GenerationState &state, ModuleScope &scope,
                                const python::Expr &expression, bool allowAnyGlobal = true,
                                const std::vector<std::pair<std::string, Value>> &locals = {});

  // Calls used by builtins.
  Value callFunction(const Value &callee, std::vector<Value> arguments,
                     std::vector<std::pair<std::string, Value>> keywords);
  Value callJitFunction(const JitFunction &function, std::vector<Value> arguments,
                        std::vector<std::pair<std::string, Value>> keywords);
  Value makeNamedTuple(const std::shared_ptr<Object> &classObject, const Value &fields,
                       std::vector<Value> arguments,
                       std::vector<std::pair<std::string, Value>> keywords);
  Value callPythonObject(const Value &callee, std::vector<Value> arguments,
                         std::vector<std::pair<std::string, Value>> keywords);

  // Constant-evaluation mode (no function, no IR), for module-level evaluation.
  CodeGenerator(GenerationState &state, ModuleScope &scope);
  void bindConstantLocal(const std::string &name, const Value &value) {
    if (!localScope_.contains(name))
      localScope_.set(name, value);
  }

  // Evaluates an argument expression of a static function (tl.static_assert, len, ...).
  Value evaluate(const python::Expr &expression) { return visitExpr(expression); }
  // Evaluates a keyword argument the way Triton visits `keyword` nodes.
  Value evaluateKeyword(const python::KeywordArgument &keyword);

  Semantic &semantic() { return semantic_; }
  IRBuilder &builder() { return builder_; }
  GenerationState &state() { return state_; }
  const FrontendOptions &options() const { return *state_.options; }
  ModuleScope &scope() { return *scope_; }
  // Reports a warning at the node being visited.
  void warn(const std::string &message);
  void remark(const std::string &message);

private:
  friend class ExpressionEvaluator;
  friend class ModuleEvaluator;

  // Visiting, with Triton's location rule: entering a node makes its position the current
  // location; leaving it leaves the node's own position current.
  Value visitExpr(const python::Expr &expression);
  void visitStmt(const python::Stmt &statement);
  void visitBlock(const python::Block &block);
  mlir::Location locationOf(const python::Node &node) const;
  mlir::Location locationAt(python::SourceLocation where) const;
  template <typename Fn> auto atNode(const python::Node &node, Fn &&fn) -> decltype(fn());

  // Statements.
  void visitFunctionDef(const python::FunctionDefStmt &definition);
  void visitAssign(const python::Expr &target, const python::Expr &value);
  void visitAnnotatedAssign(const python::AnnotatedAssignStmt &statement);
  void visitAugmentedAssign(const python::AugmentedAssignStmt &statement);
  void assignTarget(const python::Expr &target, const Value &value);
  void visitIf(const python::IfStmt &statement);
  void visitIfScf(const Tensor &condition, const python::IfStmt &statement);
  void visitIfTopLevel(const Tensor &condition, const python::IfStmt &statement);
  void visitFor(const python::ForStmt &statement);
  void visitWhile(const python::WhileStmt &statement);
  // The condition of a while loop, unwrapping tl.condition(cond, disable_licm=...).
  Value whileCondition(const python::Expr &test, bool &disableLicm);
  void visitReturn(const python::ReturnStmt &statement);
  void visitAssert(const python::AssertStmt &statement);
  void visitWith(const python::WithStmt &statement);

  // Expressions.
  Value visitName(const python::NameExpr &name);
  Value visitBinary(const python::BinaryOpExpr &expression);
  Value visitUnary(const python::UnaryOpExpr &expression);
  Value visitBoolean(const python::BooleanOpExpr &expression);
  Value visitCompare(const python::CompareExpr &expression);
  Value visitConditional(const python::ConditionalExpr &expression);
  Value visitCall(const python::CallExpr &call);
  Value visitAttribute(const python::AttributeExpr &attribute);
  Value visitSubscript(const python::SubscriptExpr &subscript);
  Value visitListComprehension(const python::ComprehensionExpr &expression);
  Value visitFormattedString(const python::FormattedStringExpr &expression);

public:
  // Operators on values, shared with the builtins (Python semantics for constexprs, Triton's
  // for tensors). `method` is Python's dunder name without underscores: "add", "lt", ...
  Value applyBinary(const std::string &method, const Value &lhs, const Value &rhs);
  Value applyUnary(const std::string &method, const Value &operand);
  Value getAttribute(const Value &object, const std::string &name);
  Value subscript(const Value &object, const Value &index);
  Value lookupName(const std::string &name);
  Value lookupGlobal(ModuleScope &scope, const std::string &name);
  // A module-level value a kernel reads by name (Triton's rule for globals).
  Value checkGlobalForKernel(const std::string &name, const Value &value);
  Value objectAttribute(const Value &object, const std::string &name);
  // `if`/`while` conditions: a tensor made int1, or a Python bool/int/None.
  std::optional<Tensor> tensorCondition(const Value &condition, const python::Node &node);
  bool isUnusedCall(const python::CallExpr &call) const { return unusedCalls_.count(&call) != 0; }

private:
  // Control flow helpers.
  struct CarriedValues {
    std::vector<std::string> names;
    std::vector<mlir::Value> initHandles;
    std::vector<ValueTemplate> templates;
  };
  CarriedValues findCarriedValues(const python::Stmt &loop, const python::Block &body,
                                  const OrderedScope &liveIns);
  void setValue(const std::string &name, Value value);
  void setLocationToName(const Value &value, const std::string &name);
  void setLocationToName(mlir::Value value, const std::string &name);
  mlir::Block *createBlockInCurrentRegion();
  bool isHostDescriptor(const ValueTemplate &parameter) const;
  static std::vector<DType> hostDescriptorExtraTypes(const DType &descriptor);

  GenerationState &state_;
  ModuleScope *scope_;
  const JitFunction *function_ = nullptr;
  std::string functionName_;
  Prototype prototype_;
  bool isKernel_ = false;

  IRBuilder builder_;
  Semantic semantic_;
  OrderedScope localScope_;
  OrderedScope localDefinitions_;
  std::optional<std::string> nameLocationPrefix_;
  std::vector<const python::Stmt *> controlFlowStack_;
  std::optional<ValueTemplate> returnType_;
  bool hasReturned_ = false;
  tt::FuncOp functionOp_;
  std::unordered_map<const python::CallExpr *, bool> unusedCalls_;
  const python::Node *currentNode_ = nullptr;
  bool allowAnyGlobal_ = false;
};

// Triton's location rule, around every visit: entering a node makes its position current;
// leaving it leaves the node's own position current. Errors get the innermost node's place.
template <typename Fn>
inline auto CodeGenerator::atNode(const python::Node &node, Fn &&fn) -> decltype(fn()) {
  mlir::Location here = locationOf(node);
  builder_.location = here;
  const python::Node *previous = currentNode_;
  currentNode_ = &node;
  try {
    if constexpr (std::is_void_v<decltype(fn())>) {
      fn();
      builder_.location = here;
      currentNode_ = previous;
    } else {
      auto result = fn();
      builder_.location = here;
      currentNode_ = previous;
      return result;
    }
  } catch (CompileError &error) {
    if (!error.isLocated())
      error.addFrame({scope_, node.location()});
    throw;
  } catch (const std::exception &error) {
    // A trex bug (a value of the wrong kind, an index out of range): still a located error.
    CompileError internal(std::string("internal error: ") + error.what());
    internal.addFrame({scope_, node.location()});
    throw internal;
  }
}

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_CODEGENERATOR_H
