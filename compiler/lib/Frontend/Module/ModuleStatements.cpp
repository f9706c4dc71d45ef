// ModuleStatements: the module evaluator's statements: assignments, control flow, try/except,
// definitions, decorators.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

void ModuleEvaluator::Impl::runModule(ModuleScope &scope) {
  ModuleScope *previousModule = currentModule;
  currentModule = &scope;
  Frame frame;
  frame.module = &scope;
  for (const python::StmtPtr &statement : scope.module->body()) {
    try {
      execStatement(frame, *statement);
    } catch (const CompileError &error) {
      // The module goes on; the names the statement binds carry the error.
      auto failure = std::make_shared<CompileError>(error);
      if (!failure->isLocated())
        failure->addFrame({&scope, statement->location()});
      std::vector<std::string> names;
      boundNames(*statement, names);
      for (const std::string &name : names) {
        if (scope.globals.count(name) &&
            scope.globals[name].kind == ModuleScope::Global::Kind::Resolved &&
            statement->isa<python::TryStmt>())
          continue;
        ModuleScope::Global global;
        global.kind = ModuleScope::Global::Kind::Failed;
        global.failure = failure;
        global.node = statement.get();
        scope.globals[name] = std::move(global);
      }
    }
  }
  currentModule = previousModule;
}

void ModuleEvaluator::Impl::boundNames(const python::Stmt &statement,
                                       std::vector<std::string> &names) {
  std::function<void(const python::Expr &)> targets = [&](const python::Expr &target) {
    if (const auto *name = target.dynCast<python::NameExpr>())
      names.push_back(name->identifier());
    else if (const auto *collection = target.dynCast<python::CollectionExpr>())
      for (const python::ExprPtr &element : collection->elements())
        targets(*element);
    else if (const auto *starred = target.dynCast<python::StarredExpr>())
      targets(starred->value());
  };
  auto block = [&](const python::Block &body) {
    for (const python::StmtPtr &inner : body)
      boundNames(*inner, names);
  };
  if (const auto *assign = statement.dynCast<python::AssignStmt>()) {
    for (const python::ExprPtr &target : assign->targets())
      targets(*target);
  } else if (const auto *annotated = statement.dynCast<python::AnnotatedAssignStmt>()) {
    targets(annotated->target());
  } else if (const auto *augmented = statement.dynCast<python::AugmentedAssignStmt>()) {
    targets(augmented->target());
  } else if (const auto *definition = statement.dynCast<python::FunctionDefStmt>()) {
    names.push_back(definition->name());
  } else if (const auto *classDefinition = statement.dynCast<python::ClassDefStmt>()) {
    names.push_back(classDefinition->name());
  } else if (const auto *import = statement.dynCast<python::ImportStmt>()) {
    for (const python::ImportAlias &alias : import->names())
      names.push_back(alias.boundName());
  } else if (const auto *from = statement.dynCast<python::ImportFromStmt>()) {
    for (const python::ImportAlias &alias : from->names())
      if (alias.name != "*")
        names.push_back(alias.boundName());
  } else if (const auto *ifStatement = statement.dynCast<python::IfStmt>()) {
    block(ifStatement->body());
    block(ifStatement->orElse());
  } else if (const auto *forStatement = statement.dynCast<python::ForStmt>()) {
    targets(forStatement->target());
    block(forStatement->body());
    block(forStatement->orElse());
  } else if (const auto *whileStatement = statement.dynCast<python::WhileStmt>()) {
    block(whileStatement->body());
    block(whileStatement->orElse());
  } else if (const auto *tryStatement = statement.dynCast<python::TryStmt>()) {
    block(tryStatement->body());
    for (const python::ExceptHandler &handler : tryStatement->handlers())
      block(handler.body);
    block(tryStatement->orElse());
    block(tryStatement->finalBody());
  } else if (const auto *with = statement.dynCast<python::WithStmt>()) {
    for (const python::WithItem &item : with->items())
      if (item.target)
        targets(*item.target);
    block(with->body());
  }
}

