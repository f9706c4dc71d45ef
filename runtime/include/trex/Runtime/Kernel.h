// Kernel: a compiled kernel loaded on a device, ready to launch with Triton's launch
// geometry (num_warps x warp_size threads, `shared` bytes of dynamic shared memory, a cluster
// of num_ctas CTAs when num_ctas > 1).
#ifndef TREX_RUNTIME_KERNEL_H
#define TREX_RUNTIME_KERNEL_H

#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/Driver.h"
#include "trex/Runtime/KernelInfo.h"

namespace trex::runtime {

// The driver's launch dimensions for `grid` (in programs, as Triton's grid counts them).
LaunchDimensions launchDimensions(const KernelInfo &info, const Grid &grid);

class Kernel {
public:
  // Reads and loads the binary, finds the function, raises the dynamic shared-memory limit
  // when the kernel needs more than the default 48 KB. Throws Error (a corrupt binary, too
  // much shared memory for the device) or DriverError.
  Kernel(Driver &driver, const KernelArtifacts &artifacts);
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const KernelInfo &info() const { return info_; }
  FunctionAttributes attributes() { return driver_.functionAttributes(function_); }
  void launch(const Grid &grid, PackedArguments &arguments);

private:
  Driver &driver_;
  KernelInfo info_;
  ModuleHandle module_ = nullptr;
  FunctionHandle function_ = nullptr;
};

} // namespace trex::runtime

#endif // TREX_RUNTIME_KERNEL_H
