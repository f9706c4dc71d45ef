// The ttir pipeline run on the frontend output real Triton 3.6 started from
// (<spec>.source) must print exactly what Triton's make_ttir produced
// (<spec>.ttir), locations and value names included, for every kernel and target.
#include "TestFiles.h"
#include "BlockArgumentNames.h"
#include "IRPrinting.h"

#include "mlir/Pass/PassManager.h"
#include "trex/Dialect/Triton/Transforms/Pipeline.h"
#include "gtest/gtest.h"
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

// "<spec>/<target>" for every fixture directory holding both stage files.
std::vector<std::string> fixturePairs() {
  std::vector<std::string> pairs;
  std::error_code error;
  if (!fs::is_directory(TREX_FIXTURES_DIR, error))
    return pairs;
  for (const auto &spec : fs::directory_iterator(TREX_FIXTURES_DIR)) {
    if (!spec.is_directory())
      continue;
    for (const auto &target : fs::directory_iterator(spec.path())) {
      std::string name = spec.path().filename().string();
      if (fs::exists(target.path() / (name + ".source")) &&
          fs::exists(target.path() / (name + ".ttir")))
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

class TTIRPipelineFixture : public testing::TestWithParam<std::string> {};

TEST_P(TTIRPipelineFixture, ReproducesTritonsMakeTTIR) {
  fs::path pair = fs::path(TREX_FIXTURES_DIR) / GetParam();
  std::string spec = pair.parent_path().filename().string();
  std::string source = readFile(pair / (spec + ".source"));
  std::string expected = trimTrailingNewlines(readFile(pair / (spec + ".ttir")));

  auto options = trex::tt::TTIRPipelineOptions::fromTarget(tritonTarget(pair.filename().string()));
  ASSERT_TRUE(succeeded(options));
  auto context = trex::test::makeContext();
  std::string errors;
  auto module = trex::test::parseModuleWithBlockArgumentNames(*context, source, errors);
  ASSERT_TRUE(module) << "failed to parse " << spec << ".source:\n" << errors;

  mlir::PassManager pm(context.get());
  trex::tt::buildTTIRPipeline(pm, *options);
  ASSERT_TRUE(succeeded(pm.run(*module))) << errors;
  std::string actual = trimTrailingNewlines(trex::test::printLikeTriton(*module));

  // Structure first (ops, types, attributes, locations), then the exact text.
  std::string expectedStructure = trex::test::withoutValueNames(expected);
  std::string actualStructure = trex::test::withoutValueNames(actual);
  ASSERT_TRUE(expectedStructure == actualStructure)
      << "differs beyond value names at " << firstDifference(expectedStructure, actualStructure);
  EXPECT_TRUE(expected == actual) << "differs in value names at "
                                  << firstDifference(expected, actual);
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  std::string name = info.param;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Triton36, TTIRPipelineFixture, testing::ValuesIn(fixturePairs()),
                         testName);

TEST(TTIRPipelineFixture, FindsTheFixtures) {
  // Six kernels x three targets.
  EXPECT_GE(fixturePairs().size(), 18u);
}

} // namespace
