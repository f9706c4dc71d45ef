// The ttgir pipeline run on Triton 3.6's make_ttir output (<spec>.ttir) must
// print exactly what Triton's make_ttgir produced (<spec>.ttgir), locations,
// layouts and value names included, for the non-matmul kernels on every target.
// The matmul kernels are not reproduced text for text (trex's pipeliner is a
// simplified one): with tensor cores their dots must get Triton's MMA/MFMA and
// operand layouts, with the pipeliner on NVIDIA their loops Triton's shape
// (buffers, waits, reads, dots, copies) and layouts, and without tensor cores
// the FMA layouts.
#include "TestFiles.h"
#include "BlockArgumentNames.h"
#include "IRPrinting.h"

#include "mlir/Pass/PassManager.h"
#include "trex/Dialect/TritonGPU/Transforms/Pipeline.h"
#include "gtest/gtest.h"
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

// Kernels whose make_ttgir output trex reproduces; the matmul kernels depend
// on accelerate-matmul and the pipeliner, which are the matmul issue's.
bool reproducesTritonsTTGIR(const std::string &spec) { return spec.rfind("matmul", 0) != 0; }

// "<spec>/<target>" for every fixture directory holding both stage files.
std::vector<std::string> fixturePairs(bool matmul) {
  std::vector<std::string> pairs;
  std::error_code error;
  if (!fs::is_directory(TREX_FIXTURES_DIR, error))
    return pairs;
  for (const auto &spec : fs::directory_iterator(TREX_FIXTURES_DIR)) {
    if (!spec.is_directory())
      continue;
    std::string name = spec.path().filename().string();
    if (reproducesTritonsTTGIR(name) == matmul)
      continue;
    for (const auto &target : fs::directory_iterator(spec.path())) {
      if (fs::exists(target.path() / (name + ".ttir")) &&
          fs::exists(target.path() / (name + ".ttgir")))
        pairs.push_back(name + "/" + target.path().filename().string());
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

using trex::test::readFile;

using trex::test::trimTrailingNewlines;

// Triton's target for a fixture directory: sm90 -> cuda:90, gfx942 -> hip:gfx942.
std::string tritonTarget(const std::string &directory) {
  if (directory.rfind("sm", 0) == 0)
    return "cuda:" + directory.substr(2);
  return "hip:" + directory;
}

// The pipeline options Triton compiled `spec` with: the target of its fixture
// directory plus num_warps and num_stages from specs.json.
mlir::FailureOr<trex::ttg::TTGIRPipelineOptions> optionsFor(const std::string &spec,
                                                            const std::string &directory) {
  auto options = trex::ttg::TTGIRPipelineOptions::fromTarget(tritonTarget(directory));
  if (failed(options))
    return mlir::failure();
  nlohmann::json specs =
      nlohmann::json::parse(readFile(fs::path(TREX_FIXTURES_DIR) / "specs.json"), nullptr,
                            /*allow_exceptions=*/false);
  if (!specs.is_array())
    return mlir::failure();
  for (const auto &entry : specs) {
    if (entry.value("name", "") != spec)
      continue;
    options->numWarps = entry.value("num_warps", 4);
    options->numStages = entry.value("num_stages", 3);
    return options;
  }
  return mlir::failure();
}

// The first line where two texts differ, for a readable failure.
std::string firstDifference(const std::string &expected, const std::string &actual) {
  std::istringstream expectedLines(expected), actualLines(actual);
  std::string expectedLine, actualLine;
  for (int line = 1;; ++line) {
    bool moreExpected = static_cast<bool>(std::getline(expectedLines, expectedLine));
    bool moreActual = static_cast<bool>(std::getline(actualLines, actualLine));
    if (!moreExpected && !moreActual)
      return "no difference";
    if (!moreExpected || !moreActual || expectedLine != actualLine)
      return "line " + std::to_string(line) + "\n  triton: " +
             (moreExpected ? expectedLine : "<end>") + "\n  trex:   " +
             (moreActual ? actualLine : "<end>");
  }
}

// Parses <spec>.ttir of `pair` and runs the ttgir pipeline on it; returns the
// printed result, or an empty string after reporting a gtest failure.
std::string runPipelineOnFixture(const std::string &pairName, bool tensorCores = true,
                                 bool pipeline = false) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / pairName;
  std::string spec = pair.parent_path().filename().string();
  auto options = optionsFor(spec, pair.filename().string());
  if (failed(options)) {
    ADD_FAILURE() << "no options for " << pairName;
    return "";
  }
  options->tensorCores = tensorCores;
  options->pipeline = pipeline;
  auto context = trex::test::makeContext();
  std::string errors;
  auto module = trex::test::parseModuleWithBlockArgumentNames(
      *context, readFile(pair / (spec + ".ttir")), errors);
  if (!module) {
    ADD_FAILURE() << "failed to parse " << spec << ".ttir:\n" << errors;
    return "";
  }
  mlir::PassManager pm(context.get());
  trex::ttg::buildTTGIRPipeline(pm, *options);
  auto start = std::chrono::steady_clock::now();
  bool ok = succeeded(pm.run(*module));
  auto elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);
  if (!ok) {
    ADD_FAILURE() << "the ttgir pipeline failed on " << pairName << ":\n" << errors;
    return "";
  }
  // Recorded so that the pipeline's cost per kernel shows in the test log.
  testing::Test::RecordProperty("pipeline_ms", std::to_string(elapsed.count()));
  return trimTrailingNewlines(trex::test::printLikeTriton(*module));
}

class TTGIRPipelineFixture : public testing::TestWithParam<std::string> {};

TEST_P(TTGIRPipelineFixture, ReproducesTritonsMakeTTGIR) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / GetParam();
  std::string spec = pair.parent_path().filename().string();
  std::string expected = trimTrailingNewlines(readFile(pair / (spec + ".ttgir")));
  std::string actual = runPipelineOnFixture(GetParam());
  ASSERT_FALSE(actual.empty());

  // Structure first (ops, types, layouts, attributes, locations), then the
  // exact text.
  std::string expectedStructure = trex::test::withoutValueNames(expected);
  std::string actualStructure = trex::test::withoutValueNames(actual);
  ASSERT_TRUE(expectedStructure == actualStructure)
      << "differs beyond value names at " << firstDifference(expectedStructure, actualStructure);
  EXPECT_TRUE(expected == actual) << "differs in value names at "
                                  << firstDifference(expected, actual);
}

