// The layouts trex's ttgir pipeline chooses for coverage kernels, against real Triton 3.6's:
// test/frontend/triton-ttgir/<file>/<kernel>/<target>.ttgir holds Triton's ttgir, and trex's
// ttgir of the same kernel (signature and num-warps from the kernel's RUN line in
// test/frontend/<file>.py) must define the same layouts, as a multiset of `#name = #ttg...`
// definitions (the names differ only by numbering).
#include "TestFiles.h"
#include "trex/Compiler/Compilation.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct LayoutCase {
  std::string file; // test/frontend/<file>.py
  std::string kernel;
  std::string target; // cuda:90, ...
  fs::path tritonTTGIR;
};

void PrintTo(const LayoutCase &param, std::ostream *out) {
  *out << param.file << ":" << param.kernel << "@" << param.target;
}

using trex::test::readFile;

std::vector<LayoutCase> layoutCases() {
  std::vector<LayoutCase> cases;
  fs::path root = fs::path(TREX_FRONTEND_TESTS_DIR) / "triton-ttgir";
  std::error_code error;
  if (!fs::is_directory(root, error))
    return cases;
  for (const auto &entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".ttgir")
      continue;
    fs::path kernelDir = entry.path().parent_path();
    std::string target = entry.path().stem().string();
    std::replace(target.begin(), target.end(), '_', ':');
    cases.push_back({kernelDir.parent_path().filename().string(),
                     kernelDir.filename().string(), target, entry.path()});
  }
  std::sort(cases.begin(), cases.end(), [](const LayoutCase &a, const LayoutCase &b) {
    return a.tritonTTGIR < b.tritonTTGIR;
  });
  return cases;
}

// The sorted layout definitions of a ttgir module, without their alias names.
std::vector<std::string> layoutDefinitions(const std::string &ttgir) {
  static const std::regex definition(R"(^#\w+ = (#ttg\..*)$)");
  std::vector<std::string> definitions;
  std::istringstream lines(ttgir);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line))
    if (std::regex_match(line, match, definition))
      definitions.push_back(match[1]);
  std::sort(definitions.begin(), definitions.end());
  return definitions;
}

// The signature and num-warps the kernel's RUN line in test/frontend/<file>.py gives.
bool runLineOptions(const std::string &file, const std::string &kernel, std::string &signature,
                    int &numWarps) {
  static const std::regex runLine(R"(^# RUN: trex compile %s (.*)$)");
  static const std::regex signatureOption(R"re(--signature "([^"]*)")re");
  static const std::regex warpsOption(R"(--num-warps (\d+))");
  std::ifstream in(fs::path(TREX_FRONTEND_TESTS_DIR) / (file + ".py"));
  std::string line;
  std::smatch match, option;
  while (std::getline(in, line)) {
    if (!std::regex_match(line, match, runLine))
      continue;
    std::string arguments = match[1];
    if (arguments.find("--kernel " + kernel + " ") == std::string::npos ||
        !std::regex_search(arguments, option, signatureOption))
      continue;
    signature = option[1];
    numWarps = std::regex_search(arguments, option, warpsOption) ? std::stoi(option[1]) : 4;
    return true;
  }
  return false;
}

class CoverageLayouts : public ::testing::TestWithParam<LayoutCase> {};

TEST_P(CoverageLayouts, SameLayoutDefinitionsAsTriton) {
  const LayoutCase &param = GetParam();
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(param.target));
  options.kernelName = param.kernel;
  ASSERT_TRUE(runLineOptions(param.file, param.kernel, options.signature, options.numWarps))
      << "no RUN line compiles " << param.kernel << " in " << param.file << ".py";
  options.lastStage = trex::Stage::TTGIR;
  fs::path source = fs::path(TREX_FRONTEND_TESTS_DIR) / (param.file + ".py");
  trex::CompilationResult result = trex::compileFile(source.string(), options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  ASSERT_EQ(result.stages.count(trex::Stage::TTGIR), 1u);
  std::vector<std::string> ours = layoutDefinitions(result.stages.at(trex::Stage::TTGIR));
  std::vector<std::string> theirs = layoutDefinitions(readFile(param.tritonTTGIR));
  ASSERT_FALSE(theirs.empty()) << param.tritonTTGIR << " defines no layouts";
  EXPECT_EQ(ours, theirs);
}

INSTANTIATE_TEST_SUITE_P(TritonTTGIR, CoverageLayouts, ::testing::ValuesIn(layoutCases()),
                         [](const ::testing::TestParamInfo<LayoutCase> &info) {
                           std::string name = info.param.file + "_" + info.param.kernel + "_" +
                                              info.param.target;
                           for (char &c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c)))
                               c = '_';
                           return name;
                         });

// The directory holds cases; an empty suite would pass without checking anything.
TEST(CoverageLayoutsSuite, HasCases) { EXPECT_GE(layoutCases().size(), 12u); }

} // namespace
