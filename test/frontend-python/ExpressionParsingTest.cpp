// ExpressionParsingTest: Python's precedence and associativity, every kind of primary and
// display, and literal values.  Expressions are compared through dumpExpr, which prints them
// fully parenthesized.
#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace trex::python;

namespace {

// The parenthesized dump of `source`, or its first diagnostic.
std::string parenthesized(std::string_view source) {
  ExpressionParseResult result = parsePythonExpression(source);
  if (!result.succeeded())
    return "error: " + result.diagnostics.front().message;
  return dumpExpr(*result.expression);
}

ExprPtr parseOrFail(std::string_view source) {
  ExpressionParseResult result = parsePythonExpression(source);
  EXPECT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  return std::move(result.expression);
}

TEST(ExpressionParsingTest, ArithmeticPrecedenceAndLeftAssociativity) {
  EXPECT_EQ(parenthesized("a + b * c"), "(a + (b * c))");
  EXPECT_EQ(parenthesized("a * b + c"), "((a * b) + c)");
  EXPECT_EQ(parenthesized("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(parenthesized("a / b / c"), "((a / b) / c)");
  EXPECT_EQ(parenthesized("x // y % z @ w * v"), "((((x // y) % z) @ w) * v)");
  EXPECT_EQ(parenthesized("(a + b) * c"), "((a + b) * c)");
}

TEST(ExpressionParsingTest, PowerIsRightAssociativeAndBindsTighterThanUnaryOnItsLeft) {
  EXPECT_EQ(parenthesized("a ** b ** c"), "(a ** (b ** c))");
  EXPECT_EQ(parenthesized("-a ** b"), "(-(a ** b))");
  EXPECT_EQ(parenthesized("a ** -b"), "(a ** (-b))");
  EXPECT_EQ(parenthesized("2 ** -1 ** 2"), "(2 ** (-(1 ** 2)))");
  EXPECT_EQ(parenthesized("-a * b"), "((-a) * b)");
  EXPECT_EQ(parenthesized("~a + +b - -c"), "(((~a) + (+b)) - (-c))");
  EXPECT_EQ(parenthesized("-x.y[0](1)"), "(-x.y[0](1))");
}

TEST(ExpressionParsingTest, ShiftAndBitwisePrecedence) {
  EXPECT_EQ(parenthesized("a << b + c"), "(a << (b + c))");
  EXPECT_EQ(parenthesized("a >> b << c"), "((a >> b) << c)");
  EXPECT_EQ(parenthesized("a & b | c ^ d"), "((a & b) | (c ^ d))");
  EXPECT_EQ(parenthesized("a | b & c"), "(a | (b & c))");
  EXPECT_EQ(parenthesized("a ^ b & c << d"), "(a ^ (b & (c << d)))");
  EXPECT_EQ(parenthesized("(x < M) & (y < N)"), "((x < M) & (y < N))");
}

TEST(ExpressionParsingTest, ComparisonsChainIntoOneNode) {
  EXPECT_EQ(parenthesized("a < b <= c"), "(a < b <= c)");
  EXPECT_EQ(parenthesized("a == b != c"), "(a == b != c)");
  EXPECT_EQ(parenthesized("a is not b"), "(a is not b)");
  EXPECT_EQ(parenthesized("a not in b"), "(a not in b)");
  EXPECT_EQ(parenthesized("a in b is c"), "(a in b is c)");
  EXPECT_EQ(parenthesized("a | b < c & d"), "((a | b) < (c & d))");
  ExprPtr chain = parseOrFail("0 <= i < n");
  const auto &compare = chain->cast<CompareExpr>();
  ASSERT_EQ(compare.ops().size(), 2u);
  EXPECT_EQ(compare.ops()[0], ComparisonOperator::LessEqual);
  EXPECT_EQ(compare.ops()[1], ComparisonOperator::Less);
}

TEST(ExpressionParsingTest, BooleanOperatorsAndNot) {
  EXPECT_EQ(parenthesized("not a == b"), "(not (a == b))");
  EXPECT_EQ(parenthesized("a and not b or c"), "((a and (not b)) or c)");
  EXPECT_EQ(parenthesized("a or b and c"), "(a or (b and c))");
  EXPECT_EQ(parenthesized("not not a"), "(not (not a))");
  // `a or b or c` is one BooleanOp with three values, as in CPython (Triton rejects those).
  ExprPtr chain = parseOrFail("a or b or c");
  EXPECT_EQ(chain->cast<BooleanOpExpr>().values().size(), 3u);
}

TEST(ExpressionParsingTest, ConditionalExpressionsAndLambdas) {
  EXPECT_EQ(parenthesized("a if b else c if d else e"), "(a if b else (c if d else e))");
  EXPECT_EQ(parenthesized("a + b if c or d else e"), "((a + b) if (c or d) else e)");
  EXPECT_EQ(parenthesized("lambda x: x + 1"), "(lambda x: (x + 1))");
  EXPECT_EQ(parenthesized("lambda args: args['K'] % args['BLOCK_K'] == 0"),
            "(lambda args: ((args['K'] % args['BLOCK_K']) == 0))");
  EXPECT_EQ(parenthesized("lambda: 0"), "(lambda: 0)");
  EXPECT_EQ(parenthesized("lambda a, b=2, *c, d, **e: a"), "(lambda a, b=2, *c, d, **e: a)");
  EXPECT_EQ(parenthesized("a if b"), "error: expected 'else' after the condition of the "
                                     "conditional expression, found the end of the line");
}

TEST(ExpressionParsingTest, CallsWithPositionalStarredAndKeywordArguments) {
  EXPECT_EQ(parenthesized("tl.load(x_ptr + offsets, mask=mask, other=0.)"),
            "tl.load((x_ptr + offsets), mask=mask, other=0.)");
  EXPECT_EQ(parenthesized("f(*args, k=1, **kwargs)"), "f(*args, k=1, **kwargs)");
  EXPECT_EQ(parenthesized("f(a)(b)"), "f(a)(b)");
  EXPECT_EQ(parenthesized("f()"), "f()");
  EXPECT_EQ(parenthesized("f(a, b,)"), "f(a, b)");
  EXPECT_EQ(parenthesized("sum(x for x in y)"), "sum((x for x in y))");
  ExprPtr call = parseOrFail("tl.zeros([BLOCK], dtype=tl.float32)");
  const auto &zeros = call->cast<CallExpr>();
  EXPECT_EQ(zeros.arguments().size(), 1u);
  ASSERT_NE(zeros.keyword("dtype"), nullptr);
  EXPECT_EQ(dumpExpr(*zeros.keyword("dtype")), "tl.float32");
  EXPECT_EQ(zeros.keyword("mask"), nullptr);
}

TEST(ExpressionParsingTest, CallArgumentOrderErrors) {
  EXPECT_EQ(parenthesized("f(a=1, b)"), "error: positional argument follows keyword argument");
  EXPECT_EQ(parenthesized("f(**a, b)"),
            "error: positional argument follows keyword argument unpacking");
  EXPECT_EQ(parenthesized("f(x for x in y, 1)"),
            "error: a generator expression must be parenthesized unless it is the only argument "
            "of the call");
}

TEST(ExpressionParsingTest, AttributesAndMethodCalls) {
  EXPECT_EQ(parenthesized("x.dtype.element_ty"), "x.dtype.element_ty");
  EXPECT_EQ(parenthesized("accumulator.to(tl.float16)"), "accumulator.to(tl.float16)");
  EXPECT_EQ(parenthesized("tl.load(p).to(tl.float32)"), "tl.load(p).to(tl.float32)");
  ExprPtr attribute = parseOrFail("tl.float32");
  EXPECT_EQ(attribute->cast<AttributeExpr>().attribute(), "float32");
}

TEST(ExpressionParsingTest, SubscriptsWithSlicesNoneAndTuples) {
  EXPECT_EQ(parenthesized("x[:, None]"), "x[:, None]");
  EXPECT_EQ(parenthesized("x[None, :]"), "x[None, :]");
  EXPECT_EQ(parenthesized("a[i]"), "a[i]");
  EXPECT_EQ(parenthesized("x[1:2:3]"), "x[1:2:3]");
  EXPECT_EQ(parenthesized("x[::2]"), "x[::2]");
  EXPECT_EQ(parenthesized("x[1:]"), "x[1:]");
  EXPECT_EQ(parenthesized("x[:-1]"), "x[:(-1)]");
  EXPECT_EQ(parenthesized("x[a, b]"), "x[a, b]");
  EXPECT_EQ(parenthesized("x[a,]"), "x[a,]");
  EXPECT_EQ(parenthesized("x[i][j]"), "x[i][j]");

  ExprPtr subscript = parseOrFail("offs_am[:, None]");
  const auto &index = subscript->cast<SubscriptExpr>().index().cast<TupleExpr>();
  ASSERT_EQ(index.elements().size(), 2u);
  const auto &slice = index.elements()[0]->cast<SliceExpr>();
  EXPECT_EQ(slice.lower(), nullptr);
  EXPECT_EQ(slice.upper(), nullptr);
  EXPECT_EQ(slice.step(), nullptr);
  EXPECT_TRUE(index.elements()[1]->isa<NoneLiteral>());
}

TEST(ExpressionParsingTest, IntegerLiteralsInEveryBase) {
  auto value = [](std::string_view source) {
    ExprPtr expr = parseOrFail(source);
    return expr->cast<IntegerLiteral>().value();
  };
  EXPECT_EQ(value("0x1F"), 31u);
  EXPECT_EQ(value("0o17"), 15u);
  EXPECT_EQ(value("0b1010"), 10u);
  EXPECT_EQ(value("1_000_000"), 1000000u);
  EXPECT_EQ(value("0"), 0u);
  EXPECT_EQ(value("18446744073709551615"), 18446744073709551615u);
  EXPECT_EQ(value("18446744073709551616"), std::nullopt); // Python ints are unbounded
  EXPECT_EQ(parseOrFail("0x1F")->cast<IntegerLiteral>().spelling(), "0x1F");
}

TEST(ExpressionParsingTest, FloatAndImaginaryLiterals) {
  auto value = [](std::string_view source) {
    return parseOrFail(source)->cast<FloatLiteral>().value();
  };
  EXPECT_EQ(value("1.0"), 1.0);
  EXPECT_EQ(value("1e-5"), 1e-5);
  EXPECT_EQ(value(".5"), 0.5);
  EXPECT_EQ(value("5."), 5.0);
  EXPECT_EQ(value("1_0.2_5e1"), 102.5);
  EXPECT_TRUE(std::isinf(value("1e999")));
  EXPECT_EQ(parseOrFail("2.5j")->cast<ImaginaryLiteral>().imaginaryPart(), 2.5);
  // A negative number is a unary minus applied to a literal, as in CPython's ast.
  EXPECT_EQ(parenthesized("-0."), "(-0.)");
}

TEST(ExpressionParsingTest, StringLiteralsAreDecodedAndConcatenated) {
  auto value = [](std::string_view source) {
    return parseOrFail(source)->cast<StringLiteral>().value();
  };
  EXPECT_EQ(value(R"('a' "b" '''c''')"), "abc");
  EXPECT_EQ(value(R"('\n\t\x41\u00e9\101\\\'')"), "\n\tA\xC3\xA9"
                                                  "A\\'");
  EXPECT_EQ(value(R"(r'\n\d')"), "\\n\\d");
  EXPECT_EQ(value(R"('\d')"), "\\d"); // unknown escapes stay, as in Python
  EXPECT_EQ(value("'''line one\r\nline two'''"), "line one\nline two");
  ExprPtr bytes = parseOrFail(R"(b'\x00\xff')");
  EXPECT_TRUE(bytes->cast<StringLiteral>().isBytes());
  EXPECT_EQ(bytes->cast<StringLiteral>().value(), std::string("\x00\xff", 2));
  EXPECT_EQ(parenthesized(R"('a' b'b')"), "error: cannot mix bytes and nonbytes literals");
  EXPECT_EQ(parenthesized(R"('\x4')"), "error: truncated \\xXX escape");
}

TEST(ExpressionParsingTest, FormattedStringsAreKeptAsSourceText) {
  ExprPtr formatted = parseOrFail(R"(f"{name}: {value:.3f}" " ms")");
  ASSERT_TRUE(formatted->isa<FormattedStringExpr>());
  EXPECT_EQ(formatted->cast<FormattedStringExpr>().sourceText(), R"(f"{name}: {value:.3f}" " ms")");
}

TEST(ExpressionParsingTest, ConstantsAndEllipsis) {
  EXPECT_TRUE(parseOrFail("True")->cast<BooleanLiteral>().value());
  EXPECT_FALSE(parseOrFail("False")->cast<BooleanLiteral>().value());
  EXPECT_TRUE(parseOrFail("None")->isa<NoneLiteral>());
  EXPECT_TRUE(parseOrFail("...")->isa<EllipsisLiteral>());
}

TEST(ExpressionParsingTest, TuplesListsDictsAndSets) {
  EXPECT_EQ(parenthesized("()"), "()");
  EXPECT_EQ(parenthesized("(1,)"), "(1,)");
  EXPECT_EQ(parenthesized("(1, 2)"), "(1, 2)");
  EXPECT_EQ(parenthesized("1, 2"), "(1, 2)");
  EXPECT_EQ(parenthesized("(BLOCK_M, BLOCK_N)"), "(BLOCK_M, BLOCK_N)");
  EXPECT_EQ(parenthesized("[]"), "[]");
  EXPECT_EQ(parenthesized("[1, *rest, 3,]"), "[1, *rest, 3]");
  EXPECT_EQ(parenthesized("{}"), "{}");
  EXPECT_EQ(parenthesized("{'BLOCK_SIZE_M': 128, 'GROUP_SIZE_M': 8}"),
            "{'BLOCK_SIZE_M': 128, 'GROUP_SIZE_M': 8}");
  EXPECT_EQ(parenthesized("{**base, 'x': 1}"), "{**base, 'x': 1}");
  EXPECT_EQ(parenthesized("{1, 2}"), "{1, 2}");
  EXPECT_EQ(parenthesized("{*a, b}"), "{*a, b}");
  EXPECT_TRUE(parseOrFail("{}")->isa<DictExpr>());
  EXPECT_TRUE(parseOrFail("{1}")->isa<SetExpr>());

  ExprPtr dict = parseOrFail("{'X': '*fp32', 'N': 'i32'}");
  const auto &signature = dict->cast<DictExpr>();
  ASSERT_NE(signature.valueForKey("N"), nullptr);
  EXPECT_EQ(signature.valueForKey("N")->cast<StringLiteral>().value(), "i32");
  EXPECT_EQ(signature.valueForKey("Y"), nullptr);
}

TEST(ExpressionParsingTest, ComprehensionsAndGeneratorExpressions) {
  EXPECT_EQ(parenthesized("[x * 2 for x in range(4) if x if y for z in w]"),
            "[(x * 2) for x in range(4) if x if y for z in w]");
  EXPECT_EQ(parenthesized("{k: v for k, v in items}"), "{k: v for (k, v) in items}");
  EXPECT_EQ(parenthesized("{x for x in s}"), "{x for x in s}");
  EXPECT_EQ(parenthesized("(x for x in s)"), "(x for x in s)");
  EXPECT_EQ(parenthesized("[a if c else b for a in xs]"), "[(a if c else b) for a in xs]");
  ExprPtr comprehension = parseOrFail("[t for t, u in pairs]");
  const auto &clause = comprehension->cast<ComprehensionExpr>().clauses().front();
  EXPECT_EQ(clause.target->cast<TupleExpr>().context(), ExprContext::Store);
}

TEST(ExpressionParsingTest, NamedExpressionsAwaitAndYield) {
  EXPECT_EQ(parenthesized("(y := f(x))"), "(y := f(x))");
  EXPECT_EQ(parenthesized("[y := 1, 2]"), "[(y := 1), 2]");
  EXPECT_EQ(parenthesized("await x + 1"), "((await x) + 1)");
  EXPECT_EQ(parenthesized("(yield)"), "(yield)");
  EXPECT_EQ(parenthesized("(yield from g)"), "(yield from g)");
}

TEST(ExpressionParsingTest, ParenthesesJoinLines) {
  EXPECT_EQ(parenthesized("(a +\n    b *\n    c)"), "(a + (b * c))");
  EXPECT_EQ(parenthesized("f(a,\n  # a comment\n  b)"), "f(a, b)");
}

TEST(ExpressionParsingTest, RejectsWhatIsNotAnExpression) {
  EXPECT_EQ(parenthesized(""), "error: expected an expression, found the end of the file");
  EXPECT_EQ(parenthesized("a +"), "error: expected an expression, found the end of the line");
  EXPECT_EQ(parenthesized("a b"), "error: expected the end of the expression, found 'b'");
  EXPECT_EQ(parenthesized("x.1"), "error: expected the end of the expression, found '.1'");
  EXPECT_EQ(parenthesized("(*a)"), "error: cannot use a starred expression here");
  EXPECT_EQ(parenthesized("f(a"), "error: '(' was never closed");
}

} // namespace
