// Runner: planning (bad input caught before launch) and execution on the fake driver — buffers,
// scalars, hidden scratch sizes and alignment, allocator hooks, the shared-memory opt-in,
// --print — and the no-driver path.
#include "FakeDriver.h"

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Runner.h"
#include "trex/Runtime/ScratchAllocator.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace trex::runtime;
using trex::runtime::testing::FakeDriver;
namespace fs = std::filesystem;

namespace {

const char *kAddSignature = "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024";

// add_kernel's artifacts with a PTX binary and the given metadata overrides.
fs::path writeArtifacts(const std::string &name, const std::string &extraKeys,
                        bool withSignature = true) {
  fs::path directory = fs::path(::testing::TempDir()) / ("trex-runner-" + name);
  fs::remove_all(directory);
  fs::create_directories(directory);
  std::string metadata = "{\"name\": \"add_kernel\", \"backend_name\": \"cuda\", \"arch\": "
                         "\"sm90\", \"num_warps\": 4, \"warp_size\": 32" + extraKeys + "}";
  if (withSignature)
    metadata = annotateKernelInfo(metadata, kAddSignature, {"x_ptr", "y_ptr", "output_ptr", "n_elements"});
  std::ofstream(directory / "add_kernel.json") << metadata;
  std::ofstream(directory / "add_kernel.ptx") << ".version 8.7\n.entry add_kernel()\n{}\n";
  return directory;
}

RunRequest addRequest() {
  RunRequest request;
  request.grid = parseGrid("4,2");
  request.arguments = {{"x_ptr", "arange:4096"}, {"y_ptr", "ones:4096"},
                       {"output_ptr", "zeros:4096"}, {"n_elements", "4096"}};
  return request;
}

// The fake kernel: output[i] = x[i] + y[i] for the first `count` elements.
void addKernelBody(FakeDriver &driver, const FakeDriver::Launch &launch) {
  int count = static_cast<int>(launch.parameterWords[3]);
  auto *x = reinterpret_cast<float *>(driver.memory(launch.parameterWords[0]).data());
  auto *y = reinterpret_cast<float *>(driver.memory(launch.parameterWords[1]).data());
  auto *out = reinterpret_cast<float *>(driver.memory(launch.parameterWords[2]).data());
  for (int index = 0; index < count; ++index)
    out[index] = x[index] + y[index];
}

std::string planError(const fs::path &artifacts, const RunRequest &request) {
  try {
    planLaunch(findKernelArtifacts(artifacts.string()), request);
  } catch (const Error &error) {
    return error.what();
  }
  return "no error";
}

} // namespace

TEST(Runner, RunsOnTheFakeDriverWithHiddenScratch) {
  fs::path artifacts = writeArtifacts(
      "run", ", \"global_scratch_size\": 96, \"global_scratch_align\": 128, "
             "\"profile_scratch_size\": 0, \"profile_scratch_align\": 1");
  RunRequest request = addRequest();
  request.printNames = {"output_ptr", "n_elements"};
  request.printLimit = 4;
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts.string()), request);
  EXPECT_EQ(plan.globalScratchBytes, 96u * 8);
  EXPECT_EQ(plan.profileScratchBytes, 0u);

  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  driver.kernelBody = addKernelBody;
  RunResult result = executeLaunch(driver, plan, request);
  ASSERT_EQ(driver.launches.size(), 1u);
  const FakeDriver::Launch &launch = driver.launches[0];
  EXPECT_EQ(launch.dimensions.gridX, 4u);
  EXPECT_EQ(launch.dimensions.gridY, 2u);
  EXPECT_EQ(launch.dimensions.blockX, 128u);
  EXPECT_EQ(launch.dimensions.clusterX, 1u);
  EXPECT_EQ(launch.parameterWords[3], 4096u);
  EXPECT_NE(launch.parameterWords[4], 0u);         // global scratch
  EXPECT_EQ(launch.parameterWords[4] % 128, 0u);   // aligned as the metadata says
  EXPECT_EQ(launch.parameterWords[5], 0u);         // no profile scratch: null
  EXPECT_NE(std::find(driver.allocations.begin(), driver.allocations.end(), 96u * 8),
            driver.allocations.end());
  ASSERT_EQ(result.printed.size(), 2u);
  EXPECT_EQ(result.printed[0].count, 4096u);
  EXPECT_EQ(result.printed[0].values, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(result.printed[1].values, (std::vector<double>{4096}));
  EXPECT_EQ(result.bufferBytes, 3u * 4096 * 4);
  EXPECT_EQ(driver.liveAllocations(), 0u); // buffers and scratch freed
  std::string text = renderRunText(result);
  EXPECT_NE(text.find("output_ptr (*fp32, 4096 elements): [1, 2, 3, 4, ...]"), std::string::npos) << text;
  std::string json = renderRunJSON(result);
  EXPECT_NE(json.find("\"global_scratch_bytes\": 768"), std::string::npos) << json;
}