class TTGIRPipelineMatmulFixture : public testing::TestWithParam<std::string> {};
// The NVIDIA ones (gfx942 streams its operands through registers, the AMD pipeliner's shape).
class TTGIRPipelineNvidiaMatmulFixture : public testing::TestWithParam<std::string> {};

// The layout alias definitions ("#mma = #ttg.nvidia_mma<...>") of a printed
// module, without locations.
std::vector<std::string> layoutAliases(const std::string &text) {
  std::vector<std::string> aliases;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("#", 0) == 0 && line.rfind("#loc", 0) != 0)
      aliases.push_back(line);
  return aliases;
}

// Every distinct "#ttg.dot_op<{...}>" spelled in `text`.
std::set<std::string> dotOperandLayouts(const std::string &text) {
  std::set<std::string> layouts;
  const std::string prefix = "#ttg.dot_op<{";
  for (size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at + 1))
    layouts.insert(text.substr(at, text.find("}>", at) + 2 - at));
  return layouts;
}

// accelerate-matmul picks Triton's accumulator layout (version, warps,
// instruction shape) and operand layouts (kWidth), and every layout trex defines
// is one of Triton's: on gfx942 that takes the in-thread transpose of B (its
// widened load, #linear and rotating buffer) and the epilogue stored from #mma.
TEST_P(TTGIRPipelineMatmulFixture, ChoosesTritonsTensorCoreLayouts) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / GetParam();
  std::string spec = pair.parent_path().filename().string();
  std::string expected = readFile(pair / (spec + ".ttgir"));
  std::string actual = runPipelineOnFixture(GetParam());
  ASSERT_FALSE(actual.empty());
  std::vector<std::string> expectedAliases = layoutAliases(expected);
  std::vector<std::string> actualAliases = layoutAliases(actual);
  auto mmaLine = [](const std::vector<std::string> &aliases) {
    for (const std::string &alias : aliases)
      if (alias.rfind("#mma = ", 0) == 0)
        return alias;
    return std::string("<no #mma>");
  };
  EXPECT_EQ(mmaLine(expectedAliases), mmaLine(actualAliases));
  EXPECT_EQ(dotOperandLayouts(expected), dotOperandLayouts(actual));
  for (const std::string &alias : actualAliases)
    EXPECT_NE(std::find(expectedAliases.begin(), expectedAliases.end(), alias),
              expectedAliases.end())
        << "layout not in Triton's ttgir: " << alias;
}

// With the software pipeliner, as Triton compiled them, the matmuls define exactly Triton's
// layouts under Triton's alias names: the buffers' shared layouts included.
TEST_P(TTGIRPipelineMatmulFixture, PipelinedDefinesExactlyTritonsLayouts) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / GetParam();
  std::string spec = pair.parent_path().filename().string();
  std::string expected = readFile(pair / (spec + ".ttgir"));
  std::string actual =
      runPipelineOnFixture(GetParam(), /*tensorCores=*/true, /*pipeline=*/true);
  ASSERT_FALSE(actual.empty());
  EXPECT_EQ(layoutAliases(expected), layoutAliases(actual));
}

