// TritonFunctionsTest: finding @triton.jit functions through imports, and reading autotune
// and heuristics decorators into plain structures.
#include "trex/Frontend/Python/TritonFunctions.h"
#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"

#include <gtest/gtest.h>

using namespace trex::python;

namespace {

struct Found {
  std::unique_ptr<Module> module;
  TritonFunctionSearch search;
};

Found find(std::string_view source) {
  ParseResult result = parsePythonModule(source, "k.py");
  EXPECT_TRUE(result.succeeded()) << formatDiagnostics(result.diagnostics);
  Found found;
  found.module = std::move(result.module);
  if (found.module)
    found.search = findTritonFunctions(*found.module, source);
  return found;
}

std::vector<std::string> names(const TritonFunctionSearch &search) {
  std::vector<std::string> result;
  for (const TritonFunction &function : search.functions)
    result.push_back(function.name());
  return result;
}

TEST(TritonFunctionsTest, RecognizesJitUnderEveryImportSpelling) {
  Found found = find("import triton\n"
                     "import triton as tr\n"
                     "from triton import jit\n"
                     "from triton import jit as kernel_jit\n"
                     "@triton.jit\n"
                     "def a(x): pass\n"
                     "@tr.jit\n"
                     "def b(x): pass\n"
                     "@jit\n"
                     "def c(x): pass\n"
                     "@kernel_jit()\n"
                     "def d(x): pass\n"
                     "@functools.cache\n"
                     "def host(x): pass\n"
                     "def plain(x): pass\n");
  EXPECT_EQ(names(found.search), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_TRUE(found.search.diagnostics.empty());
  const Decorator &jit = found.search.functions[1].jit;
  EXPECT_EQ(jit.writtenName, "tr.jit");
  EXPECT_EQ(jit.resolvedName, "triton.jit");
  EXPECT_FALSE(jit.isCall);
  EXPECT_TRUE(found.search.functions[3].jit.isCall);
}

TEST(TritonFunctionsTest, AnUnimportedJitIsNotTritons) {
  Found found = find("from numba import jit\n@jit\ndef f(x): pass\n");
  EXPECT_TRUE(found.search.functions.empty());
}

TEST(TritonFunctionsTest, JitKeywordArgumentsAreKept) {
  Found found = find("import triton\n"
                     "@triton.jit(do_not_specialize=['n'], debug=True)\n"
                     "def k(x, n): pass\n");
  ASSERT_EQ(found.search.functions.size(), 1u);
  const Decorator &jit = found.search.functions[0].jit;
  ASSERT_NE(jit.keyword("do_not_specialize"), nullptr);
  EXPECT_EQ(dumpExpr(*jit.keyword("do_not_specialize")), "['n']");
  EXPECT_EQ(dumpExpr(*jit.keyword("debug")), "True");
  EXPECT_EQ(jit.keyword("noinline"), nullptr);
}

TEST(TritonFunctionsTest, ReadsAutotuneConfigsAndKey) {
  Found found =
      find("import triton\n"
           "import triton.language as tl\n"
           "@triton.autotune(\n"
           "    configs=[\n"
           "        triton.Config({'BLOCK_M': 128, 'BLOCK_N': 256}, num_warps=8, num_stages=3),\n"
           "        triton.Config({'BLOCK_M': 64, 'BLOCK_N': 64}, num_warps=4, num_stages=4),\n"
           "    ],\n"
           "    key=['M', 'N', 'K'],\n"
           ")\n"
           "@triton.jit\n"
           "def matmul(a, b, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):\n"
           "    pass\n");
  ASSERT_EQ(found.search.functions.size(), 1u);
  const TritonFunction &function = found.search.functions[0];
  ASSERT_TRUE(function.autotune.has_value());
  const Autotune &autotune = *function.autotune;
  EXPECT_TRUE(autotune.configsAreLiteral);
  ASSERT_EQ(autotune.configs.size(), 2u);
  const AutotuneConfig &first = autotune.configs[0];
  ASSERT_EQ(first.parameters.size(), 2u);
  EXPECT_EQ(first.parameters[0].first, "BLOCK_M");
  EXPECT_EQ(dumpExpr(*first.parameters[0].second), "128");
  EXPECT_EQ(first.parameters[1].first, "BLOCK_N");
  ASSERT_EQ(first.options.size(), 2u);
  EXPECT_EQ(first.options[0].first, "num_warps");
  EXPECT_EQ(dumpExpr(*first.options[0].second), "8");
  EXPECT_EQ(first.options[1].first, "num_stages");
  EXPECT_EQ(autotune.key, (std::vector<std::string>{"M", "N", "K"}));
  EXPECT_EQ(function.decorators.size(), 2u);
  EXPECT_EQ(function.decorators[0].resolvedName, "triton.autotune");
  EXPECT_EQ(function.decorators[1].resolvedName, "triton.jit");
  EXPECT_TRUE(found.search.diagnostics.empty());
}

TEST(TritonFunctionsTest, ConfigsOnlyPythonCouldExpandAreKeptAsAnExpression) {
  Found found = find("import triton\n"
                     "@triton.autotune(configs=get_configs(), key=['n'])\n"
                     "@triton.jit\n"
                     "def k(n): pass\n"
                     "@triton.autotune(configs=[*BASE, triton.Config({'B': 1})], key=[])\n"
                     "@triton.jit\n"
                     "def j(n): pass\n");
  ASSERT_EQ(found.search.functions.size(), 2u);
  for (const TritonFunction &function : found.search.functions) {
    ASSERT_TRUE(function.autotune.has_value());
    EXPECT_FALSE(function.autotune->configsAreLiteral);
    EXPECT_TRUE(function.autotune->configs.empty());
    ASSERT_NE(function.autotune->configsExpression, nullptr);
  }
  EXPECT_EQ(dumpExpr(*found.search.functions[0].autotune->configsExpression), "get_configs()");
}

TEST(TritonFunctionsTest, ReadsHeuristics) {
  Found found =
      find("import triton\n"
           "@triton.heuristics({'EVEN_K': lambda args: args['K'] % args['BLOCK_K'] == 0,\n"
           "                    'HAS_BIAS': lambda args: args['bias'] is not None})\n"
           "@triton.jit\n"
           "def k(K, bias, BLOCK_K, EVEN_K, HAS_BIAS): pass\n");
  ASSERT_EQ(found.search.functions.size(), 1u);
  ASSERT_TRUE(found.search.functions[0].heuristics.has_value());
  const Heuristics &heuristics = *found.search.functions[0].heuristics;
  ASSERT_EQ(heuristics.values.size(), 2u);
  EXPECT_EQ(heuristics.values[0].first, "EVEN_K");
  EXPECT_EQ(dumpExpr(*heuristics.values[0].second),
            "(lambda args: ((args['K'] % args['BLOCK_K']) == 0))");
  EXPECT_EQ(heuristics.values[1].first, "HAS_BIAS");
}

TEST(TritonFunctionsTest, VariadicParametersAreRejectedOnlyInJitFunctions) {
  Found found = find("import triton\n"
                     "def host(*args, **kwargs): pass\n"
                     "@triton.jit\n"
                     "def k(x, *rest, **options): pass\n");
  ASSERT_EQ(found.search.functions.size(), 1u);
  ASSERT_EQ(found.search.diagnostics.size(), 2u);
  EXPECT_EQ(found.search.diagnostics[0].format(),
            "k.py:4:11: error: @triton.jit function 'k' cannot take '*rest': every parameter of "
            "a Triton function must be named\n"
            "def k(x, *rest, **options): pass\n"
            "          ^\n");
  EXPECT_EQ(found.search.diagnostics[1].message,
            "@triton.jit function 'k' cannot take '**options': every parameter of a Triton "
            "function must be named");
}

TEST(TritonFunctionsTest, MalformedDecoratorsAreReported) {
  Found found = find("import triton\n"
                     "@triton.autotune(configs=[triton.Config(params)], key=keys)\n"
                     "@triton.heuristics(table)\n"
                     "@triton.jit\n"
                     "def k(n): pass\n");
  ASSERT_EQ(found.search.diagnostics.size(), 3u);
  EXPECT_EQ(found.search.diagnostics[0].message,
            "the first argument of triton.Config must be a dict literal of meta-parameters, like "
            "{'BLOCK_SIZE': 128}");
  EXPECT_EQ(found.search.diagnostics[1].message,
            "the key of triton.autotune must be a list of parameter names written as string "
            "literals");
  EXPECT_EQ(found.search.diagnostics[2].message,
            "triton.heuristics takes a dict literal of meta-parameter name: lambda args: value");
}

} // namespace
