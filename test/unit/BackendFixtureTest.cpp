// Every fixture spec compiled from its Python source to the end (cubin or hsaco and the
// metadata JSON) for each target Triton compiled it for; the kernel's entry (PTX parameters
// or AMDGCN kernel arguments: the user's, then the two hidden scratch pointers) and its
// metadata must equal real Triton's.
#include "TestFiles.h"
#include "trex/Compiler/Compilation.h"
#include "trex/Target/CUDA/PTXBackend.h"
#include "trex/Target/HIP/AMDGCNBackend.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct SpecTarget {
  nlohmann::json spec;
  std::string directory; // sm90, sm80, gfx942
};

// gtest prints a failing case by name rather than as bytes.
void PrintTo(const SpecTarget &param, std::ostream *out) {
  *out << param.spec["name"].get<std::string>() << "/" << param.directory;
}

// The matmul specs (tensor cores, software pipelining).
bool isMatmul(const nlohmann::json &spec) {
  return spec["name"].get<std::string>().rfind("matmul", 0) == 0;
}

using trex::test::readFile;

std::vector<SpecTarget> specTargets() {
  std::vector<SpecTarget> cases;
  fs::path specs = fs::path(TREX_FIXTURES_DIR) / "specs.json";
  std::error_code error;
  if (!fs::exists(specs, error))
    return cases;
  for (const nlohmann::json &spec : nlohmann::json::parse(readFile(specs)))
    for (const char *directory : {"sm90", "sm80", "gfx942"})
      if (fs::exists(fs::path(TREX_FIXTURES_DIR) / spec["name"].get<std::string>() / directory,
                     error))
        cases.push_back({spec, directory});
  return cases;
}

std::string targetOf(const std::string &directory) {
  if (directory == "gfx942")
    return "hip:gfx942";
  return "cuda:" + directory.substr(2);
}

// The `.entry` header of a PTX module: the kernel name and its parameter lines.
std::string ptxEntry(const std::string &ptx) {
  size_t begin = ptx.find(".visible .entry");
  if (begin == std::string::npos)
    return "";
  size_t end = ptx.find(')', begin);
  return ptx.substr(begin, end == std::string::npos ? std::string::npos : end + 1 - begin);
}

// The kernel arguments of an AMDGCN module's metadata (`.args:` of amdhsa.kernels): one line
// per field (address space, offset, size, value kind).
std::string amdgcnArguments(const std::string &amdgcn) {
  std::istringstream lines(amdgcn);
  std::string line, arguments;
  bool inside = false;
  static const std::regex field(R"(^\s+(- )?\.(address_space|offset|size|value_kind):.*)");
  static const std::regex kernelKey(R"(^    \.\w.*)");
  while (std::getline(lines, line)) {
    if (line == "    .args:") {
      inside = true;
      continue;
    }
    if (!inside)
      continue;
    if (std::regex_match(line, kernelKey))
      break;
    if (std::regex_match(line, field))
      arguments += line + "\n";
  }
  return arguments;
}

class BackendFixture : public ::testing::TestWithParam<SpecTarget> {};

