// The AOT launcher's C: what the generator refuses and how it names things, and that the
// launcher, compiled by the host's cc against the fake CUDA driver (test/launcher/Inputs),
// passes what trex's runtime passes: the same parameter count, the same bytes for each user
// argument as PackedArguments, and the same scratch bytes as scratchBytes() for each grid.
#include "trex/Runtime/AotLauncher.h"
#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/Kernel.h"
#include "trex/Runtime/ScalarValue.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include <unistd.h>

using namespace trex::runtime;
namespace fs = std::filesystem;

namespace {

const char *const kLayerNorm = "layernorm_f32_b1024_w8";
const char *const kLayerNormSignature =
    "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 1024";

// Triton's own PTX of the fixture assembled by ptxas ("" without ptxas or fixtures).
std::string assembleFixture(const std::string &spec) {
  std::string ptxas = TREX_PTXAS;
  if (ptxas.empty() || !fs::exists(ptxas))
    return "";
  // One file per process: ctest runs the parameterized cases side by side.
  fs::path output = fs::path(::testing::TempDir()) /
                    (spec + "-" + std::to_string(::getpid()) + "-launcher.cubin");
  std::string command = ptxas + " --gpu-name sm_90a " + TREX_FIXTURES_DIR "/" + spec + "/sm90/" +
                        spec + ".ptx -o " + output.string();
  if (std::system(command.c_str()) != 0)
    return "";
  return readFileBytes(output.string());
}

KernelInfo layerNormInfo() {
  return parseKernelInfo(readFileBytes(std::string(TREX_FIXTURES_DIR "/") + kLayerNorm + "/sm90/" +
                                       kLayerNorm + ".json"),
                         kLayerNorm);
}

// An ELF header is all the generator needs when it cannot read the kernel's parameters.
AotLauncherRequest minimalRequest() {
  AotLauncherRequest request;
  request.info.name = "kernel";
  request.info.arch = "sm90";
  request.cubin = std::string("\x7f"
                              "ELF",
                              4) +
                  std::string(60, '\0');
  request.signature = parseSignature("*fp32:16, i32");
  return request;
}

} // namespace

TEST(AotLauncher, RefusesHipKernelsAndMissingCubins) {
  AotLauncherRequest request = minimalRequest();
  request.info.backend = Backend::HIP;
  request.info.arch = "gfx942";
  try {
    generateAotLauncher(request);
    FAIL() << "a HIP kernel was accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("CUDA driver API"), std::string::npos);
  }
  request = minimalRequest();
  request.cubin = "// PTX";
  EXPECT_THROW(generateAotLauncher(request), Error);
  request = minimalRequest();
  request.launcherName = "not-an-identifier";
  EXPECT_THROW(generateAotLauncher(request), Error);
  request = minimalRequest();
  request.info.globalScratchAlign = 96;
  EXPECT_THROW(generateAotLauncher(request), Error);
  // A host tensor descriptor needs its layout from the metadata (block, element type,
  // swizzle) to encode the CUtensorMap: without it the launcher is refused by name.
  request = minimalRequest();
  request.signature = parseSignature("tensordesc<fp16[64, 64]>, i32");
  try {
    generateAotLauncher(request);
    FAIL() << "a host descriptor without its layout was accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what())
                  .find("the signature has 1 host tensor descriptor(s) but the metadata "
                        "describes 0"),
              std::string::npos)
        << error.what();
  }
  // A layout of another rank than the signature's block, or without an element size, is
  // refused too (the launch it generates is tested in test/launcher/host-descriptors.test).
  TensorDescriptorLayout layout;
  layout.swizzle = 3;
  layout.elementSize = 2;
  layout.elementType = 1;
  layout.blockSize = {64};
  request.info.tensorDescriptors = {layout};
  EXPECT_THROW(generateAotLauncher(request), Error);
  layout.blockSize = {64, 64};
  layout.elementSize = 0;
  request.info.tensorDescriptors = {layout};
  EXPECT_THROW(generateAotLauncher(request), Error);
}

TEST(AotLauncher, ParameterNamesAreCIdentifiersAndUnique) {
  EXPECT_EQ(launcherParameterNames({"x", "int", "stream", "trex_buffer", "", "x", "x_"}, 8),
            (std::vector<std::string>{"x", "int_", "stream_", "trex_buffer_", "arg4", "x_", "x__",
                                      "arg7"}));
  EXPECT_EQ(launcherParameterNames({"préfixe", "9a", "grid_x"}, 3),
            (std::vector<std::string>{"arg0", "arg1", "grid_x_"}));
  EXPECT_EQ(
      launcherParameterNames({"norm_cubin", "cuLaunchKernel", "CU_STREAM", "cute", "norm"}, 5,
                             "norm"),
      (std::vector<std::string>{"norm_cubin_", "cuLaunchKernel_", "CU_STREAM_", "cute", "norm"}));
}

