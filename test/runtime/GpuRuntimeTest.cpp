// GPU runs through the real driver: Triton's own sm90 PTX for the vector add (JIT-compiled by
// the driver) gives x + y exactly, the timing is sane, and an out-of-bounds kernel reports the
// CUDA error while the process stays in control. Skipped when no CUDA driver or device exists.
#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/Runner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

using namespace trex::runtime;
namespace fs = std::filesystem;

namespace {

// Triton's fixtures: $TREX_FIXTURES_DIR, else the build machine's path, else a fixtures/ folder
// next to this binary (a build carried to a GPU machine); empty when none exists.
fs::path fixtures() {
  const char *override = std::getenv("TREX_FIXTURES_DIR");
  if (override && *override)
    return fs::path(override);
  std::error_code error;
  std::vector<fs::path> candidates{fs::path(TREX_FIXTURES_DIR)};
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (!error)
    candidates.push_back(self.parent_path() / "fixtures" / "triton-3.6");
  for (const fs::path &candidate : candidates)
    if (fs::exists(candidate / "add_kernel_f32_b1024" / "sm90", error))
      return candidate;
  return {};
}

class GpuRuntime : public ::testing::Test {
protected:
  void SetUp() override {
    try {
      driver_ = openDriver(Backend::CUDA);
    } catch (const NoDriverError &error) {
      GTEST_SKIP() << error.what();
    }
    if (driver_->properties().arch != "sm90")
      GTEST_SKIP() << "the fixture PTX targets sm_90a";
    fs::path root = fixtures();
    if (root.empty())
      GTEST_SKIP() << "Triton's fixtures are not here (neither at " TREX_FIXTURES_DIR
                      " nor in fixtures/triton-3.6 next to this binary): set TREX_FIXTURES_DIR";
    fs::path source = root / "add_kernel_f32_b1024" / "sm90";
    artifacts_ = fs::path(::testing::TempDir()) / "trex-gpu-add";
    fs::remove_all(artifacts_);
    fs::create_directories(artifacts_);
    fs::copy_file(source / "add_kernel_f32_b1024.ptx", artifacts_ / "add_kernel.ptx");
    fs::copy_file(source / "add_kernel_f32_b1024.json", artifacts_ / "add_kernel.json");
  }

  RunRequest request(int elements, int nElementsArgument) {
    RunRequest request;
    request.signature = "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024";
    request.parameterNames = {"x", "y", "out", "n"};
    request.grid.x = static_cast<unsigned>((nElementsArgument + 1023) / 1024);
    std::string count = std::to_string(elements);
    request.arguments = {{"x", "randn:" + count}, {"y", "arange:" + count},
                         {"out", "zeros:" + count}, {"n", std::to_string(nElementsArgument)}};
    request.printNames = {"x", "y", "out"};
    request.printLimit = static_cast<std::size_t>(elements);
    return request;
  }

  std::unique_ptr<Driver> driver_;
  fs::path artifacts_;
};

} // namespace

TEST_F(GpuRuntime, VectorAddMatchesHost) {
  RunRequest run = request(10000, 10000);
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts_.string()), run);
  RunResult result = executeLaunch(*driver_, plan, run);
  ASSERT_EQ(result.printed.size(), 3u);
  for (std::size_t index = 0; index < 10000; ++index)
    ASSERT_EQ(static_cast<float>(result.printed[2].values[index]),
              static_cast<float>(result.printed[0].values[index]) +
                  static_cast<float>(result.printed[1].values[index]))
        << index;
  EXPECT_GT(result.attributes.registers, 0);
}

TEST_F(GpuRuntime, BenchmarkGivesPositiveTimes) {
  RunRequest run = request(1 << 24, 1 << 24);
  run.printNames.clear();
  run.benchmark = true;
  run.benchmarkOptions.warmupMilliseconds = 5;
  run.benchmarkOptions.repetitionMilliseconds = 20;
  RunResult result = executeLaunch(*driver_, planLaunch(findKernelArtifacts(artifacts_.string()), run), run);
  ASSERT_TRUE(result.timing.has_value());
  EXPECT_GT(result.timing->minMilliseconds, 0);
  EXPECT_LE(result.timing->minMilliseconds, result.timing->medianMilliseconds);
  EXPECT_LE(result.timing->medianMilliseconds, result.timing->maxMilliseconds);
  run.benchmarkOptions.useGraph = true;
  RunResult graph = executeLaunch(*driver_, planLaunch(findKernelArtifacts(artifacts_.string()), run), run);
  EXPECT_GT(graph.timing->medianMilliseconds, 0);
}

// Last: the fault poisons the context for the rest of the process.
TEST_F(GpuRuntime, ZOutOfBoundsStoreReportsTheError) {
  // n says 64M elements but the buffers hold 1024: the stores run far past them.
  RunRequest run = request(1024, 1 << 26);
  run.printNames.clear();
  try {
    executeLaunch(*driver_, planLaunch(findKernelArtifacts(artifacts_.string()), run), run);
    GTEST_SKIP() << "the out-of-bounds accesses landed in mapped memory";
  } catch (const DriverError &error) {
    EXPECT_NE(std::string(error.what()).find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos)
        << error.what();
  }
}
