// The compilation API: stages, pass snapshots and diagnostics of one call.
#include "TestFiles.h"
#include "trex/Compiler/Compilation.h"

#include "gtest/gtest.h"
#include <cstdlib>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace {

std::string fixture(const std::string &relative) {
  return trex::test::readFile(std::filesystem::path(TREX_FIXTURES_DIR) / relative);
}

trex::CompileOptions ttirOptions() {
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse("cuda:90"));
  options.lastStage = trex::Stage::TTIR;
  return options;
}

TEST(Compilation, SourceInputProducesSourceAndTTIRStages) {
  std::string source = fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source");
  ASSERT_FALSE(source.empty());
  trex::CompilationResult result =
      trex::compileText(source, "add_kernel_f32_b1024.source", ttirOptions());
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  EXPECT_EQ(result.kernelName, "add_kernel");
  ASSERT_EQ(result.stages.count(trex::Stage::Source), 1u);
  ASSERT_EQ(result.stages.count(trex::Stage::TTIR), 1u);
  // The front end's overflow checks are dead code that the pipeline removes.
  EXPECT_NE(result.stages[trex::Stage::Source].find("arith.cmpi sle"), std::string::npos);
  EXPECT_EQ(result.stages[trex::Stage::TTIR].find("arith.cmpi sle"), std::string::npos);
}