Flow ModuleEvaluator::Impl::execBlock(Frame &frame, const python::Block &block) {
  const python::Block *outerBlock = currentBlock;
  size_t outerNext = nextStatement;
  Flow result = Flow::Normal;
  for (size_t i = 0; i < block.size() && result == Flow::Normal; ++i) {
    currentBlock = &block;
    nextStatement = i + 1;
    result = execStatement(frame, *block[i]);
  }
  currentBlock = outerBlock;
  nextStatement = outerNext;
  return result;
}

Flow ModuleEvaluator::Impl::execStatement(Frame &frame, const python::Stmt &statement) {
  return at(frame, statement, [&] { return execStatementUnlocated(frame, statement); });
}

Flow ModuleEvaluator::Impl::execStatementUnlocated(Frame &frame, const python::Stmt &statement) {
  using K = python::NodeKind;
  switch (statement.kind()) {
  case K::ExpressionStatement:
    evaluate(frame, statement.cast<python::ExpressionStmt>().value());
    return Flow::Normal;
  case K::Assign: {
    const auto &assign = statement.cast<python::AssignStmt>();
    Value value = evaluate(frame, assign.value());
    for (const python::ExprPtr &target : assign.targets())
      assignTarget(frame, *target, value, &statement);
    return Flow::Normal;
  }
  case K::AnnotatedAssign: {
    const auto &annotated = statement.cast<python::AnnotatedAssignStmt>();
    if (annotated.value()) {
      Value value = evaluate(frame, *annotated.value());
      // `X: tl.constexpr = ...` at module level: Triton reads the module's __annotations__
      // and lets kernels use X as a constexpr global.
      if (!frame.locals && isConstexprAnnotation(frame, annotated.annotation()))
        value = value.wrappedAsConstexpr();
      assignTarget(frame, annotated.target(), value, &statement);
    }
    return Flow::Normal;
  }
  case K::AugmentedAssign:
    execAugmentedAssign(frame, statement.cast<python::AugmentedAssignStmt>());
    return Flow::Normal;
  case K::If: {
    const auto &ifStatement = statement.cast<python::IfStmt>();
    Value test = evaluate(frame, ifStatement.test());
    bool taken;
    if (isOpaque(test)) {
      // Python would know; trex takes the branch that defines Triton functions (files guard
      // their kernels with `if triton_available():`), else the `if` branch.
      // A branch that returns or raises skips what follows the `if` in its block (`if not
      // has_triton(): return None` before the function defines its kernels).
      auto leaves = [](const python::Block &branch) {
        return !branch.empty() && (branch.back()->isa<python::ReturnStmt>() ||
                                   branch.back()->isa<python::RaiseStmt>());
      };
      int after = currentBlock ? tritonDefinitions(*currentBlock, nextStatement) : 0;
      int inBody = tritonDefinitions(ifStatement.body()) + (leaves(ifStatement.body()) ? 0 : after);
      int inElse =
          tritonDefinitions(ifStatement.orElse()) + (leaves(ifStatement.orElse()) ? 0 : after);
      bool decided = false;
      taken = assumedTruth(test, inBody >= inElse, &decided);
      remark(*frame.module, ifStatement.test().location(),
             "trex cannot evaluate this condition (it depends on " + test.asObject()->name +
                 ", which trex does not model); it takes the " +
                 (taken                          ? "`if` branch"
                  : ifStatement.orElse().empty() ? "`else` branch (none: it skips the `if`)"
                                                 : "`else` branch") +
                 (decided            ? " (the truth it took for this value before)"
                  : inBody != inElse ? ", which defines the Triton functions"
                                     : ""));
    } else {
      taken = truth(test);
    }
    return execBlock(frame, taken ? ifStatement.body() : ifStatement.orElse());
  }
  case K::For:
    return execFor(frame, statement.cast<python::ForStmt>());
  case K::While:
    return execWhile(frame, statement.cast<python::WhileStmt>());
  case K::Break:
    return Flow::Break;
  case K::Continue:
    return Flow::Continue;
  case K::Pass:
    return Flow::Normal;
  case K::Return: {
    const auto &returnStatement = statement.cast<python::ReturnStmt>();
    frame.returnValue =
        returnStatement.value() ? evaluate(frame, *returnStatement.value()) : Value::none();
    return Flow::Return;
  }
  case K::Assert: {
    const auto &assertion = statement.cast<python::AssertStmt>();
    Value test = evaluate(frame, assertion.test());
    if (!isOpaque(test) && !truth(test))
      raise("AssertionError", assertion.message() ? strOf(evaluate(frame, *assertion.message()))
                                                  : std::string("assertion failed"));
    return Flow::Normal;
  }
  case K::With: {
    const auto &with = statement.cast<python::WithStmt>();
    for (const python::WithItem &item : with.items()) {
      Value context = evaluate(frame, *item.context);
      if (item.target)
        assignTarget(frame, *item.target, context, &statement);
    }
    return execBlock(frame, with.body());
  }
  case K::FunctionDef:
    execFunctionDef(frame, statement.cast<python::FunctionDefStmt>());
    return Flow::Normal;
  case K::ClassDef:
    execClassDef(frame, statement.cast<python::ClassDefStmt>());
    return Flow::Normal;
  case K::Import:
    execImport(frame, statement.cast<python::ImportStmt>());
    return Flow::Normal;
  case K::ImportFrom:
    execImportFrom(frame, statement.cast<python::ImportFromStmt>());
    return Flow::Normal;
  case K::Global:
  case K::Nonlocal:
    if (statement.kind() == K::Global)
      for (const std::string &name : statement.cast<python::ScopeDeclarationStmt>().names())
        frame.globalNames.insert(name);
    return Flow::Normal;
  case K::Delete:
    for (const python::ExprPtr &target : statement.cast<python::DeleteStmt>().targets())
      if (const auto *name = target->dynCast<python::NameExpr>()) {
        if (frame.locals)
          frame.locals->variables.erase(name->identifier());
        else
          frame.module->globals.erase(name->identifier());
      }
    return Flow::Normal;
  case K::Raise:
    execRaise(frame, statement.cast<python::RaiseStmt>());
  case K::Try:
    return execTry(frame, statement.cast<python::TryStmt>());
  case K::Opaque:
    return Flow::Normal;
  default:
    raise("SyntaxError", "unexpected statement");
  }
}

