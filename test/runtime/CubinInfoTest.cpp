// Cubin facts: a cubin assembled by ptxas from the fixture PTX (when ptxas is installed) gives
// the register count ptxas reports, and malformed images are errors, never crashes.
#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <unistd.h>

using namespace trex::runtime;
namespace fs = std::filesystem;

namespace {

// Assembles the fixture's PTX; empty when ptxas is not available.
std::string assembleFixture(const std::string &spec) {
  std::string ptxas = TREX_PTXAS;
  if (ptxas.empty() || !fs::exists(ptxas))
    return "";
  // One file per process: ctest runs the parameterized cases side by side.
  fs::path output =
      fs::path(::testing::TempDir()) / (spec + "-" + std::to_string(::getpid()) + ".cubin");
  std::string command = ptxas + " --gpu-name sm_90a " + TREX_FIXTURES_DIR "/" + spec + "/sm90/" +
                        spec + ".ptx -o " + output.string();
  if (std::system(command.c_str()) != 0)
    return "";
  return readFileBytes(output.string());
}

} // namespace

TEST(CubinInfo, MatmulRegistersAndParameters) {
  std::string cubin = assembleFixture("matmul_f16_128x256x64_w8_s3");
  if (cubin.empty())
    GTEST_SKIP() << "ptxas not available";
  CubinKernelInfo info = readCubinKernelInfo(cubin, "matmul_kernel");
  ASSERT_TRUE(info.registers.has_value());
  EXPECT_GT(*info.registers, 128); // ptxas -v: 207 with CUDA 13's ptxas
  EXPECT_LE(*info.registers, 255);
  ASSERT_TRUE(info.frameBytes.has_value());
  EXPECT_EQ(*info.frameBytes, 0);
  // 9 user arguments (pointers then i32) and the two hidden scratch pointers.
  EXPECT_EQ(info.parameterSizes, (std::vector<int>{8, 8, 8, 4, 4, 4, 4, 4, 4, 8, 8}));
  EXPECT_THROW(readCubinKernelInfo(cubin, "other_kernel"), Error);
}

TEST(CubinInfo, AddKernel) {
  std::string cubin = assembleFixture("add_kernel_f32_b1024");
  if (cubin.empty())
    GTEST_SKIP() << "ptxas not available";
  CubinKernelInfo info = readCubinKernelInfo(cubin, "add_kernel");
  EXPECT_EQ(info.parameterSizes, (std::vector<int>{8, 8, 8, 4, 8, 8}));
  ASSERT_TRUE(info.registers.has_value());
  EXPECT_GT(*info.registers, 8);
  // Every truncation of a real cubin is an error, never a crash.
  for (std::size_t size : {0ul, 3ul, 16ul, 63ul, 64ul, 200ul, cubin.size() / 2, cubin.size() - 1}) {
    std::string truncated = cubin.substr(0, size);
    try {
      readCubinKernelInfo(truncated, "add_kernel");
    } catch (const Error &) {
    }
  }
}

TEST(CubinInfo, RejectsNonElf) {
  EXPECT_FALSE(looksLikeElf(".version 8.7"));
  EXPECT_THROW(readCubinKernelInfo(".version 8.7\n.target sm_90a", "k"), Error);
  std::string header(64, '\0');
  header.replace(0, 4, "\x7f" "ELF");
  header[4] = 1; // 32-bit
  EXPECT_THROW(readCubinKernelInfo(header, "k"), Error);
  header[4] = 2;
  header[5] = 1;
  EXPECT_THROW(readCubinKernelInfo(header, "k"), Error); // no sections
}
