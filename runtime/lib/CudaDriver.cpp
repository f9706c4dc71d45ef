// CudaDriver: the Driver interface on the CUDA driver API, loaded with dlopen("libcuda.so.1").
// The few types and entry points are declared here (ABI-stable since CUDA 3.2 for the _v2
// names), so building needs no cuda.h.
#include "DriverLibrary.h"

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"

#include <cstring>
#include <memory>
#include <vector>

namespace trex::runtime {

namespace {

// The driver's types, as cuda.h spells them in ABI terms.
using CUresult = int;
using CUdevice = int;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;
using CUevent = void *;
using CUgraph = void *;
using CUgraphExec = void *;
using CUdeviceptr = unsigned long long;

constexpr CUresult kSuccess = 0;
constexpr CUresult kErrorNoDevice = 100;
constexpr int kFuncAttributeMaxThreadsPerBlock = 0;
constexpr int kFuncAttributeSharedSizeBytes = 1;
constexpr int kFuncAttributeLocalSizeBytes = 3;
constexpr int kFuncAttributeNumRegs = 4;
constexpr int kFuncAttributeMaxDynamicSharedSizeBytes = 8;
constexpr int kDeviceAttributeL2CacheSize = 38;
constexpr int kDeviceAttributeComputeCapabilityMajor = 75;
constexpr int kDeviceAttributeComputeCapabilityMinor = 76;
constexpr int kDeviceAttributeMaxSharedPerBlockOptin = 97;
constexpr unsigned kStreamNonBlocking = 1;
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSizeBytes = 6;
constexpr int kLaunchAttributeCooperative = 2;
constexpr int kLaunchAttributeClusterDimension = 4;
constexpr int kLaunchAttributeClusterSchedulingPolicy = 5;
constexpr int kClusterSchedulingPolicySpread = 1;
constexpr int kStreamCaptureModeThreadLocal = 1;

// CUlaunchAttributeValue is a 64-byte union; the id is padded to 8 bytes before it.
struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
    int clusterSchedulingPolicyPreference;
    int cooperative;
  } value;
};
static_assert(sizeof(LaunchAttribute) == 72, "CUlaunchAttribute is 72 bytes");

struct LaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
};

struct CudaEntryPoints {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuMemAlloc)(CUdeviceptr *, std::size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, std::size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, std::size_t, CUstream);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, std::size_t, CUstream);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, CUstream, void **, void **);
  CUresult (*cuLaunchKernelEx)(const LaunchConfig *, CUfunction, void **, void **);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuStreamBeginCapture)(CUstream, int);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *, CUgraph, unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);
  CUresult (*cuTensorMapEncodeTiled)(void *, int, unsigned, void *, const unsigned long long *,
                                     const unsigned long long *, const unsigned *, const unsigned *,
                                     int, int, int, int);
};

struct CapturedGraph {
  CUgraph graph = nullptr;
  CUgraphExec executable = nullptr;
};