TEST_P(BackendFixture, CompilesToMachineCodeWithTritonsEntryAndMetadata) {
  const SpecTarget &param = GetParam();
  std::string name = param.spec["name"];
  fs::path fixtureDir = fs::path(TREX_FIXTURES_DIR) / name / param.directory;

  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(targetOf(param.directory)));
  options.kernelName = param.spec["kernel"];
  options.signature = param.spec["signature"];
  options.numWarps = param.spec["num_warps"];
  options.numStages = param.spec["num_stages"];
  options.numWarpsGiven = options.numStagesGiven = true;
  options.lastStage = trex::Stage::Metadata;
  fs::path source = fs::path(TREX_FIXTURES_DIR) / "kernels" / param.spec["file"].get<std::string>();
  trex::CompilationResult result = trex::compileFile(source.string(), options);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  ASSERT_TRUE(result.metadata.has_value());

  // The metadata JSON: every key and value Triton wrote, the matmuls' shared-memory size (the
  // pipelined buffers and the epilogue's conversion scratch) included.
  ASSERT_EQ(result.stages.count(trex::Stage::Metadata), 1u);
  nlohmann::json ours = nlohmann::json::parse(result.stages[trex::Stage::Metadata]);
  nlohmann::json triton = nlohmann::json::parse(readFile(fixtureDir / (name + ".json")));
  for (auto &[key, value] : triton.items()) {
    ASSERT_TRUE(ours.contains(key)) << "metadata lacks '" << key << "'";
    EXPECT_EQ(ours[key], value) << "metadata key '" << key << "'";
  }

  if (options.target.isCUDA()) {
    std::string tritonPTX = readFile(fixtureDir / (name + ".ptx"));
    ASSERT_EQ(result.stages.count(trex::Stage::PTX), 1u);
    std::string entry = ptxEntry(result.stages[trex::Stage::PTX]);
    EXPECT_EQ(entry, ptxEntry(tritonPTX));
    // The last two parameters are the hidden global- and profile-scratch pointers.
    std::regex hidden(R"(\.param \.u64 \.ptr \.global \.align 1 \w+_param_\d+,\s*)"
                      R"(\.param \.u64 \.ptr \.global \.align 1 \w+_param_\d+\s*\)$)");
    EXPECT_TRUE(std::regex_search(entry, hidden)) << entry;
    if (trex::cuda::findPtxas())
      EXPECT_EQ(result.stages.count(trex::Stage::CUBIN), 1u)
          << "ptxas rejected the PTX:\n" << result.renderDiagnostics();
  } else {
    std::string tritonAMDGCN = readFile(fixtureDir / (name + ".amdgcn"));
    ASSERT_EQ(result.stages.count(trex::Stage::AMDGCN), 1u);
    std::string arguments = amdgcnArguments(result.stages[trex::Stage::AMDGCN]);
    EXPECT_FALSE(arguments.empty());
    EXPECT_EQ(arguments, amdgcnArguments(tritonAMDGCN));
    if (trex::hip::findLinker())
      EXPECT_EQ(result.stages.count(trex::Stage::HSACO), 1u) << result.renderDiagnostics();
  }
}

std::string caseName(const ::testing::TestParamInfo<SpecTarget> &info) {
  return info.param.spec["name"].get<std::string>() + "_" + info.param.directory;
}

INSTANTIATE_TEST_SUITE_P(Triton36, BackendFixture, ::testing::ValuesIn(specTargets()), caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BackendFixture);

// The matmul specs Triton compiled for sm_80, where it uses mma.sync.
std::vector<SpecTarget> sm80MatmulSpecs() {
  std::vector<SpecTarget> cases;
  for (const SpecTarget &param : specTargets())
    if (param.directory == "sm80" && isMatmul(param.spec))
      cases.push_back(param);
  return cases;
}

size_t occurrences(const std::string &text, const std::string &pattern) {
  size_t count = 0;
  for (size_t at = text.find(pattern); at != std::string::npos; at = text.find(pattern, at + 1))
    ++count;
  return count;
}

class TensorCoreFixture : public ::testing::TestWithParam<SpecTarget> {
protected:
  trex::CompilationResult compile(const std::string &target, trex::CompileOptions::MatmulUnit unit,
                                  bool pipeline = false) {
    const nlohmann::json &spec = GetParam().spec;
    trex::CompileOptions options;
    options.target = llvm::cantFail(trex::Target::parse(target));
    options.kernelName = spec["kernel"];
    options.signature = spec["signature"];
    options.numWarps = spec["num_warps"];
    options.numStages = spec["num_stages"];
    options.numWarpsGiven = options.numStagesGiven = true;
    options.matmulUnit = unit;
    options.pipeline = pipeline;
    options.lastStage = trex::Stage::Metadata;
    fs::path source = fs::path(TREX_FIXTURES_DIR) / "kernels" / spec["file"].get<std::string>();
    return trex::compileFile(source.string(), options);
  }

  std::string tritonPTX() {
    std::string name = GetParam().spec["name"];
    return readFile(fs::path(TREX_FIXTURES_DIR) / name / "sm80" / (name + ".ptx"));
  }
};

constexpr const char *kMmaF16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

// On sm_80 trex multiplies with as many mma.sync per K tile as Triton (same #mma layout, same
// tiles per warp), no FMA, without warnings, and ptxas takes the PTX.
TEST_P(TensorCoreFixture, Sm80MultipliesWithTritonsMmaSyncCount) {
  trex::CompilationResult result = compile("cuda:80", trex::CompileOptions::MatmulUnit::Default);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  EXPECT_TRUE(result.diagnostics.empty()) << result.renderDiagnostics();
  const std::string &ptx = result.stages[trex::Stage::PTX];
  EXPECT_EQ(occurrences(ptx, kMmaF16), occurrences(tritonPTX(), kMmaF16));
  EXPECT_GT(occurrences(ptx, kMmaF16), 0u);
  EXPECT_EQ(occurrences(ptx, "fma.rn.f32"), 0u);
  if (trex::cuda::findPtxas())
    EXPECT_EQ(result.stages.count(trex::Stage::CUBIN), 1u)
        << "ptxas rejected the PTX:\n" << result.renderDiagnostics();
}