// The ttg/ttng ops (and dots and loads) of the first scf.for's body, in order, and the types of
// the shared-memory buffers the function allocates: the shape of a software-pipelined loop.
// Buffer views (memdesc_index) are left out: they cost nothing, and where the buffer a
// sm_80 iteration writes is the one it read (num_stages - 1 buffers), trex's canonicalized loop
// reuses the read's view while Triton's carries a second index.
struct LoopShape {
  std::vector<std::string> bodyOps;
  std::vector<std::string> buffers;
};

LoopShape loopShape(const std::string &text) {
  LoopShape shape;
  static const std::regex op(R"(^\s*(?:%[\w:#]+ = )?((?:ttg|ttng)\.\w+|tt\.dot|tt\.load)\b)");
  static const std::regex buffer(R"(ttg\.local_alloc : \(\) -> (!ttg\.memdesc<[^>]*>))");
  std::istringstream lines(text);
  std::string line;
  bool inLoop = false, done = false;
  while (std::getline(lines, line)) {
    std::smatch match;
    if (std::regex_search(line, match, buffer))
      shape.buffers.push_back(match[1]);
    if (done)
      continue;
    if (!inLoop) {
      inLoop = line.find("scf.for") != std::string::npos;
      continue;
    }
    if (line.find("scf.yield") != std::string::npos) {
      done = true;
      continue;
    }
    if (std::regex_search(line, match, op) && match[1] != "ttg.memdesc_index")
      shape.bodyOps.push_back(match[1]);
  }
  return shape;
}

// With tensor cores and the software pipeliner, the matmul loop has Triton's shape on NVIDIA:
// the same buffers (count, shape, layout) and, in its body, the same sequence of waits, buffer
// views, reads (local_load on sm_80), dots (async wgmma and its wait on sm_90) and per-load
// async copies and commit groups; and the layouts it defines are Triton's.
TEST_P(TTGIRPipelineNvidiaMatmulFixture, PipelinesItsLoopLikeTriton) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / GetParam();
  std::string spec = pair.parent_path().filename().string();
  std::string expected = readFile(pair / (spec + ".ttgir"));
  std::string actual = runPipelineOnFixture(GetParam(), /*tensorCores=*/true, /*pipeline=*/true);
  ASSERT_FALSE(actual.empty());
  LoopShape theirs = loopShape(expected), ours = loopShape(actual);
  ASSERT_FALSE(theirs.bodyOps.empty());
  EXPECT_EQ(ours.buffers, theirs.buffers);
  EXPECT_EQ(ours.bodyOps, theirs.bodyOps);
  std::vector<std::string> expectedAliases = layoutAliases(expected);
  std::vector<std::string> actualAliases = layoutAliases(actual);
  std::sort(expectedAliases.begin(), expectedAliases.end());
  std::sort(actualAliases.begin(), actualAliases.end());
  EXPECT_EQ(actualAliases, expectedAliases);
}

// Without tensor cores (--mma fma) the dot keeps the FMA layouts the
// conversion chose: a blocked result and #ttg.dot_op operands whose parent is
// blocked.
TEST_P(TTGIRPipelineMatmulFixture, KeepsFMALayoutsWithoutTensorCores) {
  std::string actual = runPipelineOnFixture(GetParam(), /*tensorCores=*/false);
  ASSERT_FALSE(actual.empty());
  EXPECT_NE(actual.find("tt.dot "), std::string::npos);
  EXPECT_NE(actual.find("#ttg.dot_op<{opIdx = 0, parent = #blocked"), std::string::npos);
  EXPECT_NE(actual.find("#ttg.dot_op<{opIdx = 1, parent = #blocked"), std::string::npos);
  EXPECT_EQ(actual.find("#ttg.nvidia_mma"), std::string::npos);
  EXPECT_EQ(actual.find("#ttg.amd_mfma"), std::string::npos);
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  std::string name = info.param;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Triton36, TTGIRPipelineFixture,
                         testing::ValuesIn(fixturePairs(/*matmul=*/false)), testName);
INSTANTIATE_TEST_SUITE_P(Triton36, TTGIRPipelineMatmulFixture,
                         testing::ValuesIn(fixturePairs(/*matmul=*/true)), testName);

std::vector<std::string> nvidiaMatmulPairs() {
  std::vector<std::string> pairs;
  for (const std::string &pair : fixturePairs(/*matmul=*/true))
    if (pair.find("/sm") != std::string::npos)
      pairs.push_back(pair);
  return pairs;
}

INSTANTIATE_TEST_SUITE_P(Triton36, TTGIRPipelineNvidiaMatmulFixture,
                         testing::ValuesIn(nvidiaMatmulPairs()), testName);

TEST(TTGIRPipelineFixture, FindsTheFixtures) {
  // Vector add, two softmaxes and layernorm on three targets; two matmuls.
  EXPECT_GE(fixturePairs(/*matmul=*/false).size(), 12u);
  EXPECT_GE(fixturePairs(/*matmul=*/true).size(), 6u);
}

} // namespace
