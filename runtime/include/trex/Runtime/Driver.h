// Driver: the few GPU operations the runtime needs, behind one interface with a CUDA (driver
// API) and a HIP implementation, both loaded with dlopen so trex builds and runs its tests on
// machines with neither. Tests inject a fake driver through the same interface.
//
// A Driver owns one device context and one stream; every operation is ordered on that stream.
// Every failing call throws DriverError naming the call and the driver's message.
#ifndef TREX_RUNTIME_DRIVER_H
#define TREX_RUNTIME_DRIVER_H

#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/TensorMap.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace trex::runtime {

// Opaque driver handles (CUmodule, CUfunction, CUevent, CUgraphExec / their HIP twins).
using ModuleHandle = void *;
using FunctionHandle = void *;
using EventHandle = void *;
using GraphHandle = void *;

struct DeviceProperties {
  std::string name;
  // CUDA: "sm90"; HIP: "gfx942".
  std::string arch;
  std::int64_t maxSharedPerBlockOptin = 0;
  std::int64_t l2CacheBytes = 0;
  int driverVersion = 0;
};

// What the driver reports about a loaded function (cuFuncGetAttribute).
struct FunctionAttributes {
  int registers = 0;
  // Local (stack) memory per thread, spills included.
  int localBytes = 0;
  int staticSharedBytes = 0;
  int maxThreadsPerBlock = 0;
};

struct LaunchDimensions {
  unsigned gridX = 1, gridY = 1, gridZ = 1;
  unsigned blockX = 1;
  unsigned sharedBytes = 0;
  // >1: a cluster launch of `clusterX` CTAs per cluster (cuLaunchKernelEx).
  unsigned clusterX = 1;
  // A cooperative launch (every program resident at once; the launch fails where the grid
  // does not fit on the GPU), as Triton's launch_cooperative_grid.
  bool cooperative = false;
};

class Driver {
public:
  virtual ~Driver() = default;

  virtual Backend backend() const = 0;
  virtual DeviceProperties properties() = 0;

  // `image` is a cubin, a NUL-free PTX text (JIT-compiled by the driver) or an hsaco.
  virtual ModuleHandle loadModule(const std::string &image) = 0;
  virtual void unloadModule(ModuleHandle module) = 0;
  virtual FunctionHandle getFunction(ModuleHandle module, const std::string &name) = 0;
  virtual FunctionAttributes functionAttributes(FunctionHandle function) = 0;
  // Raises the function's dynamic shared-memory limit (needed above 48 KB on NVIDIA).
  virtual void setMaxDynamicShared(FunctionHandle function, int bytes) = 0;

  virtual DevicePointer allocate(std::size_t bytes) = 0;
  virtual void free(DevicePointer pointer) = 0;
  virtual void copyToDevice(DevicePointer destination, const void *source, std::size_t bytes) = 0;
  virtual void copyToHost(void *destination, DevicePointer source, std::size_t bytes) = 0;
  virtual void fill(DevicePointer destination, std::uint8_t value, std::size_t bytes) = 0;

  // `parameters[i]` points at the i-th kernel argument's value.
  virtual void launch(FunctionHandle function, const LaunchDimensions &dimensions,
                      void **parameters) = 0;
  // Waits for the stream; launch errors (a faulting kernel) surface here.
  virtual void synchronize() = 0;

  virtual EventHandle createEvent() = 0;
  virtual void destroyEvent(EventHandle event) = 0;
  virtual void recordEvent(EventHandle event) = 0;
  // Milliseconds between two recorded events (both must have completed).
  virtual float elapsedMilliseconds(EventHandle start, EventHandle end) = 0;

  // A host tensor descriptor's CUtensorMap (cuTensorMapEncodeTiled); throws Error on a
  // backend or driver without TMA descriptors.
  virtual TensorMapBytes encodeTensorMap(const TensorMapEncoding &encoding);

  // Graph capture of the stream: false when the backend cannot.
  virtual bool supportsGraphs() const { return false; }
  virtual void beginCapture();
  virtual GraphHandle endCapture();
  virtual void launchGraph(GraphHandle graph);
  virtual void destroyGraph(GraphHandle graph);
};

// The driver for `backend`: dlopens libcuda.so.1 / libamdhip64.so, initializes device 0
// and creates a stream. Throws NoDriverError with "no CUDA driver (libcuda.so.1) found" (or
// the HIP equivalent, or "no CUDA device") when the machine cannot run kernels.
std::unique_ptr<Driver> openDriver(Backend backend);

// The driver library names, for messages and tests.
const char *driverLibraryName(Backend backend);

} // namespace trex::runtime

#endif // TREX_RUNTIME_DRIVER_H
