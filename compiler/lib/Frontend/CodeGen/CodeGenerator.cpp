// CodeGenerator: functions, statements, names and locations.
#include "CodeGenerator.h"

#include "../Module/Object.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace trex::frontend {

//===----------------------------------------------------------------------===//
// OrderedScope
//===----------------------------------------------------------------------===//

const Value *OrderedScope::find(const std::string &name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &entries_[it->second].second;
}

void OrderedScope::set(const std::string &name, Value value) {
  auto it = index_.find(name);
  if (it != index_.end()) {
    entries_[it->second].second = std::move(value);
    return;
  }
  index_.emplace(name, entries_.size());
  entries_.emplace_back(name, std::move(value));
}

//===----------------------------------------------------------------------===//
// Construction and locations
//===----------------------------------------------------------------------===//

CodeGenerator::CodeGenerator(GenerationState &state, const JitFunction &function,
                             std::string functionName, Prototype prototype, bool isKernel)
    : state_(state), scope_(function.scope), function_(&function),
      functionName_(std::move(functionName)), prototype_(std::move(prototype)),
      isKernel_(isKernel), builder_(state.context), semantic_(builder_, *state.options) {
  builder_.location = functionLocation();
}

CodeGenerator::CodeGenerator(GenerationState &state, ModuleScope &scope)
    : state_(state), scope_(&scope), builder_(state.context), semantic_(builder_, *state.options) {
  builder_.irAllowed = false;
}

mlir::Location CodeGenerator::functionLocation() const {
  return FileLineColLoc::get(state_.context, scope_->fileName,
                             function_->definition->location().line, 0);
}

mlir::Location CodeGenerator::locationOf(const python::Node &node) const {
  return locationAt(node.location());
}

mlir::Location CodeGenerator::locationAt(python::SourceLocation where) const {
  mlir::Location location =
      FileLineColLoc::get(state_.context, scope_->fileName, where.line, where.column);
  if (nameLocationPrefix_)
    return NameLoc::get(StringAttr::get(state_.context, *nameLocationPrefix_), location);
  return location;
}

void CodeGenerator::warn(const std::string &message) {
  python::SourceLocation where = currentNode_ ? currentNode_->location() : python::SourceLocation{};
  state_.diagnostics.push_back(python::makeDiagnostic(python::DiagnosticSeverity::Warning,
                                                      scope_->source, scope_->fileName, where,
                                                      message));
}

