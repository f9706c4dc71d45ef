// Proposal: a specialization for a kernel given without a signature, so that any kernel file
// compiles at once (in the CLI and in the explorer), in this order of evidence for each
// parameter: a launch in the same file with literal constexprs (`kernel[grid](..., BLOCK=1024,
// num_warps=4)`), the first autotune config and the heuristics (which give their parameters by
// name), parameter defaults and annotations, then the kernel's use of the parameter (the base
// of a load or store is a pointer, an `arange` extent a power of two, a parameter accessed with
// `P.load([...])` a tensor descriptor whose block's dimensions are the constexprs its offsets
// are multiples of).
#include "Proposal.h"

#include "Autotune.h"

#include "../Module/Object.h"

#include "trex/Frontend/Python/AstVisitor.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>

namespace trex::frontend {

namespace {

std::string lastComponent(const python::Expr &callee) {
  if (const auto *name = callee.dynCast<python::NameExpr>())
    return name->identifier();
  if (const auto *attribute = callee.dynCast<python::AttributeExpr>())
    return attribute->attribute();
  return {};
}

// A literal argument written in Triton's signature syntax, if it is one.
std::optional<std::string> literalText(const python::Expr &expression) {
  if (const auto *integer = expression.dynCast<python::IntegerLiteral>())
    return integer->spelling();
  if (const auto *floating = expression.dynCast<python::FloatLiteral>())
    return floating->spelling();
  if (const auto *boolean = expression.dynCast<python::BooleanLiteral>())
    return std::string(boolean->value() ? "True" : "False");
  if (expression.isa<python::NoneLiteral>())
    return std::string("None");
  if (const auto *text = expression.dynCast<python::StringLiteral>(); text && !text->isBytes())
    return "'" + text->value() + "'";
  if (const auto *unary = expression.dynCast<python::UnaryOpExpr>();
      unary && unary->op() == python::UnaryOperator::Negate)
    if (std::optional<std::string> inner = literalText(unary->operand()))
      return "-" + *inner;
  if (const auto *attribute = expression.dynCast<python::AttributeExpr>()) {
    // tl.float16 / torch.bfloat16: dtypes as Triton's JIT receives them.
    if (const auto *base = attribute->value().dynCast<python::NameExpr>())
      if (base->identifier() == "tl" || base->identifier() == "torch")
        return base->identifier() + "." + attribute->attribute();
  }
  return std::nullopt;
}

bool isConstexprAnnotation(const python::Parameter &parameter) {
  if (!parameter.annotation)
    return false;
  if (const auto *attribute = parameter.annotation->dynCast<python::AttributeExpr>())
    return attribute->attribute() == "constexpr";
  if (const auto *name = parameter.annotation->dynCast<python::NameExpr>())
    return name->identifier() == "constexpr";
  if (const auto *text = parameter.annotation->dynCast<python::StringLiteral>())
    return text->value().find("constexpr") != std::string::npos;
  return false;
}

std::string lower(std::string text) {
  for (char &c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// How the kernel body uses its parameters.
struct Uses {
  std::set<std::string> pointers;    // the base of a load/store/atomic/block pointer/descriptor
  std::set<std::string> intPointers; // pointers whose loaded values are offsets or bit patterns
  std::set<std::string> extents;     // a tl.arange extent or a shape element
  std::set<std::string> conditions;  // tested by `if`/`and`/`or`/`not`
  std::set<std::string> dtypes;      // passed as a dtype (`.to(P)`, dtype=P)
  // Compared with string literals (`act == "relu"`, `act in ("relu", "gelu")`), in order.
  std::map<std::string, std::vector<std::string>> strings;
  std::set<std::string> noneTests; // compared with `is None` / `is not None`
  // Tensor descriptors (`P.load([...])`, `P.store([...], v)`): per dimension of the block,
  // the names the offset of the first access is computed from, in order (through locals).
  std::map<std::string, std::vector<std::vector<std::string>>> descriptors;
};

// The jit function a call's callee names (`helper`, `module.helper`, `Class.helper`), if one.
const python::FunctionDefStmt *calledJit(const ModuleScope &scope, const python::Expr &callee) {
  std::vector<std::string> path;
  const python::Expr *part = &callee;
  while (const auto *attribute = part->dynCast<python::AttributeExpr>()) {
    path.insert(path.begin(), attribute->attribute());
    part = &attribute->value();
  }
  const auto *root = part->dynCast<python::NameExpr>();
  if (!root)
    return nullptr;
  auto global = scope.globals.find(root->identifier());
  if (global == scope.globals.end() || global->second.kind != ModuleScope::Global::Kind::Resolved)
    return nullptr;
  const Value *value = &global->second.value;
  for (const std::string &name : path) {
    if (!value->isObject())
      return nullptr;
    const Object &object = *value->asObject();
    if (object.type == Object::Type::Module && object.module) {
      auto inner = object.module->globals.find(name);
      if (inner == object.module->globals.end() ||
          inner->second.kind != ModuleScope::Global::Kind::Resolved)
        return nullptr;
      value = &inner->second.value;
    } else if (!(value = object.attribute(name))) {
      return nullptr;
    }
  }
  if (value->isCallable() && value->asCallable()->kind == Callable::Kind::Jit)
    return value->asCallable()->jit->definition;
  return nullptr;
}

Uses analyse(const python::FunctionDefStmt &kernel, const ModuleScope &scope, int depth = 0) {
  Uses uses;
  // Local assignments, to follow `ptrs = X + offs; tl.load(ptrs)` to X.
  std::map<std::string, const python::Expr *> locals;
  // Also what `+=` and the like add to a local (`off_k = 0` ... `off_k += BLOCK_K`).
  std::multimap<std::string, const python::Expr *> updates;
  python::walkAst(kernel, [&](const python::Node &node) {
    if (const auto *assign = node.dynCast<python::AssignStmt>())
      for (const python::ExprPtr &target : assign->targets())
        if (const auto *name = target->dynCast<python::NameExpr>())
          locals.emplace(name->identifier(), &assign->value());
    if (const auto *update = node.dynCast<python::AugmentedAssignStmt>())
      if (const auto *name = update->target().dynCast<python::NameExpr>())
        updates.emplace(name->identifier(), &update->value());
  });
  std::set<std::string> parameterNames;
  for (const python::Parameter &parameter : kernel.parameters())
    parameterNames.insert(parameter.name);
  // The names an expression is computed from, through locals, nearest first (breadth
  // first: `pid_m * BLOCK_M` names BLOCK_M before what pid_m is computed from).
  auto sources = [&](const python::Expr &expression, std::vector<std::string> &into) {
    std::vector<const python::Expr *> level = {&expression};
    for (int depth = 0; depth < 8 && !level.empty(); ++depth) {
      std::vector<const python::Expr *> next;
      for (const python::Expr *part : level)
        python::walkAst(*part, [&](const python::Node &node) {
          const auto *name = node.dynCast<python::NameExpr>();
          if (!name || llvm::is_contained(into, name->identifier()))
            return;
          into.push_back(name->identifier());
          if (auto local = locals.find(name->identifier()); local != locals.end())
            next.push_back(local->second);
          auto [first, last] = updates.equal_range(name->identifier());
          for (auto it = first; it != last; ++it)
            next.push_back(it->second);
        });
      level = std::move(next);
    }
  };
  static const std::set<std::string> descriptorMethods = {
      "load",       "store",     "atomic_add", "atomic_min", "atomic_max",
      "atomic_and", "atomic_or", "atomic_xor", "gather",     "scatter"};
  python::walkAst(kernel, [&](const python::Node &node) {
    const auto *call = node.dynCast<python::CallExpr>();
    const auto *method = call ? call->callee().dynCast<python::AttributeExpr>() : nullptr;
    const auto *receiver = method ? method->value().dynCast<python::NameExpr>() : nullptr;
    if (!receiver || !parameterNames.count(receiver->identifier()) ||
        !descriptorMethods.count(method->attribute()) ||
        uses.descriptors.count(receiver->identifier()))
      return;
    std::vector<std::vector<std::string>> dimensions;
    const python::Expr *offsets = call->arguments().empty() ? nullptr : call->arguments()[0].get();
    if (const auto *list = offsets ? offsets->dynCast<python::CollectionExpr>() : nullptr)
      for (const python::ExprPtr &offset : list->elements()) {
        dimensions.emplace_back();
        sources(*offset, dimensions.back());
      }
    else
      dimensions.resize(2); // gather/scatter and offsets trex cannot read: a 2-D block
    uses.descriptors[receiver->identifier()] = std::move(dimensions);
  });
  // The names along the leftmost operand chain of a pointer expression (through locals).
  std::function<void(const python::Expr &, int, std::set<std::string> &)> base =
      [&](const python::Expr &expression, int depth, std::set<std::string> &into) {
        if (depth > 16)
          return;
        if (const auto *name = expression.dynCast<python::NameExpr>()) {
          if (!into.insert(name->identifier()).second)
            return;
          auto local = locals.find(name->identifier());
          if (local != locals.end())
            base(*local->second, depth + 1, into);
          return;
        }
        if (const auto *binary = expression.dynCast<python::BinaryOpExpr>()) {
          if (binary->op() == python::BinaryOperator::Add ||
              binary->op() == python::BinaryOperator::Subtract)
            base(binary->left(), depth + 1, into);
          return;
        }
        if (const auto *subscript = expression.dynCast<python::SubscriptExpr>())
          base(subscript->value(), depth + 1, into);
        // `tl.where(c, A, B)`: either choice is the base.
        if (const auto *call = expression.dynCast<python::CallExpr>();
            call && lastComponent(call->callee()) == "where" && call->arguments().size() == 3) {
          base(*call->arguments()[1], depth + 1, into);
          base(*call->arguments()[2], depth + 1, into);
        }
      };
  static const std::set<std::string> memoryCalls = {
      "load",        "store",      "make_block_ptr", "make_tensor_descriptor",
      "atomic_add",  "atomic_max", "atomic_min",     "atomic_cas",
      "atomic_xchg", "atomic_and", "atomic_or",      "atomic_xor"};
  auto pointerArgument = [](const python::CallExpr &call) -> const python::Expr * {
    const python::Expr *pointer = call.arguments().empty() ? nullptr : call.arguments()[0].get();
    for (const python::KeywordArgument &keyword : call.keywords())
      if (keyword.name == "pointer" || keyword.name == "base")
        pointer = keyword.value.get();
    return pointer;
  };
  auto namesIn = [&](const python::Expr &expression, std::set<std::string> &into) {
    python::walkAst(expression, [&](const python::Node &node) {
      if (const auto *name = node.dynCast<python::NameExpr>())
        into.insert(name->identifier());
    });
  };
  // Locals holding loaded values, and the pointers they were loaded through.
  std::map<std::string, std::set<std::string>> loadedFrom;
  for (const auto &[local, value] : locals) {
    const python::Expr *expression = value;
    // tl.load(...).to(...) and the like: the load is the innermost callee's receiver.
    while (const auto *call = expression->dynCast<python::CallExpr>()) {
      if (lastComponent(call->callee()) == "load") {
        if (const python::Expr *pointer = pointerArgument(*call))
          base(*pointer, 0, loadedFrom[local]);
        break;
      }
      const auto *attribute = call->callee().dynCast<python::AttributeExpr>();
      if (!attribute)
        break;
      expression = &attribute->value();
    }
  }
  auto markIndexUse = [&](const std::set<std::string> &names) {
    for (const std::string &name : names)
      if (auto loaded = loadedFrom.find(name); loaded != loadedFrom.end())
        uses.intPointers.insert(loaded->second.begin(), loaded->second.end());
  };
  python::walkAst(kernel, [&](const python::Node &node) {
    if (const auto *call = node.dynCast<python::CallExpr>()) {
      std::string callee = lastComponent(call->callee());
      if (memoryCalls.count(callee))
        if (const python::Expr *pointer = pointerArgument(*call)) {
          std::set<std::string> leftmost, all;
          base(*pointer, 0, leftmost);
          uses.pointers.insert(leftmost.begin(), leftmost.end());
          // Loaded values in the offsets of another access are indices, also through locals
          // (`row = tl.load(Idx + i); off = row * stride; tl.load(X + off)`).
          namesIn(*pointer, all);
          for (int round = 0; round < 8; ++round) {
            size_t before = all.size();
            std::set<std::string> more;
            for (const std::string &name : all)
              if (auto local = locals.find(name); local != locals.end() && !loadedFrom.count(name))
                namesIn(*local->second, more);
            all.insert(more.begin(), more.end());
            if (all.size() == before)
              break;
          }
          for (const std::string &name : leftmost)
            if (loadedFrom.count(name) == 0)
              all.erase(name);
          markIndexUse(all);
        }
      if (callee == "arange" && call->arguments().size() == 2)
        namesIn(*call->arguments()[1], uses.extents);
      if (callee == "zeros" || callee == "full" || callee == "reshape" || callee == "view" ||
          callee == "broadcast_to") {
        if (!call->arguments().empty())
          namesIn(*call->arguments()[0], uses.extents);
        for (const python::KeywordArgument &keyword : call->keywords())
          if (keyword.name == "shape" || keyword.name == "block_shape")
            namesIn(*keyword.value, uses.extents);
      }
      for (const python::KeywordArgument &keyword : call->keywords()) {
        if (keyword.name == "block_shape")
          namesIn(*keyword.value, uses.extents);
        if (keyword.name == "dtype" || keyword.name == "out_dtype")
          if (const auto *name = keyword.value->dynCast<python::NameExpr>())
            uses.dtypes.insert(name->identifier());
      }
      if (callee == "to" && call->arguments().size() == 1)
        if (const auto *name = call->arguments()[0]->dynCast<python::NameExpr>())
          uses.dtypes.insert(name->identifier());
    } else if (const auto *compare = node.dynCast<python::CompareExpr>()) {
      using C = python::ComparisonOperator;
      const python::Expr *left = &compare->left();
      for (size_t i = 0; i < compare->ops().size(); ++i) {
        const python::Expr *right = compare->comparators()[i].get();
        C op = compare->ops()[i];
        for (auto [side, other] : {std::pair(left, right), std::pair(right, left)}) {
          const auto *name = side->dynCast<python::NameExpr>();
          if (!name)
            continue;
          std::vector<std::string> &texts = uses.strings[name->identifier()];
          auto addText = [&](const python::Expr &expression) {
            const auto *text = expression.dynCast<python::StringLiteral>();
            if (text && !text->isBytes() && !llvm::is_contained(texts, text->value()))
              texts.push_back(text->value());
          };
          if (op == C::Equal || op == C::NotEqual)
            addText(*other);
          if ((op == C::In || op == C::NotIn) && side == left)
            if (const auto *options = other->dynCast<python::CollectionExpr>())
              for (const python::ExprPtr &option : options->elements())
                addText(*option);
          if ((op == C::Is || op == C::IsNot) && other->isa<python::NoneLiteral>())
            uses.noneTests.insert(name->identifier());
          if (texts.empty())
            uses.strings.erase(name->identifier());
        }
        left = right;
      }
    } else if (const auto *binary = node.dynCast<python::BinaryOpExpr>()) {
      // Loaded values shifted or masked are integer bit patterns (packed weights).
      using B = python::BinaryOperator;
      if (binary->op() == B::LeftShift || binary->op() == B::RightShift ||
          binary->op() == B::BitAnd || binary->op() == B::BitOr || binary->op() == B::BitXor) {
        std::set<std::string> operands;
        for (const python::Expr *side : {&binary->left(), &binary->right()})
          if (const auto *name = side->dynCast<python::NameExpr>())
            operands.insert(name->identifier());
        markIndexUse(operands);
      }
    } else if (const auto *ifStatement = node.dynCast<python::IfStmt>()) {
      if (const auto *name = ifStatement->test().dynCast<python::NameExpr>())
        uses.conditions.insert(name->identifier());
      if (const auto *unary = ifStatement->test().dynCast<python::UnaryOpExpr>())
        if (const auto *name = unary->operand().dynCast<python::NameExpr>())
          uses.conditions.insert(name->identifier());
      if (const auto *boolean = ifStatement->test().dynCast<python::BooleanOpExpr>())
        for (const python::ExprPtr &value : boolean->values())
          if (const auto *name = value->dynCast<python::NameExpr>())
            uses.conditions.insert(name->identifier());
    }
  });
  // What a jit helper does with its parameters, the caller's arguments do (a pointer loaded
  // from only in a helper, a mode string compared only there).
  std::map<const python::FunctionDefStmt *, Uses> helpers; // each analysed once
  if (depth < 3)
    python::walkAst(kernel, [&](const python::Node &node) {
      const auto *call = node.dynCast<python::CallExpr>();
      const python::FunctionDefStmt *callee = call ? calledJit(scope, call->callee()) : nullptr;
      if (!callee || callee == &kernel)
        return;
      auto known = helpers.find(callee);
      if (known == helpers.end())
        known = helpers.emplace(callee, analyse(*callee, scope, depth + 1)).first;
      const Uses &inner = known->second;
      const python::ParameterList &parameters = callee->parameters();
      auto pass = [&](const std::string &argument, const std::string &parameter) {
        for (auto [from, to] :
             {std::pair(&inner.pointers, &uses.pointers),
              std::pair(&inner.intPointers, &uses.intPointers),
              std::pair(&inner.extents, &uses.extents),
              std::pair(&inner.conditions, &uses.conditions),
              std::pair(&inner.dtypes, &uses.dtypes), std::pair(&inner.noneTests, &uses.noneTests)})
          if (from->count(parameter))
            to->insert(argument);
        if (auto texts = inner.strings.find(parameter); texts != inner.strings.end())
          uses.strings.emplace(argument, texts->second);
        if (auto block = inner.descriptors.find(parameter); block != inner.descriptors.end())
          uses.descriptors.emplace(argument, block->second);
      };
      for (size_t i = 0; i < call->arguments().size() && i < parameters.size(); ++i)
        if (const auto *name = call->arguments()[i]->dynCast<python::NameExpr>())
          pass(name->identifier(), parameters[i].name);
      for (const python::KeywordArgument &keyword : call->keywords())
        if (const auto *name = keyword.value ? keyword.value->dynCast<python::NameExpr>() : nullptr)
          pass(name->identifier(), keyword.name);
    });
  return uses;
}

// `kernel[grid](...)` calls of the kernel anywhere in the file (host wrappers included).
std::vector<const python::CallExpr *> launches(const python::Module &module,
                                               const std::set<std::string> &names) {
  std::vector<const python::CallExpr *> found;
  python::walkAst(module, [&](const python::Node &node) {
    const auto *call = node.dynCast<python::CallExpr>();
    const auto *subscript = call ? call->callee().dynCast<python::SubscriptExpr>() : nullptr;
    if (subscript && names.count(lastComponent(subscript->value())))
      found.push_back(call);
  });
  return found;
}

// The literal block shape of a host descriptor made in the file and passed as `argument`
// (`d = TensorDescriptor.from_tensor(x, block_shape=[64, 64])` or `TensorDescriptor(x, shape,
// strides, [64, 64])`), if one is.
std::vector<int64_t> hostBlockShape(const python::Module &module, const python::Expr &argument) {
  const auto *name = argument.dynCast<python::NameExpr>();
  std::vector<int64_t> shape;
  if (!name)
    return shape;
  python::walkAst(module, [&](const python::Node &node) {
    const auto *assign = node.dynCast<python::AssignStmt>();
    if (!shape.empty() || !assign || assign->targets().size() != 1)
      return;
    const auto *target = assign->targets()[0]->dynCast<python::NameExpr>();
    const auto *call = assign->value().dynCast<python::CallExpr>();
    if (!target || target->identifier() != name->identifier() || !call)
      return;
    std::string callee = lastComponent(call->callee());
    const python::Expr *block = nullptr;
    if (callee == "from_tensor" && call->arguments().size() >= 2)
      block = call->arguments()[1].get();
    else if (callee == "TensorDescriptor" && call->arguments().size() >= 4)
      block = call->arguments()[3].get();
    else if (callee != "from_tensor" && callee != "TensorDescriptor")
      return;
    for (const python::KeywordArgument &keyword : call->keywords())
      if (keyword.name == "block_shape")
        block = keyword.value.get();
    const auto *list = block ? block->dynCast<python::CollectionExpr>() : nullptr;
    if (!list)
      return;
    std::vector<int64_t> values;
    for (const python::ExprPtr &element : list->elements()) {
      const auto *integer = element->dynCast<python::IntegerLiteral>();
      if (!integer)
        return;
      values.push_back(std::atoll(integer->spelling().c_str()));
    }
    shape = std::move(values);
  });
  return shape;
}

bool isDecimal(const std::string &text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

// A proposal's entries, joined with ", " (no entry contains one).
std::vector<std::string> splitEntries(const std::string &signature) {
  std::vector<std::string> entries;
  for (size_t start = 0;;) {
    size_t comma = signature.find(", ", start);
    entries.push_back(signature.substr(start, comma - start));
    if (comma == std::string::npos)
      return entries;
    start = comma + 2;
  }
}

std::string joinEntries(const std::vector<std::string> &entries, const char *separator = ", ") {
  std::string text;
  for (size_t i = 0; i < entries.size(); ++i)
    text += (i ? separator : "") + entries[i];
  return text;
}

// A proposed descriptor entry, "tensordesc<fp16[128,64]>" (no spaces in its shape).
struct DescriptorEntry {
  std::string element;
  std::vector<std::string> dims;
  std::string text() const { return "tensordesc<" + element + "[" + joinEntries(dims, ",") + "]>"; }
};

std::optional<DescriptorEntry> parseDescriptor(const std::string &entry) {
  size_t open = entry.find('['), close = entry.find(']');
  if (entry.rfind("tensordesc<", 0) != 0 || open == std::string::npos || close < open)
    return std::nullopt;
  DescriptorEntry descriptor;
  descriptor.element = entry.substr(11, open - 11);
  for (size_t at = open + 1; at < close;) {
    size_t comma = std::min(entry.find(',', at), close);
    descriptor.dims.push_back(entry.substr(at, comma - at));
    at = comma + 1;
  }
  return descriptor;
}

bool isFloatName(const std::string &name) {
  std::string text = lower(name);
  // Strides, counts and offsets are integers whatever they stride over (`stride_scales`).
  for (const char *word : {"stride", "offset", "num_", "n_", "size", "idx", "index"})
    if (text.find(word) != std::string::npos)
      return false;
  for (const char *word :
       {"eps", "scale", "alpha", "beta", "temperature", "momentum", "softcap", "dropout", "p_drop",
        "lr", "gamma", "theta", "sigma", "inv_", "factor", "weight_decay"})
    if (text.find(word) != std::string::npos)
      return true;
  return false;
}

} // namespace

std::optional<ProposedSpecialization>
proposeSpecialization(GenerationState &state, const ModuleScope &scope, const JitFunction &kernel) {
  const python::FunctionDefStmt &definition = *kernel.definition;
  const python::ParameterList &parameters = definition.parameters();
  ProposedSpecialization proposal;

  std::set<std::string> byName;
  std::map<std::string, std::string> configValues; // config 0's, as signature literals
  if (kernel.autotune && !kernel.autotune->configs.empty()) {
    proposal.autotuneConfig = 0;
    for (const FoldedConfig &config : foldAutotuneConfigs(state, kernel))
      if (config.info.index == 0)
        for (const auto &[name, value] : config.values) {
          byName.insert(name);
          configValues[name] = pythonRepr(value);
        }
    proposal.evidence.push_back("autotune config 0");
  }
  // Heuristics give their parameters by name when they can be folded: when one reads an
  // argument the proposal leaves to run time (or is not a lambda trex can read), every
  // parameter gets a value in the signature instead and the heuristics do not run.
  bool heuristicsFold = true;
  if (kernel.heuristics) {
    std::set<std::string> constexprParameters;
    for (const python::Parameter &parameter : parameters)
      if (isConstexprAnnotation(parameter))
        constexprParameters.insert(parameter.name);
    for (const auto &[name, value] : kernel.heuristics->values) {
      const Object *object = value.isObject() ? value.asObject().get() : nullptr;
      if (!object || !object->lambda || object->lambda->parameters().size() != 1) {
        heuristicsFold = false;
        continue;
      }
      const std::string &argsName = object->lambda->parameters()[0].name;
      python::walkAst(object->lambda->body(), [&](const python::Node &node) {
        const auto *read = node.dynCast<python::SubscriptExpr>();
        const auto *argsUse = read ? read->value().dynCast<python::NameExpr>() : nullptr;
        const auto *key = read ? read->index().dynCast<python::StringLiteral>() : nullptr;
        if (argsUse && argsUse->identifier() == argsName &&
            (!key || !constexprParameters.count(key->value()) || key->value() == name))
          heuristicsFold = false;
      });
    }
    if (heuristicsFold)
      for (const auto &[name, value] : kernel.heuristics->values)
        byName.insert(name);
    else
      proposal.evidence.push_back("values for the heuristics' parameters (they read runtime "
                                  "arguments)");
  }
  // Every parameter gets an entry then, the config's own values included.
  bool everyParameter = !heuristicsFold;

  // Literal arguments of the launches in the file, by parameter.
  std::set<std::string> kernelNames = {definition.name()};
  for (const auto &[name, global] : scope.globals)
    if (global.kind == ModuleScope::Global::Kind::Resolved && global.value.isCallable() &&
        global.value.asCallable()->jit && global.value.asCallable()->jit->definition == &definition)
      kernelNames.insert(name);
  std::map<std::string, std::string> launched;
  std::map<std::string, std::vector<int64_t>> hostBlocks; // descriptors made in the file
  for (const python::CallExpr *call : launches(*scope.module, kernelNames)) {
    for (size_t i = 0; i < call->arguments().size() && i < parameters.size(); ++i) {
      if (std::optional<std::string> text = literalText(*call->arguments()[i]))
        launched.emplace(parameters[i].name, *text);
      std::vector<int64_t> block = hostBlockShape(*scope.module, *call->arguments()[i]);
      if (!block.empty())
        hostBlocks.emplace(parameters[i].name, std::move(block));
    }
    for (const python::KeywordArgument &keyword : call->keywords()) {
      if (keyword.isDoubleStarred())
        continue;
      std::vector<int64_t> block = hostBlockShape(*scope.module, *keyword.value);
      if (!block.empty())
        hostBlocks.emplace(keyword.name, std::move(block));
      std::optional<std::string> text = literalText(*keyword.value);
      if (!text)
        continue;
      if (keyword.name == "num_warps" && !proposal.numWarps)
        proposal.numWarps = std::atoi(text->c_str());
      else if (keyword.name == "num_stages" && !proposal.numStages)
        proposal.numStages = std::atoi(text->c_str());
      else
        launched.emplace(keyword.name, *text);
    }
  }
  if (!launched.empty())
    proposal.evidence.push_back("a launch in the file");

  Uses uses = analyse(definition, scope);
  std::vector<std::string> entries;
  std::vector<size_t> descriptorEntries;
  for (const python::Parameter &parameter : parameters) {
    const std::string &name = parameter.name;
    if (byName.count(name)) {
      if (!everyParameter)
        continue;
      entries.push_back(configValues.count(name) ? configValues[name] : "1");
      continue;
    }
    bool constexprParameter = isConstexprAnnotation(parameter);
    if (uses.descriptors.count(name) && !constexprParameter) {
      descriptorEntries.push_back(entries.size());
      entries.push_back(name); // its block shape needs the other entries: below
      continue;
    }
    auto launch = launched.find(name);
    if (launch != launched.end() && (constexprParameter || launch->second.rfind("tl.", 0) == 0 ||
                                     launch->second.rfind("torch.", 0) == 0)) {
      entries.push_back(launch->second);
      continue;
    }
    if (parameter.defaultValue) {
      if (std::optional<std::string> text = literalText(*parameter.defaultValue)) {
        if (constexprParameter || *text == "None" || text->rfind("tl.", 0) == 0) {
          entries.push_back(*text);
        } else if (parameter.defaultValue->isa<python::FloatLiteral>()) {
          entries.push_back("fp32");
        } else if (parameter.defaultValue->isa<python::BooleanLiteral>()) {
          entries.push_back(*text);
        } else {
          entries.push_back("i32");
        }
        continue;
      }
    }
    if (constexprParameter && uses.strings.count(name)) {
      entries.push_back("'" + uses.strings[name].front() + "'"); // the first mode it tests
      continue;
    }
    if (constexprParameter && uses.noneTests.count(name)) {
      entries.push_back("None");
      continue;
    }
    if (constexprParameter) {
      std::string upper = name;
      for (char &c : upper)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (uses.dtypes.count(name) || upper.find("DTYPE") != std::string::npos)
        entries.push_back("tl.float32");
      else if (uses.extents.count(name) || upper.rfind("BLOCK", 0) == 0 ||
               upper.find("SIZE") != std::string::npos)
        entries.push_back("128");
      else if (uses.conditions.count(name) || upper.rfind("IS_", 0) == 0 ||
               upper.rfind("HAS_", 0) == 0 || upper.rfind("USE_", 0) == 0 ||
               upper.rfind("EVEN", 0) == 0)
        entries.push_back("False");
      else
        entries.push_back("1");
      continue;
    }
    std::string text = lower(name);
    bool pointerName = text.size() > 4 && (text.substr(text.size() - 4) == "_ptr" ||
                                           text.substr(text.size() - 4) == "ptrs");
    if (uses.intPointers.count(name))
      entries.push_back("*i32:16");
    else if (uses.pointers.count(name) || pointerName)
      entries.push_back("*fp32:16");
    else if (isFloatName(name))
      entries.push_back("fp32");
    else
      entries.push_back("i32");
  }
  // A tensor descriptor: fp16 blocks (the element type is the host tensor's, which the file
  // does not say; the variants try others) whose dimensions are the constexpr parameters
  // their access offsets are multiples of (`desc.load([pid_m * BLOCK_M, k])`), else the
  // literal block shape of the host descriptor the launch passes, else 64 for the last two
  // and 1 for the leading (batch) ones.
  // The constexprs' values: the autotune config's, then the entries (which leave out the
  // parameters the config and the heuristics give by name).
  std::map<std::string, std::string> valueOf = configValues;
  {
    size_t entry = 0;
    for (const python::Parameter &parameter : parameters) {
      if (byName.count(parameter.name) && !everyParameter)
        continue;
      if (entry < entries.size() && isConstexprAnnotation(parameter))
        valueOf.emplace(parameter.name, entries[entry]);
      ++entry;
    }
  }
  for (size_t index : descriptorEntries) {
    std::string name = entries[index];
    const std::vector<std::vector<std::string>> &dimensions = uses.descriptors[name];
    std::vector<int64_t> host = hostBlocks.count(name) ? hostBlocks[name] : std::vector<int64_t>{};
    DescriptorEntry descriptor{"fp16", {}};
    for (size_t d = 0; d < dimensions.size(); ++d) {
      std::string size;
      for (const std::string &source : dimensions[d])
        if (auto value = valueOf.find(source); value != valueOf.end() && isDecimal(value->second)) {
          size = value->second;
          break;
        }
      if (size.empty())
        size = host.size() == dimensions.size() ? std::to_string(host[d])
               : d + 2 < dimensions.size()      ? "1" // a leading (batch) dimension
                                                : "64";
      descriptor.dims.push_back(size);
    }
    entries[index] = descriptor.text();
  }
  for (size_t i = 0; i < entries.size(); ++i)
    proposal.signature += (i ? ", " : "") + entries[i];
  std::set<int64_t> sizes;
  for (const auto &[name, value] : valueOf)
    if (isDecimal(value) && value.size() < 6) {
      int64_t size = std::atoll(value.c_str());
      if (size >= 16 && (size & (size - 1)) == 0)
        sizes.insert(size);
    }
  proposal.blockSizes.assign(sizes.begin(), sizes.end());
  if (proposal.evidence.empty())
    proposal.evidence.push_back("the kernel's parameters and their use");
  return proposal;
}

std::optional<std::string> smallerBlocks(const std::string &signature, int from, int size) {
  std::string number = std::to_string(size), guessed = std::to_string(from);
  bool changed = false;
  std::vector<std::string> entries = splitEntries(signature);
  for (std::string &entry : entries) {
    if (entry == guessed) {
      entry = number;
      changed = true;
    } else if (std::optional<DescriptorEntry> descriptor = parseDescriptor(entry)) {
      for (std::string &dimension : descriptor->dims)
        if (dimension == guessed) {
          dimension = number;
          changed = true;
        }
      entry = descriptor->text();
    }
  }
  return changed ? std::optional<std::string>(joinEntries(entries)) : std::nullopt;
}

std::vector<ProposalVariant> proposalVariants(const std::string &signature,
                                              const std::vector<int64_t> &blockSizes) {
  std::vector<std::string> entries = splitEntries(signature);
  std::vector<size_t> pointers, dtypes, sizes, scalars, floats, descriptors;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string &entry = entries[i];
    if (!entry.empty() && entry[0] == '*')
      pointers.push_back(i);
    else if (parseDescriptor(entry))
      descriptors.push_back(i);
    else if (entry == "tl.float32")
      dtypes.push_back(i);
    else if (entry == "1" || entry == "128")
      sizes.push_back(i);
    else if (entry == "i32")
      scalars.push_back(i);
    else if (entry == "fp32")
      floats.push_back(i);
  }
  std::vector<ProposalVariant> variants;
  std::set<std::string> seen = {signature};
  auto add = [&](const std::vector<std::string> &items, std::string change,
                 std::optional<int> blockSize = std::nullopt) {
    std::string text = joinEntries(items);
    if (seen.insert(text).second)
      variants.push_back({std::move(text), std::move(change), blockSize});
  };
  // Smaller guessed blocks first (a tensor over Triton's element limit): three attempts, where
  // the pointer types below are well over the attempts' budget.
  for (int size : {64, 32, 16})
    if (std::optional<std::string> smaller = smallerBlocks(signature, 128, size))
      add(splitEntries(*smaller), "blocks of " + std::to_string(size), size);
  // A descriptor's block dimension set to another of the kernel's block sizes (an autotune
  // pre_hook sets a host descriptor's block_shape from the config, which the file's text
  // does not show: the block must agree with the constexpr tiles it meets).
  for (size_t i : descriptors) {
    DescriptorEntry descriptor = *parseDescriptor(entries[i]);
    for (size_t d = 0; d < descriptor.dims.size(); ++d)
      for (int64_t size : blockSizes) {
        if (std::to_string(size) == descriptor.dims[d])
          continue;
        DescriptorEntry changed = descriptor;
        changed.dims[d] = std::to_string(size);
        std::vector<std::string> items = entries;
        items[i] = changed.text();
        add(items, "parameter " + std::to_string(i + 1) + ": " + items[i]);
      }
  }
  const char *elementTypes[] = {"fp16", "bf16", "i32",   "i8",     "u8",
                                "i64",  "fp32", "fp8e5", "fp8e4nv"};
  for (const char *type : elementTypes) {
    std::vector<std::string> items = entries;
    for (size_t i : pointers)
      items[i] = std::string("*") + type + ":16";
    add(items, std::string("pointers to ") + type);
  }
  // Tensor descriptors of another element type (all of them, with the pointers alike).
  for (const char *type : {"bf16", "fp32", "fp8e4nv", "i8"}) {
    std::vector<std::string> items = entries;
    for (size_t i : descriptors) {
      DescriptorEntry descriptor = *parseDescriptor(entries[i]);
      descriptor.element = type;
      items[i] = descriptor.text();
    }
    for (size_t i : pointers)
      items[i] = std::string("*") + type + ":16";
    if (!descriptors.empty())
      add(items, std::string("descriptors and pointers of ") + type);
  }
  for (size_t i : pointers)
    for (const char *type : elementTypes) {
      std::vector<std::string> items = entries;
      items[i] = std::string("*") + type + ":16";
      add(items, "parameter " + std::to_string(i + 1) + ": *" + type + ":16");
    }
  for (const char *dtype : {"tl.float16", "tl.bfloat16"}) {
    std::vector<std::string> items = entries;
    for (size_t i : dtypes)
      items[i] = dtype;
    add(items, std::string("dtypes ") + dtype);
  }
  // An integer the kernel uses as a pointer through a helper (`tl.load(offset(X, n))`).
  for (size_t i : scalars) {
    std::vector<std::string> items = entries;
    items[i] = "*fp32:16";
    add(items, "parameter " + std::to_string(i + 1) + ": *fp32:16");
  }
  // A pointer guessed from a name or a use that the specialization makes an integer ("this
  // could be int or a pointer", chosen by a constexpr flag).
  for (size_t i : pointers) {
    std::vector<std::string> items = entries;
    items[i] = "i32";
    add(items, "parameter " + std::to_string(i + 1) + ": i32");
  }
  // A float guessed from a name that is an integer after all.
  for (size_t i : floats) {
    std::vector<std::string> items = entries;
    items[i] = "i32";
    add(items, "parameter " + std::to_string(i + 1) + ": i32");
  }
  if (!scalars.empty()) {
    std::vector<std::string> items = entries;
    for (size_t i : scalars)
      items[i] = "i64";
    add(items, "integers as i64");
  }
  for (const char *size : {"16", "32", "64", "4", "2"}) {
    std::vector<std::string> items = entries;
    for (size_t i : sizes)
      items[i] = size;
    add(items, std::string("constexpr sizes ") + size);
  }
  return variants;
}

} // namespace trex::frontend
