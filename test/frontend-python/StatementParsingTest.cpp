// StatementParsingTest: every statement form a Triton kernel or its host code uses, compared
// through the AST dump, plus the recovery that keeps odd host code from failing a file.
#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

using namespace trex::python;

namespace {

// The outline dump of `source`, or its diagnostics.
std::string outline(std::string_view source) {
  ParseResult result = parsePythonModule(source, "test.py");
  if (!result.succeeded())
    return "error: " + formatDiagnostics(result.diagnostics);
  return dumpAst(*result.module);
}

std::string firstError(std::string_view source) {
  ParseResult result = parsePythonModule(source, "test.py");
  for (const Diagnostic &diagnostic : result.diagnostics)
    if (diagnostic.severity == DiagnosticSeverity::Error)
      return std::to_string(diagnostic.location.line) + ":" +
             std::to_string(diagnostic.location.column) + " " + diagnostic.message;
  return "no error";
}

TEST(StatementParsingTest, EmptyAndCommentOnlyFilesAreEmptyModules) {
  for (std::string_view source : {"", "\n\n", "# just a comment\n", "\xEF\xBB\xBF"}) {
    ParseResult result = parsePythonModule(source, "empty.py");
    ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
    EXPECT_TRUE(result.module->body().empty());
    EXPECT_TRUE(result.diagnostics.empty());
  }
}

TEST(StatementParsingTest, AssignmentForms) {
  EXPECT_EQ(outline("BLOCK = 128\n"
                    "a, b = f()\n"
                    "a = b = c\n"
                    "(x, *rest) = values\n"
                    "x: tl.constexpr = 3\n"
                    "y: int\n"
                    "p.q[0] = 1\n"),
            "Assign BLOCK = 128\n"
            "Assign (a, b) = f()\n"
            "Assign a = b = c\n"
            "Assign (x, *rest) = values\n"
            "AnnotatedAssign x: tl.constexpr = 3\n"
            "AnnotatedAssign y: int\n"
            "Assign p.q[0] = 1\n");
}

TEST(StatementParsingTest, AssignmentTargetsAreMarkedAsStores) {
  ParseResult result = parsePythonModule("a, b[i] = c\n", "test.py");
  ASSERT_TRUE(result.succeeded());
  const auto &assign = result.module->body()[0]->cast<AssignStmt>();
  const auto &targets = assign.targets()[0]->cast<TupleExpr>();
  EXPECT_EQ(targets.context(), ExprContext::Store);
  EXPECT_EQ(targets.elements()[0]->cast<NameExpr>().context(), ExprContext::Store);
  const auto &subscript = targets.elements()[1]->cast<SubscriptExpr>();
  EXPECT_EQ(subscript.context(), ExprContext::Store);
  // Only the target is a store: `i` inside it and `c` are read.
  EXPECT_EQ(subscript.index().cast<NameExpr>().context(), ExprContext::Load);
  EXPECT_EQ(assign.value().cast<NameExpr>().context(), ExprContext::Load);
}

TEST(StatementParsingTest, AnnotatedAssignmentKnowsWhetherItsTargetIsASimpleName) {
  ParseResult result = parsePythonModule("x: int = 1\n(y): int = 2\n", "test.py");
  ASSERT_TRUE(result.succeeded());
  EXPECT_TRUE(result.module->body()[0]->cast<AnnotatedAssignStmt>().isSimple());
  EXPECT_FALSE(result.module->body()[1]->cast<AnnotatedAssignStmt>().isSimple());
}

TEST(StatementParsingTest, EveryAugmentedAssignmentOperator) {
  EXPECT_EQ(outline("a += 1\na -= 1\na *= 1\na /= 1\na //= 1\na %= 1\na &= 1\na |= 1\n"
                    "a ^= 1\na <<= 1\na >>= 1\na **= 1\na @= 1\nx.y[0] += z\n"),
            "AugmentedAssign a += 1\nAugmentedAssign a -= 1\nAugmentedAssign a *= 1\n"
            "AugmentedAssign a /= 1\nAugmentedAssign a //= 1\nAugmentedAssign a %= 1\n"
            "AugmentedAssign a &= 1\nAugmentedAssign a |= 1\nAugmentedAssign a ^= 1\n"
            "AugmentedAssign a <<= 1\nAugmentedAssign a >>= 1\nAugmentedAssign a **= 1\n"
            "AugmentedAssign a @= 1\nAugmentedAssign x.y[0] += z\n");
}

TEST(StatementParsingTest, InvalidTargetsAreRejected) {
  EXPECT_EQ(firstError("def f():\n    f() = 1\n"), "2:4 cannot assign to a function call");
  EXPECT_EQ(firstError("def f():\n    a + b = 1\n"), "2:4 cannot assign to an expression");
  EXPECT_EQ(firstError("def f():\n    a, b += 1\n"),
            "2:4 cannot use this expression as the target of '+='");
  EXPECT_EQ(firstError("def f():\n    a, b: int = 1\n"),
            "2:4 only a single target (not a tuple) can be annotated");
  EXPECT_EQ(firstError("def f():\n    for 1 in x:\n        pass\n"),
            "2:8 cannot assign to a literal");
  EXPECT_EQ(firstError("def f():\n    del f()\n"), "2:8 cannot delete a function call");
}

TEST(StatementParsingTest, IfElifElseNestsElifInOrElseAsCPythonDoes) {
  EXPECT_EQ(outline("if a:\n"
                    "    x = 1\n"
                    "elif b:\n"
                    "    x = 2\n"
                    "elif c:\n"
                    "    pass\n"
                    "else:\n"
                    "    x = 3\n"),
            "If a\n"
            "  Assign x = 1\n"
            "Else\n"
            "  If b\n"
            "    Assign x = 2\n"
            "  Else\n"
            "    If c\n"
            "      Pass\n"
            "    Else\n"
            "      Assign x = 3\n");
}

TEST(StatementParsingTest, LoopsWithTheirControlStatements) {
  EXPECT_EQ(outline("for k in range(0, tl.cdiv(K, BLOCK_K)):\n"
                    "    if k == 3:\n"
                    "        continue\n"
                    "    acc += k\n"
                    "for i in tl.static_range(4):\n"
                    "    pass\n"
                    "for a, b in pairs:\n"
                    "    break\n"
                    "else:\n"
                    "    done = True\n"
                    "while n > 0:\n"
                    "    n -= 1\n"),
            "For k in range(0, tl.cdiv(K, BLOCK_K))\n"
            "  If (k == 3)\n"
            "    Continue\n"
            "  AugmentedAssign acc += k\n"
            "For i in tl.static_range(4)\n"
            "  Pass\n"
            "For (a, b) in pairs\n"
            "  Break\n"
            "Else\n"
            "  Assign done = True\n"
            "While (n > 0)\n"
            "  AugmentedAssign n -= 1\n");
}

TEST(StatementParsingTest, ReturnAssertAndExpressionStatements) {
  EXPECT_EQ(outline("def f(a, b):\n"
                    "    assert a > 0, 'a must be positive'\n"
                    "    assert b\n"
                    "    tl.store(p, a)\n"
                    "    return a, b\n"
                    "def g():\n"
                    "    return\n"),
            "FunctionDef f(a, b)\n"
            "  Assert (a > 0), 'a must be positive'\n"
            "  Assert b\n"
            "  ExpressionStatement tl.store(p, a)\n"
            "  Return (a, b)\n"
            "FunctionDef g()\n"
            "  Return\n");
}

TEST(StatementParsingTest, WithStatementsInEveryForm) {
  EXPECT_EQ(outline("with open(p) as f, lock:\n"
                    "    pass\n"
                    "with (open(a) as x, open(b) as y):\n"
                    "    pass\n"
                    "with (ctx):\n"
                    "    pass\n"),
            "With open(p) as f, lock\n"
            "  Pass\n"
            "With open(a) as x, open(b) as y\n"
            "  Pass\n"
            "With ctx\n"
            "  Pass\n");
}

TEST(StatementParsingTest, FunctionDefinitionsWithDecoratorsParametersAndDocstrings) {
  ParseResult result = parsePythonModule(
      "@triton.jit\n"
      "def kernel(x_ptr, BLOCK_SIZE: tl.constexpr, n: int = 1024, *, flag=False) -> None:\n"
      "    \"\"\"Adds one.\"\"\"\n"
      "    def helper(v):\n"
      "        return v + 1\n"
      "    f = lambda a: a\n",
      "test.py");
  ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  EXPECT_EQ(dumpAst(*result.module),
            "FunctionDef kernel(x_ptr, BLOCK_SIZE: tl.constexpr, n: int = 1024, *, "
            "flag=False) -> None\n"
            "  Decorator triton.jit\n"
            "  ExpressionStatement 'Adds one.'\n"
            "  FunctionDef helper(v)\n"
            "    Return (v + 1)\n"
            "  Assign f = (lambda a: a)\n");
  const auto &function = result.module->body()[0]->cast<FunctionDefStmt>();
  ASSERT_NE(function.docstring(), nullptr);
  EXPECT_EQ(*function.docstring(), "Adds one.");
  const ParameterList &parameters = function.parameters();
  ASSERT_EQ(parameters.size(), 4u);
  EXPECT_EQ(parameters[1].name, "BLOCK_SIZE");
  EXPECT_EQ(dumpExpr(*parameters[1].annotation), "tl.constexpr");
  EXPECT_EQ(parameters[2].kind, ParameterKind::PositionalOrKeyword);
  EXPECT_EQ(dumpExpr(*parameters[2].defaultValue), "1024");
  EXPECT_EQ(parameters[3].kind, ParameterKind::KeywordOnly);
}

TEST(StatementParsingTest, DecoratorsWithArgumentsAreExpressions) {
  EXPECT_EQ(outline("@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warps=4)], "
                    "key=['n'])\n"
                    "@triton.heuristics({'EVEN': lambda args: args['n'] % 2 == 0})\n"
                    "@triton.jit(do_not_specialize=['n'])\n"
                    "def k(n):\n"
                    "    pass\n"),
            "FunctionDef k(n)\n"
            "  Decorator triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warps=4)], "
            "key=['n'])\n"
            "  Decorator triton.heuristics({'EVEN': (lambda args: ((args['n'] % 2) == 0))})\n"
            "  Decorator triton.jit(do_not_specialize=['n'])\n"
            "  Pass\n");
}

TEST(StatementParsingTest, ParameterKindsAndTheirRules) {
  ParseResult result =
      parsePythonModule("def f(a, b=1, /, c=2, *args, d, e=3, **kw): pass\n", "test.py");
  ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  const auto &parameters = result.module->body()[0]->cast<FunctionDefStmt>().parameters();
  std::vector<ParameterKind> kinds;
  for (const Parameter &parameter : parameters)
    kinds.push_back(parameter.kind);
  EXPECT_EQ(kinds, (std::vector<ParameterKind>{
                       ParameterKind::PositionalOnly, ParameterKind::PositionalOnly,
                       ParameterKind::PositionalOrKeyword, ParameterKind::VariadicPositional,
                       ParameterKind::KeywordOnly, ParameterKind::KeywordOnly,
                       ParameterKind::VariadicKeyword}));
  EXPECT_EQ(dumpAst(*result.module), "FunctionDef f(a, b=1, /, c=2, *args, d, e=3, **kw)\n"
                                     "  Pass\n");

  EXPECT_EQ(firstError("def f(a=1, b): pass\n"),
            "1:11 parameter 'b' without a default follows a parameter with one");
  EXPECT_EQ(firstError("def f(*, **k): pass\n"),
            "1:6 a bare '*' must be followed by a keyword-only parameter");
  EXPECT_EQ(firstError("def f(**k, a): pass\n"), "1:11 no parameter may follow the '**' parameter");
  EXPECT_EQ(firstError("def f(/): pass\n"), "1:6 at least one parameter must come before '/'");
}

TEST(StatementParsingTest, ImportForms) {
  EXPECT_EQ(outline("import triton\n"
                    "import triton.language as tl, os\n"
                    "from triton import jit, Config as C\n"
                    "from triton.language import (\n"
                    "    core,\n"
                    "    math,\n"
                    ")\n"
                    "from . import sibling\n"
                    "from ..pkg.mod import *\n"),
            "Import triton\n"
            "Import triton.language as tl, os\n"
            "ImportFrom triton import jit, Config as C\n"
            "ImportFrom triton.language import core, math\n"
            "ImportFrom . import sibling\n"
            "ImportFrom ..pkg.mod import *\n");
  ParseResult result = parsePythonModule("from ..pkg import x\n", "test.py");
  ASSERT_TRUE(result.succeeded());
  EXPECT_EQ(result.module->body()[0]->cast<ImportFromStmt>().level(), 2);
}

TEST(StatementParsingTest, HostCodeStatements) {
  EXPECT_EQ(outline("class Spec(Base, metaclass=Meta):\n"
                    "    name: str = 'x'\n"
                    "try:\n"
                    "    import torch\n"
                    "except ImportError as error:\n"
                    "    raise RuntimeError('no torch') from error\n"
                    "except:\n"
                    "    raise\n"
                    "else:\n"
                    "    pass\n"
                    "finally:\n"
                    "    del cache[key], other\n"
                    "def counter():\n"
                    "    global total\n"
                    "    def inner():\n"
                    "        nonlocal total\n"
                    "    yield total\n"
                    "async def main():\n"
                    "    async with session() as s:\n"
                    "        await s.run()\n"),
            "ClassDef Spec(Base, metaclass=Meta)\n"
            "  AnnotatedAssign name: str = 'x'\n"
            "Try\n"
            "  Import torch\n"
            "Except ImportError as error\n"
            "  Raise RuntimeError('no torch') from error\n"
            "Except\n"
            "  Raise\n"
            "Else\n"
            "  Pass\n"
            "Finally\n"
            "  Delete cache[key], other\n"
            "FunctionDef counter()\n"
            "  Global total\n"
            "  FunctionDef inner()\n"
            "    Nonlocal total\n"
            "  ExpressionStatement (yield total)\n"
            "FunctionDef async main()\n"
            "  With async session() as s\n"
            "    ExpressionStatement (await s.run())\n");
}

TEST(StatementParsingTest, MainGuardWithTorchHostCode) {
  EXPECT_EQ(outline("if __name__ == \"__main__\":\n"
                    "    x = torch.rand(4096, device='cuda', dtype=torch.float16)\n"
                    "    out = torch.empty_like(x)\n"
                    "    grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)\n"
                    "    add_kernel[grid](x, out, n, BLOCK_SIZE=1024)\n"
                    "    print(f\"max error {torch.max(torch.abs(out - x)):.3e}\")\n"),
            "If (__name__ == '__main__')\n"
            "  Assign x = torch.rand(4096, device='cuda', dtype=torch.float16)\n"
            "  Assign out = torch.empty_like(x)\n"
            "  Assign grid = (lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),))\n"
            "  ExpressionStatement add_kernel[grid](x, out, n, BLOCK_SIZE=1024)\n"
            "  ExpressionStatement print(f\"max error {torch.max(torch.abs(out - x)):.3e}\")\n");
}

TEST(StatementParsingTest, OneLineSuitesAndSemicolons) {
  EXPECT_EQ(outline("if x: a = 1; b = 2\n"
                    "def f(): return 0\n"
                    "while True: break\n"
                    "c = 3;\n"),
            "If x\n"
            "  Assign a = 1\n"
            "  Assign b = 2\n"
            "FunctionDef f()\n"
            "  Return 0\n"
            "While True\n"
            "  Break\n"
            "Assign c = 3\n");
}

TEST(StatementParsingTest, ModuleDocstringAndConstantTables) {
  ParseResult result = parsePythonModule("'''Kernels.'''\n"
                                         "SPECS = [\n"
                                         "    dict(name='a', signature={'x': '*fp32'},\n"
                                         "         constexprs={'B': 1024}, num_warps=4),\n"
                                         "]\n",
                                         "test.py");
  ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  ASSERT_NE(result.module->docstring(), nullptr);
  EXPECT_EQ(*result.module->docstring(), "Kernels.");
  EXPECT_EQ(dumpAst(*result.module->body()[1]),
            "Assign SPECS = [dict(name='a', signature={'x': '*fp32'}, constexprs={'B': 1024}, "
            "num_warps=4)]\n");
}

TEST(StatementParsingTest, HostCodeInSyntaxTrexDoesNotReadBecomesOpaqueWithAWarning) {
  ParseResult result = parsePythonModule("import triton\n"
                                         "match command:\n"
                                         "    case 'run':\n"
                                         "        go()\n"
                                         "type Alias = int\n"
                                         "def launch[T](x: T):\n"
                                         "    pass\n"
                                         "def main(argv):\n"
                                         "    match argv:\n"
                                         "        case [first, *rest]:\n"
                                         "            pass\n"
                                         "    return 0\n"
                                         "@triton.jit\n"
                                         "def k(x):\n"
                                         "    pass\n",
                                         "test.py");
  ASSERT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  EXPECT_EQ(dumpAst(*result.module), "Import triton\n"
                                     "Opaque match command: ...\n"
                                     "Opaque type Alias = int\n"
                                     "Opaque def launch[T](x: T): ...\n"
                                     "FunctionDef main(argv)\n"
                                     "  Opaque match argv: ...\n"
                                     "  Return 0\n"
                                     "FunctionDef k(x)\n"
                                     "  Decorator triton.jit\n"
                                     "  Pass\n");
  ASSERT_EQ(result.diagnostics.size(), 4u);
  EXPECT_EQ(result.diagnostics[0].severity, DiagnosticSeverity::Warning);
  EXPECT_EQ(result.diagnostics[0].location.line, 2);
  EXPECT_EQ(result.diagnostics[3].location.line, 9);
  EXPECT_EQ(result.diagnostics[3].location.column, 4);
  const auto &opaque = result.module->body()[1]->cast<OpaqueStmt>();
  EXPECT_EQ(opaque.sourceText(), "match command:\n    case 'run':\n        go()");
  EXPECT_EQ(opaque.reason(), "a 'match' statement");
}

TEST(StatementParsingTest, UnreadSyntaxInATritonFunctionIsAnError) {
  EXPECT_EQ(firstError("@triton.jit\n"
                       "def k(x):\n"
                       "    match x:\n"
                       "        case 1:\n"
                       "            pass\n"),
            "3:4 a 'match' statement is not supported in a Triton function");
  EXPECT_EQ(firstError("@triton.jit\n"
                       "def k[T](x):\n"
                       "    pass\n"),
            "1:0 a definition with type parameters (PEP 695) is not supported in a Triton "
            "function");
}

TEST(StatementParsingTest, SyntaxErrorsInHostCodeAreStillErrors) {
  EXPECT_EQ(firstError("import torch\nx = = torch.empty(4)\n"),
            "2:4 expected an expression, found '='");
  EXPECT_EQ(firstError("def host():\n    return match x\n"),
            "2:17 expected the end of the statement (a new line or ';'), found 'x'");
}

TEST(StatementParsingTest, StructuralErrors) {
  EXPECT_EQ(firstError("def f():\nreturn 1\n"),
            "2:0 expected an indented block after the function definition on line 1");
  EXPECT_EQ(firstError("def f():\n    x = 1\n        y = 2\n"), "3:8 unexpected indent");
  EXPECT_EQ(firstError("def f():\n    if x\n        pass\n"),
            "2:8 expected ':' at the end of the 'if' statement header, found the end of the line");
  EXPECT_EQ(firstError("def f():\n    try:\n        pass\n    x = 1\n"),
            "4:4 expected an 'except' or 'finally' block after the 'try' block on line 2");
  EXPECT_EQ(firstError("@triton.jit\nx = 1\n"),
            "2:0 expected 'def' or 'class' after the decorators, found 'x'");
}

} // namespace
