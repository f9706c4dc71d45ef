// CodeGenerator: operators, attributes, subscripts, globals and f-strings.
#include "CodeGenerator.h"

#include "../Module/ModuleEvaluator.h"

#include "ConstexprOperators.h"

#include "trex/Frontend/Python/Parser.h"

using namespace mlir;

namespace trex::frontend {

namespace {

std::string notConstexprMessage(const std::string &name) {
  return "Cannot access global variable " + name +
         " from within @jit'ed function. Triton kernels can only access global variables that "
         "are instanstiated as constexpr (`x = triton.language.constexpr(42)`). Note that this "
         "is different from annotating a variable as constexpr (`x: triton.language.constexpr = "
         "42`), which is not supported.";
}

[[noreturn]] void failOpaque(const std::string &name, const Object &object) {
  std::string where;
  if (object.origin && object.location.line > 0)
    where = " (imported at " + object.origin->fileName + ":" +
            std::to_string(object.location.line) + ")";
  fail("'" + name + "' is " + object.name + where +
       ", which trex does not model (trex runs no Python); a kernel cannot use it. If it is a "
       "module of your project, pass its folder with --python-path");
}

} // namespace

namespace {

std::string binaryMethod(python::BinaryOperator op) {
  using python::BinaryOperator;
  switch (op) {
  case BinaryOperator::Add: return "add";
  case BinaryOperator::Subtract: return "sub";
  case BinaryOperator::Multiply: return "mul";
  case BinaryOperator::Divide: return "truediv";
  case BinaryOperator::FloorDivide: return "floordiv";
  case BinaryOperator::Modulo: return "mod";
  case BinaryOperator::Power: return "pow";
  case BinaryOperator::LeftShift: return "lshift";
  case BinaryOperator::RightShift: return "rshift";
  case BinaryOperator::BitAnd: return "and";
  case BinaryOperator::BitOr: return "or";
  case BinaryOperator::BitXor: return "xor";
  case BinaryOperator::MatrixMultiply: return "";
  }
  return "";
}

std::string comparisonMethod(python::ComparisonOperator op) {
  using python::ComparisonOperator;
  switch (op) {
  case ComparisonOperator::Equal: return "eq";
  case ComparisonOperator::NotEqual: return "ne";
  case ComparisonOperator::Less: return "lt";
  case ComparisonOperator::LessEqual: return "le";
  case ComparisonOperator::Greater: return "gt";
  case ComparisonOperator::GreaterEqual: return "ge";
  default: return "";
  }
}

const char *comparisonNodeName(python::ComparisonOperator op) {
  using python::ComparisonOperator;
  switch (op) {
  case ComparisonOperator::In: return "In";
  case ComparisonOperator::NotIn: return "NotIn";
  default: return "?";
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Value CodeGenerator::applyBinary(const std::string &method, const Value &lhs, const Value &rhs) {
  bool lhsTensor = lhs.isTensor(), rhsTensor = rhs.isTensor();
  if (!lhsTensor && !rhsTensor)
    return applyConstexprBinary(method, lhs, rhs);

  // tensor.__op__(other), or other's reflected tensor.__rop__(self): `self` is the tensor and
  // `reflected` says it was the right operand.
  const Value &self = lhsTensor ? lhs : rhs;
  const Value &other = lhsTensor ? rhs : lhs;
  bool reflected = !lhsTensor;
  const Value &first = reflected ? other : self;
  const Value &second = reflected ? self : other;
  auto tensor = [](Tensor t) { return Value::tensor(std::move(t)); };
  auto checkShift = [&]() {
    // Triton warns when a constant shift reaches the value's width.
    const Value &shifted = first, &amount = second;
    if (shifted.isTensor() && amount.isInt() &&
        amount.asInt() >= shifted.asTensor().dtype().primitiveBitwidth())
      warn("Value " + amount.str() + " exceeds the maximum bitwidth (" +
           std::to_string(shifted.asTensor().dtype().primitiveBitwidth()) + ") for type '" +
           shifted.asTensor().dtype().name() + "'. This may result in undefined behavior.");
  };
  if (other.isTensor() || other.isNumber() || method == "eq" || method == "ne" ||
      method == "lt" || method == "le" || method == "gt" || method == "ge" ||
      method == "logical_and" || method == "logical_or") {
    if (method == "add")
      return tensor(semantic_.add(first, second, true));
    if (method == "sub")
      return tensor(semantic_.sub(first, second, true));
    if (method == "mul")
      return tensor(semantic_.mul(first, second, true));
    if (method == "truediv")
      return tensor(semantic_.trueDiv(first, second));
    if (method == "floordiv")
      return tensor(semantic_.floorDiv(first, second));
    if (method == "mod")
      return tensor(semantic_.mod(first, second));
    if (method == "and")
      return tensor(semantic_.andOp(first, second));
    if (method == "or")
      return tensor(semantic_.orOp(first, second));
    if (method == "xor")
      return tensor(semantic_.xorOp(first, second));
    if (method == "lshift") {
      checkShift();
      return tensor(semantic_.shl(first, second));
    }
    if (method == "rshift") {
      checkShift();
      // The tensor the method was called on decides arithmetic or logical shift.
      if (self.asTensor().dtype().isIntSigned())
        return tensor(semantic_.ashr(first, second));
      return tensor(semantic_.lshr(first, second));
    }
    using Cmp = Semantic::Comparison;
    static const std::map<std::string, Cmp> comparisons = {
        {"eq", Cmp::Equal}, {"ne", Cmp::NotEqual}, {"lt", Cmp::Less},
        {"le", Cmp::LessEqual}, {"gt", Cmp::Greater}, {"ge", Cmp::GreaterEqual}};
    auto comparison = comparisons.find(method);
    if (comparison != comparisons.end()) {
      // The other operand becomes a tensor first, so a Python number is a plain constant
      // of its own type (cast to the tensor's type afterwards).
      Value converted = Value::tensor(semantic_.toTensor(other));
      return tensor(semantic_.compare(comparison->second, reflected ? converted : self,
                                      reflected ? self : converted));
    }
    if (method == "logical_and" || method == "logical_or") {
      Tensor converted = semantic_.toTensor(other);
      return tensor(method == "logical_and" ? semantic_.logicalAnd(self.asTensor(), converted)
                                            : semantic_.logicalOr(self.asTensor(), converted));
    }
  }
  if (method == "pow")
    fail("unsupported operand type(s) for **: the ** operator is not supported on tensors; "
         "use tl.math functions");
  fail("unsupported operand type(s) for this operator: '" + pythonTypeName(lhs) + "' and '" +
       pythonTypeName(rhs) + "'");
}

Value CodeGenerator::applyUnary(const std::string &method, const Value &operand) {
  if (!operand.isTensor())
    return applyConstexprUnary(method, operand);
  const Tensor &tensor = operand.asTensor();
  if (method == "neg")
    return Value::tensor(semantic_.minus(tensor));
  if (method == "invert")
    return Value::tensor(semantic_.invert(tensor));
  if (method == "not")
    return Value::tensor(semantic_.notOp(tensor));
  fail("AST unary operator '__pos__' is not (currently) implemented on type tensor");
}

Value CodeGenerator::visitBinary(const python::BinaryOpExpr &expression) {
  Value lhs = visitExpr(expression.left());
  Value rhs = visitExpr(expression.right());
  std::string method = binaryMethod(expression.op());
  if (method.empty())
    fail("AST binary operator 'MatMult' is not (currently) implemented.");
  return applyBinary(method, lhs, rhs);
}

Value CodeGenerator::visitUnary(const python::UnaryOpExpr &expression) {
  Value operand = visitExpr(expression.operand());
  using python::UnaryOperator;
  switch (expression.op()) {
  case UnaryOperator::Negate:
    return applyUnary("neg", operand);
  case UnaryOperator::Plus:
    return applyUnary("pos", operand);
  case UnaryOperator::Invert:
    return applyUnary("invert", operand);
  case UnaryOperator::Not:
    // Triton's tuples have no __not__: `not (0, 0)` fails there (with this message).
    if (operand.isTuple())
      fail("'__not__' is not in list");
    return applyUnary("not", operand);
  }
  return {};
}

Value CodeGenerator::visitBoolean(const python::BooleanOpExpr &expression) {
  bool isAnd = expression.op() == python::BooleanOperator::And;
  std::vector<Value> nontrivial;
  Value last;
  for (const python::ExprPtr &operand : expression.values()) {
    Value value = visitExpr(*operand);
    last = value;
    if (!value.isTensor()) {
      // A compile-time operand short-circuits or drops out.
      bool truth = value.truthy();
      if (!truth && isAnd)
        return value;
      if (truth && !isAnd)
        return value;
      continue;
    }
    if (value.asTensor().isBlock())
      warn("Logical operators 'and' and 'or' are deprecated for non-scalar tensors; please use "
           "'&' or '|' instead");
    nontrivial.push_back(value);
  }
  if (nontrivial.empty())
    return last;
  while (nontrivial.size() >= 2) {
    Value rhs = nontrivial.back();
    nontrivial.pop_back();
    Value lhs = nontrivial.back();
    nontrivial.pop_back();
    nontrivial.push_back(applyBinary(isAnd ? "logical_and" : "logical_or", lhs, rhs));
  }
  return nontrivial.front();
}

Value CodeGenerator::visitCompare(const python::CompareExpr &expression) {
  if (expression.ops().size() != 1)
    fail("simultaneous multiple comparison is not supported");
  Value lhs = visitExpr(expression.left());
  Value rhs = visitExpr(*expression.comparators()[0]);
  python::ComparisonOperator op = expression.ops()[0];
  if (op == python::ComparisonOperator::Is)
    return Value::boolean(constexprIdentical(lhs, rhs));
  if (op == python::ComparisonOperator::IsNot)
    return Value::boolean(!constexprIdentical(lhs, rhs));
  std::string method = comparisonMethod(op);
  if (method.empty())
    fail(std::string("AST comparison operator '") + comparisonNodeName(op) +
         "' is not (currently) implemented.");
  return applyBinary(method, lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Attributes and subscripts
//===----------------------------------------------------------------------===//

Value CodeGenerator::visitAttribute(const python::AttributeExpr &attribute) {
  Value object = visitExpr(attribute.value());
  if (object.isTensor() && attribute.attribute() == "T")
    return Value::tensor(semantic_.permute(object.asTensor(), {1, 0}));
  return getAttribute(object, attribute.attribute());
}

namespace {

// A descriptor's global shape (i32 each) or strides (i64 each), as a tuple: the operands of
// its tt.make_tensor_descriptor, or, for a host descriptor, the kernel parameters that follow
// it (see CodeGenerator::isHostDescriptor).
Value descriptorFields(mlir::Value descriptor, bool strides) {
  auto type = cast<tt::TensorDescType>(descriptor.getType());
  size_t rank = type.getBlockType().getRank();
  std::vector<mlir::Value> handles;
  if (auto make = descriptor.getDefiningOp<tt::MakeTensorDescOp>()) {
    auto operands = strides ? make.getStrides() : make.getShape();
    handles.assign(operands.begin(), operands.end());
  } else if (auto argument = dyn_cast<BlockArgument>(descriptor)) {
    auto function = dyn_cast_or_null<tt::FuncOp>(argument.getOwner()->getParentOp());
    size_t first = argument.getArgNumber() + 1 + (strides ? rank : 0);
    if (function && function.isPublic() && argument.getOwner()->isEntryBlock() &&
        first + rank <= argument.getOwner()->getNumArguments())
      for (size_t i = 0; i < rank; ++i)
        handles.push_back(argument.getOwner()->getArgument(first + i));
  }
  if (handles.size() != rank)
    fail(std::string("trex knows a descriptor's ") + (strides ? "strides" : "shape") +
         " where it was made (tl.make_tensor_descriptor or a kernel parameter), not after it "
         "went through a loop, a branch or a call");
  std::vector<Value> values;
  for (mlir::Value handle : handles)
    values.push_back(Value::tensor(handle, DType(strides ? ScalarKind::Int64 : ScalarKind::Int32)));
  return Value::tuple(std::move(values));
}

} // namespace

Value CodeGenerator::getAttribute(const Value &object, const std::string &name) {
  const Library &lib = library();
  if (object.isNamespace()) {
    const std::string &path = object.asNamespace().path;
    if (!lib.isKnownNamespace(path))
      fail("module '" + path + "' cannot be used inside a Triton kernel");
    if (std::optional<Value> value = lib.lookup(path, name))
      return *value;
    fail("module '" + path + "' has no attribute '" + name + "'");
  }
  if (object.isTensor() && object.asTensor().type.isTensorDesc()) {
    const DType &block = object.asTensor().type.elementType();
    if (name == "load" || name == "store")
      return Value::boundMethod(object,
                                lib.builtin("triton.language.core.tensor_descriptor." + name));
    if (name == "block_shape") {
      std::vector<Value> shape;
      for (std::int64_t extent : block.shape())
        shape.push_back(Value::integer(extent));
      return Value::tuple(std::move(shape));
    }
    if (name == "block_type")
      return Value::dtype(block);
    if (name == "dtype")
      return Value::dtype(block.scalar());
    if (name == "shape" || name == "strides")
      return descriptorFields(object.asTensor().handle, name == "strides");
    fail("'tensor_descriptor' object has no attribute '" + name + "'");
  }
  if (object.isTensor()) {
    const Tensor &tensor = object.asTensor();
    if (name == "dtype")
      return Value::dtype(tensor.dtype());
    if (name == "type")
      return Value::dtype(tensor.type);
    if (name == "shape") {
      std::vector<Value> shape;
      for (std::int64_t extent : tensor.shape())
        shape.push_back(Value::integer(extent));
      return Value::tuple(std::move(shape));
    }
    if (name == "numel")
      return Value::integer(tensor.type.numel());
    if (auto member = lib.tensorMember(name))
      return Value::boundMethod(object, *member);
    fail("'tensor' object has no attribute '" + name + "'");
  }
  if (object.isDType()) {
    // A dtype reaches a callee as a constexpr: `.value` unwraps it.
    if (name == "value")
      return object;
    if (auto member = lib.lookup("triton.language.dtype", name)) {
      if (member->isCallable() && member->asCallable()->name.rfind("triton.language.dtype.property.", 0) == 0)
        return callFunction(*member, {object}, {});
      return Value::boundMethod(object, member->asCallable());
    }
    fail("'" + object.asDType().name() + "' dtype has no attribute '" + name + "'");
  }
  if (name == "value" && object.isConstexpr())
    return object;
  // `.type` of a constexpr (a number, a string, None): Triton's constexpr_type of its value.
  if (name == "type" && (object.isNumber() || object.isString() || object.isNone()))
    return constexprTypeOf(object);
  // A NamedTuple's fields by name.
  if (object.isTuple() && object.tupleClass()) {
    if (const Value *fields = object.tupleClass()->attribute("_fields");
        fields && fields->isTuple()) {
      const std::vector<Value> &names = fields->elements();
      for (size_t i = 0; i < names.size() && i < object.elements().size(); ++i)
        if (names[i].asString() == name)
          return object.elements()[i];
    }
    if (const Value *member = object.tupleClass()->attribute(name); member && member->isConstexpr())
      return *member;
    fail("'" + object.tupleClass()->name + "' object has no attribute '" + name + "'");
  }
  if (name == "type" && object.isTuple()) {
    std::vector<mlir::Value> handles;
    object.flatten(handles);
    if (handles.empty()) // a tuple of constexprs (`X: tl.constexpr = (5, 6, 7)`)
      return constexprTypeOf(object);
  }
  if (object.isCallable() && object.asCallable()->kind == Callable::Kind::Jit && name == "fn")
    return object;
  if (object.isObject())
    return objectAttribute(object, name);
  fail("'" + pythonTypeName(object) + "' object has no attribute '" + name + "'");
}

Value CodeGenerator::objectAttribute(const Value &value, const std::string &name) {
  const Object &object = *value.asObject();
  switch (object.type) {
  case Object::Type::Module: {
    // `module.NAME` in a kernel: Triton reads the attribute as Python would.
    ModuleScope &scope = *object.module;
    auto global = scope.globals.find(name);
    if (global == scope.globals.end())
      fail("module '" + object.name + "' has no attribute '" + name + "'");
    if (global->second.kind == ModuleScope::Global::Kind::Failed)
      return lookupGlobal(scope, name);
    const Value &member = global->second.value;
    if (isOpaque(member))
      failOpaque(object.name + "." + name, *member.asObject());
    return member.isNamespace() ? resolveImport(member) : member.wrappedAsConstexpr(false);
  }
  case Object::Type::Opaque:
    failOpaque(object.name, object);
  case Object::Type::TorchDType:
  case Object::Type::Class:
  case Object::Type::Instance:
  case Object::Type::Config:
  case Object::Type::Record:
    if (const Value *attribute = object.attribute(name))
      return *attribute;
    break;
  default:
    break;
  }
  fail("'" + objectDescription(object) + "' has no attribute '" + name + "'");
}

Value CodeGenerator::visitSubscript(const python::SubscriptExpr &subscriptExpr) {
  Value object = visitExpr(subscriptExpr.value());
  Value index = visitExpr(subscriptExpr.index());
  return subscript(object, index);
}

Value CodeGenerator::subscript(const Value &object, const Value &index) {
  if (object.isTensor())
    return callFunction(Value::callable(library().builtin("triton.language.core.__getitem__")),
                        {object, index}, {});
  if (object.isTuple() || object.isString()) {
    std::vector<Value> items;
    if (object.isTuple())
      items = object.elements();
    else
      for (char c : object.asString())
        items.push_back(Value::string(std::string(1, c)));
    PyInt size = static_cast<PyInt>(items.size());
    auto finish = [&](std::vector<Value> selected) {
      if (object.isTuple())
        return Value::tuple(std::move(selected));
      std::string text;
      for (const Value &item : selected)
        text += item.asString();
      return Value::string(text);
    };
    if (index.isInt() || index.isBool()) {
      PyInt i = index.asInteger();
      if (i < 0)
        i += size;
      if (i < 0 || i >= size)
        fail(std::string(object.isTuple() ? "tuple" : "string") + " index out of range");
      return items[static_cast<size_t>(i)];
    }
    if (index.isSlice()) {
      auto bound = [&](const Value &v, PyInt fallback) {
        if (v.isNone())
          return fallback;
        if (!(v.isInt() || v.isBool()))
          fail("slice indices must be integers or None");
        return v.asInteger();
      };
      PyInt step = bound(*index.asSlice().step, 1);
      if (step == 0)
        fail("slice step cannot be zero");
      PyInt start = bound(*index.asSlice().lower, step > 0 ? 0 : size - 1);
      PyInt stop = bound(*index.asSlice().upper, step > 0 ? size : -size - 1);
      auto clamp = [&](PyInt v, bool isStop) {
        if (v < 0)
          v += size;
        if (step > 0)
          return v < 0 ? PyInt(0) : (v > size ? size : v);
        return v < -1 ? PyInt(-1) : (v >= size ? size - 1 : v);
        (void)isStop;
      };
      if (!index.asSlice().lower->isNone())
        start = clamp(start, false);
      if (!index.asSlice().upper->isNone())
        stop = clamp(stop, true);
      std::vector<Value> selected;
      for (PyInt i = start; step > 0 ? i < stop : i > stop; i += step)
        selected.push_back(items[static_cast<size_t>(i)]);
      return finish(std::move(selected));
    }
    fail(std::string(object.isTuple() ? "tuple" : "string") +
         " indices must be integers or slices, not " + pythonTypeName(index));
  }
  if (object.isDict()) {
    if (const Value *found = object.dictFind(index)) {
      if (isOpaque(*found))
        failOpaque(index.str(), *found->asObject());
      return *found;
    }
    fail("KeyError: " + (index.isString() ? "'" + index.asString() + "'" : index.str()));
  }
  if (object.isList())
    return subscript(Value::tuple(object.listElements()), index);
  fail("'" + pythonTypeName(object) + "' object is not subscriptable");
}

Value CodeGenerator::visitListComprehension(const python::ComprehensionExpr &expression) {
  if (!expression.isa<python::ComprehensionExpr>() ||
      expression.kind() != python::NodeKind::ListComprehension)
    fail("only list comprehensions over tuples are supported");
  if (expression.clauses().size() != 1)
    fail("nested comprehensions are not supported");
  const python::ComprehensionClause &clause = expression.clauses()[0];
  if (!clause.conditions.empty())
    fail("comprehensions with `if` are not supported");
  const auto *target = clause.target->dynCast<python::NameExpr>();
  if (!target)
    fail("the target of a comprehension must be a name");
  Value iterable = visitExpr(*clause.iterable);
  if (!iterable.isTuple())
    fail("only tuple comprehensions are supported");
  std::vector<Value> results;
  for (const Value &item : iterable.elements()) {
    setValue(target->identifier(), item);
    results.push_back(visitExpr(expression.element()));
  }
  return Value::tuple(std::move(results));
}

//===----------------------------------------------------------------------===//
// f-strings
//===----------------------------------------------------------------------===//

Value CodeGenerator::visitFormattedString(const python::FormattedStringExpr &expression) {
  // The parser keeps f-strings as source text; their fields are parsed and evaluated here.
  // Only compile-time values can be formatted, as in Triton.
  const std::string &text = expression.sourceText();
  std::string result;
  size_t i = 0;
  while (i < text.size()) {
    // One string piece: prefix letters, then a quote.
    size_t quoteAt = text.find_first_of("'\"", i);
    if (quoteAt == std::string::npos)
      break;
    std::string prefix = text.substr(i, quoteAt - i);
    bool formatted = prefix.find_first_of("fF") != std::string::npos;
    bool raw = prefix.find_first_of("rR") != std::string::npos;
    char quote = text[quoteAt];
    bool triple = text.compare(quoteAt, 3, std::string(3, quote)) == 0;
    size_t bodyStart = quoteAt + (triple ? 3 : 1);
    std::string closing = triple ? std::string(3, quote) : std::string(1, quote);
    size_t position = bodyStart;
    std::string piece;
    while (position < text.size() && text.compare(position, closing.size(), closing) != 0) {
      char c = text[position];
      if (c == '\\' && !raw && position + 1 < text.size()) {
        char next = text[position + 1];
        switch (next) {
        case 'n': piece += '\n'; break;
        case 't': piece += '\t'; break;
        case '\\': piece += '\\'; break;
        case '\'': piece += '\''; break;
        case '"': piece += '"'; break;
        case '\n': break;
        default: piece += c; piece += next; break;
        }
        position += 2;
        continue;
      }
      if (formatted && c == '{') {
        if (position + 1 < text.size() && text[position + 1] == '{') {
          piece += '{';
          position += 2;
          continue;
        }
        // Find the matching brace, skipping nested brackets and strings.
        int depth = 0;
        size_t end = position + 1;
        char inString = 0;
        for (; end < text.size(); ++end) {
          char d = text[end];
          if (inString) {
            if (d == inString)
              inString = 0;
            continue;
          }
          if (d == '\'' || d == '"')
            inString = d;
          else if (d == '(' || d == '[' || d == '{')
            ++depth;
          else if ((d == ')' || d == ']') && depth > 0)
            --depth;
          else if (d == '}' && depth > 0)
            --depth;
          else if (d == '}')
            break;
        }
        if (end >= text.size())
          fail("f-string: expecting '}'");
        std::string field = text.substr(position + 1, end - position - 1);
        // `expression!conversion:format_spec`. Triton formats the value with "{}" or
        // "{!r}" alone, so a format spec is read past and ignored.
        std::string conversion;
        size_t expressionEnd = field.size();
        {
          int nesting = 0;
          char quoted = 0;
          for (size_t k = 0; k < field.size(); ++k) {
            char d = field[k];
            if (quoted) {
              if (d == quoted)
                quoted = 0;
              continue;
            }
            if (d == '\'' || d == '"')
              quoted = d;
            else if (d == '(' || d == '[' || d == '{')
              ++nesting;
            else if ((d == ')' || d == ']' || d == '}') && nesting > 0)
              --nesting;
            else if (nesting == 0 && d == '!' && k + 1 < field.size() && field[k + 1] != '=') {
              size_t specStart = std::min(field.find(':', k), field.size());
              conversion = field.substr(k + 1, specStart - k - 1);
              expressionEnd = k;
              break;
            } else if (nesting == 0 && d == ':') {
              expressionEnd = k;
              break;
            }
          }
        }
        field = field.substr(0, expressionEnd);
        python::ExpressionParseResult parsed = python::parsePythonExpression(field, scope_->fileName);
        if (!parsed.succeeded())
          fail("cannot parse the f-string field '{" + field + "}'");
        Value value = visitExpr(*parsed.expression);
        if (!value.isConstexpr() && !value.isTuple())
          fail("Cannot evaluate f-string containing non-constexpr conversion values, found "
               "conversion of type " + pythonTypeName(value));
        if (conversion == "r" && value.isString())
          piece += "'" + value.str() + "'";
        else if (conversion == "r" && value.isDType())
          piece += value.asDType().repr();
        else
          piece += value.str();
        position = end + 1;
        continue;
      }
      if (formatted && c == '}' && position + 1 < text.size() && text[position + 1] == '}') {
        piece += '}';
        position += 2;
        continue;
      }
      piece += c;
      ++position;
    }
    result += piece;
    i = position + closing.size();
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
  }
  return Value::string(result);
}

//===----------------------------------------------------------------------===//
// Globals and compile-time evaluation
//===----------------------------------------------------------------------===//

// Triton's global_lookup: a kernel reads a global only if it is a constexpr object, a dtype, a
// module, a Triton function or builtin, None, ... (not a plain int, list or Python function).
Value CodeGenerator::checkGlobalForKernel(const std::string &name, const Value &value) {
  if (value.isNamespace())
    return resolveImport(value);
  if (isOpaque(value))
    failOpaque(name, *value.asObject());
  if (allowAnyGlobal_)
    return value;
  if (value.isConstexprWrapped() || value.isDType() || value.isNone() || value.isCallable() ||
      value.isEnum())
    return value.wrappedAsConstexpr(false);
  if (value.isObject()) {
    const Object &object = *value.asObject();
    if (object.type == Object::Type::Module || object.isConstexprFunction ||
        object.type == Object::Type::Class || object.type == Object::Type::Partial)
      return value;
  }
  fail(notConstexprMessage(name));
}

Value CodeGenerator::lookupGlobal(ModuleScope &scope, const std::string &name) {
  auto it = scope.globals.find(name);
  if (it == scope.globals.end())
    fail(name + " is not defined");
  ModuleScope::Global &global = it->second;
  switch (global.kind) {
  case ModuleScope::Global::Kind::Failed: {
    // The definition failed when the module was evaluated: report it there.
    CompileError error("'" + name + "' could not be evaluated: " + global.failure->message());
    for (const SourcePoint &frame : global.failure->frames())
      error.addFrame(frame);
    if (currentNode_)
      error.addFrame({scope_, currentNode_->location()});
    throw error;
  }
  case ModuleScope::Global::Kind::Resolved:
    if (scope.moduleName.rfind("triton.language", 0) == 0)
      return resolveImport(global.value);
    return checkGlobalForKernel(name, global.value);
  case ModuleScope::Global::Kind::PlainFunction:
    if (allowAnyGlobal_)
      fail(name + " is a Python function, not a compile-time value");
    fail(notConstexprMessage(name));
  case ModuleScope::Global::Kind::Assignment:
    break;
  }
  auto key = std::make_pair(static_cast<const ModuleScope *>(&scope), name);
  auto cached = state_.globalValues.find(key);
  Value value;
  bool wrapped = false;
  if (cached != state_.globalValues.end()) {
    value = cached->second.first;
    wrapped = cached->second.second;
  } else {
    if (!state_.globalsBeingEvaluated.insert(key).second)
      fail("the global " + name + " is defined in terms of itself");
    try {
      value = evaluateConstant(state_, scope, *global.expression);
    } catch (...) {
      state_.globalsBeingEvaluated.erase(key);
      throw;
    }
    state_.globalsBeingEvaluated.erase(key);
    // `X = tl.constexpr(...)` is what makes a global visible in kernels.
    if (const auto *call = global.expression->dynCast<python::CallExpr>()) {
      CodeGenerator evaluator(state_, scope);
      try {
        Value callee = evaluator.visitExpr(call->callee());
        wrapped = callee.isCallable() && callee.asCallable()->name == "triton.language.constexpr";
      } catch (const CompileError &) {
        wrapped = false;
      }
    }
    state_.globalValues[key] = {value, wrapped};
  }
  if (wrapped || allowAnyGlobal_ || value.isDType() || value.isNone() || value.isNamespace() ||
      value.isCallable())
    return value;
  fail(notConstexprMessage(name));
}

Value CodeGenerator::evaluateConstant(GenerationState &state, ModuleScope &scope,
                                      const python::Expr &expression, bool allowAnyGlobal,
                                      const std::vector<std::pair<std::string, Value>> &locals) {
  CodeGenerator evaluator(state, scope);
  evaluator.allowAnyGlobal_ = allowAnyGlobal;
  for (const auto &[name, value] : locals)
    evaluator.localScope_.set(name, value);
  return evaluator.visitExpr(expression);
}

} // namespace trex::frontend
