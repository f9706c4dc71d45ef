// FixtureKernelsTest: the four reference kernels of the Triton fixtures parse completely,
// their kernels are found, and their SPECS tables (host data after the kernel) are readable.
#include "FixtureKernels.h"
#include "TestFiles.h"

#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"
#include "trex/Frontend/Python/TritonFunctions.h"

#include <gtest/gtest.h>

using namespace trex::python;
using namespace trex::python::testing;

namespace {

struct ParsedKernel {
  std::string source;
  std::unique_ptr<Module> module;
};

ParsedKernel parseFixture(const FixtureKernel &kernel) {
  ParsedKernel parsed;
  std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
  EXPECT_TRUE(source) << "missing fixture " << kernelSourcePath(kernel);
  if (!source)
    return parsed;
  parsed.source = std::move(*source);
  ParseResult result = parsePythonModule(parsed.source, kernel.fileStem + ".py");
  EXPECT_TRUE(result.diagnostics.empty()) << formatDiagnostics(result.diagnostics);
  parsed.module = std::move(result.module);
  return parsed;
}

// The top-level `name = value` of the module.
const Expr *topLevelValue(const Module &module, std::string_view name) {
  for (const StmtPtr &statement : module.body())
    if (const auto *assign = statement->dynCast<AssignStmt>())
      if (const auto *target = assign->targets()[0]->dynCast<NameExpr>())
        if (target->identifier() == name)
          return &assign->value();
  return nullptr;
}

TEST(FixtureKernelsTest, EveryKernelParsesAndItsJitFunctionIsFound) {
  for (const FixtureKernel &kernel : fixtureKernels()) {
    SCOPED_TRACE(kernel.fileStem);
    ParsedKernel parsed = parseFixture(kernel);
    ASSERT_TRUE(parsed.module);
    TritonFunctionSearch search = findTritonFunctions(*parsed.module, parsed.source);
    EXPECT_TRUE(search.diagnostics.empty()) << formatDiagnostics(search.diagnostics);
    ASSERT_EQ(search.functions.size(), 1u);
    EXPECT_EQ(search.functions[0].name(), kernel.functionName);
    EXPECT_EQ(search.functions[0].jit.resolvedName, "triton.jit");
  }
}

// Each kernel's SPECS names its parameters in its `signature` dict (directly or through a
// module-level name like `_SIG`), in order: the parsed parameters must be the same list.
TEST(FixtureKernelsTest, ParametersMatchTheSignaturesInTheSpecsTable) {
  for (const FixtureKernel &kernel : fixtureKernels()) {
    SCOPED_TRACE(kernel.fileStem);
    ParsedKernel parsed = parseFixture(kernel);
    ASSERT_TRUE(parsed.module);
    const Expr *specs = topLevelValue(*parsed.module, "SPECS");
    ASSERT_NE(specs, nullptr);
    const auto &firstSpec = specs->cast<ListExpr>().elements().at(0)->cast<CallExpr>();
    const Expr *signature = firstSpec.keyword("signature");
    ASSERT_NE(signature, nullptr);
    if (const auto *name = signature->dynCast<NameExpr>())
      signature = topLevelValue(*parsed.module, name->identifier());
    ASSERT_NE(signature, nullptr);

    std::vector<std::string> signatureNames;
    for (const ExprPtr &key : signature->cast<DictExpr>().keys())
      signatureNames.push_back(key->cast<StringLiteral>().value());
    std::vector<std::string> parameterNames;
    for (const Parameter &parameter :
         parsed.module->findFunction(kernel.functionName)->parameters())
      parameterNames.push_back(parameter.name);
    EXPECT_EQ(parameterNames, signatureNames);
  }
}

TEST(FixtureKernelsTest, VectorAddParsesToTheExpectedTree) {
  ParsedKernel parsed = parseFixture(fixtureKernels().front());
  ASSERT_TRUE(parsed.module);
  const FunctionDefStmt *kernel = parsed.module->findFunction("add_kernel");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(dumpAst(*kernel, AstDumpOptions{/*showLocations=*/true}),
            "6:0 FunctionDef add_kernel(x_ptr, y_ptr, output_ptr, n_elements, "
            "BLOCK_SIZE: tl.constexpr)\n"
            "  Decorator triton.jit\n"
            "  7:4 Assign pid = tl.program_id(axis=0)\n"
            "  8:4 Assign block_start = (pid * BLOCK_SIZE)\n"
            "  9:4 Assign offsets = (block_start + tl.arange(0, BLOCK_SIZE))\n"
            "  10:4 Assign mask = (offsets < n_elements)\n"
            "  11:4 Assign x = tl.load((x_ptr + offsets), mask=mask)\n"
            "  12:4 Assign y = tl.load((y_ptr + offsets), mask=mask)\n"
            "  13:4 Assign output = (x + y)\n"
            "  14:4 ExpressionStatement tl.store((output_ptr + offsets), output, mask=mask)\n");
}

TEST(FixtureKernelsTest, MatmulKeepsItsGroupingParentheses) {
  ParsedKernel parsed = parseFixture(fixtureKernels().back());
  ASSERT_TRUE(parsed.module);
  const FunctionDefStmt *kernel = parsed.module->findFunction("matmul_kernel");
  ASSERT_NE(kernel, nullptr);
  std::string dump = dumpAst(*kernel);
  EXPECT_NE(dump.find("Assign pid_m = (first_pid_m + ((pid % num_pid_in_group) % group_size_m))"),
            std::string::npos)
      << dump;
  EXPECT_NE(dump.find("Assign a_ptrs = (a_ptr + ((offs_am[:, None] * stride_am) + "
                      "(offs_k[None, :] * stride_ak)))"),
            std::string::npos)
      << dump;
  EXPECT_NE(dump.find("Assign c_mask = ((offs_cm[:, None] < M) & (offs_cn[None, :] < N))"),
            std::string::npos)
      << dump;
  EXPECT_NE(dump.find("  For k in range(0, tl.cdiv(K, BLOCK_SIZE_K))\n"
                      "    Assign a = tl.load(a_ptrs, mask=(offs_k[None, :] < (K - (k * "
                      "BLOCK_SIZE_K))), other=0.0)\n"),
            std::string::npos)
      << dump;
}

} // namespace