// --dump-global-scratch: each program's part of the global scratch (where a device-side
// tensor descriptor lives) comes back at base + program x global_scratch_size, with the base.
TEST(Runner, DumpsTheGlobalScratchWithItsBase) {
  fs::path artifacts =
      writeArtifacts("dump", ", \"global_scratch_size\": 96, \"global_scratch_align\": 128, "
                             "\"profile_scratch_size\": 0, \"profile_scratch_align\": 1");
  RunRequest request = addRequest();
  request.globalScratchDump = (artifacts / "scratch.bin").string();
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts.string()), request);
  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  // Program p writes p + 1 into the first byte of its part (8 programs: a 4 x 2 grid).
  driver.kernelBody = [](FakeDriver &fake, const FakeDriver::Launch &launch) {
    for (std::uint8_t program = 0; program < 8; ++program) {
      std::uint8_t mark = program + 1;
      fake.copyToDevice(launch.parameterWords[4] + program * 96u, &mark, 1);
    }
  };
  RunResult result = executeLaunch(driver, plan, request);
  ASSERT_EQ(driver.launches.size(), 1u);
  EXPECT_EQ(result.globalScratchBase, driver.launches[0].parameterWords[4]);
  EXPECT_EQ(result.globalScratchPerProgram, 96u);
  std::ifstream dumped(request.globalScratchDump, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(dumped)),
                          std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 96u * 8);
  for (int program = 0; program < 8; ++program)
    EXPECT_EQ(bytes[program * 96], program + 1) << program;
  std::string json = renderRunJSON(result);
  EXPECT_NE(json.find("\"global_scratch_base\": " + std::to_string(result.globalScratchBase)),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"global_scratch_per_program\": 96"), std::string::npos) << json;
}

TEST(Runner, RegisteredAllocatorsProvideScratch) {
  fs::path artifacts = writeArtifacts(
      "hooks", ", \"global_scratch_size\": 10, \"global_scratch_align\": 16, "
               "\"profile_scratch_size\": 4, \"profile_scratch_align\": 8, \"num_ctas\": 2");
  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  std::vector<std::pair<std::size_t, std::size_t>> requests;
  std::vector<DevicePointer> released;
  auto hook = [&](std::size_t bytes, std::size_t alignment) {
    requests.emplace_back(bytes, alignment);
    return driver.allocate(bytes);
  };
  setScratchAllocator({hook, [&](DevicePointer pointer) { released.push_back(pointer); driver.free(pointer); }});
  setProfileScratchAllocator({hook, [&](DevicePointer pointer) { released.push_back(pointer); driver.free(pointer); }});
  RunRequest request = addRequest();
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts.string()), request);
  executeLaunch(driver, plan, request);
  setScratchAllocator({});
  setProfileScratchAllocator({});
  // size x gridX x gridY x gridZ x num_ctas, with the metadata's alignment.
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0], (std::pair<std::size_t, std::size_t>{10 * 8 * 2, 16}));
  EXPECT_EQ(requests[1], (std::pair<std::size_t, std::size_t>{4 * 8 * 2, 8}));
  EXPECT_EQ(released.size(), 2u);
  EXPECT_EQ(driver.launches[0].dimensions.clusterX, 2u);
  EXPECT_EQ(driver.launches[0].parameterWords[4], released[1]); // destroyed in reverse order
}

// launch_cooperative_grid in the metadata (trex compile --launch-cooperative-grid, a launch's
// launch_cooperative_grid=True): the launch asks the driver for a cooperative one.
TEST(Runner, CooperativeGridLaunchesCooperatively) {
  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  RunRequest request = addRequest();
  fs::path cooperative = writeArtifacts("cooperative", ", \"launch_cooperative_grid\": true");
  executeLaunch(driver, planLaunch(findKernelArtifacts(cooperative.string()), request), request);
  fs::path plain = writeArtifacts("plain", ", \"launch_cooperative_grid\": false");
  executeLaunch(driver, planLaunch(findKernelArtifacts(plain.string()), request), request);
  ASSERT_EQ(driver.launches.size(), 2u);
  EXPECT_TRUE(driver.launches[0].dimensions.cooperative);
  EXPECT_FALSE(driver.launches[1].dimensions.cooperative);
}

