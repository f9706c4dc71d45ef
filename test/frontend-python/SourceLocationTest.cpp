// SourceLocationTest: node locations follow CPython's `ast` (checked against `ast.parse` by
// hand for each case here), and they are the numbers real Triton 3.6 printed in the fixtures'
// MLIR locations.
//
// What the fixtures show (kernels/*.py against <spec>/sm90/<spec>.source):
//  * `loc("vector_add.py":9:28)` is line 9 (1-based, the file's own line numbers: Triton adds
//    the def's line offset to the function-relative `lineno`) and column 28, which is
//    `col_offset` unchanged: 0-based, in UTF-8 bytes.  It is NOT col_offset + 1.
//  * The function itself is located at its `def` (6:0), not at its decorator (line 5).
//  * An op is located at the node Triton's code generator visited last before creating it,
//    not at the node the op implements: CodeGenerator.visit() restores the location to the
//    visited node itself when it returns, so after visiting an operand the location is left at
//    that operand.  Hence `pid * BLOCK_SIZE` (8:18) yields its multiply at 8:24, the location
//    of its right operand, and `tl.program_id(axis=0)` (7:10) is at 7:24, its keyword
//    argument.  The code generator has to mimic this visit order (callee, keywords, then
//    positional arguments, as visit_Call does) to print the same locations; the AST only has
//    to provide the positions, which the first test checks for every location in the fixtures.
#include "FixtureKernels.h"
#include "TestFiles.h"

#include "trex/Frontend/Python/AstVisitor.h"
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

using namespace trex::python;
using namespace trex::python::testing;