TEST(Compilation, EveryPassIsRecordedInStartOrderWithTimeAndChange) {
  std::string source = fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source");
  trex::CompileOptions options = ttirOptions();
  options.captureIRAfterEachPass = true;
  trex::CompilationResult result = trex::compileText(source, "softmax.source", options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  ASSERT_FALSE(result.passes.empty());
  EXPECT_EQ(result.passes.front().argument, "inline");
  bool anyChanged = false, anyUnchanged = false;
  for (const trex::PassSnapshot &pass : result.passes) {
    EXPECT_FALSE(pass.name.empty());
    EXPECT_GE(pass.milliseconds, 0.0);
    EXPECT_NE(pass.ir.find("tt.func public @softmax_kernel"), std::string::npos) << pass.name;
    anyChanged |= pass.changed;
    anyUnchanged |= !pass.changed;
  }
  // Inlining changes the module; some later pass finds nothing to do.
  EXPECT_TRUE(result.passes.front().changed);
  EXPECT_TRUE(anyChanged);
  EXPECT_TRUE(anyUnchanged);
  // The last snapshot is the ttir stage itself.
  EXPECT_EQ(result.passes.back().ir, result.stages[trex::Stage::TTIR]);
}

// A pipeline pass whose IR differs from the one before it is marked changed (the recorder
// reuses the fingerprint taken after a pass as the next pass's starting point; a stale one
// would show up here as a changed pass marked unchanged).
TEST(Compilation, APassThatChangesTheTextIsMarkedChanged) {
  std::string source = fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source");
  trex::CompileOptions options = ttirOptions();
  options.lastStage = trex::Stage::TTGIR;
  options.captureIRAfterEachPass = true;
  trex::CompilationResult result = trex::compileText(source, "softmax.source", options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  const std::string *previous = &result.stages[trex::Stage::Source];
  int compared = 0, unchanged = 0;
  for (const trex::PassSnapshot &pass : result.passes) {
    if (pass.nested)
      continue;
    if (pass.ir != *previous) {
      EXPECT_TRUE(pass.changed) << pass.argument << " (step " << pass.step << ")";
    }
    unchanged += !pass.changed;
    previous = &pass.ir;
    ++compared;
  }
  EXPECT_GT(compared, 20);
  EXPECT_GT(unchanged, 0);
}

// Compiles in one thread share target machines and, per compile, canonicalization patterns,
// and free their contexts in the background; none of it may show in the output.
TEST(Compilation, RepeatedCompilesInOneThreadGiveTheSameAssembly) {
  std::string source = fixture("layernorm_f32_b1024_w8/sm90/layernorm_f32_b1024_w8.source");
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse("cuda:90"));
  options.numWarps = 8;
  options.lastStage = trex::Stage::PTX;
  trex::CompilationResult first = trex::compileText(source, "layernorm.source", options);
  ASSERT_TRUE(first.succeeded) << first.renderDiagnostics();
  // Another target in between (another machine, other dialects loaded).
  trex::CompileOptions amd = options;
  amd.target = llvm::cantFail(trex::Target::parse("hip:gfx942"));
  amd.lastStage = trex::Stage::AMDGCN;
  trex::CompilationResult between = trex::compileText(source, "layernorm.source", amd);
  ASSERT_TRUE(between.succeeded) << between.renderDiagnostics();
  trex::CompilationResult second = trex::compileText(source, "layernorm.source", options);
  ASSERT_TRUE(second.succeeded) << second.renderDiagnostics();
  for (trex::Stage stage :
       {trex::Stage::TTIR, trex::Stage::TTGIR, trex::Stage::LLIR, trex::Stage::PTX})
    EXPECT_EQ(first.stages[stage], second.stages[stage]) << trex::stageName(stage).str();
  EXPECT_NE(between.stages[trex::Stage::AMDGCN].find("layer_norm_fwd"), std::string::npos);
}

// Stage texts are printed on a second thread while the compile goes on when it reaches
// LLVM IR; the texts must not depend on how far it goes or which tool ends it.
TEST(Compilation, StageTextsAreTheSameWhereverTheCompileStops) {
  std::string source = fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source");
  trex::CompileOptions options = ttirOptions();
  std::map<trex::Stage, trex::CompilationResult> byLast;
  for (trex::Stage last :
       {trex::Stage::TTGIR, trex::Stage::LLIR, trex::Stage::PTX, trex::Stage::CUBIN}) {
    options.lastStage = last;
    byLast[last] = trex::compileText(source, "softmax.source", options);
    ASSERT_TRUE(byLast[last].succeeded) << byLast[last].renderDiagnostics();
  }
  for (trex::Stage stage : {trex::Stage::Source, trex::Stage::TTIR, trex::Stage::TTGIR}) {
    const std::string &text = byLast[trex::Stage::TTGIR].stages[stage];
    EXPECT_FALSE(text.empty()) << trex::stageName(stage).str();
    for (trex::Stage last : {trex::Stage::LLIR, trex::Stage::PTX, trex::Stage::CUBIN})
      EXPECT_EQ(byLast[last].stages[stage], text)
          << trex::stageName(stage).str() << " up to " << trex::stageName(last).str();
  }
  const std::string &llir = byLast[trex::Stage::LLIR].stages[trex::Stage::LLIR];
  EXPECT_NE(llir.find("define"), std::string::npos) << llir;
  EXPECT_EQ(byLast[trex::Stage::PTX].stages[trex::Stage::LLIR], llir);
  EXPECT_EQ(byLast[trex::Stage::CUBIN].stages[trex::Stage::LLIR], llir);
  EXPECT_EQ(byLast[trex::Stage::CUBIN].stages[trex::Stage::PTX],
            byLast[trex::Stage::PTX].stages[trex::Stage::PTX]);
}

// When the binary step cannot run (no linker), the llir the compile would have printed
// during it is still there.
TEST(Compilation, TheLLIRIsThereWhenTheLinkerIsMissing) {
  std::string source = fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source");
  trex::CompileOptions options = ttirOptions();
  options.target = llvm::cantFail(trex::Target::parse("hip:gfx942"));
  options.lastStage = trex::Stage::HSACO;
  const char *previous = std::getenv("TRITON_HIP_LLD_PATH");
  std::string saved = previous ? previous : "";
  setenv("TRITON_HIP_LLD_PATH", "/nonexistent/ld.lld", 1);
  trex::CompilationResult result = trex::compileText(source, "softmax.source", options);
  if (previous)
    setenv("TRITON_HIP_LLD_PATH", saved.c_str(), 1);
  else
    unsetenv("TRITON_HIP_LLD_PATH");
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  EXPECT_EQ(result.stages.count(trex::Stage::HSACO), 0u);
  EXPECT_NE(result.renderDiagnostics().find("ld.lld was not found"), std::string::npos)
      << result.renderDiagnostics();
  EXPECT_NE(result.stages[trex::Stage::LLIR].find("define amdgpu_kernel"), std::string::npos);
  EXPECT_NE(result.stages[trex::Stage::AMDGCN].find("softmax_kernel"), std::string::npos);
  EXPECT_NE(result.stages[trex::Stage::TTGIR].find("ttg.target = \"hip:gfx942\""),
            std::string::npos);
}

// LLVM ends the process on an intrinsic its code generator cannot select; the compile turns
// that into an internal error. The thread's context and the stage printer were in use at that
// moment: later compiles in the thread must work and give what they gave before.
TEST(Compilation, CompilesAfterAnInternalErrorAreUnaffected) {
  std::string source = fixture("softmax_f32_b1024_w4/sm90/softmax_f32_b1024_w4.source");
  trex::CompileOptions options = ttirOptions();
  options.lastStage = trex::Stage::PTX;
  trex::CompilationResult before = trex::compileText(source, "softmax.source", options);
  ASSERT_TRUE(before.succeeded) << before.renderDiagnostics();
  const char *unselectable = R"(
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    llvm.call_intrinsic "llvm.x86.sse2.pause"() : () -> ()
    tt.return
  }
}
)";
  for (int attempt = 0; attempt < 3; ++attempt) {
#if defined(__SANITIZE_ADDRESS__)
    // The crashed compile's context and stack-owned memory are abandoned on purpose
    // (compileSafely): not leaks for LeakSanitizer to report (scripts/sanitize.sh).
    __lsan_disable();
#endif
    trex::CompilationResult crashed = trex::compileText(unselectable, "k.ttgir", options);
#if defined(__SANITIZE_ADDRESS__)
    __lsan_enable();
#endif
    EXPECT_FALSE(crashed.succeeded);
    EXPECT_NE(crashed.renderDiagnostics().find("internal compiler error"), std::string::npos)
        << crashed.renderDiagnostics();
    EXPECT_NE(crashed.renderDiagnostics().find("Cannot select"), std::string::npos);
    trex::CompilationResult after = trex::compileText(source, "softmax.source", options);
    ASSERT_TRUE(after.succeeded) << after.renderDiagnostics();
    for (trex::Stage stage : {trex::Stage::TTGIR, trex::Stage::LLIR, trex::Stage::PTX})
      EXPECT_EQ(after.stages[stage], before.stages[stage]) << trex::stageName(stage).str();
  }
}

