// Every .source, .ttir and .ttgir file real Triton 3.6 produced must parse,
// verify and print back in Triton's own syntax, and the printing must be stable.
#include "TestFiles.h"
#include "IRPrinting.h"

#include "gtest/gtest.h"
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::vector<std::string> fixtureFiles() {
  std::vector<std::string> files;
  std::error_code error;
  if (!fs::is_directory(TREX_FIXTURES_DIR, error))
    return files;
  for (const auto &entry : fs::recursive_directory_iterator(TREX_FIXTURES_DIR)) {
    std::string extension = entry.path().extension().string();
    if (extension == ".source" || extension == ".ttir" || extension == ".ttgir")
      files.push_back(fs::relative(entry.path(), TREX_FIXTURES_DIR).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

using trex::test::readFile;

using trex::test::trimTrailingNewlines;

class FixtureRoundTrip : public testing::TestWithParam<std::string> {};

TEST_P(FixtureRoundTrip, ParsesVerifiesAndPrintsInTritonSyntax) {
  std::string original = readFile(fs::path(TREX_FIXTURES_DIR) / GetParam());
  ASSERT_FALSE(original.empty());
  auto context = trex::test::makeContext();

  std::string errors;
  auto module = trex::test::parseModule(*context, original, errors);
  ASSERT_TRUE(module) << "failed to parse or verify:\n" << errors;
  std::string printed = trex::test::printLikeTriton(*module);

  // Printing what we printed gives the same text again.
  auto reparsed = trex::test::parseModule(*context, printed, errors);
  ASSERT_TRUE(reparsed) << "printed IR does not parse again:\n" << errors;
  EXPECT_EQ(printed, trex::test::printLikeTriton(*reparsed));

  // The text equals Triton's, up to the names of values. (Loop and region
  // arguments keep no name in the text, so their numbering may differ.)
  EXPECT_EQ(trex::test::withoutValueNames(trimTrailingNewlines(original)),
            trex::test::withoutValueNames(trimTrailingNewlines(printed)));
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  std::string name = info.param;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Triton36, FixtureRoundTrip, testing::ValuesIn(fixtureFiles()), testName);

TEST(FixtureRoundTrip, FindsTheFixtures) {
  // Six kernels x three targets x three stages.
  EXPECT_GE(fixtureFiles().size(), 54u);
}

} // namespace