// sm_90 multiplies with wgmma by default, as many per K tile as Triton's sm_90 PTX (same #mma
// layout, same m64nNk16 instructions); --mma v2 gives it sm_80's mma.sync instead.
TEST_P(TensorCoreFixture, Sm90MultipliesWithTritonsWgmmaCount) {
  trex::CompilationResult wgmma = compile("cuda:90", trex::CompileOptions::MatmulUnit::Default,
                                          /*pipeline=*/true);
  ASSERT_TRUE(wgmma.succeeded) << wgmma.renderDiagnostics();
  EXPECT_TRUE(wgmma.diagnostics.empty()) << wgmma.renderDiagnostics();
  std::string name = GetParam().spec["name"];
  std::string tritonSm90 = readFile(fs::path(TREX_FIXTURES_DIR) / name / "sm90" / (name + ".ptx"));
  const std::string &ptx = wgmma.stages[trex::Stage::PTX];
  EXPECT_GT(occurrences(tritonSm90, "wgmma.mma_async"), 0u);
  EXPECT_EQ(occurrences(ptx, "wgmma.mma_async"), occurrences(tritonSm90, "wgmma.mma_async"));
  EXPECT_EQ(occurrences(ptx, "mma.sync"), 0u);
  EXPECT_EQ(occurrences(ptx, "fma.rn.f32"), 0u);
  if (trex::cuda::findPtxas())
    EXPECT_EQ(wgmma.stages.count(trex::Stage::CUBIN), 1u)
        << "ptxas rejected the PTX:\n" << wgmma.renderDiagnostics();
  trex::CompilationResult forced = compile("cuda:90", trex::CompileOptions::MatmulUnit::MmaV2);
  ASSERT_TRUE(forced.succeeded) << forced.renderDiagnostics();
  const std::string &forcedPtx = forced.stages[trex::Stage::PTX];
  EXPECT_EQ(occurrences(forcedPtx, kMmaF16), occurrences(tritonPTX(), kMmaF16));
  EXPECT_EQ(occurrences(forcedPtx, "wgmma"), 0u);
  EXPECT_EQ(occurrences(forcedPtx, "fma.rn.f32"), 0u);
  if (trex::cuda::findPtxas())
    EXPECT_EQ(forced.stages.count(trex::Stage::CUBIN), 1u)
        << "ptxas rejected the PTX:\n" << forced.renderDiagnostics();
}

INSTANTIATE_TEST_SUITE_P(Triton36, TensorCoreFixture, ::testing::ValuesIn(sm80MatmulSpecs()),
                         caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TensorCoreFixture);

// The matmul specs Triton compiled for gfx942, where it uses MFMA.
std::vector<SpecTarget> gfx942MatmulSpecs() {
  std::vector<SpecTarget> cases;
  for (const SpecTarget &param : specTargets())
    if (param.directory == "gfx942" && isMatmul(param.spec))
      cases.push_back(param);
  return cases;
}

class MatrixCoreFixture : public TensorCoreFixture {
protected:
  std::string tritonStage(const std::string &extension) {
    std::string name = GetParam().spec["name"];
    return readFile(fs::path(TREX_FIXTURES_DIR) / name / "gfx942" / (name + extension));
  }
};

constexpr const char *kMfmaF16 = "v_mfma_f32_32x32x8_f16";

// On gfx942 trex multiplies with Triton's MFMA instruction, as many per tt.dot as Triton
// (same #mma layout, same tiles per warp; Triton's pipeliner peels dots into its epilogue,
// trex has one dot), no FMA, without warnings, and ld.lld links the code object.
TEST_P(MatrixCoreFixture, Gfx942MultipliesWithTritonsMfmaCountPerDot) {
  trex::CompilationResult result = compile("hip:gfx942", trex::CompileOptions::MatmulUnit::Default);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  EXPECT_TRUE(result.diagnostics.empty()) << result.renderDiagnostics();
  const std::string &amdgcn = result.stages[trex::Stage::AMDGCN];
  size_t tritonDots = occurrences(tritonStage(".ttgir"), " = tt.dot ");
  size_t ourDots = occurrences(result.stages[trex::Stage::TTGIR], " = tt.dot ");
  ASSERT_GT(tritonDots, 0u);
  ASSERT_GT(ourDots, 0u);
  size_t tritonPerDot = occurrences(tritonStage(".amdgcn"), kMfmaF16) / tritonDots;
  EXPECT_EQ(tritonPerDot, 32u);
  EXPECT_EQ(occurrences(amdgcn, kMfmaF16), tritonPerDot * ourDots);
  EXPECT_EQ(occurrences(amdgcn, "v_mfma"), occurrences(amdgcn, kMfmaF16));
  EXPECT_EQ(occurrences(amdgcn, "v_fma_mix_f32"), 0u);
  if (trex::hip::findLinker())
    EXPECT_EQ(result.stages.count(trex::Stage::HSACO), 1u) << result.renderDiagnostics();
}