std::string decoratorName(const python::Expr &decorator) {
  const python::Expr *callee = &decorator;
  if (const auto *call = decorator.dynCast<python::CallExpr>())
    callee = &call->callee();
  if (const auto *attribute = callee->dynCast<python::AttributeExpr>())
    return attribute->attribute();
  if (const auto *name = callee->dynCast<python::NameExpr>())
    return name->identifier();
  return {};
}

// How many Triton functions and imports of triton a block defines (at any depth).
int ModuleEvaluator::Impl::tritonDefinitions(const python::Block &block, size_t from) {
  int count = 0;
  for (size_t i = from; i < block.size(); ++i) {
    const python::StmtPtr &statement = block[i];
    if (const auto *definition = statement->dynCast<python::FunctionDefStmt>()) {
      for (const python::ExprPtr &decorator : definition->decorators()) {
        std::string name = decoratorName(*decorator);
        if (name == "jit" || name == "autotune" || name == "heuristics")
          ++count;
      }
    } else if (const auto *import = statement->dynCast<python::ImportStmt>()) {
      for (const python::ImportAlias &alias : import->names())
        count += isTriton(alias.name);
    } else if (const auto *from = statement->dynCast<python::ImportFromStmt>()) {
      count += isTriton(from->module());
    } else if (const auto *nested = statement->dynCast<python::IfStmt>()) {
      count += tritonDefinitions(nested->body()) + tritonDefinitions(nested->orElse());
    } else if (const auto *tryStatement = statement->dynCast<python::TryStmt>()) {
      count += tritonDefinitions(tryStatement->body());
    }
  }
  return count;
}

