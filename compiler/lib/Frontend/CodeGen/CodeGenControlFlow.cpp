// CodeGenerator: if, for, while, ternaries and with.
//
// Values a branch or a loop body rebinds become results of the scf op. Triton finds a loop's
// carried values by generating its body once into a scratch block (then erased) and
// comparing each name's value before and after; trex does the same, so the set and the
// order of the iter_args match.
#include "BuiltinSupport.h"
#include "CodeGenerator.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

#include <algorithm>
#include <limits>
#include <set>

using namespace mlir;

namespace trex::frontend {

namespace {

// The most copies of its body one tl.static_range unrolls, and the most copies of
// tl.static_range bodies in one compilation (nested loops multiply), as documented in
// docs/compatibility.md.
constexpr int kMaxStaticRangeTrips = 4096;
constexpr long long kMaxUnrolledBodies = 65536;

// Triton's ContainsReturnChecker: a `return` anywhere in the statements (not inside called
// functions).
bool containsReturn(const python::Block &block);

bool containsReturn(const python::Stmt &statement) {
  using python::NodeKind;
  switch (statement.kind()) {
  case NodeKind::Return:
    return true;
  case NodeKind::If: {
    const auto &node = statement.cast<python::IfStmt>();
    return containsReturn(node.body()) || containsReturn(node.orElse());
  }
  case NodeKind::For: {
    const auto &node = statement.cast<python::ForStmt>();
    return containsReturn(node.body()) || containsReturn(node.orElse());
  }
  case NodeKind::While: {
    const auto &node = statement.cast<python::WhileStmt>();
    return containsReturn(node.body()) || containsReturn(node.orElse());
  }
  case NodeKind::With:
    return containsReturn(statement.cast<python::WithStmt>().body());
  default:
    return false;
  }
}

bool containsReturn(const python::Block &block) {
  return std::any_of(block.begin(), block.end(),
                     [](const python::StmtPtr &statement) { return containsReturn(*statement); });
}

std::vector<mlir::Value> flattenValue(const Value &value) {
  std::vector<mlir::Value> handles;
  value.flatten(handles);
  return handles;
}

// Scope changes of a nested region are undone when it ends (enter_sub_region).
struct SubRegion {
  SubRegion(OrderedScope &scope, OrderedScope &definitions, IRBuilder &builder)
      : scope(scope), definitions(definitions), builder(builder), liveIns(scope),
        previousDefinitions(definitions), insertionPoint(builder.builder.saveInsertionPoint()) {
    definitions.clear();
  }
  ~SubRegion() {
    builder.restoreInsertionPoint(insertionPoint);
    scope = liveIns;
    definitions = previousDefinitions;
  }
  OrderedScope &scope;
  OrderedScope &definitions;
  IRBuilder &builder;
  OrderedScope liveIns;
  OrderedScope previousDefinitions;
  OpBuilder::InsertPoint insertionPoint;
};

// Triton's base_value: what loops and branches track (tensors, tuples, constexprs). Plain
// Python objects such as dtypes and functions are not tracked.
bool isTracked(const Value &value) {
  return value.isTensor() || value.isTuple() || value.isNone() || value.isNumber() ||
         value.isString();
}

const char *category(const Value &value) {
  if (value.isTensor())
    return "tensor";
  if (value.isTuple())
    return "tuple";
  return "constexpr";
}

void checkLoopCarried(const std::string &name, const Value &loopValue, const Value &liveValue) {
  if (!isTracked(loopValue))
    fail("cannot reassign constexpr " + name + " in the loop");
  if (std::string(category(loopValue)) != category(liveValue))
    fail("Loop carried variable " + name + " changed type, was " + liveValue.describe() +
         " but is now " + loopValue.describe());
  if (loopValue.isTensor() && loopValue.asTensor().type != liveValue.asTensor().type)
    fail("Loop-carried variable " + name + " has initial type " + liveValue.asTensor().type.name() +
         " but is re-assigned to " + loopValue.asTensor().type.name() +
         " in loop! Please make sure that the type stays consistent.");
  // Triton checks no further and leaves a tuple whose leaves change to MLIR's verifier; each
  // leaf must keep its kind and type as a variable would.
  if (loopValue.isTuple()) {
    const std::vector<Value> &loopElements = loopValue.elements();
    const std::vector<Value> &liveElements = liveValue.elements();
    if (loopElements.size() != liveElements.size())
      fail("Loop carried variable " + name + " changed type, was " + liveValue.describe() +
           " but is now " + loopValue.describe());
    for (size_t i = 0; i < loopElements.size(); ++i)
      checkLoopCarried(name + "[" + std::to_string(i) + "]", loopElements[i], liveElements[i]);
  }
}

// `#llvm.loop_annotation<licm = #llvm.loop_licm<disable = true, versioningDisable = true>>`,
// which tl.range(disable_licm=True) and tl.condition(disable_licm=True) put on their loop.
// Parsed from text so that the front end does not compile the LLVM dialect's headers.
Attribute disabledLicmAnnotation(MLIRContext *context) {
  Attribute annotation = parseAttribute(
      "#llvm.loop_annotation<licm = #llvm.loop_licm<disable = true, versioningDisable = true>>",
      context);
  if (!annotation)
    fail("disable_licm needs the LLVM dialect, which this context does not have");
  return annotation;
}

} // namespace

std::optional<Tensor> CodeGenerator::tensorCondition(const Value &condition,
                                                     const python::Node &node) {
  if (condition.isTensor()) {
    Tensor tensor = condition.asTensor();
    if (tensor.isBlock() && tensor.type.numel() != 1)
      fail("Boolean value of Tensor with more than one value is ambiguous");
    if (tensor.isBlock()) {
      warn("If conditional called with multidimensional Tensor instead of scalar; please use "
           "\"if (cond).item()\" instead");
      Value item = callFunction(Value::callable(library().builtin("triton.language.core.item")),
                                {condition}, {});
      tensor = item.asTensor();
    }
    return semantic_.cast(tensor, ScalarKind::Int1);
  }
  (void)node;
  if (!(condition.isBool() || condition.isInt() || condition.isNone()))
    fail("`if` conditionals can only accept values of type {bool, int, NoneType}, not objects "
         "of type " + condition.describe());
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

void CodeGenerator::visitIf(const python::IfStmt &statement) {
  Value condition = visitExpr(statement.test());
  std::optional<Tensor> tensor = tensorCondition(condition, statement);
  if (!tensor) {
    // A compile-time condition: only the taken branch is generated.
    visitBlock(condition.truthy() ? statement.body() : statement.orElse());
    return;
  }
  if (containsReturn(statement.body()) || containsReturn(statement.orElse())) {
    if (!controlFlowStack_.empty())
      fail("Cannot have `return` statements inside `while` or `for` statements in triton.");
    visitIfTopLevel(*tensor, statement);
  } else {
    visitIfScf(*tensor, statement);
  }
}

namespace {

struct BranchResults {
  OrderedScope thenDefinitions, elseDefinitions;
  Block *thenBlock = nullptr, *elseBlock = nullptr;
  std::vector<std::string> names;
};

} // namespace

// Generates both branches of an if and returns the names whose values the if must yield:
// live-in names rebound in either branch, then (sorted) new names bound in both.
static BranchResults visitBranches(CodeGenerator &generator, const python::IfStmt &statement,
                                   const OrderedScope &liveIns, OrderedScope &scope,
                                   OrderedScope &definitions, IRBuilder &builder, Block *thenBlock,
                                   Block *elseBlock,
                                   const std::function<void(const python::Block &)> &visitBlock) {
  BranchResults results;
  builder.setInsertionPointToStart(thenBlock);
  visitBlock(statement.body());
  results.thenBlock = builder.builder.getInsertionBlock();
  results.thenDefinitions = definitions;
  OrderedScope thenValues = scope;
  OrderedScope elseValues = liveIns;
  results.elseBlock = elseBlock;
  if (!statement.orElse().empty()) {
    builder.setInsertionPointToStart(elseBlock);
    scope = liveIns;
    definitions.clear();
    visitBlock(statement.orElse());
    results.elseDefinitions = definitions;
    results.elseBlock = builder.builder.getInsertionBlock();
    elseValues = scope;
  }
  (void)generator;
  std::set<std::string> chosen;
  for (const auto &[name, liveValue] : liveIns.entries()) {
    if (!isTracked(liveValue))
      continue;
    const Value &thenValue = *thenValues.find(name);
    const Value &elseValue = *elseValues.find(name);
    if (flattenValue(thenValue) == flattenValue(elseValue))
      continue;
    results.names.push_back(name);
    chosen.insert(name);
    results.thenDefinitions.set(name, thenValue);
    results.elseDefinitions.set(name, elseValue);
    for (const auto &[branch, value] :
         {std::pair<const char *, const Value *>{"then", &thenValue}, {"else", &elseValue}}) {
      bool sameKind = std::string(category(*value)) == category(liveValue);
      if (!sameKind || ValueTemplate::of(*value) != ValueTemplate::of(liveValue))
        fail("initial value for `" + name + "` is of type " + liveValue.describe() +
             ", but the " + branch + " block redefines it as " + value->describe());
    }
  }
  std::vector<std::string> common;
  for (const auto &[name, value] : results.thenDefinitions.entries())
    if (results.elseDefinitions.contains(name) && !chosen.count(name))
      common.push_back(name);
  std::sort(common.begin(), common.end());
  for (const std::string &name : common) {
    const Value &thenValue = *results.thenDefinitions.find(name);
    const Value &elseValue = *results.elseDefinitions.find(name);
    if (ValueTemplate::of(thenValue) != ValueTemplate::of(elseValue))
      fail("Mismatched type for " + name + " between then block (" + thenValue.describe() +
           ") and else block (" + elseValue.describe() + ")");
    results.names.push_back(name);
  }
  return results;
}

void CodeGenerator::visitIfScf(const Tensor &condition, const python::IfStmt &statement) {
  std::vector<mlir::Value> results;
  std::vector<ValueTemplate> templates;
  std::vector<std::string> names;
  scf::IfOp ifOp;
  {
    SubRegion region(localScope_, localDefinitions_, builder_);
    OpBuilder::InsertPoint insertionPoint = builder_.builder.saveInsertionPoint();
    mlir::Location lastLocation = builder_.location;
    Block *thenBlock = createBlockInCurrentRegion();
    Block *elseBlock = statement.orElse().empty() ? nullptr : createBlockInCurrentRegion();
    BranchResults branches =
        visitBranches(*this, statement, region.liveIns, localScope_, localDefinitions_, builder_,
                      thenBlock, elseBlock, [&](const python::Block &block) { visitBlock(block); });
    names = branches.names;
    std::vector<mlir::Value> thenHandles;
    for (const std::string &name : names) {
      const Value &value = *branches.thenDefinitions.find(name);
      value.flatten(thenHandles);
      templates.push_back(ValueTemplate::of(value));
    }
    // Triton pairs names with flattened values; for scalars and tensors they line up.
    for (size_t i = 0; i < names.size() && i < thenHandles.size(); ++i)
      setLocationToName(thenHandles[i], names[i]);
    builder_.builder.restoreInsertionPoint(insertionPoint);
    builder_.location = lastLocation;
    std::vector<mlir::Type> resultTypes;
    for (mlir::Value handle : thenHandles)
      resultTypes.push_back(handle.getType());
    ifOp = builder_.create<scf::IfOp>(resultTypes, condition.handle, /*withElseRegion=*/true);
    Block *ifThen = &ifOp.getThenRegion().front();
    ifThen->getOperations().splice(ifThen->begin(), branches.thenBlock->getOperations());
    branches.thenBlock->erase();
    builder_.setInsertionPointToEnd(ifThen);
    if (!names.empty())
      builder_.create<scf::YieldOp>(thenHandles);
    Block *ifElse = &ifOp.getElseRegion().front();
    if (branches.elseBlock) {
      ifElse->getOperations().splice(ifElse->begin(), branches.elseBlock->getOperations());
      branches.elseBlock->erase();
    }
    builder_.setInsertionPointToEnd(ifElse);
    if (!names.empty()) {
      std::vector<mlir::Value> elseHandles;
      for (const std::string &name : names)
        branches.elseDefinitions.find(name)->flatten(elseHandles);
      for (size_t i = 0; i < names.size() && i < elseHandles.size(); ++i)
        setLocationToName(elseHandles[i], names[i]);
      builder_.create<scf::YieldOp>(elseHandles);
    }
  }
  std::vector<mlir::Value> resultHandles(ifOp->result_begin(), ifOp->result_end());
  size_t cursor = 0;
  for (size_t i = 0; i < names.size(); ++i)
    setValue(names[i], templates[i].rebuild(resultHandles, cursor));
}

void CodeGenerator::visitIfTopLevel(const Tensor &condition, const python::IfStmt &statement) {
  std::vector<std::string> names;
  std::vector<ValueTemplate> templates;
  Block *endifBlock = nullptr;
  {
    SubRegion region(localScope_, localDefinitions_, builder_);
    Block *insertBlock = builder_.builder.getInsertionBlock();
    Block *thenBlock = createBlockInCurrentRegion();
    Block *elseBlock = createBlockInCurrentRegion();
    builder_.setInsertionPointToEnd(insertBlock);
    builder_.create<cf::CondBranchOp>(condition.handle, thenBlock, elseBlock);
    BranchResults branches =
        visitBranches(*this, statement, region.liveIns, localScope_, localDefinitions_, builder_,
                      thenBlock, elseBlock, [&](const python::Block &block) { visitBlock(block); });
    names = branches.names;
    endifBlock = createBlockInCurrentRegion();
    std::vector<mlir::Value> thenHandles, elseHandles;
    for (const std::string &name : names) {
      const Value &value = *branches.thenDefinitions.find(name);
      value.flatten(thenHandles);
      templates.push_back(ValueTemplate::of(value));
      branches.elseDefinitions.find(name)->flatten(elseHandles);
    }
    builder_.setInsertionPointToEnd(branches.thenBlock);
    builder_.create<cf::BranchOp>(endifBlock, thenHandles);
    builder_.setInsertionPointToEnd(branches.elseBlock);
    builder_.create<cf::BranchOp>(endifBlock, elseHandles);
    for (mlir::Value handle : thenHandles)
      endifBlock->addArgument(handle.getType(), UnknownLoc::get(state_.context));
  }
  builder_.setInsertionPointToStart(endifBlock);
  std::vector<mlir::Value> arguments(endifBlock->args_begin(), endifBlock->args_end());
  size_t cursor = 0;
  for (size_t i = 0; i < names.size(); ++i)
    setValue(names[i], templates[i].rebuild(arguments, cursor));
}

Value CodeGenerator::visitConditional(const python::ConditionalExpr &expression) {
  Value condition = visitExpr(expression.test());
  if (!condition.isTensor()) {
    if (!(condition.isBool() || condition.isInt() || condition.isNone()))
      fail("`if` conditionals can only accept values of type {bool, int, NoneType}, not "
           "objects of type " + condition.describe());
    return visitExpr(condition.truthy() ? expression.body() : expression.orElse());
  }
  Tensor tensor = semantic_.cast(condition.asTensor(), ScalarKind::Int1);
  SubRegion region(localScope_, localDefinitions_, builder_);
  OpBuilder::InsertPoint insertionPoint = builder_.builder.saveInsertionPoint();
  mlir::Location lastLocation = builder_.location;

  // A branch of None (a call that returns nothing, such as tl.store) is Triton's void tensor.
  auto branchValue = [&](const python::Expr &branch) -> std::optional<Tensor> {
    Value value = visitExpr(branch);
    if (value.isNone())
      return std::nullopt;
    return semantic_.toTensor(value);
  };
  Block *thenBlock = createBlockInCurrentRegion();
  builder_.setInsertionPointToStart(thenBlock);
  std::optional<Tensor> thenValue = branchValue(expression.body());
  thenBlock = builder_.builder.getInsertionBlock();
  Block *elseBlock = createBlockInCurrentRegion();
  builder_.setInsertionPointToStart(elseBlock);
  std::optional<Tensor> elseValue = branchValue(expression.orElse());
  elseBlock = builder_.builder.getInsertionBlock();

  builder_.builder.restoreInsertionPoint(insertionPoint);
  builder_.location = lastLocation;
  auto typeName = [](const std::optional<Tensor> &value) {
    return value ? value->type.name() : std::string("void");
  };
  if (thenValue.has_value() != elseValue.has_value() ||
      (thenValue && thenValue->type != elseValue->type))
    fail("Ternary expression with dynamic condition has inconsistent types " + typeName(thenValue) +
         " and " + typeName(elseValue));
  SmallVector<mlir::Type> resultTypes;
  if (thenValue)
    resultTypes.push_back(thenValue->handle.getType());
  auto ifOp = builder_.create<scf::IfOp>(TypeRange(resultTypes), tensor.handle,
                                         /*withElseRegion=*/true);
  auto fill = [&](Region &region, Block *source, const std::optional<Tensor> &value) {
    Block *target = &region.front();
    target->getOperations().splice(target->begin(), source->getOperations());
    source->erase();
    if (!target->empty() && target->back().hasTrait<OpTrait::IsTerminator>())
      target->back().erase();
    builder_.setInsertionPointToEnd(target);
    if (value)
      builder_.create<scf::YieldOp>(ValueRange{value->handle});
    else
      builder_.create<scf::YieldOp>(ValueRange{});
  };
  fill(ifOp.getThenRegion(), thenBlock, thenValue);
  fill(ifOp.getElseRegion(), elseBlock, elseValue);
  if (!thenValue)
    return Value::none();
  return Value::tensor(ifOp.getResult(0), thenValue->type);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

CodeGenerator::CarriedValues CodeGenerator::findCarriedValues(const python::Stmt &loop,
                                                              const python::Block &body,
                                                              const OrderedScope &liveIns) {
  // Dry run: generate the body into a scratch block, see what it rebinds, throw it away.
  Block *scratch = createBlockInCurrentRegion();
  builder_.setInsertionPointToStart(scratch);
  controlFlowStack_.push_back(&loop);
  try {
    visitBlock(body);
  } catch (...) {
    controlFlowStack_.pop_back();
    scratch->dropAllDefinedValueUses();
    scratch->erase();
    throw;
  }
  controlFlowStack_.pop_back();
  scratch->dropAllDefinedValueUses();

  CarriedValues carried;
  for (const auto &[name, liveValue] : liveIns.entries()) {
    if (!isTracked(liveValue))
      continue;
    const Value *loopValue = localScope_.find(name);
    if (!loopValue)
      continue;
    checkLoopCarried(name, *loopValue, liveValue);
    std::vector<mlir::Value> liveHandles = flattenValue(liveValue);
    if (liveHandles != flattenValue(*loopValue)) {
      carried.names.push_back(name);
      carried.templates.push_back(ValueTemplate::of(liveValue));
      carried.initHandles.insert(carried.initHandles.end(), liveHandles.begin(), liveHandles.end());
    }
  }
  scratch->erase();
  localScope_ = liveIns;
  localDefinitions_.clear();
  return carried;
}

void CodeGenerator::visitFor(const python::ForStmt &statement) {
  const auto *iterCall = statement.iterable().dynCast<python::CallExpr>();
  if (!iterCall)
    fail("Only `range` and `static_range` iterators are currently supported");
  const auto *targetName = statement.target().dynCast<python::NameExpr>();
  if (!targetName)
    fail("the target of a for loop must be a name");
  const std::string &target = targetName->identifier();
  if (!statement.orElse().empty())
    fail("`for ... else` is not supported in Triton kernels");

  Value iteratorClass = visitExpr(iterCall->callee());
  std::string iteratorName =
      iteratorClass.isCallable() ? iteratorClass.asCallable()->name : std::string();
  std::vector<Value> arguments;
  for (const python::ExprPtr &argument : iterCall->arguments())
    arguments.push_back(visitExpr(*argument));
  std::map<std::string, Value> keywords;
  for (const python::KeywordArgument &keyword : iterCall->keywords()) {
    if (keyword.isDoubleStarred())
      fail("** arguments are not supported");
    builder_.location = locationAt(keyword.range.begin);
    keywords[keyword.name] = visitExpr(*keyword.value);
    builder_.location = locationAt(keyword.range.begin);
  }
  if (iteratorName == "triton.language.static_range") {
    // Unrolled at compile time: the target is a constexpr in each copy of the body.
    // tl.static_range(arg1, arg2=None, step=None): keywords bind as in Triton.
    static const char *const parameterNames[] = {"arg1", "arg2", "step"};
    if (arguments.size() > 3)
      fail("tl.static_range takes 1 to 3 arguments");
    std::vector<std::optional<Value>> slots(3);
    for (size_t i = 0; i < arguments.size(); ++i)
      slots[i] = arguments[i];
    for (const auto &[name, value] : keywords) {
      const char *const *found =
          std::find_if(std::begin(parameterNames), std::end(parameterNames),
                       [&](const char *parameter) { return name == parameter; });
      if (found == std::end(parameterNames))
        fail("tl.static_range got an unexpected keyword argument '" + name + "'");
      size_t index = static_cast<size_t>(found - std::begin(parameterNames));
      if (slots[index])
        fail("tl.static_range got multiple values for argument '" + name + "'");
      slots[index] = value;
    }
    if (!slots[0])
      fail("tl.static_range missing 1 required positional argument: 'arg1'");
    bool hasEnd = slots[1] && !slots[1]->isNone();
    bool hasStep = slots[2] && !slots[2]->isNone();
    arguments = {hasEnd ? *slots[0] : Value::integer(0), hasEnd ? *slots[1] : *slots[0],
                 hasStep ? *slots[2] : Value::integer(1)};
    for (const Value &argument : arguments)
      if (!(argument.isInt() || argument.isBool()))
        fail(argument.describe() + " used as tl.static_range bound is not a constexpr");
    PyInt start = arguments.size() > 1 ? arguments[0].asInteger() : 0;
    PyInt end = arguments.size() > 1 ? arguments[1].asInteger() : arguments[0].asInteger();
    PyInt step = arguments.size() > 2 ? arguments[2].asInteger() : 1;
    if (step == 0)
      fail("tl.static_range step must not be zero");
    // Each iteration is a copy of the body: past a few thousand the kernel would take minutes
    // (or the memory of the machine) to compile, so trex stops with an error instead.
    PyInt trips = 0;
    if (step > 0 && end > start)
      trips = (end - start + step - 1) / step;
    else if (step < 0 && start > end)
      trips = (start - end - step - 1) / -step;
    if (trips > kMaxStaticRangeTrips)
      fail("tl.static_range(" + pyIntToString(start) + ", " + pyIntToString(end) + ", " +
           pyIntToString(step) + ") would unroll " + pyIntToString(trips) +
           " copies of the loop body; trex unrolls at most " +
           std::to_string(kMaxStaticRangeTrips) + " (use tl.range for a loop)");
    for (PyInt i = start; step > 0 ? i < end : i > end; i += step) {
      if (++state_.unrolledBodies > kMaxUnrolledBodies)
        fail("tl.static_range loops would unroll more than " + std::to_string(kMaxUnrolledBodies) +
             " copies of their bodies in this kernel (nested static ranges multiply); use "
             "tl.range for the outer loops");
      localScope_.set(target, Value::integer(i));
      visitBlock(statement.body());
    }
    return;
  }

  Value lower, upper, step = Value::integer(1);
  std::optional<Value> numStages, loopUnrollFactor;
  bool disallowAccMultiBuffer = false, flatten = false, warpSpecialize = false, disableLicm = false;
  if (iteratorName == "triton.language.range") {
    // tl.range(arg1, arg2=None, step=None, num_stages=None, loop_unroll_factor=None,
    //          disallow_acc_multi_buffer=False, flatten=False, warp_specialize=False,
    //          disable_licm=False)
    static const char *const parameterNames[] = {"arg1",
                                                 "arg2",
                                                 "step",
                                                 "num_stages",
                                                 "loop_unroll_factor",
                                                 "disallow_acc_multi_buffer",
                                                 "flatten",
                                                 "warp_specialize",
                                                 "disable_licm"};
    std::map<std::string, Value> bound;
    if (arguments.size() > std::size(parameterNames))
      fail("tl.range takes at most " + std::to_string(std::size(parameterNames)) +
           " positional arguments but " + std::to_string(arguments.size()) + " were given");
    for (size_t i = 0; i < arguments.size(); ++i)
      bound[parameterNames[i]] = arguments[i];
    for (const auto &[name, value] : keywords) {
      if (std::find(std::begin(parameterNames), std::end(parameterNames), name) ==
          std::end(parameterNames))
        fail("tl.range got an unexpected keyword argument '" + name + "'");
      if (bound.count(name))
        fail("tl.range got multiple values for argument '" + name + "'");
      bound[name] = value;
    }
    if (!bound.count("arg1"))
      fail("tl.range missing 1 required positional argument: 'arg1'");
    auto boundOr = [&](const char *name, Value fallback) {
      auto it = bound.find(name);
      return it == bound.end() ? fallback : it->second;
    };
    Value arg2 = boundOr("arg2", Value::none());
    lower = arg2.isNone() ? Value::integer(0) : bound["arg1"];
    upper = arg2.isNone() ? bound["arg1"] : arg2;
    Value stepValue = boundOr("step", Value::none());
    if (!stepValue.isNone())
      step = stepValue;
    Value stages = boundOr("num_stages", Value::none());
    if (!stages.isNone())
      numStages = stages;
    Value unroll = boundOr("loop_unroll_factor", Value::none());
    if (!unroll.isNone())
      loopUnrollFactor = unroll;
    disallowAccMultiBuffer = boundOr("disallow_acc_multi_buffer", Value::boolean(false)).truthy();
    flatten = boundOr("flatten", Value::boolean(false)).truthy();
    warpSpecialize = boundOr("warp_specialize", Value::boolean(false)).truthy();
    disableLicm = boundOr("disable_licm", Value::boolean(false)).truthy();
  } else if (iteratorName == "builtins.range") {
    if (arguments.empty() || arguments.size() > 3 || !keywords.empty())
      fail("range takes 1 to 3 positional arguments");
    lower = arguments.size() > 1 ? arguments[0] : Value::integer(0);
    // Triton evaluates the only argument of range(n) a second time as the upper bound.
    upper = arguments.size() > 1 ? arguments[1] : visitExpr(*iterCall->arguments()[0]);
    if (arguments.size() > 2)
      step = arguments[2];
  } else {
    fail("Only `range` and `static_range` iterators are currently supported");
  }

  // scf.for cannot count down: a negative constant step runs the reversed range upwards.
  bool negativeStep = false;
  if (step.isInt() && step.asInt() < 0) {
    step = Value::integer(-step.asInt());
    negativeStep = true;
    std::swap(lower, upper);
  }
  Tensor lowerTensor = semantic_.toTensor(lower);
  Tensor upperTensor = semantic_.toTensor(upper);
  Tensor stepTensor = semantic_.toTensor(step);
  if (!lowerTensor.dtype().isInt() || !upperTensor.dtype().isInt() || !stepTensor.dtype().isInt())
    fail("For loop bounds and step must all be ints, are (" + lowerTensor.dtype().name() + ", " +
         upperTensor.dtype().name() + ", " + stepTensor.dtype().name() + ")");
  const std::pair<const char *, const Tensor *> bounds[] = {
      {"lower bound", &lowerTensor}, {"upper bound", &upperTensor}, {"step", &stepTensor}};
  for (const auto &[what, bound] : bounds)
    if (bound->isBlock())
      fail(std::string("For ") + what + " must be a scalar, got " + bound->type.name());
  DType inductionType = semantic_.integerPromote(lowerTensor.type, upperTensor.type);
  inductionType = semantic_.integerPromote(inductionType, stepTensor.type);
  mlir::Type inductionIR = inductionType.toMLIR(state_.context);
  bool isSigned = inductionType.isIntSigned();
  mlir::Value lowerIR = createIntCast(builder_, lowerTensor.handle, inductionIR, isSigned);
  mlir::Value upperIR = createIntCast(builder_, upperTensor.handle, inductionIR, isSigned);
  mlir::Value stepIR = createIntCast(builder_, stepTensor.handle, inductionIR, isSigned);
  // A placeholder for the induction variable while the body is generated.
  mlir::Value placeholder = builder_.create<ub::PoisonOp>(inductionIR);
  setValue(target, Value::tensor(placeholder, inductionType));

  scf::ForOp forOp;
  std::vector<std::string> names;
  std::vector<ValueTemplate> templates;
  {
    SubRegion region(localScope_, localDefinitions_, builder_);
    OpBuilder::InsertPoint insertionPoint = builder_.builder.saveInsertionPoint();
    mlir::Location lastLocation = builder_.location;
    CarriedValues carried = findCarriedValues(statement, statement.body(), region.liveIns);
    names = carried.names;
    templates = carried.templates;

    builder_.builder.restoreInsertionPoint(insertionPoint);
    builder_.location = lastLocation;
    forOp = builder_.create<scf::ForOp>(lowerIR, upperIR, stepIR, carried.initHandles);
    auto intAttribute = [&](const Value &value) {
      if (!value.isInt())
        fail("loop attributes must be compile-time integers, not " + value.describe());
      // The attributes are 32-bit: 2^32 + 3 once became 3.
      if (value.asInt() < std::numeric_limits<std::int32_t>::min() ||
          value.asInt() > std::numeric_limits<std::int32_t>::max())
        fail("loop attributes must be 32-bit integers, not " + value.str());
      return builder_.builder.getI32IntegerAttr(static_cast<std::int32_t>(value.asInt()));
    };
    if (numStages)
      forOp->setAttr("tt.num_stages", intAttribute(*numStages));
    if (loopUnrollFactor)
      forOp->setAttr("tt.loop_unroll_factor", intAttribute(*loopUnrollFactor));
    if (disallowAccMultiBuffer)
      forOp->setAttr("tt.disallow_acc_multi_buffer", builder_.builder.getUnitAttr());
    if (flatten)
      forOp->setAttr("tt.flatten", builder_.builder.getUnitAttr());
    if (warpSpecialize)
      forOp->setAttr("tt.warp_specialize", builder_.builder.getUnitAttr());
    if (disableLicm)
      forOp->setAttr("llvm.loop_annotation", disabledLicmAnnotation(state_.context));

    controlFlowStack_.push_back(&statement);
    Block *body = forOp.getBody();
    builder_.setInsertionPointToStart(body);
    std::vector<mlir::Value> iterArguments(body->args_begin() + 1, body->args_end());
    size_t cursor = 0;
    for (size_t i = 0; i < names.size(); ++i) {
      Value value = templates[i].rebuild(iterArguments, cursor);
      setLocationToName(value, names[i]);
      setValue(names[i], value);
    }
    visitBlock(statement.body());
    controlFlowStack_.pop_back();
    std::vector<mlir::Value> yields;
    for (const std::string &name : names)
      localScope_.find(name)->flatten(yields);
    if (!yields.empty())
      builder_.create<scf::YieldOp>(yields);

    // The real induction variable replaces the placeholder.
    builder_.setInsertionPointToStart(body);
    mlir::Value induction = forOp.getInductionVar();
    if (negativeStep) {
      induction = builder_.create<arith::SubIOp>(upperIR, induction);
      induction = builder_.create<arith::AddIOp>(induction, lowerIR);
    }
    mlir::Value placeholderValue = localScope_.find(target)->asTensor().handle;
    placeholderValue.replaceAllUsesWith(induction);
    setValue(target, Value::tensor(induction, inductionType));
    setLocationToName(induction, target);
  }
  std::vector<mlir::Value> results(forOp->result_begin(), forOp->result_end());
  size_t cursor = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    Value value = templates[i].rebuild(results, cursor);
    setValue(names[i], value);
    setLocationToName(value, names[i]);
  }
}

void CodeGenerator::visitWhile(const python::WhileStmt &statement) {
  if (!statement.orElse().empty())
    fail("`while ... else` is not supported in Triton kernels");
  scf::WhileOp whileOp;
  std::vector<std::string> names;
  std::vector<ValueTemplate> templates;
  {
    SubRegion region(localScope_, localDefinitions_, builder_);
    OpBuilder::InsertPoint insertionPoint = builder_.builder.saveInsertionPoint();
    mlir::Location lastLocation = builder_.location;
    CarriedValues carried = findCarriedValues(statement, statement.body(), region.liveIns);
    names = carried.names;
    templates = carried.templates;

    builder_.builder.restoreInsertionPoint(insertionPoint);
    builder_.location = lastLocation;
    std::vector<mlir::Type> types;
    for (mlir::Value handle : carried.initHandles)
      types.push_back(handle.getType());
    whileOp = builder_.create<scf::WhileOp>(types, carried.initHandles);
    std::vector<mlir::Location> locations(types.size(), UnknownLoc::get(state_.context));

    Block *before = builder_.builder.createBlock(&whileOp.getBefore(), {}, types, locations);
    builder_.setInsertionPointToStart(before);
    std::vector<mlir::Value> beforeArguments(before->args_begin(), before->args_end());
    size_t cursor = 0;
    for (size_t i = 0; i < names.size(); ++i) {
      Value value = templates[i].rebuild(beforeArguments, cursor);
      localScope_.set(names[i], value);
      localDefinitions_.set(names[i], value);
      setLocationToName(value, names[i]);
    }
    bool disableLicm = false;
    Value condition = whileCondition(statement.test(), disableLicm);
    if (disableLicm)
      whileOp->setAttr("llvm.loop_annotation", disabledLicmAnnotation(state_.context));
    if (!condition.isTensor())
      condition = Value::tensor(semantic_.toTensor(condition));
    if (!condition.asTensor().type.is(ScalarKind::Int1))
      fail("the condition of a while loop must be a boolean scalar, not " + condition.describe());
    builder_.setInsertionPointToEnd(before);
    builder_.create<scf::ConditionOp>(condition.asTensor().handle, beforeArguments);

    Block *after = builder_.builder.createBlock(&whileOp.getAfter(), {}, types, locations);
    builder_.setInsertionPointToStart(after);
    std::vector<mlir::Value> afterArguments(after->args_begin(), after->args_end());
    cursor = 0;
    for (size_t i = 0; i < names.size(); ++i) {
      Value value = templates[i].rebuild(afterArguments, cursor);
      localScope_.set(names[i], value);
      localDefinitions_.set(names[i], value);
      setLocationToName(value, names[i]);
    }
    controlFlowStack_.push_back(&statement);
    visitBlock(statement.body());
    controlFlowStack_.pop_back();
    std::vector<mlir::Value> yields;
    for (const std::string &name : names)
      localScope_.find(name)->flatten(yields);
    builder_.create<scf::YieldOp>(yields);
  }
  std::vector<mlir::Value> results(whileOp->result_begin(), whileOp->result_end());
  size_t cursor = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    Value value = templates[i].rebuild(results, cursor);
    localScope_.set(names[i], value);
    localDefinitions_.set(names[i], value);
    setLocationToName(value, names[i]);
  }
}

Value CodeGenerator::whileCondition(const python::Expr &test, bool &disableLicm) {
  // `while tl.condition(cond, disable_licm=...)`: the wrapper only carries the loop attribute.
  const auto *call = test.dynCast<python::CallExpr>();
  const python::Expr *calleeExpr = call ? &call->callee() : nullptr;
  bool namedCondition =
      calleeExpr && ((calleeExpr->isa<python::AttributeExpr>() &&
                      calleeExpr->cast<python::AttributeExpr>().attribute() == "condition") ||
                     (calleeExpr->isa<python::NameExpr>() &&
                      calleeExpr->cast<python::NameExpr>().identifier() == "condition"));
  if (!namedCondition)
    return visitExpr(test);
  return atNode(*call, [&]() -> Value {
    Value callee = visitExpr(call->callee());
    if (!callee.isCallable() || callee.asCallable()->name != "triton.language.condition") {
      std::vector<std::pair<std::string, Value>> keywords;
      for (const python::KeywordArgument &keyword : call->keywords())
        keywords.emplace_back(keyword.name, evaluateKeyword(keyword));
      std::vector<Value> arguments;
      for (const python::ExprPtr &argument : call->arguments())
        arguments.push_back(visitExpr(*argument));
      return callFunction(callee, std::move(arguments), std::move(keywords));
    }
    std::optional<Value> disable;
    for (const python::KeywordArgument &keyword : call->keywords()) {
      if (keyword.name != "disable_licm")
        fail("condition() got an unexpected keyword argument '" + keyword.name + "'");
      disable = evaluateKeyword(keyword);
    }
    std::vector<Value> arguments;
    for (const python::ExprPtr &argument : call->arguments())
      arguments.push_back(visitExpr(*argument));
    if (arguments.empty() || arguments.size() > 2 || (arguments.size() == 2 && disable))
      fail("tl.condition takes a condition and an optional disable_licm flag");
    if (arguments.size() == 2)
      disable = arguments[1];
    disableLicm = disable && disable->truthy();
    return arguments[0];
  });
}

// `with pl.scope("name"):` (triton.profiler.language.scope), the one context manager a
// Triton kernel may use: the body between the scope's start and end records. Other `with`
// statements stay unsupported.
void CodeGenerator::visitWith(const python::WithStmt &statement) {
  if (statement.isAsync())
    fail("`async with` is not supported in Triton kernels");
  std::vector<std::string> scopes;
  for (const python::WithItem &item : statement.items()) {
    // Only a name or an attribute can be the scope class; anything else, or a name that does
    // not resolve, is just an unsupported `with`.
    const auto *call = llvm::dyn_cast<python::CallExpr>(item.context.get());
    Value callee = Value::none();
    if (call && (llvm::isa<python::NameExpr>(call->callee()) ||
                 llvm::isa<python::AttributeExpr>(call->callee()))) {
      try {
        callee = visitExpr(call->callee());
      } catch (const CompileError &) {
        callee = Value::none();
      }
    }
    if (!call || !callee.isCallable() ||
        callee.asCallable()->name != "triton.profiler.language.scope")
      fail("`with` statements are not supported in Triton kernels by trex, except "
           "`with triton.profiler.language.scope(name):`");
    if (item.target)
      fail("`with pl.scope(name) as ...` binds nothing in a Triton kernel");
    if (call->arguments().size() != 1 || !call->keywords().empty())
      fail("scope() takes the scope name, a string");
    std::string name = stringArgument(visitExpr(*call->arguments()[0]), "the scope name");
    if (name.empty())
      fail("a profiling scope needs a non-empty name");
    scopes.push_back(name);
  }
  for (const std::string &name : scopes)
    if (options().profileScopes)
      semantic().profilerRecord(true, name);
  visitBlock(statement.body());
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (options().profileScopes)
      semantic().profilerRecord(false, *it);
}

} // namespace trex::frontend
