// ModuleExpressions: the module evaluator's expressions: operators, comparisons, subscripts,
// comprehensions.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>

namespace trex::frontend {

bool ModuleEvaluator::Impl::truth(const Value &value) {
  if (isOpaque(value))
    raise("TypeError", "trex cannot tell whether " + value.asObject()->name +
                           " is true: it comes from a module trex does not model");
  return value.truthy();
}

Value ModuleEvaluator::Impl::evaluate(Frame &frame, const python::Expr &expression) {
  return at(frame, expression, [&] { return evaluateUnlocated(frame, expression); });
}

Value ModuleEvaluator::Impl::evaluateUnlocated(Frame &frame, const python::Expr &expression) {
  using K = python::NodeKind;
  switch (expression.kind()) {
  case K::Name:
    return lookup(frame, expression.cast<python::NameExpr>().identifier());
  case K::IntegerLiteral: {
    const auto &literal = expression.cast<python::IntegerLiteral>();
    if (!literal.value())
      return Value::integer(static_cast<PyInt>(std::strtold(literal.spelling().c_str(), nullptr)));
    return Value::integer(static_cast<PyInt>(*literal.value()));
  }
  case K::FloatLiteral:
    return Value::floating(expression.cast<python::FloatLiteral>().value());
  case K::StringLiteral:
    return Value::string(expression.cast<python::StringLiteral>().value());
  case K::FormattedString: {
    CodeGenerator generator(state, *frame.module);
    bindLocalsForGenerator(frame, generator);
    return generator.evaluate(expression);
  }
  case K::BooleanLiteral:
    return Value::boolean(expression.cast<python::BooleanLiteral>().value());
  case K::NoneLiteral:
  case K::EllipsisLiteral:
    return Value::none();
  case K::UnaryOp: {
    const auto &unary = expression.cast<python::UnaryOpExpr>();
    Value operand = evaluate(frame, unary.operand());
    if (isOpaque(operand) && unary.op() == python::UnaryOperator::Not) {
      // `not X`: another unknown, whose truth is X's opposite (`not not X` is X's).
      const std::shared_ptr<Object> &inner = operand.asObject();
      if (inner->negationOf)
        return Value::object(inner->negationOf);
      Value negation = opaqueValue("not " + inner->name, inner->origin, inner->location);
      negation.asObject()->negationOf = inner;
      return negation;
    }
    if (isOpaque(operand))
      return operand;
    static const std::map<python::UnaryOperator, std::string> methods = {
        {python::UnaryOperator::Not, "not"},
        {python::UnaryOperator::Negate, "neg"},
        {python::UnaryOperator::Plus, "pos"},
        {python::UnaryOperator::Invert, "invert"}};
    return applyConstexprUnary(methods.at(unary.op()), operand)
        .wrappedAsConstexpr(operand.isConstexprWrapped() &&
                            unary.op() != python::UnaryOperator::Not);
  }
  case K::BinaryOp: {
    const auto &binaryExpression = expression.cast<python::BinaryOpExpr>();
    Value lhs = evaluate(frame, binaryExpression.left());
    Value rhs = evaluate(frame, binaryExpression.right());
    return binary(binaryMethod(binaryExpression.op()), lhs, rhs);
  }
  case K::BooleanOp: {
    const auto &boolean = expression.cast<python::BooleanOpExpr>();
    bool isAnd = boolean.op() == python::BooleanOperator::And;
    Value last;
    for (const python::ExprPtr &operand : boolean.values()) {
      last = evaluate(frame, *operand);
      if (isOpaque(last))
        return last;
      if (last.truthy() != isAnd)
        return last;
    }
    return last;
  }
  case K::Compare:
    return compare(frame, expression.cast<python::CompareExpr>());
  case K::Conditional: {
    const auto &conditional = expression.cast<python::ConditionalExpr>();
    Value test = evaluate(frame, conditional.test());
    if (isOpaque(test)) {
      bool decided = false;
      bool taken = assumedTruth(test, true, &decided);
      remark(*frame.module, conditional.test().location(),
             "trex cannot evaluate this condition (it depends on " + test.asObject()->name +
                 ", which trex does not model); it takes the " +
                 (taken ? "first value" : "second value") +
                 (decided ? " (the truth it took for this value before)" : ""));
      return evaluate(frame, taken ? conditional.body() : conditional.orElse());
    }
    return evaluate(frame, truth(test) ? conditional.body() : conditional.orElse());
  }
  case K::Lambda: {
    const auto &lambda = expression.cast<python::LambdaExpr>();
    auto function = makeFunction(frame, "<lambda>", lambda.parameters(), lambda.location());
    function->lambda = &lambda;
    return Value::object(function);
  }
  case K::Call:
    return evaluateCall(frame, expression.cast<python::CallExpr>());
  case K::Attribute: {
    const auto &attribute = expression.cast<python::AttributeExpr>();
    return getAttribute(evaluate(frame, attribute.value()), attribute.attribute());
  }
  case K::Subscript: {
    const auto &subscriptExpression = expression.cast<python::SubscriptExpr>();
    Value object = evaluate(frame, subscriptExpression.value());
    Value index = evaluate(frame, subscriptExpression.index());
    return subscript(object, index);
  }
  case K::Slice: {
    const auto &slice = expression.cast<python::SliceExpr>();
    auto part = [&](const python::Expr *e) { return e ? evaluate(frame, *e) : Value::none(); };
    return Value::slice(part(slice.lower()), part(slice.upper()), part(slice.step()));
  }
  case K::Tuple:
  case K::List:
  case K::Set: {
    const auto &collection = expression.cast<python::CollectionExpr>();
    std::vector<Value> items = evaluateElements(frame, collection.elements());
    if (expression.kind() == K::Tuple)
      return Value::tuple(std::move(items));
    if (expression.kind() == K::Set)
      items = unique(items);
    return Value::list(std::move(items));
  }
  case K::Dict: {
    const auto &dict = expression.cast<python::DictExpr>();
    Value result = Value::dictOf({});
    for (size_t i = 0; i < dict.keys().size(); ++i) {
      if (!dict.keys()[i]) { // **mapping
        Value mapping = evaluate(frame, *dict.values()[i]);
        if (!mapping.isDict())
          raise("TypeError", "'" + pythonTypeName(mapping) + "' object is not a mapping");
        for (const auto &[key, value] : mapping.dictEntries())
          dictSet(result, key, value);
        continue;
      }
      Value key = evaluate(frame, *dict.keys()[i]);
      dictSet(result, key, evaluate(frame, *dict.values()[i]));
    }
    return result;
  }
  case K::ListComprehension:
  case K::SetComprehension:
  case K::DictComprehension:
  case K::GeneratorExpression:
    return comprehension(frame, expression.cast<python::ComprehensionExpr>());
  case K::NamedExpr: {
    const auto &named = expression.cast<python::NamedExpr>();
    Value value = evaluate(frame, named.value());
    assignTarget(frame, named.target(), value, &expression);
    return value;
  }
  case K::Starred:
    raise("SyntaxError", "can't use starred expression here");
  default:
    raise("SyntaxError", std::string("trex does not evaluate ") +
                             std::string(python::nodeKindName(expression.kind())) +
                             " at module level");
  }
}

void ModuleEvaluator::Impl::bindLocalsForGenerator(Frame &frame, CodeGenerator &generator) {
  for (const Environment *env = frame.locals.get(); env; env = env->parent.get())
    for (const auto &[name, value] : env->variables)
      generator.bindConstantLocal(name, value);
}

std::string ModuleEvaluator::Impl::binaryMethod(python::BinaryOperator op) {
  switch (op) {
  case python::BinaryOperator::Add:
    return "add";
  case python::BinaryOperator::Subtract:
    return "sub";
  case python::BinaryOperator::Multiply:
    return "mul";
  case python::BinaryOperator::Divide:
    return "truediv";
  case python::BinaryOperator::FloorDivide:
    return "floordiv";
  case python::BinaryOperator::Modulo:
    return "mod";
  case python::BinaryOperator::Power:
    return "pow";
  case python::BinaryOperator::LeftShift:
    return "lshift";
  case python::BinaryOperator::RightShift:
    return "rshift";
  case python::BinaryOperator::BitAnd:
    return "and";
  case python::BinaryOperator::BitOr:
    return "or";
  case python::BinaryOperator::BitXor:
    return "xor";
  default:
    return "matmul";
  }
}

int ModuleEvaluator::Impl::compareVersions(const Object &a, const std::vector<long long> &b) {
  for (size_t i = 0; i < std::max(a.numbers.size(), b.size()); ++i) {
    long long x = i < a.numbers.size() ? a.numbers[i] : 0;
    long long y = i < b.size() ? b[i] : 0;
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

std::vector<long long> ModuleEvaluator::Impl::versionNumbers(const std::string &text) {
  std::vector<long long> numbers;
  size_t i = 0;
  while (i < text.size() && !std::isdigit(static_cast<unsigned char>(text[i])))
    ++i;
  while (i < text.size()) {
    size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
      ++i;
    if (start == i)
      break;
    // Saturated: a part past 2^63 - 1 (std::stoll threw std::out_of_range) is the largest.
    long long number = 0;
    for (size_t digit = start; digit < i; ++digit) {
      int value = text[digit] - '0';
      number = number > (std::numeric_limits<long long>::max() - value) / 10
                   ? std::numeric_limits<long long>::max()
                   : number * 10 + value;
    }
    numbers.push_back(number);
    if (i < text.size() && text[i] == '.')
      ++i;
    else
      break;
  }
  return numbers;
}

Value ModuleEvaluator::Impl::binary(const std::string &method, const Value &lhs, const Value &rhs) {
  if (isOpaque(lhs))
    return opaqueValue(lhs.asObject()->name + " " + method + " ...");
  if (isOpaque(rhs))
    return opaqueValue(rhs.asObject()->name);
  bool wrapped = lhs.isConstexprWrapped() || rhs.isConstexprWrapped();
  bool comparison = method == "eq" || method == "ne" || method == "lt" || method == "le" ||
                    method == "gt" || method == "ge";
  // Versions compare by their numbers (with strings too).
  if (isObjectOf(lhs, Object::Type::Version) || isObjectOf(rhs, Object::Type::Version)) {
    if (comparison) {
      auto numbersOf = [&](const Value &v) {
        return v.isObject() ? v.asObject()->numbers
                            : versionNumbers(v.isString() ? v.asString() : v.str());
      };
      Object left;
      left.numbers = numbersOf(lhs);
      int order = compareVersions(left, numbersOf(rhs));
      bool result = method == "eq"   ? order == 0
                    : method == "ne" ? order != 0
                    : method == "lt" ? order < 0
                    : method == "le" ? order <= 0
                    : method == "gt" ? order > 0
                                     : order >= 0;
      return Value::boolean(result);
    }
  }
  if (lhs.isList() || rhs.isList()) {
    if (method == "add" && lhs.isList() && rhs.isList()) {
      std::vector<Value> items = lhs.listElements();
      items.insert(items.end(), rhs.listElements().begin(), rhs.listElements().end());
      return Value::list(std::move(items));
    }
    if (method == "mul") {
      const Value &list = lhs.isList() ? lhs : rhs;
      const Value &count = lhs.isList() ? rhs : lhs;
      PyInt n = toIndex(count, "can't multiply sequence by non-int");
      if (n * static_cast<PyInt>(list.listElements().size()) > static_cast<PyInt>(MaxSequence))
        raise("MemoryError", "list too large");
      std::vector<Value> items;
      for (PyInt i = 0; i < n; ++i)
        items.insert(items.end(), list.listElements().begin(), list.listElements().end());
      return Value::list(std::move(items));
    }
    if (method == "eq" || method == "ne") {
      bool equal = constexprEqual(lhs, rhs);
      return Value::boolean(method == "eq" ? equal : !equal);
    }
  }
  if (lhs.isDict() && rhs.isDict() && method == "or") {
    Value result = Value::dictOf(lhs.dictEntries());
    for (const auto &[key, value] : rhs.dictEntries())
      dictSet(result, key, value);
    return result;
  }
  if (method == "mod" && lhs.isString())
    return Value::string(percentFormat(lhs.asString(), rhs));
  if (lhs.isObject() || rhs.isObject()) {
    if (method == "eq" || method == "ne") {
      bool equal = constexprEqual(lhs, rhs);
      return Value::boolean(method == "eq" ? equal : !equal);
    }
    raise("TypeError", "unsupported operand types for " + method + ": '" + pythonTypeName(lhs) +
                           "' and '" + pythonTypeName(rhs) + "'");
  }
  if (lhs.isTensor() || rhs.isTensor())
    raise("TypeError", "tensors do not exist at module level");
  Value result;
  try {
    result = applyConstexprBinary(method, lhs, rhs);
  } catch (const PythonException &) {
    throw;
  } catch (const CompileError &error) {
    std::string type =
        error.message().find("by zero") != std::string::npos ? "ZeroDivisionError" : "TypeError";
    raise(type, error.message());
  }
  return comparison ? result : result.wrappedAsConstexpr(wrapped);
}

std::string ModuleEvaluator::Impl::percentFormat(const std::string &format,
                                                 const Value &arguments) {
  std::vector<Value> items =
      arguments.isTuple() ? arguments.elements() : std::vector<Value>{arguments};
  std::string result;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 >= format.size()) {
      result += format[i];
      continue;
    }
    char spec = format[++i];
    if (spec == '%') {
      result += '%';
      continue;
    }
    if (next < items.size())
      result += strOf(items[next++]);
  }
  return result;
}

Value ModuleEvaluator::Impl::compare(Frame &frame, const python::CompareExpr &expression) {
  Value lhs = evaluate(frame, expression.left());
  for (size_t i = 0; i < expression.ops().size(); ++i) {
    Value rhs = evaluate(frame, *expression.comparators()[i]);
    Value result = compareOne(expression.ops()[i], lhs, rhs);
    if (isOpaque(result) || !result.truthy())
      return result;
    lhs = rhs;
  }
  return Value::boolean(true);
}

Value ModuleEvaluator::Impl::compareOne(python::ComparisonOperator op, const Value &lhs,
                                        const Value &rhs) {
  using C = python::ComparisonOperator;
  switch (op) {
  case C::Is:
  case C::IsNot: {
    bool same = identical(lhs, rhs);
    return Value::boolean(op == C::Is ? same : !same);
  }
  case C::In:
  case C::NotIn: {
    if (isOpaque(lhs) || isOpaque(rhs))
      return opaqueValue(isOpaque(rhs) ? rhs.asObject()->name : lhs.asObject()->name);
    bool found = contains(rhs, lhs);
    return Value::boolean(op == C::In ? found : !found);
  }
  case C::Equal:
    return binary("eq", lhs, rhs);
  case C::NotEqual:
    return binary("ne", lhs, rhs);
  case C::Less:
    return binary("lt", lhs, rhs);
  case C::LessEqual:
    return binary("le", lhs, rhs);
  case C::Greater:
    return binary("gt", lhs, rhs);
  case C::GreaterEqual:
    return binary("ge", lhs, rhs);
  }
  raise("SyntaxError", "unknown comparison");
}

bool ModuleEvaluator::Impl::identical(const Value &lhs, const Value &rhs) {
  if (lhs.isObject() && rhs.isObject())
    return lhs.asObject() == rhs.asObject();
  if (lhs.isList() && rhs.isList())
    return &lhs.listElements() == &rhs.listElements();
  if (lhs.isDict() && rhs.isDict())
    return &lhs.dictEntries() == &rhs.dictEntries();
  if (lhs.isNone() && rhs.isNone())
    return true;
  return constexprIdentical(lhs, rhs);
}

bool ModuleEvaluator::Impl::contains(const Value &container, const Value &item) {
  if (isSequence(container)) {
    for (const Value &element : container.sequence())
      if (constexprEqual(element, item))
        return true;
    return false;
  }
  if (container.isDict())
    return container.dictFind(item) != nullptr;
  if (container.isString()) {
    if (!item.isString())
      raise("TypeError", "'in <string>' requires string as left operand");
    return container.asString().find(item.asString()) != std::string::npos;
  }
  if (isObjectOf(container, Object::Type::Record) && container.asObject()->name == "os.environ")
    return item.isString() && std::getenv(item.asString().c_str()) != nullptr;
  raise("TypeError", "argument of type '" + pythonTypeName(container) + "' is not iterable");
}

void ModuleEvaluator::Impl::dictSet(Value &dict, const Value &key, const Value &value) {
  for (auto &[existingKey, existing] : dict.dictEntries())
    if (constexprEqual(existingKey, key)) {
      existing = value;
      return;
    }
  dict.dictEntries().emplace_back(key, value);
}

std::vector<Value> ModuleEvaluator::Impl::unique(const std::vector<Value> &items) {
  std::vector<Value> result;
  for (const Value &item : items)
    if (std::none_of(result.begin(), result.end(),
                     [&](const Value &seen) { return constexprEqual(seen, item); }))
      result.push_back(item);
  return result;
}

std::vector<Value> ModuleEvaluator::Impl::iterate(const Value &value) {
  if (isSequence(value))
    return value.sequence();
  if (value.isDict()) {
    std::vector<Value> keys;
    for (const auto &[key, item] : value.dictEntries())
      keys.push_back(key);
    return keys;
  }
  if (value.isString()) {
    std::vector<Value> characters;
    for (char c : value.asString())
      characters.push_back(Value::string(std::string(1, c)));
    return characters;
  }
  if (isOpaque(value))
    raise("TypeError", "trex cannot iterate over " + value.asObject()->name +
                           ": it comes from a module trex does not model");
  raise("TypeError", "'" + pythonTypeName(value) + "' object is not iterable");
}

Value ModuleEvaluator::Impl::subscript(const Value &object, const Value &index) {
  if (isOpaque(object))
    return opaqueValue(object.asObject()->name + "[...]");
  if (object.isDict()) {
    if (const Value *found = object.dictFind(index))
      return *found;
    raise("KeyError", reprOf(index));
  }
  if (object.isList() || object.isTuple() || object.isString()) {
    if (object.isList()) {
      // Lists index like tuples.
      CodeGenerator generator(state, *currentModule);
      Value result = generator.subscript(Value::tuple(object.listElements()), index);
      return index.isSlice() ? Value::list(result.elements()) : result;
    }
    if (index.isInt() || index.isBool()) {
      PyInt size = static_cast<PyInt>(object.isString() ? object.asString().size()
                                                        : object.elements().size());
      PyInt i = index.asInteger();
      if (i < -size || i >= size)
        raise("IndexError",
              std::string(object.isTuple() ? "tuple" : "string") + " index out of range");
    }
    CodeGenerator generator(state, *currentModule);
    return generator.subscript(object, index);
  }
  if (isObjectOf(object, Object::Type::Record) && object.asObject()->name == "os.environ") {
    if (!index.isString())
      raise("TypeError", "os.environ keys are strings");
    const char *text = std::getenv(index.asString().c_str());
    if (!text)
      raise("KeyError", reprOf(index));
    return Value::string(text);
  }
  if (isObjectOf(object, Object::Type::Class))
    return object; // typing generics: List[int], Optional[...]
  if (object.isNamespace() || isObjectOf(object, Object::Type::Builtin))
    return opaqueValue(object.str() + "[...]"); // typing.Optional[...] and the like
  raise("TypeError", "'" + pythonTypeName(object) + "' object is not subscriptable");
}

Value ModuleEvaluator::Impl::comprehension(Frame &frame,
                                           const python::ComprehensionExpr &expression) {
  Frame inner;
  inner.module = frame.module;
  inner.locals = newEnvironment();
  inner.locals->parent = frame.locals;
  inner.globalNames = frame.globalNames;
  bool isDict = expression.kind() == python::NodeKind::DictComprehension;
  std::vector<Value> items;
  Value dict = Value::dictOf({});
  std::function<void(size_t)> run = [&](size_t clause) {
    if (clause == expression.clauses().size()) {
      if (isDict)
        dictSet(dict, evaluate(inner, expression.element()), evaluate(inner, *expression.value()));
      else
        items.push_back(evaluate(inner, expression.element()));
      if (items.size() > MaxSequence)
        raise("MemoryError", "comprehension too large");
      return;
    }
    const python::ComprehensionClause &current = expression.clauses()[clause];
    Value iterable = evaluate(clause == 0 ? frame : inner, *current.iterable);
    for (const Value &item : iterate(iterable)) {
      assignTarget(inner, *current.target, item, &expression);
      bool keep = true;
      for (const python::ExprPtr &condition : current.conditions)
        if (!truth(evaluate(inner, *condition))) {
          keep = false;
          break;
        }
      if (keep)
        run(clause + 1);
    }
  };
  run(0);
  if (isDict)
    return dict;
  if (expression.kind() == python::NodeKind::SetComprehension)
    return Value::list(unique(items));
  return Value::list(std::move(items));
}

} // namespace trex::frontend