namespace {

std::string format(SourceRange range) {
  return std::to_string(range.begin.line) + ":" + std::to_string(range.begin.column) + "-" +
         std::to_string(range.end.line) + ":" + std::to_string(range.end.column);
}

std::unique_ptr<Module> parseOrFail(std::string_view source) {
  ParseResult result = parsePythonModule(source, "test.py");
  EXPECT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  return std::move(result.module);
}

const Expr &assignedValue(const Module &module, size_t statement) {
  return module.body()[statement]->cast<AssignStmt>().value();
}

TEST(SourceLocationTest, ParenthesizedOperandsStartAtTheirParenthesis) {
  auto module = parseOrFail("x = (a + b) * c\n");
  const auto &product = assignedValue(*module, 0).cast<BinaryOpExpr>();
  EXPECT_EQ(format(product.range()), "1:4-1:15");        // includes the `(` of its operand
  EXPECT_EQ(format(product.left().range()), "1:5-1:10"); // but `a + b` itself does not
  EXPECT_EQ(format(module->body()[0]->range()), "1:0-1:15");
}

TEST(SourceLocationTest, TuplesIncludeTheirParentheses) {
  auto module = parseOrFail("y = (a, b)\nz = a, b\n");
  EXPECT_EQ(format(assignedValue(*module, 0).range()), "1:4-1:10");
  EXPECT_EQ(format(assignedValue(*module, 1).range()), "2:4-2:8");
}

TEST(SourceLocationTest, CallsAttributesAndSubscriptsStartAtTheirLeftmostOperand) {
  auto module = parseOrFail("z = f(x)(y)\nt = x.y.z\nr = x[:, None]\n");
  const auto &outerCall = assignedValue(*module, 0).cast<CallExpr>();
  EXPECT_EQ(format(outerCall.range()), "1:4-1:11");
  EXPECT_EQ(format(outerCall.callee().range()), "1:4-1:8");
  const auto &attribute = assignedValue(*module, 1).cast<AttributeExpr>();
  EXPECT_EQ(format(attribute.range()), "2:4-2:9");
  EXPECT_EQ(format(attribute.value().range()), "2:4-2:7");
  const auto &subscript = assignedValue(*module, 2).cast<SubscriptExpr>();
  EXPECT_EQ(format(subscript.range()), "3:4-3:14");
  const auto &index = subscript.index().cast<TupleExpr>();
  EXPECT_EQ(format(index.range()), "3:6-3:13"); // an unparenthesized tuple: its elements
  EXPECT_EQ(format(index.elements()[0]->range()), "3:6-3:7");
  EXPECT_EQ(format(index.elements()[1]->range()), "3:9-3:13");
}

TEST(SourceLocationTest, UnaryOperatorsStartAtTheOperator) {
  auto module = parseOrFail("v = -a ** 2\n");
  const auto &negation = assignedValue(*module, 0).cast<UnaryOpExpr>();
  EXPECT_EQ(format(negation.range()), "1:4-1:11");
  EXPECT_EQ(format(negation.operand().range()), "1:5-1:11");
}

TEST(SourceLocationTest, DefinitionsStartAtDefAndEndWithTheirLastStatement) {
  auto module = parseOrFail("@dec\n"
                            "@dec2(1)\n"
                            "def g(p: int = 3, *q, k=1, **r):\n"
                            "    if a:\n"
                            "        pass\n"
                            "    elif b:\n"
                            "        pass\n"
                            "    return x\n");
  const auto &function = module->body()[0]->cast<FunctionDefStmt>();
  EXPECT_EQ(format(function.range()), "3:0-8:12");
  EXPECT_EQ(format(function.decorators()[0]->range()), "1:1-1:4");
  EXPECT_EQ(format(function.decorators()[1]->range()), "2:1-2:8");
  // A parameter spans its name and annotation, not its default (CPython's `arg`).
  EXPECT_EQ(format(function.parameters()[0].range), "3:6-3:12");
  EXPECT_EQ(format(function.parameters()[0].defaultValue->range()), "3:15-3:16");
  EXPECT_EQ(format(function.parameters()[1].range), "3:19-3:20");
  const auto &ifStmt = function.body()[0]->cast<IfStmt>();
  EXPECT_EQ(format(ifStmt.range()), "4:4-7:12");
  EXPECT_EQ(format(ifStmt.orElse()[0]->range()), "6:4-7:12"); // the elif, from `elif`
}

TEST(SourceLocationTest, CompoundStatementsEndAtTheirLastTokenEvenASemicolon) {
  auto module = parseOrFail("if a:\n    b;\n");
  EXPECT_EQ(format(module->body()[0]->range()), "1:0-2:6");
  EXPECT_EQ(format(module->body()[0]->cast<IfStmt>().body()[0]->range()), "2:4-2:5");
}

TEST(SourceLocationTest, KeywordArgumentsStartAtTheirName) {
  auto module = parseOrFail("w = tl.program_id(axis=0)\nf(**kw)\n");
  const auto &call = assignedValue(*module, 0).cast<CallExpr>();
  EXPECT_EQ(format(call.keywords()[0].range), "1:18-1:24");
  const auto &doubleStar =
      module->body()[1]->cast<ExpressionStmt>().value().cast<CallExpr>().keywords()[0];
  EXPECT_EQ(format(doubleStar.range), "2:2-2:6");
}

TEST(SourceLocationTest, MultiLineNodesEndOnTheirLastLine) {
  auto module = parseOrFail("x = f(a,\n      b)\ns = '''one\ntwo'''\n");
  EXPECT_EQ(format(module->body()[0]->range()), "1:0-2:8");
  EXPECT_EQ(format(assignedValue(*module, 1).range()), "3:4-4:6");
}

// The start of every node, keyword argument and parameter of `module`: every place Triton can
// put an op's location.
std::set<std::pair<int, int>> locatablePositions(const Module &module) {
  std::set<std::pair<int, int>> positions;
  walkAst(module, [&](const Node &node) {
    positions.insert({node.location().line, node.location().column});
    if (const auto *call = node.dynCast<CallExpr>())
      for (const KeywordArgument &keyword : call->keywords())
        positions.insert({keyword.range.begin.line, keyword.range.begin.column});
    if (const auto *function = node.dynCast<FunctionDefStmt>())
      for (const Parameter &parameter : function->parameters())
        positions.insert({parameter.range.begin.line, parameter.range.begin.column});
  });
  return positions;
}

TEST(SourceLocationTest, EveryTritonLocationInTheFixturesIsTheStartOfAnAstNode) {
  for (const FixtureKernel &kernel : fixtureKernels()) {
    SCOPED_TRACE(kernel.fileStem);
    std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
    std::optional<std::string> ir = trex::test::readFileIfPresent(tritonSourceIrPath(kernel));
    ASSERT_TRUE(source && ir) << "missing fixture " << kernelSourcePath(kernel) << " or "
                              << tritonSourceIrPath(kernel);
    ParseResult result = parsePythonModule(*source, kernel.fileStem + ".py");
    ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
    std::set<std::pair<int, int>> positions = locatablePositions(*result.module);

    size_t checked = 0;
    for (const MlirFileLocation &location : extractFileLocations(*ir)) {
      if (location.file != kernel.fileStem + ".py")
        continue; // inlined library code (triton/language/standard.py)
      ++checked;
      EXPECT_TRUE(positions.count({location.line, location.column}))
          << "Triton located an op at " << location.line << ":" << location.column
          << " but no AST node starts there";
    }
    EXPECT_GT(checked, 5u);
  }
}

TEST(SourceLocationTest, HowTritonPicksTheLocationOfAnOpInVectorAdd) {
  const FixtureKernel &vectorAdd = fixtureKernels().front();
  std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(vectorAdd));
  std::optional<std::string> ir = trex::test::readFileIfPresent(tritonSourceIrPath(vectorAdd));
  ASSERT_TRUE(source && ir);
  std::set<std::pair<int, int>> tritonLocations;
  for (const MlirFileLocation &location : extractFileLocations(*ir))
    tritonLocations.insert({location.line, location.column});
  auto module = parseOrFail(*source);
  const auto &kernel = *module->findFunction("add_kernel");