// --mma fma keeps gfx942's dots off the matrix cores.
TEST_P(MatrixCoreFixture, Gfx942KeepsFmaWhenAsked) {
  trex::CompilationResult fma = compile("hip:gfx942", trex::CompileOptions::MatmulUnit::FMA);
  ASSERT_TRUE(fma.succeeded) << fma.renderDiagnostics();
  EXPECT_EQ(occurrences(fma.stages[trex::Stage::AMDGCN], "v_mfma"), 0u);
  EXPECT_GT(occurrences(fma.stages[trex::Stage::AMDGCN], "v_fma_mix_f32"), 0u);
}

// With the stream pipeliner (--pipeline) the buffers are Triton's: num_stages - 1 per operand,
// and so is the shared-memory size; the dot keeps Triton's MFMA count.
TEST_P(MatrixCoreFixture, Gfx942PipelinedUsesTritonsSharedMemory) {
  trex::CompilationResult result =
      compile("hip:gfx942", trex::CompileOptions::MatmulUnit::Default, /*pipeline=*/true);
  ASSERT_TRUE(result.succeeded) << result.renderDiagnostics();
  nlohmann::json ours = nlohmann::json::parse(result.stages[trex::Stage::Metadata]);
  nlohmann::json triton = nlohmann::json::parse(tritonStage(".json"));
  EXPECT_EQ(ours["shared"], triton["shared"]);
  EXPECT_EQ(occurrences(result.stages[trex::Stage::AMDGCN], kMfmaF16), 32u);
}

INSTANTIATE_TEST_SUITE_P(Triton36, MatrixCoreFixture, ::testing::ValuesIn(gfx942MatmulSpecs()),
                         caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MatrixCoreFixture);

} // namespace

namespace {

std::string readFixtureFile(const std::string &relative) {
  return readFile(std::filesystem::path(TREX_FIXTURES_DIR) / relative);
}

} // namespace

// ptxas in process (nvJitLink) assembles real Triton's PTX into an ELF cubin and prints the
// ptxas -v lines; PTX it rejects is an error carrying ptxas's message, also on a second call
// (the library stays loaded), and the process goes on.
TEST(InProcessAssembler, AssemblesTritonsPtxAndReportsRejections) {
  std::optional<std::string> library = trex::cuda::findJitLink();
  if (!library)
    GTEST_SKIP() << "no libnvJitLink on this machine";
  std::string ptx = readFixtureFile("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.ptx");
  ASSERT_FALSE(ptx.empty());
  std::string log;
  llvm::Expected<std::string> cubin = trex::cuda::assembleInProcess(ptx, 90, *library, log);
  ASSERT_TRUE(static_cast<bool>(cubin)) << llvm::toString(cubin.takeError());
  EXPECT_EQ(cubin->substr(0, 4), "\x7f" "ELF");
  EXPECT_NE(cubin->find("add_kernel"), std::string::npos);
  EXPECT_NE(log.find("Used"), std::string::npos) << log;

  std::string broken = ptx;
  size_t entry = broken.find("ld.global");
  ASSERT_NE(entry, std::string::npos);
  broken.replace(entry, 9, "ld.globul");
  for (int attempt = 0; attempt < 2; ++attempt) {
    llvm::Expected<std::string> rejected = trex::cuda::assembleInProcess(broken, 90, *library, log);
    ASSERT_FALSE(static_cast<bool>(rejected));
    std::string message = llvm::toString(rejected.takeError());
    EXPECT_NE(message.find("rejected the PTX"), std::string::npos) << message;
    // ptxas names the line of the damaged instruction.
    std::string line = std::to_string(std::count(broken.begin(), broken.begin() + entry, '\n') + 1);
    EXPECT_NE(message.find("line " + line + "; error   : Unknown modifier '.globul'"),
              std::string::npos)
        << message;
  }

  llvm::Expected<std::string> missing =
      trex::cuda::assembleInProcess(ptx, 90, "/nonexistent/libnvJitLink.so", log);
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("cannot load"), std::string::npos);
}