TEST(Runner, LargeSharedMemoryOptsIn) {
  fs::path artifacts = writeArtifacts("shared", ", \"shared\": 197632");
  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  RunRequest request = addRequest();
  executeLaunch(driver, planLaunch(findKernelArtifacts(artifacts.string()), request), request);
  EXPECT_EQ(driver.maxDynamicShared, 232448);
  EXPECT_EQ(driver.launches[0].dimensions.sharedBytes, 197632u);
}

TEST(Runner, BadInputIsCaughtBeforeLaunch) {
  fs::path artifacts = writeArtifacts("bad", "");
  RunRequest request = addRequest();
  request.arguments[2].name = "out";
  EXPECT_EQ(planError(artifacts, request),
            "unknown argument 'out' (the kernel's arguments: x_ptr, y_ptr, output_ptr, n_elements)");
  request = addRequest();
  request.arguments.pop_back();
  EXPECT_EQ(planError(artifacts, request),
            "missing argument: n_elements (give each with --arg NAME=VALUE)");
  request = addRequest();
  request.arguments[3].value = "rand:4096";
  EXPECT_EQ(planError(artifacts, request),
            "argument 'n_elements' (i32): 'rand:4096' is not an integer in range (i32)");
  // A bare number for a pointer is not taken as a buffer of that many zeros.
  request = addRequest();
  request.arguments[0].value = "4096";
  EXPECT_EQ(planError(artifacts, request),
            "argument 'x_ptr' (*fp32): '4096' is not a buffer spec: a pointer argument takes "
            "FILL:COUNT with FILL one of rand, randn, zeros, ones or arange (e.g. zeros:4096)");
  request = addRequest();
  request.printNames = {"z"};
  EXPECT_EQ(planError(artifacts, request), "--print 'z' names no argument of the kernel");
  request = addRequest();
  request.signature = "*fp32, *fp33";
  EXPECT_NE(planError(artifacts, request).find("unknown type '*fp33'"), std::string::npos);

  fs::path unsigned_ = writeArtifacts("unsigned", "", /*withSignature=*/false);
  request = addRequest();
  EXPECT_NE(planError(unsigned_, request).find("signature is unknown: pass --signature"),
            std::string::npos);
  // With --signature but no names: positional values and argI names.
  request.signature = kAddSignature;
  request.arguments = {{"", "rand:8"}, {"", "rand:8"}, {"arg3", "8"}, {"", "zeros:8"}};
  LaunchPlan plan = planLaunch(findKernelArtifacts(unsigned_.string()), request);
  EXPECT_EQ(plan.arguments[2].valueText, "zeros:8");
  EXPECT_EQ(plan.arguments[3].name, "arg3");
}

TEST(Runner, CorruptBinaryIsAnError) {
  fs::path artifacts = writeArtifacts("corrupt", "");
  fs::remove(artifacts / "add_kernel.ptx");
  std::ofstream(artifacts / "add_kernel.cubin") << "not an elf";
  RunRequest request = addRequest();
  std::ostringstream out, err;
  FakeDriver *created = nullptr;
  int code = runFromArtifacts(artifacts.string(), request, out, err, [&](Backend) {
    auto driver = std::make_unique<FakeDriver>();
    created = driver.get();
    return std::unique_ptr<Driver>(std::move(driver));
  });
  EXPECT_EQ(code, 1);
  EXPECT_EQ(err.str().rfind("error: ", 0), 0u);
  EXPECT_NE(err.str().find("not a cubin"), std::string::npos) << err.str();
  EXPECT_EQ(created, nullptr); // caught while planning, before any driver work
}

TEST(Runner, NoDriverGivesAClearError) {
  ::setenv("TREX_CUDA_LIBRARY", "libtrex-no-such-driver.so.1", 1);
  try {
    openDriver(Backend::CUDA);
    FAIL() << "expected NoDriverError";
  } catch (const NoDriverError &error) {
    EXPECT_EQ(std::string(error.what()).rfind("no CUDA driver (libtrex-no-such-driver.so.1) found", 0), 0u)
        << error.what();
  }
  fs::path artifacts = writeArtifacts("nodriver", "");
  RunRequest request = addRequest();
  request.json = true;
  std::ostringstream out, err;
  EXPECT_EQ(runFromArtifacts(artifacts.string(), request, out, err), 1);
  EXPECT_NE(err.str().find("error: no CUDA driver"), std::string::npos);
  EXPECT_NE(out.str().find("\"no_driver\": true"), std::string::npos) << out.str();
  ::unsetenv("TREX_CUDA_LIBRARY");
  ::setenv("TREX_HIP_LIBRARY", "libtrex-no-such-hip.so", 1);
  EXPECT_THROW(openDriver(Backend::HIP), NoDriverError);
  ::unsetenv("TREX_HIP_LIBRARY");
}