class CudaDriver final : public Driver {
public:
  explicit CudaDriver(DriverLibrary library) : library_(std::move(library)) {
    resolveEntryPoints();
    CUresult initialized = api_.cuInit(0);
    if (initialized == kErrorNoDevice)
      throw NoDriverError("no CUDA device found (cuInit: " + describe(initialized) + ")");
    check(initialized, "cuInit");
    int count = 0;
    check(api_.cuDeviceGetCount(&count), "cuDeviceGetCount");
    if (count == 0)
      throw NoDriverError("no CUDA device found");
    check(api_.cuDeviceGet(&device_, 0), "cuDeviceGet");
    check(api_.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
    check(api_.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
    check(api_.cuStreamCreate(&stream_, kStreamNonBlocking), "cuStreamCreate");
  }

  ~CudaDriver() override {
    // Teardown errors (a kernel that faulted poisons the context) are not worth a throw.
    if (stream_)
      api_.cuStreamDestroy(stream_);
    if (context_)
      api_.cuDevicePrimaryCtxRelease(device_);
  }

  Backend backend() const override { return Backend::CUDA; }

  DeviceProperties properties() override {
    DeviceProperties properties;
    char name[256] = {};
    check(api_.cuDeviceGetName(name, sizeof(name) - 1, device_), "cuDeviceGetName");
    properties.name = name;
    properties.arch = "sm" + std::to_string(attribute(kDeviceAttributeComputeCapabilityMajor) * 10 +
                                            attribute(kDeviceAttributeComputeCapabilityMinor));
    properties.maxSharedPerBlockOptin = attribute(kDeviceAttributeMaxSharedPerBlockOptin);
    properties.l2CacheBytes = attribute(kDeviceAttributeL2CacheSize);
    check(api_.cuDriverGetVersion(&properties.driverVersion), "cuDriverGetVersion");
    return properties;
  }

  ModuleHandle loadModule(const std::string &image) override {
    // The JIT's error log says why a PTX module does not load (the bare code does not).
    std::vector<char> log(8192, '\0');
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
    void *values[] = {log.data(), reinterpret_cast<void *>(static_cast<std::uintptr_t>(log.size()))};
    CUmodule module = nullptr;
    CUresult result = api_.cuModuleLoadDataEx(&module, image.c_str(), 2, options, values);
    if (result != kSuccess) {
      std::string message = describe(result);
      if (log[0])
        message += "\n" + std::string(log.data());
      throw DriverError("cuModuleLoadDataEx", result, message);
    }
    return module;
  }

  void unloadModule(ModuleHandle module) override {
    check(api_.cuModuleUnload(module), "cuModuleUnload");
  }

  FunctionHandle getFunction(ModuleHandle module, const std::string &name) override {
    CUfunction function = nullptr;
    check(api_.cuModuleGetFunction(&function, module, name.c_str()),
          "cuModuleGetFunction(" + name + ")");
    return function;
  }

  FunctionAttributes functionAttributes(FunctionHandle function) override {
    FunctionAttributes attributes;
    auto get = [&](int attribute, int &value) {
      check(api_.cuFuncGetAttribute(&value, attribute, function), "cuFuncGetAttribute");
    };
    get(kFuncAttributeNumRegs, attributes.registers);
    get(kFuncAttributeLocalSizeBytes, attributes.localBytes);
    get(kFuncAttributeSharedSizeBytes, attributes.staticSharedBytes);
    get(kFuncAttributeMaxThreadsPerBlock, attributes.maxThreadsPerBlock);
    return attributes;
  }

  void setMaxDynamicShared(FunctionHandle function, int bytes) override {
    check(api_.cuFuncSetAttribute(function, kFuncAttributeMaxDynamicSharedSizeBytes, bytes),
          "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
  }

  DevicePointer allocate(std::size_t bytes) override {
    CUdeviceptr pointer = 0;
    check(api_.cuMemAlloc(&pointer, bytes), "cuMemAlloc(" + std::to_string(bytes) + " bytes)");
    return pointer;
  }
  void free(DevicePointer pointer) override { check(api_.cuMemFree(pointer), "cuMemFree"); }
  void copyToDevice(DevicePointer destination, const void *source, std::size_t bytes) override {
    check(api_.cuMemcpyHtoDAsync(destination, source, bytes, stream_), "cuMemcpyHtoDAsync");
    synchronize();
  }
  void copyToHost(void *destination, DevicePointer source, std::size_t bytes) override {
    check(api_.cuMemcpyDtoHAsync(destination, source, bytes, stream_), "cuMemcpyDtoHAsync");
    synchronize();
  }
  void fill(DevicePointer destination, std::uint8_t value, std::size_t bytes) override {
    check(api_.cuMemsetD8Async(destination, value, bytes, stream_), "cuMemsetD8Async");
  }

  void launch(FunctionHandle function, const LaunchDimensions &dimensions,
              void **parameters) override {
    if (dimensions.clusterX <= 1 && !dimensions.cooperative) {
      check(api_.cuLaunchKernel(function, dimensions.gridX, dimensions.gridY, dimensions.gridZ,
                                dimensions.blockX, 1, 1, dimensions.sharedBytes, stream_,
                                parameters, nullptr),
            "cuLaunchKernel");
      return;
    }
    if (!api_.cuLaunchKernelEx)
      throw DriverError("cuLaunchKernelEx", -1,
                        "this driver has no cluster or cooperative launch (CUDA < 11.8)");
    LaunchAttribute attributes[3] = {};
    unsigned count = 0;
    if (dimensions.cooperative) {
      attributes[count].id = kLaunchAttributeCooperative;
      attributes[count++].value.cooperative = 1;
    }
    if (dimensions.clusterX > 1) {
      attributes[count].id = kLaunchAttributeClusterDimension;
      attributes[count++].value.clusterDim = {dimensions.clusterX, 1, 1};
      attributes[count].id = kLaunchAttributeClusterSchedulingPolicy;
      attributes[count++].value.clusterSchedulingPolicyPreference = kClusterSchedulingPolicySpread;
    }
    // As Triton's launcher: the grid counts clusters, each of clusterX CTAs.
    LaunchConfig config{dimensions.gridX * dimensions.clusterX,
                        dimensions.gridY,
                        dimensions.gridZ,
                        dimensions.blockX,
                        1,
                        1,
                        dimensions.sharedBytes,
                        stream_,
                        attributes,
                        count};
    check(api_.cuLaunchKernelEx(&config, function, parameters, nullptr), "cuLaunchKernelEx");
  }

  void synchronize() override { check(api_.cuStreamSynchronize(stream_), "cuStreamSynchronize"); }

  EventHandle createEvent() override {
    CUevent event = nullptr;
    check(api_.cuEventCreate(&event, 0), "cuEventCreate");
    return event;
  }
  void destroyEvent(EventHandle event) override {
    check(api_.cuEventDestroy(event), "cuEventDestroy");
  }
  void recordEvent(EventHandle event) override {
    check(api_.cuEventRecord(event, stream_), "cuEventRecord");
  }
  float elapsedMilliseconds(EventHandle start, EventHandle end) override {
    check(api_.cuEventSynchronize(end), "cuEventSynchronize");
    float milliseconds = 0;
    check(api_.cuEventElapsedTime(&milliseconds, start, end), "cuEventElapsedTime");
    return milliseconds;
  }

  TensorMapBytes encodeTensorMap(const TensorMapEncoding &encoding) override {
    if (!api_.cuTensorMapEncodeTiled)
      throw DriverError("cuTensorMapEncodeTiled", -1,
                        "this driver has no TMA descriptors (CUDA < 12.0)");
    TensorMapBytes map;
    check(api_.cuTensorMapEncodeTiled(
              map.bytes.data(), encoding.dataType, encoding.rank,
              reinterpret_cast<void *>(static_cast<std::uintptr_t>(encoding.globalAddress)),
              reinterpret_cast<const unsigned long long *>(encoding.globalDim.data()),
              reinterpret_cast<const unsigned long long *>(encoding.globalStrides.data()),
              encoding.boxDim.data(), encoding.elementStrides.data(), encoding.interleave,
              encoding.swizzle, encoding.l2Promotion, encoding.oobFill),
          "cuTensorMapEncodeTiled");
    return map;
  }

  bool supportsGraphs() const override { return api_.cuStreamBeginCapture != nullptr; }
  void beginCapture() override {
    check(api_.cuStreamBeginCapture(stream_, kStreamCaptureModeThreadLocal),
          "cuStreamBeginCapture");
  }
  GraphHandle endCapture() override {
    auto captured = std::make_unique<CapturedGraph>();
    check(api_.cuStreamEndCapture(stream_, &captured->graph), "cuStreamEndCapture");
    CUresult result = api_.cuGraphInstantiateWithFlags(&captured->executable, captured->graph, 0);
    if (result != kSuccess) {
      api_.cuGraphDestroy(captured->graph);
      check(result, "cuGraphInstantiateWithFlags");
    }
    return captured.release();
  }
  void launchGraph(GraphHandle graph) override {
    check(api_.cuGraphLaunch(static_cast<CapturedGraph *>(graph)->executable, stream_),
          "cuGraphLaunch");
  }
  void destroyGraph(GraphHandle graph) override {
    std::unique_ptr<CapturedGraph> captured(static_cast<CapturedGraph *>(graph));
    check(api_.cuGraphExecDestroy(captured->executable), "cuGraphExecDestroy");
    check(api_.cuGraphDestroy(captured->graph), "cuGraphDestroy");
  }

private:
  void resolveEntryPoints() {
    library_.resolve(api_.cuInit, "cuInit");
    library_.resolve(api_.cuDriverGetVersion, "cuDriverGetVersion");
    library_.resolve(api_.cuGetErrorName, "cuGetErrorName");
    library_.resolve(api_.cuGetErrorString, "cuGetErrorString");
    library_.resolve(api_.cuDeviceGetCount, "cuDeviceGetCount");
    library_.resolve(api_.cuDeviceGet, "cuDeviceGet");
    library_.resolve(api_.cuDeviceGetName, "cuDeviceGetName");
    library_.resolve(api_.cuDeviceGetAttribute, "cuDeviceGetAttribute");
    library_.resolve(api_.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    library_.resolve(api_.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    library_.resolve(api_.cuCtxSetCurrent, "cuCtxSetCurrent");
    library_.resolve(api_.cuStreamCreate, "cuStreamCreate");
    library_.resolve(api_.cuStreamDestroy, "cuStreamDestroy_v2");
    library_.resolve(api_.cuStreamSynchronize, "cuStreamSynchronize");
    library_.resolve(api_.cuModuleLoadDataEx, "cuModuleLoadDataEx");
    library_.resolve(api_.cuModuleUnload, "cuModuleUnload");
    library_.resolve(api_.cuModuleGetFunction, "cuModuleGetFunction");
    library_.resolve(api_.cuFuncGetAttribute, "cuFuncGetAttribute");
    library_.resolve(api_.cuFuncSetAttribute, "cuFuncSetAttribute");
    library_.resolve(api_.cuMemAlloc, "cuMemAlloc_v2");
    library_.resolve(api_.cuMemFree, "cuMemFree_v2");
    library_.resolve(api_.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    library_.resolve(api_.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    library_.resolve(api_.cuMemsetD8Async, "cuMemsetD8Async");
    library_.resolve(api_.cuLaunchKernel, "cuLaunchKernel");
    library_.resolveOptional(api_.cuLaunchKernelEx, "cuLaunchKernelEx");
    library_.resolve(api_.cuEventCreate, "cuEventCreate");
    library_.resolve(api_.cuEventDestroy, "cuEventDestroy_v2");
    library_.resolve(api_.cuEventRecord, "cuEventRecord");
    library_.resolve(api_.cuEventSynchronize, "cuEventSynchronize");
    // CUDA 12.8 added the _v2 (same signature); CUDA 13's headers map the plain name to it.
    if (!library_.resolveOptional(api_.cuEventElapsedTime, "cuEventElapsedTime_v2"))
      library_.resolve(api_.cuEventElapsedTime, "cuEventElapsedTime");
    bool graphs = library_.resolveOptional(api_.cuStreamBeginCapture, "cuStreamBeginCapture_v2") &&
                  library_.resolveOptional(api_.cuStreamEndCapture, "cuStreamEndCapture") &&
                  library_.resolveOptional(api_.cuGraphInstantiateWithFlags,
                                           "cuGraphInstantiateWithFlags") &&
                  library_.resolveOptional(api_.cuGraphLaunch, "cuGraphLaunch") &&
                  library_.resolveOptional(api_.cuGraphExecDestroy, "cuGraphExecDestroy") &&
                  library_.resolveOptional(api_.cuGraphDestroy, "cuGraphDestroy");
    if (!graphs)
      api_.cuStreamBeginCapture = nullptr;
    library_.resolveOptional(api_.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
  }

  int attribute(int which) {
    int value = 0;
    check(api_.cuDeviceGetAttribute(&value, which, device_), "cuDeviceGetAttribute");
    return value;
  }

  // "CUDA_ERROR_INVALID_IMAGE (device kernel image is invalid)".
  std::string describe(CUresult result) const {
    const char *name = nullptr;
    const char *text = nullptr;
    api_.cuGetErrorName(result, &name);
    api_.cuGetErrorString(result, &text);
    std::string message = name ? name : "CUDA error " + std::to_string(result);
    if (text)
      message += std::string(" (") + text + ")";
    return message;
  }

  void check(CUresult result, const std::string &call) const {
    if (result != kSuccess)
      throw DriverError(call, result, describe(result));
  }

  DriverLibrary library_;
  CudaEntryPoints api_ = {};
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  CUstream stream_ = nullptr;
};

} // namespace

std::unique_ptr<Driver> openCudaDriver(DriverLibrary library) {
  return std::make_unique<CudaDriver>(std::move(library));
}

} // namespace trex::runtime
