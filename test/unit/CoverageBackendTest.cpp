// The `tl` coverage kernels of test/frontend (one per feature), compiled past the front end:
// each kernel and specialization named in a file's RUN lines goes to machine code for every
// target (or the one target its RUN line names). A kernel a target cannot run says so in its
// file with `# UNSUPPORTED-TARGET: <kernel> <target>: <why>`; there the compilation must stop
// with a located error that names the target or the missing feature, never a crash. A mark
// `<kernel> <target> without rocm-device-libs: <why>` holds only where the ROCm device
// libraries (ockl.bc, ocml.bc) are absent; where they are found, the kernel must compile.
#include "trex/Compiler/Compilation.h"
#include "trex/Target/HIP/AMDGCNBackend.h"

#include "gtest/gtest.h"
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct CoverageCase {
  std::string file; // relative to test/frontend
  std::string kernel;
  std::string signature;
  std::string target;
  int numWarps = 4;
  // --config N and --python-path %S/DIR of the RUN line.
  std::optional<int> config;
  std::string pythonPath;
  // Why the target cannot compile it (from the file); empty when it must compile.
  std::string unsupportedReason;
};

void PrintTo(const CoverageCase &param, std::ostream *out) {
  *out << param.file << ":" << param.kernel << "@" << param.target;
}

std::vector<CoverageCase> coverageCases() {
  std::vector<CoverageCase> cases;
  std::error_code error;
  if (!fs::is_directory(TREX_FRONTEND_TESTS_DIR, error))
    return cases;
  static const std::regex runLine(R"(^# RUN: trex compile %s (.*)$)");
  static const std::regex kernel(R"(--kernel ([\w.]+))");
  static const std::regex signature(R"re(--signature "([^"]*)")re");
  static const std::regex target(R"(--target (\S+))");
  static const std::regex numWarps(R"(--num-warps (\d+))");
  static const std::regex config(R"(--config (\d+))");
  static const std::regex pythonPath(R"(--python-path %S/(\S+))");
  static const std::regex unsupported(
      R"(^# UNSUPPORTED-TARGET: (\w+) (\S+)( without rocm-device-libs)?: (.*)$)");
  static const bool rocmDeviceLibraries = trex::hip::findDeviceLibrary("ockl").has_value() &&
                                          trex::hip::findDeviceLibrary("ocml").has_value();
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(TREX_FRONTEND_TESTS_DIR))
    if (entry.path().extension() == ".py")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path &path : files) {
    std::ifstream in(path);
    std::string line;
    std::map<std::pair<std::string, std::string>, std::string> unsupportedOn;
    std::vector<CoverageCase> fileCases;
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    while (std::getline(in, line)) {
      std::smatch match;
      if (std::regex_match(line, match, unsupported)) {
        if (!(match[3].matched && rocmDeviceLibraries))
          unsupportedOn[{match[1], match[2]}] = match[4];
        continue;
      }
      if (!std::regex_match(line, match, runLine))
        continue;
      std::string arguments = match[1];
      // Error tests (`not trex compile`) and runs that stop early on purpose are skipped.
      std::smatch kernelMatch, signatureMatch, targetMatch, warpsMatch;
      if (!std::regex_search(arguments, kernelMatch, kernel) ||
          !std::regex_search(arguments, signatureMatch, signature))
        continue;
      std::vector<std::string> targets{"cuda:90", "cuda:80", "hip:gfx942"};
      if (std::regex_search(arguments, targetMatch, target))
        targets = {targetMatch[1]};
      for (const std::string &targetName : targets) {
        CoverageCase coverage{path.filename().string(), kernelMatch[1], signatureMatch[1],
                              targetName};
        if (std::regex_search(arguments, warpsMatch, numWarps))
          coverage.numWarps = std::stoi(warpsMatch[1]);
        std::smatch optionMatch;
        if (std::regex_search(arguments, optionMatch, config))
          coverage.config = std::stoi(optionMatch[1]);
        if (std::regex_search(arguments, optionMatch, pythonPath))
          coverage.pythonPath = (fs::path(TREX_FRONTEND_TESTS_DIR) / optionMatch[1].str()).string();
        if (seen.insert({coverage.kernel, coverage.signature, targetName}).second)
          fileCases.push_back(coverage);
      }
    }
    for (CoverageCase &coverage : fileCases) {
      auto reason = unsupportedOn.find({coverage.kernel, coverage.target});
      if (reason != unsupportedOn.end())
        coverage.unsupportedReason = reason->second;
      cases.push_back(coverage);
    }
  }
  return cases;
}

class CoverageBackend : public ::testing::TestWithParam<CoverageCase> {};

TEST_P(CoverageBackend, CompilesToMachineCodeOrSaysWhyNot) {
  const CoverageCase &param = GetParam();
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(param.target));
  options.kernelName = param.kernel;
  options.signature = param.signature;
  options.numWarps = param.numWarps;
  options.autotuneConfig = param.config;
  if (!param.pythonPath.empty())
    options.pythonPath.push_back(param.pythonPath);
  options.lastStage = trex::Stage::Metadata;
  fs::path file = fs::path(TREX_FRONTEND_TESTS_DIR) / param.file;
  trex::CompilationResult result = trex::compileFile(file.string(), options);
  if (!param.unsupportedReason.empty()) {
    ASSERT_FALSE(result.succeeded) << "marked unsupported (" << param.unsupportedReason
                                   << ") but it compiles; remove the mark";
    bool located = false;
    for (const trex::CompileDiagnostic &diagnostic : result.diagnostics)
      if (diagnostic.severity == trex::CompileDiagnostic::Severity::Error &&
          !diagnostic.location.empty())
        located = true;
    EXPECT_TRUE(located) << "the error has no location:\n" << result.renderDiagnostics();
    return;
  }
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  trex::Stage assembly = options.target.isCUDA() ? trex::Stage::PTX : trex::Stage::AMDGCN;
  EXPECT_EQ(result.stages.count(assembly), 1u);
  EXPECT_EQ(result.stages.count(trex::Stage::Metadata), 1u);
  // A binary stage is missing only when its tool is, and then a warning says so.
  trex::Stage binary = options.target.isCUDA() ? trex::Stage::CUBIN : trex::Stage::HSACO;
  if (!result.stages.count(binary)) {
    bool warned = false;
    for (const trex::CompileDiagnostic &diagnostic : result.diagnostics)
      warned |= diagnostic.severity == trex::CompileDiagnostic::Severity::Warning &&
                diagnostic.message.find("was not found") != std::string::npos;
    EXPECT_TRUE(warned) << result.renderDiagnostics();
  }
}

std::string caseName(const ::testing::TestParamInfo<CoverageCase> &info) {
  std::string name = info.param.file.substr(0, info.param.file.size() - 3) + "_" +
                     info.param.kernel + "_" + info.param.target + "_" +
                     std::to_string(info.index);
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(TL, CoverageBackend, ::testing::ValuesIn(coverageCases()), caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CoverageBackend);

} // namespace
