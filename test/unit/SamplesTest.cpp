// Every kernel in samples/ (listed with its launch spec in samples/specs.json) compiles to
// machine code for each target, and its entry takes the specialised user arguments (the
// constexprs are gone) followed by the two hidden scratch pointers; on gfx942 its dots use
// MFMA.
#include "trex/Compiler/Compilation.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct SampleTarget {
  nlohmann::json spec;
  std::string target;
};

void PrintTo(const SampleTarget &param, std::ostream *out) {
  *out << param.spec["name"].get<std::string>() << "@" << param.target;
}

std::vector<SampleTarget> sampleTargets() {
  std::vector<SampleTarget> cases;
  std::ifstream in(fs::path(TREX_SAMPLES_DIR) / "specs.json");
  if (!in)
    return cases;
  for (const nlohmann::json &spec : nlohmann::json::parse(in))
    for (const char *target : {"cuda:90", "cuda:80", "hip:gfx942"})
      cases.push_back({spec, target});
  return cases;
}

// How many arguments the kernel keeps after specialisation: the signature's types (pointers
// and scalars); literal values are constexprs and disappear.
size_t runtimeArgumentCount(const std::string &signature) {
  size_t count = 0;
  std::stringstream entries(signature);
  std::string entry;
  static const std::regex type(R"(\s*(\*\w+|i1|i8|i16|i32|i64|u8|u16|u32|u64|fp16|bf16|fp32|fp64)(:\d+)?\s*)");
  while (std::getline(entries, entry, ','))
    if (std::regex_match(entry, type))
      ++count;
  return count;
}

class Samples : public ::testing::TestWithParam<SampleTarget> {};

TEST_P(Samples, CompileWithHiddenScratchParameters) {
  const SampleTarget &param = GetParam();
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(param.target));
  options.kernelName = param.spec["kernel"];
  options.signature = param.spec["signature"];
  options.numWarps = param.spec["num_warps"];
  options.numStages = param.spec["num_stages"];
  options.lastStage = trex::Stage::Metadata;
  fs::path file = fs::path(TREX_SAMPLES_DIR) / param.spec["file"].get<std::string>();
  trex::CompilationResult result = trex::compileFile(file.string(), options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  size_t expected = runtimeArgumentCount(param.spec["signature"]) + 2;
  if (options.target.isCUDA()) {
    const std::string &ptx = result.stages[trex::Stage::PTX];
    size_t begin = ptx.find(".visible .entry");
    ASSERT_NE(begin, std::string::npos);
    std::string entry = ptx.substr(begin, ptx.find(')', begin) - begin);
    std::vector<std::string> parameters;
    std::regex parameter(R"(\.param (\.\w+)[^,\n]*)");
    for (auto it = std::sregex_iterator(entry.begin(), entry.end(), parameter);
         it != std::sregex_iterator(); ++it)
      parameters.push_back((*it)[1]);
    ASSERT_EQ(parameters.size(), expected) << entry;
    EXPECT_EQ(parameters[expected - 2], ".u64");
    EXPECT_EQ(parameters[expected - 1], ".u64");
  } else {
    const std::string &amdgcn = result.stages[trex::Stage::AMDGCN];
    size_t begin = amdgcn.find("    .args:");
    ASSERT_NE(begin, std::string::npos);
    size_t end = amdgcn.find("\n    .", begin + 1);
    std::string arguments = amdgcn.substr(begin, end - begin);
    std::regex kind(R"(\.value_kind:\s+(\w+))");
    std::vector<std::string> kinds;
    for (auto it = std::sregex_iterator(arguments.begin(), arguments.end(), kind);
         it != std::sregex_iterator(); ++it)
      kinds.push_back((*it)[1]);
    ASSERT_EQ(kinds.size(), expected) << arguments;
    EXPECT_EQ(kinds[expected - 2], "global_buffer");
    EXPECT_EQ(kinds[expected - 1], "global_buffer");
    // gfx942 multiplies the samples' f16 dots (matmul, attention) on its matrix cores.
    if (result.stages[trex::Stage::TTGIR].find(" = tt.dot ") != std::string::npos)
      EXPECT_NE(amdgcn.find("v_mfma_f32_32x32x8_f16"), std::string::npos);
  }
}

std::string caseName(const ::testing::TestParamInfo<SampleTarget> &info) {
  std::string name = info.param.spec["name"].get<std::string>() + "_" + info.param.target;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Samples, Samples, ::testing::ValuesIn(sampleTargets()), caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Samples);

// Opened without a signature (as the explorer opens a file), every sample compiles with the
// specialization trex proposes, which the result and a remark carry; the proposal has one
// entry per parameter the kernel has, and compiling with it given explicitly gives the same
// ttir.
TEST_P(Samples, CompileWithoutSignatureThroughAProposal) {
  const SampleTarget &param = GetParam();
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(param.target));
  options.kernelName = param.spec["kernel"];
  options.lastStage = trex::Stage::TTGIR;
  fs::path file = fs::path(TREX_SAMPLES_DIR) / param.spec["file"].get<std::string>();
  trex::CompilationResult result = trex::compileFile(file.string(), options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  ASSERT_TRUE(result.proposedSignature.has_value());
  std::string expected = param.spec["signature"];
  size_t proposedEntries =
      std::count(result.proposedSignature->begin(), result.proposedSignature->end(), ',');
  EXPECT_EQ(proposedEntries, static_cast<size_t>(std::count(expected.begin(), expected.end(), ',')))
      << "proposed: " << *result.proposedSignature << " spec: " << expected;
  EXPECT_NE(result.renderDiagnostics().find("trex proposes --signature"), std::string::npos);

  trex::CompileOptions explicitOptions = options;
  explicitOptions.signature = *result.proposedSignature;
  trex::CompilationResult again = trex::compileFile(file.string(), explicitOptions);
  ASSERT_TRUE(again.succeeded) << again.renderDiagnostics();
  EXPECT_FALSE(again.proposedSignature.has_value());
  EXPECT_EQ(again.stages.at(trex::Stage::TTIR), result.stages.at(trex::Stage::TTIR));
}

} // namespace
