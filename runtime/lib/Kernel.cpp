// Kernel: module load, shared-memory opt-in and launch.
#include "trex/Runtime/Kernel.h"

#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"

namespace trex::runtime {

namespace {

// Above this a kernel must opt in to dynamic shared memory on NVIDIA GPUs.
constexpr std::int64_t kDefaultSharedLimit = 48 * 1024;

} // namespace

LaunchDimensions launchDimensions(const KernelInfo &info, const Grid &grid) {
  LaunchDimensions dimensions;
  dimensions.gridX = grid.x;
  dimensions.gridY = grid.y;
  dimensions.gridZ = grid.z;
  dimensions.blockX = static_cast<unsigned>(info.threadsPerProgram());
  dimensions.sharedBytes = static_cast<unsigned>(info.shared);
  dimensions.clusterX = static_cast<unsigned>(info.numCTAs);
  dimensions.cooperative = info.launchCooperativeGrid;
  return dimensions;
}

Kernel::Kernel(Driver &driver, const KernelArtifacts &artifacts)
    : driver_(driver), info_(artifacts.info) {
  if (driver.backend() != info_.backend)
    throw Error("the kernel was compiled for " +
                std::string(info_.backend == Backend::CUDA ? "CUDA" : "HIP") +
                " but the driver is " + (driver.backend() == Backend::CUDA ? "CUDA" : "HIP"));
  std::string image = readFileBytes(artifacts.binaryPath);
  bool elf = artifacts.binaryKind != KernelArtifacts::BinaryKind::PTX;
  if (elf && !looksLikeElf(image))
    throw Error("corrupt kernel binary '" + artifacts.binaryPath + "' (not an ELF file)");
  if (!elf && image.find(".entry") == std::string::npos)
    throw Error("corrupt PTX '" + artifacts.binaryPath + "' (no .entry)");
  module_ = driver_.loadModule(image);
  try {
    function_ = driver_.getFunction(module_, info_.name);
    if (info_.shared > kDefaultSharedLimit && info_.backend == Backend::CUDA) {
      std::int64_t available = driver_.properties().maxSharedPerBlockOptin;
      FunctionAttributes attributes = driver_.functionAttributes(function_);
      if (info_.shared + attributes.staticSharedBytes > available)
        throw Error("the kernel needs " + std::to_string(info_.shared) +
                    " bytes of shared memory; the device allows " + std::to_string(available));
      driver_.setMaxDynamicShared(function_,
                                  static_cast<int>(available - attributes.staticSharedBytes));
    }
  } catch (...) {
    driver_.unloadModule(module_);
    throw;
  }
}

Kernel::~Kernel() {
  try {
    driver_.unloadModule(module_);
  } catch (const Error &) {
    // A faulted context refuses the unload; nothing else can be done with it.
  }
}

void Kernel::launch(const Grid &grid, PackedArguments &arguments) {
  driver_.launch(function_, launchDimensions(info_, grid), arguments.pointers());
}

} // namespace trex::runtime