void CodeGenerator::remark(const std::string &message) {
  python::SourceLocation where = currentNode_ ? currentNode_->location() : python::SourceLocation{};
  state_.diagnostics.push_back(python::makeDiagnostic(python::DiagnosticSeverity::Remark,
                                                      scope_->source, scope_->fileName, where,
                                                      message));
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

Value CodeGenerator::visitExpr(const python::Expr &expression) {
  using python::NodeKind;
  return atNode(expression, [&]() -> Value {
    switch (expression.kind()) {
    case NodeKind::Name:
      return visitName(expression.cast<python::NameExpr>());
    case NodeKind::IntegerLiteral: {
      auto value = expression.cast<python::IntegerLiteral>().value();
      if (!value)
        fail("integer literal " + expression.cast<python::IntegerLiteral>().spelling() +
             " does not fit in 64 bits");
      return Value::integer(static_cast<PyInt>(*value));
    }
    case NodeKind::FloatLiteral:
      return Value::floating(expression.cast<python::FloatLiteral>().value());
    case NodeKind::StringLiteral:
      return Value::string(expression.cast<python::StringLiteral>().value());
    case NodeKind::BooleanLiteral:
      return Value::boolean(expression.cast<python::BooleanLiteral>().value());
    case NodeKind::NoneLiteral:
      return Value::none();
    case NodeKind::FormattedString:
      return visitFormattedString(expression.cast<python::FormattedStringExpr>());
    case NodeKind::UnaryOp:
      return visitUnary(expression.cast<python::UnaryOpExpr>());
    case NodeKind::BinaryOp:
      return visitBinary(expression.cast<python::BinaryOpExpr>());
    case NodeKind::BooleanOp:
      return visitBoolean(expression.cast<python::BooleanOpExpr>());
    case NodeKind::Compare:
      return visitCompare(expression.cast<python::CompareExpr>());
    case NodeKind::Conditional:
      return visitConditional(expression.cast<python::ConditionalExpr>());
    case NodeKind::Call:
      return visitCall(expression.cast<python::CallExpr>());
    case NodeKind::Attribute:
      return visitAttribute(expression.cast<python::AttributeExpr>());
    case NodeKind::Subscript:
      return visitSubscript(expression.cast<python::SubscriptExpr>());
    case NodeKind::Slice: {
      const auto &slice = expression.cast<python::SliceExpr>();
      Value lower = slice.lower() ? visitExpr(*slice.lower()) : Value::none();
      Value upper = slice.upper() ? visitExpr(*slice.upper()) : Value::none();
      Value step = slice.step() ? visitExpr(*slice.step()) : Value::none();
      return Value::slice(lower, upper, step);
    }
    case NodeKind::Tuple:
    case NodeKind::List: {
      std::vector<Value> elements;
      for (const python::ExprPtr &element : expression.cast<python::CollectionExpr>().elements()) {
        if (element->isa<python::StarredExpr>()) {
          Value expanded = visitExpr(element->cast<python::StarredExpr>().value());
          if (!expanded.isTuple())
            fail("only tuples can be unpacked with *, not " + expanded.describe());
          for (const Value &item : expanded.elements())
            elements.push_back(item);
        } else {
          elements.push_back(visitExpr(*element));
        }
      }
      return Value::tuple(std::move(elements));
    }
    case NodeKind::ListComprehension:
      return visitListComprehension(expression.cast<python::ComprehensionExpr>());
    default:
      fail("unsupported AST node type: " + std::string(python::nodeKindName(expression.kind())));
    }
  });
}

void CodeGenerator::visitStmt(const python::Stmt &statement) {
  using python::NodeKind;
  atNode(statement, [&] {
    switch (statement.kind()) {
    case NodeKind::ExpressionStatement: {
      const python::Expr &value = statement.cast<python::ExpressionStmt>().value();
      if (const auto *call = value.dynCast<python::CallExpr>())
        unusedCalls_[call] = true;
      visitExpr(value);
      return;
    }
    case NodeKind::Assign: {
      const auto &assign = statement.cast<python::AssignStmt>();
      if (assign.targets().size() != 1)
        fail("chained assignment (a = b = ...) is not supported in Triton kernels");
      visitAssign(*assign.targets()[0], assign.value());
      return;
    }
    case NodeKind::AnnotatedAssign:
      visitAnnotatedAssign(statement.cast<python::AnnotatedAssignStmt>());
      return;
    case NodeKind::AugmentedAssign:
      visitAugmentedAssign(statement.cast<python::AugmentedAssignStmt>());
      return;
    case NodeKind::If:
      visitIf(statement.cast<python::IfStmt>());
      return;
    case NodeKind::For:
      visitFor(statement.cast<python::ForStmt>());
      return;
    case NodeKind::While:
      visitWhile(statement.cast<python::WhileStmt>());
      return;
    case NodeKind::Return:
      visitReturn(statement.cast<python::ReturnStmt>());
      return;
    case NodeKind::Pass:
      return;
    case NodeKind::Assert:
      visitAssert(statement.cast<python::AssertStmt>());
      return;
    case NodeKind::With:
      visitWith(statement.cast<python::WithStmt>());
      return;
    case NodeKind::FunctionDef:
      fail("nested function definition is not supported.");
    case NodeKind::Break:
    case NodeKind::Continue:
      fail(std::string("`") + (statement.kind() == NodeKind::Break ? "break" : "continue") +
           "` is not supported in Triton kernels: loops run to their end");
    default:
      fail("unsupported AST node type: " + std::string(python::nodeKindName(statement.kind())));
    }
  });
}

void CodeGenerator::visitBlock(const python::Block &block) {
  for (const python::StmtPtr &statement : block) {
    visitStmt(*statement);
    // Everything after a return is dead.
    if (statement->isa<python::ReturnStmt>())
      break;
  }
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// A kernel parameter that is a TensorDescriptor made on the host (`tensordesc<...>` in the
// signature). Triton 3.6 passes such a descriptor followed by its global shape and strides,
// which the kernel reads as `desc.shape` and `desc.strides`; helpers take the descriptor alone.
bool CodeGenerator::isHostDescriptor(const ValueTemplate &parameter) const {
  return isKernel_ && parameter.kind == ValueTemplate::Kind::Tensor &&
         parameter.type.isTensorDesc();
}

// The parameters after a host descriptor: the shape (i32 each), then the strides (i64 each).
std::vector<DType> CodeGenerator::hostDescriptorExtraTypes(const DType &descriptor) {
  size_t rank = descriptor.elementType().shape().size();
  std::vector<DType> types(rank, DType(ScalarKind::Int32));
  types.insert(types.end(), rank, DType(ScalarKind::Int64));
  return types;
}

void CodeGenerator::generate() { atNode(*function_->definition, [&] { visitFunctionDef(*function_->definition); }); }

void CodeGenerator::visitFunctionDef(const python::FunctionDefStmt &definition) {
  MLIRContext *context = state_.context;
  std::vector<DType> argumentTypes;
  for (const ValueTemplate &parameter : prototype_.parameters) {
    parameter.flattenTypes(argumentTypes);
    if (isHostDescriptor(parameter))
      for (const DType &extra : hostDescriptorExtraTypes(parameter.type))
        argumentTypes.push_back(extra);
  }
  std::vector<mlir::Type> irTypes;
  for (const DType &type : argumentTypes)
    irTypes.push_back(type.toMLIR(context));

  OpBuilder detached(context);
  NamedAttribute attributes[] = {
      NamedAttribute(StringAttr::get(context, "sym_visibility"),
                     StringAttr::get(context, isKernel_ ? "public" : "private")),
      NamedAttribute(StringAttr::get(context, "noinline"),
                     BoolAttr::get(context, function_->noinline))};
  functionOp_ = tt::FuncOp::create(detached, builder_.location, functionName_,
                                   FunctionType::get(context, irTypes, {}), attributes);
  state_.module.push_back(functionOp_);
  Block *entry = functionOp_.addEntryBlock();

  // Bind the parameters: IR arguments rebuilt into the prototype's values.
  std::vector<mlir::Value> arguments(entry->args_begin(), entry->args_end());
  size_t cursor = 0;
  const python::ParameterList &parameters = definition.parameters();
  for (size_t i = 0; i < parameters.size(); ++i) {
    auto attributes = prototype_.attributes.find(i);
    if (attributes != prototype_.attributes.end())
      for (const auto &[name, value] : attributes->second)
        functionOp_.setArgAttr(cursor, name,
                               IntegerAttr::get(IntegerType::get(context, 32), value));
    Value value = prototype_.parameters[i].rebuild(arguments, cursor);
    setLocationToName(value, parameters[i].name);
    if (isHostDescriptor(prototype_.parameters[i]))
      for (size_t extra = hostDescriptorExtraTypes(prototype_.parameters[i].type).size(); extra;
           --extra)
        setLocationToName(arguments[cursor++], parameters[i].name);
    setValue(parameters[i].name, value);
  }
  builder_.setInsertionPointToStart(entry);

  visitBlock(definition.body());

  if (!returnType_ || (returnType_->kind == ValueTemplate::Kind::Constexpr &&
                       returnType_->constant.isNone())) {
    returnType_ = std::nullopt;
    builder_.create<tt::ReturnOp>();
  } else {
    std::vector<DType> resultTypes;
    returnType_->flattenTypes(resultTypes);
    std::vector<mlir::Type> irResults;
    for (const DType &type : resultTypes)
      irResults.push_back(type.toMLIR(context));
    functionOp_.setFunctionType(FunctionType::get(context, irTypes, irResults));
    std::vector<mlir::Value> poisons;
    for (mlir::Type type : irResults)
      poisons.push_back(builder_.create<ub::PoisonOp>(type));
    builder_.create<tt::ReturnOp>(poisons);
  }
}

void CodeGenerator::visitReturn(const python::ReturnStmt &statement) {
  // Triton refuses a return in a loop (its tt.return would sit in the loop's region).
  if (!controlFlowStack_.empty())
    fail("Cannot have `return` statements inside `while` or `for` statements in triton.");
  Value value = statement.value() ? visitExpr(*statement.value()) : Value::none();
  // Compile-time numbers returned become tensors; tuples are converted element by element.
  std::function<Value(const Value &)> decay = [&](const Value &v) -> Value {
    if (v.isTuple()) {
      std::vector<Value> elements;
      for (const Value &element : v.elements())
        elements.push_back(decay(element));
      return v.withElements(std::move(elements));
    }
    if (v.isNumber())
      return Value::tensor(semantic_.toTensor(v));
    if (v.isTensor() || v.isNone())
      return v;
    fail("a Triton function cannot return " + v.describe());
  };
  Value returned = decay(value);
  std::vector<mlir::Value> handles;
  returned.flatten(handles);
  builder_.create<tt::ReturnOp>(handles);
  ValueTemplate type = ValueTemplate::of(returned);
  if (!returnType_)
    returnType_ = type;
  else if (*returnType_ != type)
    fail("Inconsistent return types: " + returnType_->describe() + " and " + type.describe());
  // A return ends its block; whatever follows goes to a fresh, unreachable one.
  mlir::Block *after = createBlockInCurrentRegion();
  builder_.setInsertionPointToEnd(after);
}

mlir::Block *CodeGenerator::createBlockInCurrentRegion() {
  mlir::Region *region = builder_.builder.getBlock()->getParent();
  return builder_.builder.createBlock(region, region->end());
}

//===----------------------------------------------------------------------===//
// Assignments
//===----------------------------------------------------------------------===//

void CodeGenerator::setValue(const std::string &name, Value value) {
  localScope_.set(name, value);
  localDefinitions_.set(name, std::move(value));
}

void CodeGenerator::setLocationToName(mlir::Value value, const std::string &name) {
  mlir::Location named = NameLoc::get(StringAttr::get(state_.context, name), value.getLoc());
  if (Operation *op = value.getDefiningOp())
    op->setLoc(named);
  else
    cast<BlockArgument>(value).setLoc(named);
}

void CodeGenerator::setLocationToName(const Value &value, const std::string &name) {
  std::vector<mlir::Value> handles;
  value.flatten(handles);
  for (mlir::Value handle : handles)
    setLocationToName(handle, name);
}

void CodeGenerator::visitAssign(const python::Expr &target, const python::Expr &valueExpr) {
  // Assigned numbers become tensors (Triton's _sanitize_value); dtypes, None, tensors and
  // tuples stay what they are.
  std::function<Value(const Value &)> sanitize = [&](const Value &v) -> Value {
    if (v.isTuple()) {
      std::vector<Value> elements;
      for (const Value &element : v.elements())
        elements.push_back(sanitize(element));
      return v.withElements(std::move(elements));
    }
    if (v.isNone() || v.isTensor() || v.isDType())
      return v;
    return Value::tensor(semantic_.toTensor(v));
  };
  Value value;
  if (const auto *name = target.dynCast<python::NameExpr>()) {
    nameLocationPrefix_ = name->identifier();
    try {
      value = sanitize(visitExpr(valueExpr));
    } catch (...) {
      nameLocationPrefix_.reset();
      throw;
    }
    nameLocationPrefix_.reset();
  } else {
    value = sanitize(visitExpr(valueExpr));
  }
  assignTarget(target, value);
}

void CodeGenerator::assignTarget(const python::Expr &target, const Value &value) {
  if (target.isa<python::SubscriptExpr>())
    fail("__setitem__ is not supported in triton");
  if (const auto *tuple = target.dynCast<python::TupleExpr>()) {
    if (!value.isTuple())
      fail("cannot unpack " + value.describe() + " into " +
           std::to_string(tuple->elements().size()) + " names");
    // Triton assigns target i the value's element i: values beyond the targets are dropped
    // (`a, b = x, y, z` compiles), too few is an error.
    if (value.elements().size() < tuple->elements().size())
      fail("cannot unpack a tuple of " + std::to_string(value.elements().size()) +
           " values into " + std::to_string(tuple->elements().size()) + " names");
    for (size_t i = 0; i < tuple->elements().size(); ++i)
      assignTarget(*tuple->elements()[i], value.elements()[i]);
    return;
  }
  if (target.isa<python::AttributeExpr>())
    fail("Attribute assignment is not supported in triton");
  const auto *name = target.dynCast<python::NameExpr>();
  if (!name)
    fail("cannot assign to " + std::string(python::nodeKindName(target.kind())));
  setValue(name->identifier(), value);
}

void CodeGenerator::visitAnnotatedAssign(const python::AnnotatedAssignStmt &statement) {
  Value annotation = visitExpr(statement.annotation());
  const auto *name = statement.target().dynCast<python::NameExpr>();
  bool isConstexprAnnotation = annotation.isCallable() &&
                               annotation.asCallable()->name == "triton.language.constexpr";
  if (isConstexprAnnotation) {
    if (!name)
      fail("only a name can be annotated with tl.constexpr");
    atNode(statement.target(), [] {});
    Value value = statement.value() ? visitExpr(*statement.value()) : Value::none();
    if (localScope_.contains(name->identifier()))
      fail(name->identifier() + " is already defined. constexpr cannot be reassigned.");
    if (value.isTensor())
      fail(name->identifier() + " is annotated tl.constexpr but its value is a tensor, not a "
                                "compile-time constant");
    localScope_.set(name->identifier(), value);
    return;
  }
  if (!statement.value())
    return;
  // Triton evaluates the value once here and once more as a plain assignment.
  atNode(statement.target(), [] {});
  visitExpr(*statement.value());
  visitAssign(statement.target(), *statement.value());
}

void CodeGenerator::visitAugmentedAssign(const python::AugmentedAssignStmt &statement) {
  // `x op= v` is `x = x op v`, with the synthesized nodes carrying no location of their own.
  static const std::unordered_map<python::BinaryOperator, std::string> methods = {
      {python::BinaryOperator::Add, "add"},        {python::BinaryOperator::Subtract, "sub"},
      {python::BinaryOperator::Multiply, "mul"},   {python::BinaryOperator::Divide, "truediv"},
      {python::BinaryOperator::FloorDivide, "floordiv"}, {python::BinaryOperator::Modulo, "mod"},
      {python::BinaryOperator::Power, "pow"},      {python::BinaryOperator::LeftShift, "lshift"},
      {python::BinaryOperator::RightShift, "rshift"}, {python::BinaryOperator::BitAnd, "and"},
      {python::BinaryOperator::BitOr, "or"},       {python::BinaryOperator::BitXor, "xor"}};
  auto method = methods.find(statement.op());
  if (method == methods.end())
    fail("AST binary operator '" + std::string(python::spelling(statement.op())) +
         "' is not (currently) implemented.");
  const python::Expr &target = statement.target();
  if (!target.isa<python::NameExpr>())
    fail("augmented assignment is only supported on names in Triton kernels");
  const std::string &name = target.cast<python::NameExpr>().identifier();
  nameLocationPrefix_ = name;
  Value result;
  try {
    Value lhs = visitExpr(target);
    Value rhs = visitExpr(statement.value());
    result = applyBinary(method->second, lhs, rhs);
  } catch (...) {
    nameLocationPrefix_.reset();
    throw;
  }
  nameLocationPrefix_.reset();
  // The synthesized BinOp has no position: leaving it restores the statement's location.
  builder_.location = locationOf(statement);
  if (!(result.isNone() || result.isTensor() || result.isDType() || result.isTuple()))
    result = Value::tensor(semantic_.toTensor(result));
  setValue(name, result);
  atNode(target, [] {});
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

Value CodeGenerator::visitName(const python::NameExpr &name) { return lookupName(name.identifier()); }

Value CodeGenerator::lookupName(const std::string &name) {
  if (const Value *local = localScope_.find(name))
    return *local;
  // A jit function defined inside a Python function sees that function's variables.
  if (function_ && function_->closure)
    if (const Value *captured = function_->closure->find(name))
      return checkGlobalForKernel(name, *captured);
  if (scope_->globals.count(name))
    return lookupGlobal(*scope_, name);
  if (std::optional<Value> builtin = library().pythonBuiltin(name))
    return *builtin;
  fail(name + " is not defined");
}

void CodeGenerator::visitAssert(const python::AssertStmt &statement) {
  Value test = visitExpr(statement.test());
  Value message = statement.message() ? visitExpr(*statement.message()) : Value::string("");
  // Triton turns `assert` into tl.device_assert, which needs debug mode to do anything;
  // the condition still becomes a tensor.
  Tensor condition = semantic_.toTensor(test);
  semantic_.deviceAssert(condition, message.isString() ? message.asString() : message.str());
}

} // namespace trex::frontend
