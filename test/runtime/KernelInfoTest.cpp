// Metadata reading against real Triton 3.6 JSON (every fixture spec and target), trex's own
// keys, and artifact location errors.
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace trex::runtime;
namespace fs = std::filesystem;

namespace {

const fs::path kFixtures = TREX_FIXTURES_DIR;

std::string metadataPath(const std::string &spec, const std::string &target) {
  return (kFixtures / spec / target / (spec + ".json")).string();
}

fs::path scratchDirectory(const std::string &name) {
  fs::path directory = fs::path(::testing::TempDir()) / ("trex-runtime-" + name);
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

void writeFile(const fs::path &path, const std::string &contents) {
  std::ofstream(path, std::ios::binary) << contents;
}

} // namespace

TEST(KernelInfo, ReadsTritonMetadataForEverySpec) {
  ASSERT_TRUE(fs::exists(kFixtures)) << "fixtures missing: " << kFixtures;
  struct Expected {
    const char *spec;
    const char *name;
    int numWarps;
  };
  for (Expected expected : {Expected{"add_kernel_f32_b1024", "add_kernel", 4},
                            Expected{"softmax_f32_b4096_w8", "softmax_kernel", 8},
                            Expected{"layernorm_f32_b1024_w8", "layer_norm_fwd", 8},
                            Expected{"matmul_f16_128x256x64_w8_s3", "matmul_kernel", 8}}) {
    KernelInfo sm90 = parseKernelInfo(readFileBytes(metadataPath(expected.spec, "sm90")), "sm90");
    EXPECT_EQ(sm90.name, expected.name);
    EXPECT_EQ(sm90.backend, Backend::CUDA);
    EXPECT_EQ(sm90.computeCapability, 90);
    EXPECT_EQ(sm90.numWarps, expected.numWarps);
    EXPECT_EQ(sm90.threadsPerProgram(), expected.numWarps * 32);
    KernelInfo gfx = parseKernelInfo(readFileBytes(metadataPath(expected.spec, "gfx942")), "gfx");
    EXPECT_EQ(gfx.backend, Backend::HIP);
    EXPECT_EQ(gfx.arch, "gfx942");
    EXPECT_EQ(gfx.warpSize, 64);
    // Triton's AMD JSON has no global_scratch_* keys: no scratch, alignment 1.
    EXPECT_EQ(gfx.globalScratchSize, 0);
    EXPECT_EQ(gfx.globalScratchAlign, 1);
  }
  KernelInfo matmul =
      parseKernelInfo(readFileBytes(metadataPath("matmul_f16_128x256x64_w8_s3", "sm90")), "m");
  EXPECT_GT(matmul.shared, 48 * 1024); // needs the dynamic shared-memory opt-in
  EXPECT_EQ(matmul.numStages, 3);
  EXPECT_FALSE(matmul.signature.has_value());
}

TEST(KernelInfo, TrexKeysRoundTrip) {
  std::string annotated =
      annotateKernelInfo(readFileBytes(metadataPath("add_kernel_f32_b1024", "sm90")),
                         "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024",
                         {"x_ptr", "y_ptr", "output_ptr", "n_elements"});
  KernelInfo info = parseKernelInfo(annotated, "annotated");
  ASSERT_TRUE(info.signature.has_value());
  EXPECT_EQ(*info.signature, "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024");
  EXPECT_EQ(info.parameterNames, (std::vector<std::string>{"x_ptr", "y_ptr", "output_ptr", "n_elements"}));
  EXPECT_EQ(info.name, "add_kernel");
}

TEST(KernelInfo, ReadsTensorDescriptorMetadata) {
  KernelInfo info =
      parseKernelInfo("{\"name\": \"k\", \"tensordesc_meta\": [{\"swizzle\": 2, \"elem_size\": 2, "
                      "\"elem_type\": 6, \"block_size\": [64, 32], \"fp4_padded\": false}]}",
                      "k.json");
  ASSERT_EQ(info.tensorDescriptors.size(), 1u);
  EXPECT_EQ(info.tensorDescriptors[0].swizzle, 2);
  EXPECT_EQ(info.tensorDescriptors[0].elementSize, 2);
  EXPECT_EQ(info.tensorDescriptors[0].elementType, 6);
  EXPECT_EQ(info.tensorDescriptors[0].blockSize, (std::vector<std::int64_t>{64, 32}));
  // Triton writes [] (no host descriptors) or null.
  EXPECT_TRUE(parseKernelInfo("{\"name\": \"k\", \"tensordesc_meta\": null}", "k.json")
                  .tensorDescriptors.empty());
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"tensordesc_meta\": 3}", "k.json"), Error);
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"tensordesc_meta\": [{\"swizzle\": 5, "
                               "\"elem_size\": 2, \"block_size\": [64]}]}",
                               "k.json"),
               Error);
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"tensordesc_meta\": [{\"swizzle\": 0, "
                               "\"elem_size\": 2, \"block_size\": [512]}]}",
                               "k.json"),
               Error);
}

TEST(KernelInfo, RejectsMalformedMetadata) {
  EXPECT_THROW(parseKernelInfo("{", "x.json"), Error);
  EXPECT_THROW(parseKernelInfo("[1]", "x.json"), Error);
  EXPECT_THROW(parseKernelInfo("{\"num_warps\": 4}", "x.json"), Error); // no name
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"num_warps\": \"four\"}", "x.json"), Error);
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"num_warps\": -4}", "x.json"), Error);
  EXPECT_THROW(parseKernelInfo("{\"name\": \"k\", \"backend_name\": \"metal\"}", "x.json"), Error);
}

TEST(KernelArtifacts, FindsTheBinaryNextToTheMetadata) {
  // The sm90 fixtures carry PTX, not cubins: the driver JIT path.
  KernelArtifacts ptx = findKernelArtifacts(metadataPath("add_kernel_f32_b1024", "sm90"));
  EXPECT_EQ(ptx.binaryKind, KernelArtifacts::BinaryKind::PTX);
  // gfx942 fixtures have .amdgcn text but no .hsaco: nothing loadable.
  try {
    findKernelArtifacts(metadataPath("add_kernel_f32_b1024", "gfx942"));
    FAIL() << "expected an error";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("no kernel binary next to"), std::string::npos);
  }
  fs::path directory = scratchDirectory("artifacts");
  EXPECT_THROW(findKernelArtifacts(directory.string()), Error); // no .json
  EXPECT_THROW(findKernelArtifacts((directory / "missing.json").string()), Error);
  writeFile(directory / "k.json", "{\"name\": \"k\"}");
  writeFile(directory / "k.cubin", "\x7f" "ELF");
  writeFile(directory / "k.ptx", ".entry k");
  writeFile(directory / "__trex_manifest.json", "{}");
  KernelArtifacts found = findKernelArtifacts(directory.string());
  EXPECT_EQ(found.binaryKind, KernelArtifacts::BinaryKind::Cubin);
  writeFile(directory / "other.json", "{\"name\": \"other\"}");
  EXPECT_THROW(findKernelArtifacts(directory.string()), Error); // two kernels: ambiguous
}
