// AstVisitorTest: children come in CPython's field order, walks are pre-order, and the kind
// dispatcher reaches the most specific visit method a visitor defines.
#include "trex/Frontend/Python/AstVisitor.h"
#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

#include <map>

using namespace trex::python;

namespace {

std::unique_ptr<Module> parseOrFail(std::string_view source) {
  ParseResult result = parsePythonModule(source, "test.py");
  EXPECT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  return std::move(result.module);
}

std::vector<std::string> childDumps(const Node &node) {
  std::vector<std::string> dumps;
  forEachChild(node, [&](const Node &child) {
    if (const auto *expr = child.dynCast<Expr>())
      dumps.push_back(dumpExpr(*expr));
    else
      dumps.push_back(std::string(nodeKindName(child.kind())));
  });
  return dumps;
}

TEST(AstVisitorTest, CallChildrenAreCalleeArgumentsThenKeywordValues) {
  auto module = parseOrFail("tl.load(p, mask=m, other=0)\n");
  const Expr &call = module->body()[0]->cast<ExpressionStmt>().value();
  EXPECT_EQ(childDumps(call), (std::vector<std::string>{"tl.load", "p", "m", "0"}));
}

TEST(AstVisitorTest, FunctionChildrenFollowCPythonFieldOrder) {
  // arguments (annotations, then keyword-only defaults, then positional defaults), body,
  // decorator_list, returns.
  auto module = parseOrFail("@dec\n"
                            "def f(a: A, b=B, *, c: C = D) -> R:\n"
                            "    pass\n");
  EXPECT_EQ(childDumps(*module->body()[0]),
            (std::vector<std::string>{"A", "C", "D", "B", "Pass", "dec", "R"}));
}

TEST(AstVisitorTest, DictChildrenAreAllKeysThenAllValues) {
  auto module = parseOrFail("{a: 1, b: 2}\n");
  EXPECT_EQ(childDumps(module->body()[0]->cast<ExpressionStmt>().value()),
            (std::vector<std::string>{"a", "b", "1", "2"}));
}

TEST(AstVisitorTest, WalkIsPreOrder) {
  auto module = parseOrFail("x = a + b * c\n");
  std::vector<std::string> order;
  walkAst(*module, [&](const Node &node) {
    order.push_back(node.isa<Expr>() ? dumpExpr(node.cast<Expr>())
                                     : std::string(nodeKindName(node.kind())));
  });
  EXPECT_EQ(order,
            (std::vector<std::string>{"Assign", "x", "(a + (b * c))", "a", "(b * c)", "b", "c"}));
}

// Counts names and calls, and everything else as "other", through the dispatcher.
class NameAndCallCounter : public AstVisitor<NameAndCallCounter> {
public:
  std::map<std::string, int> counts;

  void visitName(const NameExpr &name) { ++counts["name:" + name.identifier()]; }
  void visitCall(const CallExpr &call) {
    ++counts["call"];
    visitChildren(call);
  }
  void visitNode(const Node &node) {
    ++counts["other"];
    visitChildren(node);
  }
};

TEST(AstVisitorTest, DispatcherCallsTheMostSpecificMethod) {
  auto module = parseOrFail("y = f(x, g(x))\n");
  NameAndCallCounter counter;
  for (const StmtPtr &statement : module->body())
    counter.visit(*statement);
  EXPECT_EQ(
      counter.counts,
      (std::map<std::string, int>{
          {"call", 2}, {"name:f", 1}, {"name:g", 1}, {"name:x", 2}, {"name:y", 1}, {"other", 1}}));
}

// A visitor returning values: evaluates integer arithmetic.
class IntegerEvaluator : public AstVisitor<IntegerEvaluator, long> {
public:
  long visitIntegerLiteral(const IntegerLiteral &literal) {
    return static_cast<long>(*literal.value());
  }
  long visitBinaryOp(const BinaryOpExpr &binary) {
    long left = visit(binary.left()), right = visit(binary.right());
    switch (binary.op()) {
    case BinaryOperator::Add:
      return left + right;
    case BinaryOperator::Multiply:
      return left * right;
    case BinaryOperator::Power: {
      long result = 1;
      for (long i = 0; i < right; ++i)
        result *= left;
      return result;
    }
    default:
      return 0;
    }
  }
  long visitUnaryOp(const UnaryOpExpr &unary) {
    return unary.op() == UnaryOperator::Negate ? -visit(unary.operand()) : 0;
  }
};

TEST(AstVisitorTest, VisitorsCanReturnValues) {
  ExpressionParseResult parsed = parsePythonExpression("2 + 3 * 4 ** 2 + -1");
  ASSERT_TRUE(parsed.succeeded());
  EXPECT_EQ(IntegerEvaluator().visit(*parsed.expression), 49);
}

} // namespace