TEST(Compilation, SnapshotsHoldNoIRUnlessAsked) {
  std::string source = fixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.source");
  trex::CompilationResult result = trex::compileText(source, "add.source", ttirOptions());
  ASSERT_TRUE(result.succeeded);
  for (const trex::PassSnapshot &pass : result.passes)
    EXPECT_TRUE(pass.ir.empty()) << pass.name;
}

TEST(Compilation, SyntaxErrorsAreLocatedAndRenderedWithACaret) {
  trex::CompilationResult result =
      trex::compileText("tt.func @f() {\n  %x = tt.splat : i32 -> tensor<4xi32>\n  tt.return\n}\n",
                        "bad.ttir", ttirOptions());
  EXPECT_FALSE(result.succeeded);
  ASSERT_FALSE(result.diagnostics.empty());
  const trex::CompileDiagnostic &first = result.diagnostics.front();
  EXPECT_EQ(first.severity, trex::CompileDiagnostic::Severity::Error);
  EXPECT_EQ(first.location.rfind("bad.ttir:2:", 0), 0u) << first.location;
  EXPECT_NE(first.rendered.find("%x = tt.splat : i32"), std::string::npos) << first.rendered;
  EXPECT_NE(first.rendered.find('^'), std::string::npos) << first.rendered;
}

TEST(Compilation, UnknownInputKindsAndMissingFilesAreErrors) {
  trex::CompilationResult unknown = trex::compileText("", "kernel.cu", ttirOptions());
  EXPECT_FALSE(unknown.succeeded);
  ASSERT_EQ(unknown.diagnostics.size(), 1u);
  EXPECT_NE(unknown.diagnostics[0].message.find("kernel.cu"), std::string::npos);

  trex::CompilationResult missing = trex::compileFile("/nonexistent/kernel.ttir", ttirOptions());
  EXPECT_FALSE(missing.succeeded);
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_NE(missing.diagnostics[0].message.find("cannot read"), std::string::npos);
}

TEST(Compilation, TargetsParseLikeTriton) {
  trex::Target hopper = llvm::cantFail(trex::Target::parse("cuda:90"));
  EXPECT_TRUE(hopper.isCUDA());
  EXPECT_EQ(hopper.archName(), "sm90");
  EXPECT_EQ(hopper.warpSize, 32);
  trex::Target mi300 = llvm::cantFail(trex::Target::parse("hip:gfx942"));
  EXPECT_TRUE(mi300.isHIP());
  EXPECT_EQ(mi300.warpSize, 64);
  EXPECT_EQ(mi300.str(), "hip:gfx942");
  for (const char *bad : {"cuda", "cuda:x", "rocm:gfx942", "hip:sm90", ""}) {
    llvm::Expected<trex::Target> target = trex::Target::parse(bad);
    EXPECT_FALSE(bool(target)) << bad;
    llvm::consumeError(target.takeError());
  }
}

} // namespace