namespace {

// copy_tiles(src, dst, 64, 64) of test/frontend/host-descriptors.py: two host descriptors.
const char *kCopySignature = "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64";
const char *kCopyDescriptorMeta =
    ", \"tensordesc_meta\": [{\"swizzle\": 3, \"elem_size\": 2, \"elem_type\": 6, "
    "\"block_size\": [64, 64], \"fp4_padded\": false}, {\"swizzle\": 3, \"elem_size\": 2, "
    "\"elem_type\": 6, \"block_size\": [64, 64], \"fp4_padded\": false}]";

fs::path writeCopyArtifacts(const std::string &name, const std::string &extraKeys) {
  fs::path directory = fs::path(::testing::TempDir()) / ("trex-runner-" + name);
  fs::remove_all(directory);
  fs::create_directories(directory);
  std::string metadata = "{\"name\": \"copy_tiles\", \"backend_name\": \"cuda\", \"arch\": "
                         "\"sm90\", \"num_warps\": 4, \"warp_size\": 32" +
                         extraKeys + "}";
  std::ofstream(directory / "copy_tiles.json")
      << annotateKernelInfo(metadata, kCopySignature, {"src", "dst"});
  std::ofstream(directory / "copy_tiles.ptx") << ".version 8.7\n.entry copy_tiles()\n{}\n";
  return directory;
}

} // namespace

