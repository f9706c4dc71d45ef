// AstDumper: prints expressions as fully parenthesized Python and statements as an indented
// outline, so tests can compare a whole tree with one string.
#include "trex/Frontend/Python/AstDumper.h"

#include <cstdio>

namespace trex::python {

namespace {

// Python's repr() of a str or bytes value: single quotes unless only double quotes avoid
// escaping, and escapes for control characters.
std::string quoteString(const std::string &value, bool isBytes) {
  bool hasSingle = value.find('\'') != std::string::npos;
  bool hasDouble = value.find('"') != std::string::npos;
  char quote = hasSingle && !hasDouble ? '"' : '\'';
  std::string out = isBytes ? "b" : "";
  out += quote;
  for (char c : value) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7F || (isBytes && u >= 0x80)) {
      char escape[5];
      std::snprintf(escape, sizeof escape, "\\x%02x", u);
      out += escape;
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

class ExpressionPrinter {
public:
  explicit ExpressionPrinter(std::string &out) : out_(out) {}

  void print(const Expr &expr) {
    switch (expr.kind()) {
    case NodeKind::Name:
      out_ += expr.cast<NameExpr>().identifier();
      return;
    case NodeKind::IntegerLiteral:
      out_ += expr.cast<IntegerLiteral>().spelling();
      return;
    case NodeKind::FloatLiteral:
      out_ += expr.cast<FloatLiteral>().spelling();
      return;
    case NodeKind::ImaginaryLiteral:
      out_ += expr.cast<ImaginaryLiteral>().spelling();
      return;
    case NodeKind::StringLiteral: {
      const auto &literal = expr.cast<StringLiteral>();
      out_ += quoteString(literal.value(), literal.isBytes());
      return;
    }
    case NodeKind::FormattedString:
      out_ += expr.cast<FormattedStringExpr>().sourceText();
      return;
    case NodeKind::BooleanLiteral:
      out_ += expr.cast<BooleanLiteral>().value() ? "True" : "False";
      return;
    case NodeKind::NoneLiteral:
      out_ += "None";
      return;
    case NodeKind::EllipsisLiteral:
      out_ += "...";
      return;
    case NodeKind::UnaryOp: {
      const auto &unary = expr.cast<UnaryOpExpr>();
      out_ += "(";
      out_ += spelling(unary.op());
      if (unary.op() == UnaryOperator::Not)
        out_ += " ";
      print(unary.operand());
      out_ += ")";
      return;
    }
    case NodeKind::BinaryOp: {
      const auto &binary = expr.cast<BinaryOpExpr>();
      out_ += "(";
      print(binary.left());
      out_ += " ";
      out_ += spelling(binary.op());
      out_ += " ";
      print(binary.right());
      out_ += ")";
      return;
    }
    case NodeKind::BooleanOp: {
      const auto &booleanOp = expr.cast<BooleanOpExpr>();
      out_ += "(";
      std::string separator = " " + std::string(spelling(booleanOp.op())) + " ";
      printList(booleanOp.values(), separator);
      out_ += ")";
      return;
    }
    case NodeKind::Compare: {
      const auto &compare = expr.cast<CompareExpr>();
      out_ += "(";
      print(compare.left());
      for (size_t i = 0; i < compare.ops().size(); ++i) {
        out_ += " ";
        out_ += spelling(compare.ops()[i]);
        out_ += " ";
        print(*compare.comparators()[i]);
      }
      out_ += ")";
      return;
    }
    case NodeKind::Conditional: {
      const auto &conditional = expr.cast<ConditionalExpr>();
      out_ += "(";
      print(conditional.body());
      out_ += " if ";
      print(conditional.test());
      out_ += " else ";
      print(conditional.orElse());
      out_ += ")";
      return;
    }
    case NodeKind::Lambda: {
      const auto &lambda = expr.cast<LambdaExpr>();
      out_ += "(lambda";
      if (!lambda.parameters().empty())
        out_ += " ";
      printParameters(lambda.parameters());
      out_ += ": ";
      print(lambda.body());
      out_ += ")";
      return;
    }
    case NodeKind::Call: {
      const auto &call = expr.cast<CallExpr>();
      print(call.callee());
      out_ += "(";
      printList(call.arguments(), ", ");
      for (size_t i = 0; i < call.keywords().size(); ++i) {
        if (i > 0 || !call.arguments().empty())
          out_ += ", ";
        const KeywordArgument &keyword = call.keywords()[i];
        out_ += keyword.isDoubleStarred() ? "**" : keyword.name + "=";
        print(*keyword.value);
      }
      out_ += ")";
      return;
    }
    case NodeKind::Attribute: {
      const auto &attribute = expr.cast<AttributeExpr>();
      print(attribute.value());
      out_ += ".";
      out_ += attribute.attribute();
      return;
    }
    case NodeKind::Subscript: {
      const auto &subscript = expr.cast<SubscriptExpr>();
      print(subscript.value());
      out_ += "[";
      if (const auto *tuple = subscript.index().dynCast<TupleExpr>();
          tuple && !tuple->elements().empty()) {
        printList(tuple->elements(), ", "); // `x[:, None]`, not `x[(:, None)]`
        if (tuple->elements().size() == 1)
          out_ += ",";
      } else {
        print(subscript.index());
      }
      out_ += "]";
      return;
    }
    case NodeKind::Slice: {
      const auto &slice = expr.cast<SliceExpr>();
      printIfPresent(slice.lower());
      out_ += ":";
      printIfPresent(slice.upper());
      if (slice.step()) {
        out_ += ":";
        print(*slice.step());
      }
      return;
    }
    case NodeKind::Starred:
      out_ += "*";
      print(expr.cast<StarredExpr>().value());
      return;
    case NodeKind::Tuple: {
      const auto &tuple = expr.cast<TupleExpr>();
      out_ += "(";
      printList(tuple.elements(), ", ");
      if (tuple.elements().size() == 1)
        out_ += ",";
      out_ += ")";
      return;
    }
    case NodeKind::List:
      out_ += "[";
      printList(expr.cast<ListExpr>().elements(), ", ");
      out_ += "]";
      return;
    case NodeKind::Set:
      out_ += "{";
      printList(expr.cast<SetExpr>().elements(), ", ");
      out_ += "}";
      return;
    case NodeKind::Dict: {
      const auto &dict = expr.cast<DictExpr>();
      out_ += "{";
      for (size_t i = 0; i < dict.keys().size(); ++i) {
        if (i > 0)
          out_ += ", ";
        if (dict.keys()[i]) {
          print(*dict.keys()[i]);
          out_ += ": ";
        } else {
          out_ += "**";
        }
        print(*dict.values()[i]);
      }
      out_ += "}";
      return;
    }
    case NodeKind::ListComprehension:
    case NodeKind::SetComprehension:
    case NodeKind::DictComprehension:
    case NodeKind::GeneratorExpression:
      printComprehension(expr.cast<ComprehensionExpr>());
      return;
    case NodeKind::NamedExpr: {
      const auto &named = expr.cast<NamedExpr>();
      out_ += "(";
      print(named.target());
      out_ += " := ";
      print(named.value());
      out_ += ")";
      return;
    }
    case NodeKind::Yield:
    case NodeKind::YieldFrom:
    case NodeKind::Await: {
      const auto &yield = expr.cast<YieldExpr>();
      out_ += expr.kind() == NodeKind::Yield       ? "(yield"
              : expr.kind() == NodeKind::YieldFrom ? "(yield from"
                                                   : "(await";
      if (yield.value()) {
        out_ += " ";
        print(*yield.value());
      }
      out_ += ")";
      return;
    }
    default:
      out_ += "<";
      out_ += nodeKindName(expr.kind());
      out_ += ">";
      return;
    }
  }

  void printIfPresent(const Expr *expr) {
    if (expr)
      print(*expr);
  }

  void printList(const ExprList &exprs, std::string_view separator) {
    for (size_t i = 0; i < exprs.size(); ++i) {
      if (i > 0)
        out_ += separator;
      print(*exprs[i]);
    }
  }

  void printParameters(const ParameterList &parameters) {
    bool needsBareStar = true;
    for (size_t i = 0; i < parameters.size(); ++i) {
      const Parameter &parameter = parameters[i];
      if (i > 0)
        out_ += ", ";
      switch (parameter.kind) {
      case ParameterKind::VariadicPositional:
        out_ += "*";
        needsBareStar = false;
        break;
      case ParameterKind::KeywordOnly:
        if (needsBareStar)
          out_ += "*, ";
        needsBareStar = false;
        break;
      case ParameterKind::VariadicKeyword:
        out_ += "**";
        break;
      default:
        break;
      }
      out_ += parameter.name;
      if (parameter.annotation) {
        out_ += ": ";
        print(*parameter.annotation);
      }
      if (parameter.defaultValue) {
        out_ += parameter.annotation ? " = " : "=";
        print(*parameter.defaultValue);
      }
      bool lastPositionalOnly =
          parameter.kind == ParameterKind::PositionalOnly &&
          (i + 1 == parameters.size() || parameters[i + 1].kind != ParameterKind::PositionalOnly);
      if (lastPositionalOnly)
        out_ += ", /";
    }
  }

  void printComprehension(const ComprehensionExpr &comprehension) {
    const char *brackets = comprehension.kind() == NodeKind::ListComprehension     ? "[]"
                           : comprehension.kind() == NodeKind::GeneratorExpression ? "()"
                                                                                   : "{}";
    out_ += brackets[0];
    print(comprehension.element());
    if (comprehension.value()) {
      out_ += ": ";
      print(*comprehension.value());
    }
    for (const ComprehensionClause &clause : comprehension.clauses()) {
      out_ += clause.isAsync ? " async for " : " for ";
      print(*clause.target);
      out_ += " in ";
      print(*clause.iterable);
      for (const ExprPtr &condition : clause.conditions) {
        out_ += " if ";
        print(*condition);
      }
    }
    out_ += brackets[1];
  }

private:
  std::string &out_;
};

class StatementPrinter {
public:
  StatementPrinter(std::string &out, AstDumpOptions options) : out_(out), options_(options) {}

  void printBlock(const Block &block, int depth) {
    for (const StmtPtr &statement : block)
      print(*statement, depth);
  }

  void print(const Stmt &stmt, int depth) {
    beginLine(depth, &stmt);
    out_ += nodeKindName(stmt.kind());
    switch (stmt.kind()) {
    case NodeKind::ExpressionStatement:
      out_ += " ";
      expr(stmt.cast<ExpressionStmt>().value());
      endLine();
      return;
    case NodeKind::Assign: {
      const auto &assign = stmt.cast<AssignStmt>();
      for (const ExprPtr &target : assign.targets()) {
        out_ += " ";
        expr(*target);
        out_ += " =";
      }
      out_ += " ";
      expr(assign.value());
      endLine();
      return;
    }
    case NodeKind::AnnotatedAssign: {
      const auto &assign = stmt.cast<AnnotatedAssignStmt>();
      out_ += " ";
      expr(assign.target());
      out_ += ": ";
      expr(assign.annotation());
      if (assign.value()) {
        out_ += " = ";
        expr(*assign.value());
      }
      endLine();
      return;
    }
    case NodeKind::AugmentedAssign: {
      const auto &assign = stmt.cast<AugmentedAssignStmt>();
      out_ += " ";
      expr(assign.target());
      out_ += " ";
      out_ += spelling(assign.op());
      out_ += "= ";
      expr(assign.value());
      endLine();
      return;
    }
    case NodeKind::If: {
      const auto &ifStmt = stmt.cast<IfStmt>();
      out_ += " ";
      expr(ifStmt.test());
      endLine();
      printBlock(ifStmt.body(), depth + 1);
      printElse(ifStmt.orElse(), depth);
      return;
    }
    case NodeKind::For: {
      const auto &forStmt = stmt.cast<ForStmt>();
      out_ += forStmt.isAsync() ? " async " : " ";
      expr(forStmt.target());
      out_ += " in ";
      expr(forStmt.iterable());
      endLine();
      printBlock(forStmt.body(), depth + 1);
      printElse(forStmt.orElse(), depth);
      return;
    }
    case NodeKind::While: {
      const auto &whileStmt = stmt.cast<WhileStmt>();
      out_ += " ";
      expr(whileStmt.test());
      endLine();
      printBlock(whileStmt.body(), depth + 1);
      printElse(whileStmt.orElse(), depth);
      return;
    }
    case NodeKind::Return:
      if (const Expr *value = stmt.cast<ReturnStmt>().value()) {
        out_ += " ";
        expr(*value);
      }
      endLine();
      return;
    case NodeKind::Assert: {
      const auto &assertStmt = stmt.cast<AssertStmt>();
      out_ += " ";
      expr(assertStmt.test());
      if (assertStmt.message()) {
        out_ += ", ";
        expr(*assertStmt.message());
      }
      endLine();
      return;
    }
    case NodeKind::With: {
      const auto &with = stmt.cast<WithStmt>();
      out_ += with.isAsync() ? " async" : "";
      for (size_t i = 0; i < with.items().size(); ++i) {
        out_ += i == 0 ? " " : ", ";
        expr(*with.items()[i].context);
        if (with.items()[i].target) {
          out_ += " as ";
          expr(*with.items()[i].target);
        }
      }
      endLine();
      printBlock(with.body(), depth + 1);
      return;
    }
    case NodeKind::FunctionDef: {
      const auto &function = stmt.cast<FunctionDefStmt>();
      out_ += function.isAsync() ? " async " : " ";
      out_ += function.name();
      out_ += "(";
      ExpressionPrinter(out_).printParameters(function.parameters());
      out_ += ")";
      if (function.returnAnnotation()) {
        out_ += " -> ";
        expr(*function.returnAnnotation());
      }
      endLine();
      for (const ExprPtr &decorator : function.decorators()) {
        beginLine(depth + 1, nullptr);
        out_ += "Decorator ";
        expr(*decorator);
        endLine();
      }
      printBlock(function.body(), depth + 1);
      return;
    }
    case NodeKind::ClassDef: {
      const auto &classDef = stmt.cast<ClassDefStmt>();
      out_ += " " + classDef.name();
      if (!classDef.bases().empty() || !classDef.keywords().empty()) {
        out_ += "(";
        ExpressionPrinter(out_).printList(classDef.bases(), ", ");
        for (size_t i = 0; i < classDef.keywords().size(); ++i) {
          if (i > 0 || !classDef.bases().empty())
            out_ += ", ";
          const KeywordArgument &keyword = classDef.keywords()[i];
          out_ += keyword.isDoubleStarred() ? "**" : keyword.name + "=";
          expr(*keyword.value);
        }
        out_ += ")";
      }
      endLine();
      for (const ExprPtr &decorator : classDef.decorators()) {
        beginLine(depth + 1, nullptr);
        out_ += "Decorator ";
        expr(*decorator);
        endLine();
      }
      printBlock(classDef.body(), depth + 1);
      return;
    }
    case NodeKind::Import:
      printAliases(stmt.cast<ImportStmt>().names());
      endLine();
      return;
    case NodeKind::ImportFrom: {
      const auto &import = stmt.cast<ImportFromStmt>();
      out_ +=
          " " + std::string(static_cast<size_t>(import.level()), '.') + import.module() + " import";
      printAliases(import.names());
      endLine();
      return;
    }
    case NodeKind::Global:
    case NodeKind::Nonlocal: {
      const auto &names = stmt.cast<ScopeDeclarationStmt>().names();
      for (size_t i = 0; i < names.size(); ++i)
        out_ += (i == 0 ? " " : ", ") + names[i];
      endLine();
      return;
    }
    case NodeKind::Delete: {
      const auto &targets = stmt.cast<DeleteStmt>().targets();
      for (size_t i = 0; i < targets.size(); ++i) {
        out_ += i == 0 ? " " : ", ";
        expr(*targets[i]);
      }
      endLine();
      return;
    }
    case NodeKind::Raise: {
      const auto &raise = stmt.cast<RaiseStmt>();
      if (raise.exception()) {
        out_ += " ";
        expr(*raise.exception());
      }
      if (raise.cause()) {
        out_ += " from ";
        expr(*raise.cause());
      }
      endLine();
      return;
    }
    case NodeKind::Try: {
      const auto &tryStmt = stmt.cast<TryStmt>();
      endLine();
      printBlock(tryStmt.body(), depth + 1);
      for (const ExceptHandler &handler : tryStmt.handlers()) {
        beginLine(depth, nullptr);
        out_ += tryStmt.isStar() ? "Except*" : "Except";
        if (handler.type) {
          out_ += " ";
          expr(*handler.type);
        }
        if (!handler.name.empty())
          out_ += " as " + handler.name;
        endLine();
        printBlock(handler.body, depth + 1);
      }
      printElse(tryStmt.orElse(), depth);
      if (!tryStmt.finalBody().empty()) {
        beginLine(depth, nullptr);
        out_ += "Finally";
        endLine();
        printBlock(tryStmt.finalBody(), depth + 1);
      }
      return;
    }
    case NodeKind::Opaque: {
      const std::string &text = stmt.cast<OpaqueStmt>().sourceText();
      size_t lineBreak = text.find_first_of("\r\n");
      out_ += " " + text.substr(0, lineBreak);
      if (lineBreak != std::string::npos)
        out_ += " ...";
      endLine();
      return;
    }
    default: // Break, Continue, Pass
      endLine();
      return;
    }
  }

private:
  void beginLine(int depth, const Stmt *stmt) {
    out_.append(static_cast<size_t>(depth) * 2, ' ');
    if (options_.showLocations && stmt)
      out_ += std::to_string(stmt->location().line) + ":" +
              std::to_string(stmt->location().column) + " ";
  }
  void endLine() { out_ += "\n"; }
  void expr(const Expr &expression) { ExpressionPrinter(out_).print(expression); }

  void printElse(const Block &orElse, int depth) {
    if (orElse.empty())
      return;
    beginLine(depth, nullptr);
    out_ += "Else";
    endLine();
    printBlock(orElse, depth + 1);
  }

  void printAliases(const ImportAliasList &aliases) {
    for (size_t i = 0; i < aliases.size(); ++i) {
      out_ += (i == 0 ? " " : ", ") + aliases[i].name;
      if (!aliases[i].asName.empty())
        out_ += " as " + aliases[i].asName;
    }
  }

  std::string &out_;
  AstDumpOptions options_;
};

} // namespace

std::string dumpExpr(const Expr &expr) {
  std::string out;
  ExpressionPrinter(out).print(expr);
  return out;
}

std::string dumpAst(const Stmt &stmt, AstDumpOptions options) {
  std::string out;
  StatementPrinter(out, options).print(stmt, 0);
  return out;
}

std::string dumpAst(const Module &module, AstDumpOptions options) {
  std::string out;
  StatementPrinter(out, options).printBlock(module.body(), 0);
  return out;
}

} // namespace trex::python
