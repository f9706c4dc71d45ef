// The front end against real Triton 3.6: every spec of fixtures/triton-3.6/specs.json, compiled
// from its Python source for sm_90, sm_80 and gfx942, must give Triton's `.source` (the
// frontend's output) and `.ttir`, equal after renaming SSA values and dropping locations;
// the locations in the kernel's own file and the value names must match too.
#include "TestFiles.h"
#include "IRComparison.h"

#include "trex/Compiler/Compilation.h"

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct FixtureCase {
  std::string spec;      // "softmax_f32_b1024_w4"
  std::string directory; // "sm90", "sm80", "gfx942"
  std::string file;      // "softmax.py"
  std::string kernel;
  std::string signature;
  int numWarps = 4;
  int numStages = 3;
};

using trex::test::readFile;

std::vector<FixtureCase> fixtureCases() {
  std::vector<FixtureCase> cases;
  fs::path specsPath = fs::path(TREX_FIXTURES_DIR) / "specs.json";
  if (!fs::exists(specsPath))
    return cases;
  nlohmann::json specs = nlohmann::json::parse(readFile(specsPath));
  for (const auto &spec : specs)
    for (const char *directory : {"sm90", "sm80", "gfx942"}) {
      FixtureCase fixture;
      fixture.spec = spec["name"];
      fixture.directory = directory;
      fixture.file = spec["file"];
      fixture.kernel = spec["kernel"];
      fixture.signature = spec["signature"];
      fixture.numWarps = spec["num_warps"];
      fixture.numStages = spec["num_stages"];
      if (fs::exists(fs::path(TREX_FIXTURES_DIR) / fixture.spec / directory))
        cases.push_back(fixture);
    }
  return cases;
}

std::string tritonTarget(const std::string &directory) {
  return directory.rfind("sm", 0) == 0 ? "cuda:" + directory.substr(2) : "hip:" + directory;
}

class FrontendFixture : public testing::TestWithParam<FixtureCase> {
protected:
  void SetUp() override {
    const FixtureCase &fixture = GetParam();
    fs::path kernelPath = fs::path(TREX_FIXTURES_DIR) / "kernels" / fixture.file;
    trex::CompileOptions options;
    auto target = trex::Target::parse(tritonTarget(fixture.directory));
    ASSERT_TRUE(static_cast<bool>(target)) << llvm::toString(target.takeError());
    options.target = *target;
    options.numWarps = fixture.numWarps;
    options.numStages = fixture.numStages;
    options.kernelName = fixture.kernel;
    options.signature = fixture.signature;
    options.lastStage = trex::Stage::TTIR;
    // Triton's locations name the file as it was given, here without directories.
    result = trex::compileText(readFile(kernelPath), fixture.file, options);
    ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
    fs::path expectedDirectory = fs::path(TREX_FIXTURES_DIR) / fixture.spec / fixture.directory;
    expectedSource = readFile(expectedDirectory / (fixture.spec + ".source"));
    expectedTTIR = readFile(expectedDirectory / (fixture.spec + ".ttir"));
  }

  trex::CompilationResult result;
  std::string expectedSource, expectedTTIR;
};

TEST_P(FrontendFixture, SourceEqualsTritonsAfterRenamingAndDroppingLocations) {
  std::string difference = trex::test::irDifference(expectedSource, result.stages[trex::Stage::Source]);
  EXPECT_EQ(difference, "") << difference;
}

TEST_P(FrontendFixture, TTIREqualsTritonsAfterRenamingAndDroppingLocations) {
  std::string difference = trex::test::irDifference(expectedTTIR, result.stages[trex::Stage::TTIR]);
  EXPECT_EQ(difference, "") << difference;
}

TEST_P(FrontendFixture, LocationsInTheKernelFileEqualTritons) {
  trex::test::ComparisonOptions options;
  options.dropLocations = false;
  std::string difference =
      trex::test::irDifference(expectedSource, result.stages[trex::Stage::Source], options);
  EXPECT_EQ(difference, "") << difference;
}

TEST_P(FrontendFixture, ValueNamesEqualTritons) {
  trex::test::ComparisonOptions options;
  options.renameValues = false;
  std::string difference =
      trex::test::irDifference(expectedSource, result.stages[trex::Stage::Source], options);
  EXPECT_EQ(difference, "") << difference;
}

std::string caseName(const testing::TestParamInfo<FixtureCase> &info) {
  return info.param.spec + "_" + info.param.directory;
}

INSTANTIATE_TEST_SUITE_P(Triton36, FrontendFixture, testing::ValuesIn(fixtureCases()), caseName);

TEST(FrontendFixture, FindsEveryFixtureSpec) {
  // Six specs x three targets.
  EXPECT_GE(fixtureCases().size(), 18u);
}

// The helper itself: renaming keeps wiring visible, and locations go away.
TEST(IRComparison, RenamingKeepsOperandWiring) {
  std::string a = "%x = arith.addi %p, %q : i32\n%y = arith.subi %x, %p : i32\n";
  std::string sameUpToNames = "%a = arith.addi %b, %c : i32\n%d = arith.subi %a, %b : i32\n";
  std::string swapped = "%a = arith.addi %b, %c : i32\n%d = arith.subi %a, %c : i32\n";
  EXPECT_EQ(trex::test::irDifference(a, sameUpToNames), "");
  EXPECT_NE(trex::test::irDifference(a, swapped), "");
}

TEST(IRComparison, DropsLocationsButNotStringsWithPercents) {
  std::string a = "tt.print \" %x: \" {hex = false} : %v : i32 loc(#loc3)\n#loc3 = loc(\"k.py\":1:2)\n";
  std::string b = "tt.print \" %x: \" {hex = false} : %w : i32 loc(\"k.py\"(#loc))\n";
  EXPECT_EQ(trex::test::irDifference(a, b), "");
  EXPECT_EQ(trex::test::canonicalIR(a), "tt.print \" %x: \" {hex = false} : %v0 : i32");
}

TEST(IRComparison, MasksOnlyStandardLibraryPositions) {
  trex::test::ComparisonOptions options;
  options.dropLocations = false;
  EXPECT_EQ(trex::test::irDifference("#l = loc(\"triton/language/standard.py\":12:4)",
                                     "#l = loc(\"triton/language/standard.py\":99:0)", options),
            "");
  EXPECT_NE(trex::test::irDifference("#l = loc(\"k.py\":12:4)", "#l = loc(\"k.py\":12:5)", options),
            "");
}

} // namespace