TEST(AotLauncher, HeaderDeclaresTheApiAndMetadata) {
  std::string cubin = assembleFixture(kLayerNorm);
  if (cubin.empty())
    GTEST_SKIP() << "needs ptxas and the fixtures";
  AotLauncherRequest request;
  request.info = layerNormInfo();
  request.info.globalScratchSize = 384;
  request.info.globalScratchAlign = 128;
  request.info.shared = 65536;
  request.signature = parseSignature(kLayerNormSignature);
  request.parameterNames = {"X", "Y", "W", "B", "Mean", "Rstd", "stride", "N", "eps"};
  request.cubin = cubin;
  request.launcherName = "norm";
  AotLauncherSources sources = generateAotLauncher(request);
  EXPECT_EQ(sources.name, "norm");
  for (const char *expected :
       {"#define norm_GLOBAL_SCRATCH_SIZE 384u", "#define norm_GLOBAL_SCRATCH_ALIGN 128u",
        "#define norm_SHARED_BYTES 65536", "#define norm_NUM_PARAMS 11", "#define norm_NUM_WARPS 8",
        "#define norm_THREADS_PER_PROGRAM 256", "#define norm_KERNEL_NAME \"layer_norm_fwd\"",
        "CUresult norm_load(void);", "int32_t N,\n    float eps);",
        "const char *norm_last_error(void);",
        "void norm_set_scratch_allocator(const norm_allocator *allocator);"})
    EXPECT_NE(sources.header.find(expected), std::string::npos) << expected;
  // More than 48 KiB of shared memory: the opt-in.
  EXPECT_NE(sources.source.find("CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES"),
            std::string::npos);
  EXPECT_EQ(sources.source.find('@'), std::string::npos) << "a placeholder was left";

  // A signature that does not match the cubin's parameters is refused.
  request.signature = parseSignature("*fp32:16, *fp32:16, i32");
  EXPECT_THROW(generateAotLauncher(request), Error);
}

// The C launcher against the C++ runtime, on Triton's own layer-norm cubin with scratch sizes
// set in its metadata (global 384 bytes aligned to 128, profile 96 aligned to 32), with one
// CTA per program and with clusters of two, each launched plainly and cooperatively
// (launch_cooperative_grid).
class AotLauncherAgreement : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(AotLauncherAgreement, SameParametersAndScratchAsTheRuntime) {
  std::string cubin = assembleFixture(kLayerNorm);
  std::string cc = TREX_HOST_CC, cudaInclude = TREX_CUDA_INCLUDE_DIR;
  if (cubin.empty() || cc.empty() || cudaInclude.empty())
    GTEST_SKIP() << "needs ptxas, the fixtures, a C compiler and cuda.h";
  AotLauncherRequest request;
  request.info = layerNormInfo();
  request.info.globalScratchSize = 384;
  request.info.globalScratchAlign = 128;
  request.info.profileScratchSize = 96;
  request.info.profileScratchAlign = 32;
  request.info.numCTAs = std::get<0>(GetParam());
  request.info.launchCooperativeGrid = std::get<1>(GetParam());
  request.signature = parseSignature(kLayerNormSignature);
  request.parameterNames = {"X", "Y", "W", "B", "Mean", "Rstd", "stride", "N", "eps"};
  request.cubin = cubin;
  AotLauncherSources sources = generateAotLauncher(request);

  fs::path folder = fs::path(::testing::TempDir()) /
                    ("aot-launcher-agreement-" + std::to_string(request.info.numCTAs) +
                     (request.info.launchCooperativeGrid ? "-cooperative" : ""));
  fs::create_directories(folder);
  std::ofstream(folder / (sources.name + ".h")) << sources.header;
  std::ofstream(folder / (sources.name + ".c")) << sources.source;

