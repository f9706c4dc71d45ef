// ParserFuzzTest: no input makes the front end crash, throw or return nothing: the fixture
// kernels with random characters deleted, inserted and lines shuffled, absurd nesting, and
// random bytes either parse or come back with a located error diagnostic.
#include "FixtureKernels.h"
#include "TestFiles.h"

#include "trex/Frontend/Python/AstDumper.h"
#include "trex/Frontend/Python/Parser.h"
#include "trex/Frontend/Python/TritonFunctions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace trex::python;
using namespace trex::python::testing;

namespace {

int countLines(const std::string &source) {
  return 1 + static_cast<int>(std::count(source.begin(), source.end(), '\n'));
}

// Parses `source` and checks the contract: a module and no error, or no module and at least one
// error located inside the source.  Returns whether it parsed.
bool parsesOrFailsCleanly(const std::string &source) {
  ParseResult result = parsePythonModule(source, "fuzz.py");
  if (result.succeeded()) {
    EXPECT_FALSE(hasErrors(result.diagnostics));
    // Whatever parsed must be walkable, dumpable and searchable.
    EXPECT_FALSE(dumpAst(*result.module).empty() && !result.module->body().empty());
    findTritonFunctions(*result.module, source);
    return true;
  }
  EXPECT_TRUE(hasErrors(result.diagnostics)) << "no module and no error for:\n" << source;
  for (const Diagnostic &diagnostic : result.diagnostics) {
    EXPECT_GE(diagnostic.location.line, 1) << source;
    EXPECT_LE(diagnostic.location.line, countLines(source) + 1) << source;
    EXPECT_GE(diagnostic.location.column, 0) << source;
    EXPECT_FALSE(diagnostic.message.empty());
    EXPECT_NE(diagnostic.format().find("fuzz.py:"), std::string::npos);
  }
  return false;
}

std::string mutate(std::string source, std::mt19937 &random) {
  static const std::string interesting = "()[]{}:,.;'\"\\\n\t #=+-*/%@&|^~<>!x0_f";
  std::uniform_int_distribution<int> operation(0, 4);
  int edits = std::uniform_int_distribution<int>(1, 3)(random);
  for (int edit = 0; edit < edits && !source.empty(); ++edit) {
    size_t at = std::uniform_int_distribution<size_t>(0, source.size() - 1)(random);
    switch (operation(random)) {
    case 0:
      source.erase(at, 1);
      break;
    case 1:
      source.insert(
          at, 1,
          interesting[std::uniform_int_distribution<size_t>(0, interesting.size() - 1)(random)]);
      break;
    case 2:
      source.insert(at, 1, static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random)));
      break;
    case 3: { // delete a whole line
      size_t begin = source.rfind('\n', at);
      size_t end = source.find('\n', at);
      begin = begin == std::string::npos ? 0 : begin;
      source.erase(begin, end == std::string::npos ? std::string::npos : end - begin);
      break;
    }
    case 4: // truncate
      source.resize(at);
      break;
    }
  }
  return source;
}

TEST(ParserFuzzTest, MutatedFixtureKernelsParseOrFailWithALocatedError) {
  std::mt19937 random(20240611);
  int parsed = 0, failed = 0;
  for (const FixtureKernel &kernel : fixtureKernels()) {
    std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
    ASSERT_TRUE(source) << "missing fixture " << kernelSourcePath(kernel);
    for (int round = 0; round < 750; ++round)
      (parsesOrFailsCleanly(mutate(*source, random)) ? parsed : failed) += 1;
  }
  // Both outcomes must be common, or the mutations are not exercising the parser.
  EXPECT_GT(parsed, 200);
  EXPECT_GT(failed, 200);
}

TEST(ParserFuzzTest, RandomBytesParseOrFailWithALocatedError) {
  std::mt19937 random(7);
  for (int round = 0; round < 500; ++round) {
    std::string bytes(std::uniform_int_distribution<size_t>(0, 200)(random), '\0');
    for (char &byte : bytes)
      byte = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random));
    parsesOrFailsCleanly(bytes);
  }
}

std::string repeated(std::string_view piece, int times) {
  std::string result;
  for (int i = 0; i < times; ++i)
    result += piece;
  return result;
}

TEST(ParserFuzzTest, AbsurdNestingIsAnErrorNotAStackOverflow) {
  const int deep = 100000;
  std::vector<std::string> sources = {
      "x = " + repeated("(", deep) + "1" + repeated(")", deep) + "\n",
      "x = " + repeated("[", 150) + repeated("]", 150) + "\n",
      "x = " + repeated("-", deep) + "1\n",
      "x = " + repeated("not ", deep) + "y\n",
      "x = " + repeated("a + ", deep) + "a\n",
      "x = " + repeated("2 ** ", deep) + "2\n",
      "x = a" + repeated(".b", deep) + "\n",
      "x = a" + repeated("[0]", deep) + "\n",
      "x = f" + repeated("()", deep) + "\n",
      "x = " + repeated("lambda: ", deep) + "0\n",
      "x = " + repeated("a if b else ", deep) + "c\n",
      "x = " + repeated("f'{", 300) + repeated("}'", 300) + "\n",
      "if a:\n    pass\n" + repeated("elif b:\n    pass\n", deep / 10),
  };
  for (const std::string &source : sources) {
    SCOPED_TRACE(source.substr(0, 40));
    parsesOrFailsCleanly(source);
  }
  // The reason is given in words.
  ParseResult result = parsePythonModule("x = " + repeated("-", deep) + "1\n", "deep.py");
  ASSERT_FALSE(result.succeeded());
  EXPECT_EQ(result.diagnostics[0].message, "expression nested too deeply (more than 100 levels)");
}

TEST(ParserFuzzTest, ReasonableNestingStillParses) {
  EXPECT_TRUE(parsesOrFailsCleanly("x = " + repeated("(", 50) + "1" + repeated(")", 50) + "\n"));
  EXPECT_TRUE(parsesOrFailsCleanly("x = " + repeated("a + ", 900) + "a\n"));
  EXPECT_TRUE(parsesOrFailsCleanly("x = [" + repeated("1, ", 100000) + "]\n"));
}

} // namespace