bool ModuleEvaluator::Impl::isConstexprAnnotation(Frame &frame, const python::Expr &annotation) {
  if (const auto *text = annotation.dynCast<python::StringLiteral>())
    return text->value() == "constexpr" || text->value() == "tl.constexpr" ||
           text->value() == "triton.language.constexpr";
  try {
    Value value = evaluate(frame, annotation);
    return value.isCallable() && canonicalIntrinsic(value.asCallable()->name) == "constexpr";
  } catch (const CompileError &) {
    return false;
  }
}

void ModuleEvaluator::Impl::execAugmentedAssign(Frame &frame,
                                                const python::AugmentedAssignStmt &statement) {
  std::string method = binaryMethod(statement.op());
  if (method == "matmul")
    raise("TypeError", "unsupported augmented assignment");
  Value current = evaluate(frame, statement.target());
  Value operand = evaluate(frame, statement.value());
  // Lists extend in place, as Python's `+=` does.
  if (current.isList() && method == "add" && isSequence(operand)) {
    std::vector<Value> items = operand.sequence();
    current.listElements().insert(current.listElements().end(), items.begin(), items.end());
    return;
  }
  assignTarget(frame, statement.target(), binary(method, current, operand), &statement);
}

void ModuleEvaluator::Impl::execRaise(Frame &frame, const python::RaiseStmt &statement) {
  if (!statement.exception())
    raise("RuntimeError", "No active exception to reraise");
  Value exception = evaluate(frame, *statement.exception());
  std::string type = "Exception", message;
  if (isObjectOf(exception, Object::Type::Instance) || isObjectOf(exception, Object::Type::Class)) {
    type = exception.asObject()->name;
    if (const Value *text = exception.asObject()->attribute("__message__"))
      message = strOf(*text);
  } else if (isOpaque(exception)) {
    type = exception.asObject()->name;
  }
  PythonException error(type, message);
  if (isObjectOf(exception, Object::Type::Instance))
    raisedClasses[type] =
        exception.asObject()->bases.empty() ? Value() : exception.asObject()->bases[0];
  else if (isObjectOf(exception, Object::Type::Class))
    raisedClasses[type] = exception;
  throw error;
}

bool ModuleEvaluator::Impl::exceptionMatches(const std::string &type, const Value &handler) {
  if (handler.isTuple() || handler.isList()) {
    for (const Value &element : handler.sequence())
      if (exceptionMatches(type, element))
        return true;
    return false;
  }
  if (!isObjectOf(handler, Object::Type::Class))
    return false;
  const std::string &handlerName = handler.asObject()->name;
  // Builtin hierarchy.
  for (std::string current = type; !current.empty();) {
    if (current == handlerName)
      return true;
    auto parent = exceptionParents().find(current);
    if (parent != exceptionParents().end()) {
      current = parent->second;
      continue;
    }
    // A user exception class: walk its bases.
    auto raised = raisedClasses.find(current);
    if (raised == raisedClasses.end() || !isObjectOf(raised->second, Object::Type::Class))
      break;
    if (inheritsFrom(raised->second, handlerName))
      return true;
    break;
  }
  return handlerName == "BaseException";
}

bool ModuleEvaluator::Impl::inheritsFrom(const Value &classValue, const std::string &name) {
  if (!isObjectOf(classValue, Object::Type::Class))
    return false;
  if (classValue.asObject()->name == name)
    return true;
  for (const Value &base : classValue.asObject()->bases)
    if (inheritsFrom(base, name))
      return true;
  return false;
}

Flow ModuleEvaluator::Impl::execTry(Frame &frame, const python::TryStmt &statement) {
  Flow flow = Flow::Normal;
  bool handled = false;
  try {
    flow = execBlock(frame, statement.body());
  } catch (const CompileError &error) {
    const auto *python = dynamic_cast<const PythonException *>(&error);
    std::string type = python ? python->type() : "Exception";
    // Errors of trex itself (an internal error) are not Python's to catch.
    if (error.message().rfind("internal error", 0) == 0)
      throw;
    for (const python::ExceptHandler &handler : statement.handlers()) {
      bool matches = !handler.type;
      if (handler.type) {
        Value handlerType = evaluate(frame, *handler.type);
        matches = exceptionMatches(type, handlerType);
      }
      if (!matches)
        continue;
      if (!handler.name.empty()) {
        auto instance = makeObject(Object::Type::Instance, type);
        instance->setAttribute("__message__", Value::string(error.message()));
        bind(frame, handler.name, Value::object(instance), &statement);
      }
      handled = true;
      flow = execBlock(frame, handler.body);
      break;
    }
    if (!handled) {
      execBlock(frame, statement.finalBody());
      throw;
    }
  }
  if (!handled && flow == Flow::Normal)
    flow = execBlock(frame, statement.orElse());
  Flow final = execBlock(frame, statement.finalBody());
  return final != Flow::Normal ? final : flow;
}