  // The cubin's parameter sizes are what the real driver copies from each pointer.
  CubinKernelInfo facts = readCubinKernelInfo(cubin, request.info.name);
  ASSERT_EQ(facts.parameterSizes.size(), 11u);
  const std::vector<Grid> grids = {{1, 1, 1}, {7, 3, 2}, {65535, 2, 1}, {1, 65535, 3}};
  std::ostringstream main;
  main << "#include \"layer_norm_fwd.h\"\n#include \"fake_cuda.h\"\n#include <stdio.h>\n"
       << "int main(void) {\n  static const int sizes[] = {";
  for (int size : facts.parameterSizes)
    main << size << ", ";
  main << "};\n  int index, byte;\n  fake_cuda_set_param_sizes(sizes, "
       << facts.parameterSizes.size() << ");\n"
       << "  if (layer_norm_fwd_load() != CUDA_SUCCESS) return 1;\n";
  for (const Grid &grid : grids)
    main << "  if (layer_norm_fwd_launch(0, " << grid.x << ", " << grid.y << ", " << grid.z
         << ", 0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000, 4096, 1024, 1e-5f) != 0) {\n"
         << "    printf(\"error %s\\n\", layer_norm_fwd_last_error());\n    return 1;\n  }\n"
         << "  {\n    const fake_cuda_launch *l = fake_cuda_last_launch();\n"
         << "    printf(\"record %u %u %u %u %u %u %d %d %lu %lu %llu\", l->grid[0], l->grid[1], "
            "l->grid[2], l->block_x, l->shared, l->cluster_x, l->cooperative, l->count, "
            "(unsigned long)l->global_scratch_bytes, (unsigned long)l->profile_scratch_bytes, "
            "l->global_scratch_offset);\n"
         << "    for (index = 0; index + 2 < l->count; ++index) {\n      printf(\" \");\n"
         << "      for (byte = 0; byte < sizes[index]; ++byte)\n"
         << "        printf(\"%02x\", l->bytes[index][byte]);\n    }\n    printf(\"\\n\");\n  }\n";
  // A grid whose scratch overflows: refused by both.
  main << "  printf(\"overflow %d\\n\", (int)layer_norm_fwd_scratch_bytes(2147483647u, 65535u, "
          "65535u, NULL, NULL));\n";
  main << "  return fake_cuda_live_bytes() == 0 ? 0 : 2;\n}\n";
  std::ofstream(folder / "main.c") << main.str();

  std::string inputs = TREX_LAUNCHER_TEST_INPUTS;
  std::string command = cc + " -std=c99 -Wall -Wextra -pedantic -Werror -isystem " + cudaInclude +
                        " -I" + folder.string() + " -I" + inputs + " " +
                        (folder / (sources.name + ".c")).string() + " " +
                        (folder / "main.c").string() + " " + inputs + "/fake_cuda.c -o " +
                        (folder / "main").string() + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::string output = (folder / "output.txt").string();
  ASSERT_EQ(std::system(((folder / "main").string() + " > " + output).c_str()), 0);

  // What the runtime passes for the same values.
  std::vector<ArgumentValue> values;
  for (DevicePointer pointer : {0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000})
    values.push_back(ArgumentValue::ofPointer(pointer));
  values.push_back(ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I32, "4096")));
  values.push_back(ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I32, "1024")));
  values.push_back(ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::FP32, "1e-5")));
  PackedArguments packed(values, 0, 0);

  std::istringstream lines(readFileBytes(output));
  std::size_t launches = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("record ", 0) != 0)
      continue;
    ASSERT_LT(launches, grids.size());
    const Grid &grid = grids[launches++];
    std::istringstream fields(line.substr(7));
    unsigned gridX, gridY, gridZ, block, shared, cluster;
    int cooperative;
    std::size_t count, globalBytes, profileBytes, globalOffset;
    fields >> gridX >> gridY >> gridZ >> block >> shared >> cluster >> cooperative >> count >>
        globalBytes >> profileBytes >> globalOffset;
    LaunchDimensions dimensions = launchDimensions(request.info, grid);
    SCOPED_TRACE("grid " + std::to_string(grid.x) + "," + std::to_string(grid.y) + "," +
                 std::to_string(grid.z));
    EXPECT_EQ(gridX,
              dimensions.clusterX > 1 ? dimensions.gridX * dimensions.clusterX : dimensions.gridX);
    EXPECT_EQ(gridY, dimensions.gridY);
    EXPECT_EQ(gridZ, dimensions.gridZ);
    EXPECT_EQ(block, dimensions.blockX);
    EXPECT_EQ(shared, dimensions.sharedBytes);
    EXPECT_EQ(cluster, dimensions.clusterX);
    EXPECT_EQ(cooperative != 0, dimensions.cooperative);
    EXPECT_EQ(count, packed.count());
    EXPECT_EQ(globalBytes, scratchBytes(384, grid, request.info.numCTAs));
    EXPECT_EQ(profileBytes, scratchBytes(96, grid, request.info.numCTAs));
    EXPECT_EQ(globalOffset, 0u);
    for (std::size_t index = 0; index + 2 < packed.count(); ++index) {
      std::string expected, written;
      fields >> written;
      static const char digits[] = "0123456789abcdef";
      for (std::size_t byte = 0; byte < packed.size(index); ++byte) {
        unsigned char value = packed.bytes()[packed.offset(index) + byte];
        expected += digits[value >> 4];
        expected += digits[value & 15];
      }
      EXPECT_EQ(written, expected) << "argument " << index;
    }
  }
  EXPECT_EQ(launches, grids.size());
  EXPECT_NE(readFileBytes(output).find("overflow 1\n"), std::string::npos)
      << "CUDA_ERROR_INVALID_VALUE expected";
  EXPECT_THROW(scratchBytes(384, Grid{2147483647u, 65535u, 65535u}, request.info.numCTAs), Error);
}

INSTANTIATE_TEST_SUITE_P(CTAsPerProgram, AotLauncherAgreement,
                         ::testing::Combine(::testing::Values(1, 2), ::testing::Bool()));