  // The function: `#loc = loc("vector_add.py":6:0)`, the def line, not the decorator's.
  EXPECT_EQ(format(kernel.range()).substr(0, 4), "6:0-");
  EXPECT_TRUE(tritonLocations.count({6, 0}));

  // pid = tl.program_id(axis=0): tt.get_program_id at 7:24, the keyword argument (the last
  // node visited), not the call at 7:10.
  const auto &programId = kernel.body()[0]->cast<AssignStmt>().value().cast<CallExpr>();
  EXPECT_EQ(format(programId.range()), "7:10-7:31");
  EXPECT_EQ(format(programId.keywords()[0].range), "7:24-7:30");
  EXPECT_TRUE(tritonLocations.count({7, 24}));
  EXPECT_FALSE(tritonLocations.count({7, 10}));

  // block_start = pid * BLOCK_SIZE: arith.muli at 8:24, the right operand.
  const auto &product = kernel.body()[1]->cast<AssignStmt>().value().cast<BinaryOpExpr>();
  EXPECT_EQ(format(product.range()), "8:18-8:34");
  EXPECT_EQ(format(product.right().range()), "8:24-8:34");
  EXPECT_TRUE(tritonLocations.count({8, 24}));

  // offsets = block_start + tl.arange(0, BLOCK_SIZE): tt.make_range at 9:41 (arange's last
  // argument) and the addi at 9:28 (the call, the add's last operand).
  const auto &sum = kernel.body()[2]->cast<AssignStmt>().value().cast<BinaryOpExpr>();
  const auto &arange = sum.right().cast<CallExpr>();
  EXPECT_EQ(format(sum.range()), "9:14-9:52");
  EXPECT_EQ(format(arange.range()), "9:28-9:52");
  EXPECT_EQ(format(arange.arguments()[1]->range()), "9:41-9:51");
  EXPECT_TRUE(tritonLocations.count({9, 28}));
  EXPECT_TRUE(tritonLocations.count({9, 41}));

  // x = tl.load(x_ptr + offsets, mask=mask): tt.load at 11:16, the positional argument,
  // because visit_Call visits keywords before positional arguments; tt.addptr at 11:24.
  const auto &load = kernel.body()[4]->cast<AssignStmt>().value().cast<CallExpr>();
  EXPECT_EQ(format(load.arguments()[0]->range()), "11:16-11:31");
  EXPECT_EQ(format(load.keywords()[0].range), "11:33-11:42");
  EXPECT_TRUE(tritonLocations.count({11, 16}));
  EXPECT_TRUE(tritonLocations.count({11, 24}));
  EXPECT_FALSE(tritonLocations.count({11, 33}));
}

} // namespace