Flow ModuleEvaluator::Impl::execFor(Frame &frame, const python::ForStmt &statement) {
  Value iterable = evaluate(frame, statement.iterable());
  std::vector<Value> items = iterate(iterable);
  for (const Value &item : items) {
    assignTarget(frame, statement.target(), item, &statement);
    Flow flow = execBlock(frame, statement.body());
    if (flow == Flow::Break)
      return Flow::Normal;
    if (flow == Flow::Return)
      return flow;
  }
  return execBlock(frame, statement.orElse());
}

Flow ModuleEvaluator::Impl::execWhile(Frame &frame, const python::WhileStmt &statement) {
  for (long long step = 0;; ++step) {
    if (step > MaxLoopSteps)
      raise("RuntimeError",
            "trex stops module-level loops after " + std::to_string(MaxLoopSteps) + " iterations");
    Value test = evaluate(frame, statement.test());
    if (!truth(test))
      break;
    Flow flow = execBlock(frame, statement.body());
    if (flow == Flow::Break)
      return Flow::Normal;
    if (flow == Flow::Return)
      return flow;
  }
  return execBlock(frame, statement.orElse());
}

void ModuleEvaluator::Impl::execImport(Frame &frame, const python::ImportStmt &statement) {
  for (const python::ImportAlias &alias : statement.names()) {
    Value module = importAbsolute(alias.name);
    if (!alias.asName.empty()) {
      bind(frame, alias.asName, locatedImport(module, frame, statement), &statement);
      continue;
    }
    // `import a.b.c` binds `a`.
    std::string top = alias.name.substr(0, alias.name.find('.'));
    bind(frame, top, top == alias.name ? module : importAbsolute(top), &statement);
  }
}

// An opaque import remembers where it was imported, for the error of a kernel using it.
Value ModuleEvaluator::Impl::locatedImport(const Value &value, Frame &frame,
                                           const python::Stmt &statement) {
  if (!isOpaque(value) || value.asObject()->origin)
    return value;
  return opaqueValue(value.asObject()->name, frame.module, statement.location());
}

void ModuleEvaluator::Impl::execImportFrom(Frame &frame, const python::ImportFromStmt &statement) {
  const std::string &moduleName = statement.module();
  Value module = statement.level() > 0
                     ? importRelative(*frame.module, statement.level(), moduleName)
                     : importAbsolute(moduleName);
  for (const python::ImportAlias &alias : statement.names()) {
    if (alias.name == "*") {
      importStar(frame, module, &statement);
      continue;
    }
    Value value =
        importFromModule(module, moduleName, alias.name, *frame.module, statement.level());
    bind(frame, alias.boundName(), locatedImport(value, frame, statement), &statement);
  }
}

void ModuleEvaluator::Impl::importStar(Frame &frame, const Value &module,
                                       const python::Node *node) {
  if (isObjectOf(module, Object::Type::Module)) {
    for (const auto &[name, global] : module.asObject()->module->globals)
      if (!name.empty() && name[0] != '_' && global.kind == ModuleScope::Global::Kind::Resolved)
        bind(frame, name, global.value, node);
    return;
  }
  if (module.isNamespace() && isTriton(module.asNamespace().path)) {
    raise("ImportError", "trex does not follow `from " + module.asNamespace().path +
                             " import *`; import the names the file uses");
  }
}

