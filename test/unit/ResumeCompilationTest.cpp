// compileFrom: edited IR re-enters the compilation after a stage or after any pass, and an
// unedited snapshot resumed there ends exactly where the whole compilation did.
#include "TestFiles.h"
#include "trex/Compiler/Compilation.h"

#include "gtest/gtest.h"
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace {

std::string fixture(const std::string &relative) {
  return trex::test::readFile(std::filesystem::path(TREX_FIXTURES_DIR) / relative);
}

trex::CompileOptions optionsFor(const std::string &target) {
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(target));
  options.lastStage = options.target.isCUDA() ? trex::Stage::PTX : trex::Stage::AMDGCN;
  options.captureIRAfterEachPass = true;
  return options;
}

trex::Stage assemblyStage(const trex::CompileOptions &options) {
  return options.target.isCUDA() ? trex::Stage::PTX : trex::Stage::AMDGCN;
}

const char *pipelineName(trex::Pipeline pipeline) {
  switch (pipeline) {
  case trex::Pipeline::TTIR:
    return "ttir";
  case trex::Pipeline::TTGIR:
    return "ttgir";
  case trex::Pipeline::LLVMLowering:
    return "llvm-lowering";
  case trex::Pipeline::LLVMOptimizer:
    return "llvm-optimizer";
  case trex::Pipeline::Backend:
    return "backend";
  }
  return "?";
}

struct ResumeCase {
  const char *source;
  const char *target;
};

class ResumeAfterEveryPass : public testing::TestWithParam<ResumeCase> {};

// Every MLIR pass of the three MLIR pipelines: its snapshot, resumed after it, compiles to the
// very ttgir and assembly of the whole compilation.
TEST_P(ResumeAfterEveryPass, EndsWhereTheWholeCompilationEnded) {
  trex::CompileOptions options = optionsFor(GetParam().target);
  trex::CompilationResult whole =
      trex::compileText(fixture(GetParam().source), "kernel.source", options);
  ASSERT_TRUE(whole.succeeded) << whole.renderDiagnostics();
  const std::string &assembly = whole.stages[assemblyStage(options)];
  ASSERT_FALSE(assembly.empty());
  int resumed = 0;
  for (size_t index = 0; index < whole.passes.size(); ++index) {
    const trex::PassSnapshot &pass = whole.passes[index];
    if (pass.kind != trex::PassSnapshot::IRKind::MLIR || pass.nested)
      continue;
    std::optional<trex::ResumePoint> point = trex::ResumePoint::afterPass(pass);
    ASSERT_TRUE(point) << pass.name;
    EXPECT_TRUE(point->exact);
    EXPECT_EQ(point->firstStep, pass.step + 1);
    trex::CompileOptions quiet = options;
    quiet.captureIRAfterEachPass = false;
    trex::CompilationResult result = trex::compileFrom(pass.ir, "snapshot.mlir", *point, quiet);
    std::string where = std::string(pipelineName(pass.pipeline)) + " pass " +
                        std::to_string(pass.step) + " " + pass.argument;
    ASSERT_TRUE(result.succeeded) << where << "\n" << result.renderDiagnostics();
    if (pass.pipeline != trex::Pipeline::LLVMLowering)
      EXPECT_EQ(result.stages[trex::Stage::TTGIR], whole.stages[trex::Stage::TTGIR]) << where;
    EXPECT_EQ(result.stages[assemblyStage(options)], assembly) << where;
    // Only the passes after it ran, numbered as in the whole pipeline.
    ASSERT_FALSE(result.passes.empty()) << where;
    if (result.passes.front().pipeline == pass.pipeline)
      EXPECT_EQ(result.passes.front().step, pass.step + 1) << where;
    ++resumed;
  }
  EXPECT_GT(resumed, 30);
}

INSTANTIATE_TEST_SUITE_P(
    Kernels, ResumeAfterEveryPass,
    testing::Values(ResumeCase{"add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source", "cuda:90"},
                    ResumeCase{"softmax_f32_b1024_w4/gfx942/softmax_f32_b1024_w4.source",
                               "hip:gfx942"}));

TEST(ResumeCompilation, PassesAreNumberedPerPipelineAndNestedOnesShareTheirParents) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded) << whole.renderDiagnostics();
  std::map<trex::Pipeline, int> next;
  bool sawNested = false;
  for (const trex::PassSnapshot &pass : whole.passes) {
    if (pass.kind != trex::PassSnapshot::IRKind::MLIR)
      continue;
    if (pass.nested) {
      // canonicalize inside the inliner: the inliner's position.
      EXPECT_EQ(pass.step, next[pass.pipeline] - 1) << pass.argument;
      sawNested = true;
      continue;
    }
    EXPECT_EQ(pass.step, next[pass.pipeline]++) << pass.argument;
  }
  EXPECT_TRUE(sawNested);
  EXPECT_GT(next[trex::Pipeline::TTIR], 5);
  EXPECT_GT(next[trex::Pipeline::TTGIR], 10);
  EXPECT_GT(next[trex::Pipeline::LLVMLowering], 5);
  for (const trex::PassSnapshot &pass : whole.passes)
    if (pass.kind == trex::PassSnapshot::IRKind::None) {
      EXPECT_EQ(pass.pipeline, trex::Pipeline::Backend);
      EXPECT_FALSE(trex::ResumePoint::afterPass(pass));
    }
}