TEST(Runner, HostDescriptorsPassTheirMapShapeAndStrides) {
  fs::path artifacts = writeCopyArtifacts("descriptors", kCopyDescriptorMeta);
  RunRequest request;
  request.grid = parseGrid("2,1");
  request.arguments = {{"src", "desc:arange:128x64:64x64"}, {"dst", "desc:zeros:128x64"}};
  request.printNames = {"dst"};
  request.printLimit = 3;
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts.string()), request);
  ASSERT_EQ(plan.arguments.size(), 2u);
  EXPECT_EQ(plan.arguments[0].buffer->count, 128u * 64);

  FakeDriver driver;
  // Per descriptor: CUtensorMap, shape x2 (i32), strides x2 (i64); then the hidden pointers.
  driver.parameterSizes = {128, 4, 4, 8, 8, 128, 4, 4, 8, 8, 8, 8};
  // The fake kernel copies through the maps (the fake driver puts the address first).
  driver.kernelBody = [](FakeDriver &fake, const FakeDriver::Launch &launch) {
    auto &source = fake.memory(launch.parameterWords[0]);
    auto &destination = fake.memory(launch.parameterWords[5]);
    destination = source;
  };
  RunResult result = executeLaunch(driver, plan, request);
  ASSERT_EQ(driver.tensorMaps.size(), 2u);
  const TensorMapEncoding &map = driver.tensorMaps[0];
  EXPECT_EQ(map.globalDim, (std::vector<std::uint64_t>{64, 128}));
  EXPECT_EQ(map.globalStrides, (std::vector<std::uint64_t>{128}));
  EXPECT_EQ(map.boxDim, (std::vector<std::uint32_t>{64, 64}));
  EXPECT_EQ(map.swizzle, 3);
  EXPECT_EQ(map.dataType, 6);
  const FakeDriver::Launch &launch = driver.launches.at(0);
  EXPECT_EQ(launch.parameterBytes[0].size(), 128u);
  EXPECT_EQ(launch.parameterBytes[0][127], 0x7e); // the whole map travels
  EXPECT_EQ(launch.parameterWords[1], 128u);      // shape
  EXPECT_EQ(launch.parameterWords[2], 64u);
  EXPECT_EQ(launch.parameterWords[3], 64u); // strides
  EXPECT_EQ(launch.parameterWords[4], 1u);
  ASSERT_EQ(result.printed.size(), 1u);
  EXPECT_EQ(result.printed[0].type, "tensordesc<fp16[64, 64]>");
  EXPECT_EQ(result.printed[0].count, 128u * 64);
  EXPECT_EQ(result.printed[0].values, (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(driver.liveAllocations(), 0u);
}

TEST(Runner, BadDescriptorArgumentsAreCaughtBeforeLaunch) {
  fs::path artifacts = writeCopyArtifacts("descriptor-errors", kCopyDescriptorMeta);
  RunRequest request;
  request.grid = parseGrid("1");
  auto withSource = [&](const std::string &source) {
    RunRequest changed = request;
    changed.arguments = {{"src", source}, {"dst", "desc:zeros:128x64"}};
    return planError(artifacts, changed);
  };
  EXPECT_EQ(withSource("rand:1024"),
            "argument 'src' (tensordesc<fp16[64, 64]>): 'rand:1024' is not a descriptor spec: a "
            "tensor-descriptor argument takes desc:FILL:SHAPE[:BLOCK], e.g. "
            "desc:rand:512x256:64x32");
  EXPECT_EQ(withSource("desc:rand:128x64:64x32"),
            "argument 'src' (tensordesc<fp16[64, 64]>): the block shape in "
            "'desc:rand:128x64:64x32' is not the signature's (tensordesc<fp16[64, 64]>)");
  EXPECT_EQ(withSource("desc:rand:4096"),
            "argument 'src' (tensordesc<fp16[64, 64]>): the tensor 'desc:rand:4096' has 1 "
            "dimensions but the descriptor's block 2");
  EXPECT_EQ(withSource("desc:rand:100x100"),
            "argument 'src' (tensordesc<fp16[64, 64]>): descriptor stride 0 is 200 bytes; TMA "
            "needs a multiple of 16 below 2^40");
  fs::path withoutMeta = writeCopyArtifacts("descriptor-no-meta", "");
  RunRequest copy = request;
  copy.arguments = {{"src", "desc:rand:128x64"}, {"dst", "desc:zeros:128x64"}};
  EXPECT_EQ(planError(withoutMeta, copy),
            "argument 'src' (tensordesc<fp16[64, 64]>): the metadata has no tensordesc_meta entry "
            "for this descriptor (compile it with a trex that takes host descriptors, for sm_90)");
}

// An instrumented kernel on the fake driver: the fake writes each program's profile the way
// proton_gpu.finalize does; the runner fetches, decodes and reports it, and --profile-scopes
// on a kernel without scopes is refused before any launch.
TEST(Runner, DecodesTheProfileScratchOfAnInstrumentedKernel) {
  fs::path artifacts =
      writeArtifacts("profile", ", \"profile_scratch_size\": 128, \"profile_scratch_align\": 128, "
                                "\"trex_profile_scopes\": [\"add\"]");
  RunRequest request = addRequest();
  request.profileScopes = true;
  request.tracePrograms = {3};
  LaunchPlan plan = planLaunch(findKernelArtifacts(artifacts.string()), request);
  EXPECT_EQ(plan.profileScratchBytes, 128u * 8);
  FakeDriver driver;
  driver.parameterSizes = {8, 8, 8, 4, 8, 8};
  driver.kernelBody = [](FakeDriver &fake, const FakeDriver::Launch &launch) {
    std::uint8_t *scratch = fake.memory(launch.parameterWords[5]).data();
    for (std::uint32_t program = 0; program < 8; ++program) {
      std::uint32_t words[32] = {0xdeadbeef, program, 5, 64};
      for (std::uint32_t warp = 0; warp < 4; ++warp) {
        words[4 + warp] = 4; // two records
        std::uint32_t *segment = words + 8 + 4 * warp;
        segment[0] = 0; // start of scope 0
        segment[1] = 1000;
        segment[2] = 1u << 31; // its end
        segment[3] = 1000 + 10 * (warp + 1);
      }
      std::memcpy(scratch + 128 * program, words, sizeof(words));
    }
  };
  RunResult result = executeLaunch(driver, plan, request);
  ASSERT_TRUE(result.profile.has_value());
  EXPECT_EQ(result.profile->programs.size(), 8u);
  ASSERT_EQ(result.profileSummary.size(), 1u);
  EXPECT_EQ(result.profileSummary[0].name, "add");
  EXPECT_EQ(result.profileSummary[0].count, 32u);
  EXPECT_EQ(result.profileSummary[0].minCycles, 10u);
  EXPECT_EQ(result.profileSummary[0].medianCycles, 20u);
  EXPECT_EQ(result.profileSummary[0].maxCycles, 40u);
  std::string text = renderRunText(result);
  EXPECT_NE(text.find("profile: 8 programs x 4 warps"), std::string::npos) << text;
  std::string json = renderRunJSON(result);
  EXPECT_NE(json.find("\"median_cycles\": 20"), std::string::npos) << json;
  EXPECT_NE(json.find("\"3\": ["), std::string::npos) << json; // program 3's timeline

  fs::path plain = writeArtifacts("profile-none", "");
  EXPECT_NE(planError(plain, request).find("the kernel records no profiling scopes"),
            std::string::npos);
}