void ModuleEvaluator::Impl::execFunctionDef(Frame &frame,
                                            const python::FunctionDefStmt &definition) {
  // Decorators are evaluated first (outermost first), then applied innermost first.
  // A decorator that cannot be evaluated (its module failed to import) around a Triton
  // function is looked through, with a note, rather than losing the kernel.
  bool isTritonFunction =
      llvm::any_of(definition.decorators(), [](const python::ExprPtr &decorator) {
        return decoratorName(*decorator) == "jit";
      });
  std::vector<Value> decorators;
  for (const python::ExprPtr &decorator : definition.decorators()) {
    try {
      decorators.push_back(evaluate(frame, *decorator));
    } catch (const CompileError &error) {
      if (!isTritonFunction)
        throw;
      std::string message = error.message();
      if (message.size() > 160)
        message = message.substr(0, 160) + "...";
      Value unevaluated = opaqueValue(message, frame.module, decorator->location());
      unevaluated.asObject()->setAttribute("__unevaluated__", Value::boolean(true));
      decorators.push_back(unevaluated);
    }
  }
  auto function =
      makeFunction(frame, definition.name(), definition.parameters(), definition.location());
  function->definition = &definition;
  Value value = Value::object(function);
  for (size_t i = decorators.size(); i-- > 0;)
    value = applyDecorator(frame, decorators[i], value, *definition.decorators()[i]);
  bind(frame, definition.name(), value, &definition);
}

Value ModuleEvaluator::Impl::applyDecorator(Frame &frame, const Value &decorator,
                                            const Value &function, const python::Expr &where) {
  bool wrapsJit = function.isCallable() && function.asCallable()->kind == Callable::Kind::Jit;
  if (isOpaque(decorator) && wrapsJit)
    return withNote(function, *frame.module, where.location(),
                    decorator.asObject()->attribute("__unevaluated__")
                        ? "trex could not evaluate this decorator (" + decorator.asObject()->name +
                              "); it compiles the jit function it wraps"
                        : "the decorator " + decorator.asObject()->name +
                              " is not a Triton decorator trex knows; trex compiles the jit "
                              "function it wraps");
  if (isOpaque(decorator))
    return opaqueValue(decorator.asObject()->name + "(...)");
  Value result;
  try {
    result = callValue(decorator, {function}, {});
  } catch (const CompileError &) {
    if (!wrapsJit)
      throw;
    result = Value();
  }
  if (wrapsJit && !(result.isCallable() && result.asCallable()->kind == Callable::Kind::Jit))
    return withNote(function, *frame.module, where.location(),
                    "this decorator does not return a Triton function trex can compile; trex "
                    "compiles the jit function it wraps");
  return result;
}

// A copy of a jit function that carries a note for when it is compiled.
Value ModuleEvaluator::Impl::withNote(const Value &function, ModuleScope &scope,
                                      SourceLocation where, const std::string &message) {
  auto jit = std::make_shared<JitFunction>(*function.asCallable()->jit);
  jit->notes.push_back(python::makeDiagnostic(python::DiagnosticSeverity::Note, scope.source,
                                              scope.fileName, where, message));
  auto callable = std::make_shared<Callable>(*function.asCallable());
  callable->jit = jit;
  return Value::callable(std::move(callable));
}