TEST(ResumeCompilation, AfterEachTextStage) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded) << whole.renderDiagnostics();
  for (trex::Stage stage :
       {trex::Stage::Source, trex::Stage::TTIR, trex::Stage::TTGIR, trex::Stage::LLIR}) {
    std::optional<trex::ResumePoint> point = trex::ResumePoint::afterStage(stage);
    ASSERT_TRUE(point);
    EXPECT_EQ(point->takesLLVMIR(), stage == trex::Stage::LLIR);
    trex::CompilationResult result =
        trex::compileFrom(whole.stages[stage], "edited", *point, options);
    ASSERT_TRUE(result.succeeded) << trex::stageName(stage).str() << "\n"
                                  << result.renderDiagnostics();
    EXPECT_EQ(result.stages[trex::Stage::PTX], whole.stages[trex::Stage::PTX])
        << trex::stageName(stage).str();
    EXPECT_EQ(result.kernelName, "add_kernel");
    // The stage itself is the input, not an output.
    EXPECT_EQ(result.stages.count(stage), 0u) << trex::stageName(stage).str();
  }
  EXPECT_FALSE(trex::ResumePoint::afterStage(trex::Stage::PTX));
}

TEST(ResumeCompilation, AfterAnLLVMOptimizerPassTheOptimizerRunsAgain) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded);
  auto llvmPass = std::find_if(whole.passes.begin(), whole.passes.end(), [](const auto &pass) {
    return pass.kind == trex::PassSnapshot::IRKind::LLVM && !pass.ir.empty();
  });
  ASSERT_NE(llvmPass, whole.passes.end());
  std::optional<trex::ResumePoint> point = trex::ResumePoint::afterPass(*llvmPass);
  ASSERT_TRUE(point);
  EXPECT_FALSE(point->exact);
  EXPECT_EQ(point->pipeline, trex::Pipeline::LLVMOptimizer);
  trex::CompilationResult result = trex::compileFrom(llvmPass->ir, "pass.ll", *point, options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  EXPECT_EQ(result.stages[trex::Stage::LLIR], whole.stages[trex::Stage::LLIR]);
  EXPECT_NE(result.stages[trex::Stage::PTX].find(".entry add_kernel"), std::string::npos);
  EXPECT_TRUE(std::any_of(result.passes.begin(), result.passes.end(), [](const auto &pass) {
    return pass.pipeline == trex::Pipeline::LLVMOptimizer;
  }));
}

TEST(ResumeCompilation, AnEditedTTGIRChangesTheAssembly) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded);
  std::string ttgir = whole.stages[trex::Stage::TTGIR];
  ASSERT_NE(ttgir.find("arith.addf"), std::string::npos);
  ttgir = std::regex_replace(ttgir, std::regex("arith\\.addf"), "arith.mulf");
  trex::CompilationResult result =
      trex::compileFrom(ttgir, "edited.ttgir", *trex::ResumePoint::afterStage(trex::Stage::TTGIR),
                        options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  const std::string &ptx = result.stages[trex::Stage::PTX];
  EXPECT_NE(ptx.find("mul.f32"), std::string::npos);
  EXPECT_EQ(ptx.find("add.f32"), std::string::npos);
  ASSERT_TRUE(result.metadata);
  EXPECT_EQ(result.metadata->numWarps, 4);
}

TEST(ResumeCompilation, ErrorsInEditedTextAreLocatedInIt) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded);
  // A stray token on line 3 of the ttgir.
  std::string ttgir = whole.stages[trex::Stage::TTGIR];
  size_t third = ttgir.find('\n', ttgir.find('\n') + 1) + 1;
  ttgir.insert(third, "this is not IR\n");
  trex::CompilationResult broken = trex::compileFrom(
      ttgir, "edited.ttgir", *trex::ResumePoint::afterStage(trex::Stage::TTGIR), options);
  EXPECT_FALSE(broken.succeeded);
  ASSERT_FALSE(broken.diagnostics.empty());
  EXPECT_EQ(broken.diagnostics.front().location.rfind("edited.ttgir:3:", 0), 0u)
      << broken.diagnostics.front().location;

  std::string llir = whole.stages[trex::Stage::LLIR];
  llir.insert(0, "garbage\n");
  trex::CompilationResult badLLVM = trex::compileFrom(
      llir, "edited.ll", *trex::ResumePoint::afterStage(trex::Stage::LLIR), options);
  EXPECT_FALSE(badLLVM.succeeded);
  ASSERT_FALSE(badLLVM.diagnostics.empty());
  EXPECT_EQ(badLLVM.diagnostics.front().location.rfind("edited.ll:1:", 0), 0u)
      << badLLVM.diagnostics.front().location;
  EXPECT_FALSE(badLLVM.diagnostics.front().message.empty());
}

TEST(ResumeCompilation, AStepPastThePipelineIsAnError) {
  trex::CompileOptions options = optionsFor("cuda:90");
  trex::CompilationResult whole = trex::compileText(
      fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source"), "k.source", options);
  ASSERT_TRUE(whole.succeeded);
  trex::ResumePoint point{trex::Pipeline::TTGIR, 500, true};
  trex::CompilationResult result =
      trex::compileFrom(whole.stages[trex::Stage::TTIR], "x.mlir", point, options);
  EXPECT_FALSE(result.succeeded);
  ASSERT_FALSE(result.diagnostics.empty());
  EXPECT_NE(result.diagnostics.front().message.find("no pass 501"), std::string::npos)
      << result.diagnostics.front().message;
}

} // namespace