void ModuleEvaluator::Impl::execClassDef(Frame &frame, const python::ClassDefStmt &definition) {
  auto classObject = makeObject(Object::Type::Class, definition.name());
  for (const python::ExprPtr &base : definition.bases()) {
    Value baseValue = evaluate(frame, *base);
    classObject->bases.push_back(baseValue);
  }
  Frame body;
  body.module = frame.module;
  body.locals = newEnvironment();
  body.locals->parent = frame.locals;
  try {
    execBlock(body, definition.body());
  } catch (const CompileError &) {
    // A class whose body trex cannot evaluate stays usable as a name.
  }
  for (auto &[name, value] : body.locals->variables) {
    classObject->setAttribute(name, value);
    // A kernel defined in a class (`@staticmethod @triton.jit def forward`, launched as
    // `Ops.forward[grid]`) is one of the module's jit functions, as Triton compiles it.
    if (value.isCallable() && value.asCallable()->kind == Callable::Kind::Jit)
      frame.module->addFunction(value.asCallable()->jit);
  }
  // A typing.NamedTuple class: its annotated names, in order, are its fields (`_fields`, as
  // Python gives them); kernels build instances and read the fields by name.
  bool namedTuple = false;
  for (const Value &base : classObject->bases)
    if (isOpaque(base) && (base.asObject()->name == "typing.NamedTuple" ||
                           base.asObject()->name == "typing_extensions.NamedTuple"))
      namedTuple = true;
  if (namedTuple) {
    std::vector<Value> fields;
    for (const python::StmtPtr &statement : definition.body())
      if (const auto *annotated = statement->dynCast<python::AnnotatedAssignStmt>())
        if (const auto *target = annotated->target().dynCast<python::NameExpr>())
          fields.push_back(Value::string(target->identifier()));
    classObject->setAttribute("_fields", Value::tuple(std::move(fields)));
  }
  classObject->origin = frame.module;
  classObject->location = definition.location();
  Value value = Value::object(classObject);
  for (size_t i = definition.decorators().size(); i-- > 0;) {
    Value decorator = evaluate(frame, *definition.decorators()[i]);
    if (!isOpaque(decorator))
      try {
        value = callValue(decorator, {value}, {});
      } catch (const CompileError &) {
      }
  }
  bind(frame, definition.name(), value, &definition);
}

void ModuleEvaluator::Impl::assignTarget(Frame &frame, const python::Expr &target,
                                         const Value &value, const python::Node *node) {
  if (const auto *name = target.dynCast<python::NameExpr>()) {
    bind(frame, name->identifier(), value, node);
    return;
  }
  if (const auto *collection = target.dynCast<python::CollectionExpr>()) {
    std::vector<Value> items = iterate(value);
    const python::ExprList &elements = collection->elements();
    size_t starred = elements.size();
    for (size_t i = 0; i < elements.size(); ++i)
      if (elements[i]->isa<python::StarredExpr>())
        starred = i;
    if (starred == elements.size()) {
      if (items.size() != elements.size())
        raise("ValueError", "cannot unpack " + std::to_string(items.size()) + " values into " +
                                std::to_string(elements.size()) + " targets");
      for (size_t i = 0; i < elements.size(); ++i)
        assignTarget(frame, *elements[i], items[i], node);
      return;
    }
    size_t after = elements.size() - starred - 1;
    if (items.size() < starred + after)
      raise("ValueError", "not enough values to unpack");
    for (size_t i = 0; i < starred; ++i)
      assignTarget(frame, *elements[i], items[i], node);
    std::vector<Value> rest(items.begin() + starred, items.end() - after);
    assignTarget(frame, elements[starred]->cast<python::StarredExpr>().value(), Value::list(rest),
                 node);
    for (size_t i = 0; i < after; ++i)
      assignTarget(frame, *elements[starred + 1 + i], items[items.size() - after + i], node);
    return;
  }
  if (const auto *subscript = target.dynCast<python::SubscriptExpr>()) {
    Value object = evaluate(frame, subscript->value());
    Value index = evaluate(frame, subscript->index());
    if (object.isDict()) {
      for (auto &[key, existing] : object.dictEntries())
        if (constexprEqual(key, index)) {
          existing = value;
          return;
        }
      object.dictEntries().emplace_back(index, value);
      return;
    }
    if (object.isList()) {
      PyInt i = toIndex(index, "list indices");
      PyInt size = static_cast<PyInt>(object.listElements().size());
      if (i < 0)
        i += size;
      if (i < 0 || i >= size)
        raise("IndexError", "list assignment index out of range");
      object.listElements()[static_cast<size_t>(i)] = value;
      return;
    }
    if (isOpaque(object) || object.isObject())
      return;
    raise("TypeError", "'" + pythonTypeName(object) + "' object does not support item assignment");
  }
  if (const auto *attribute = target.dynCast<python::AttributeExpr>()) {
    setAttribute(evaluate(frame, attribute->value()), attribute->attribute(), value);
    return;
  }
  raise("SyntaxError", "cannot assign to this expression");
}

} // namespace trex::frontend
