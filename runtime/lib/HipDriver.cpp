// HipDriver: the Driver interface on HIP's module API, loaded with dlopen("libamdhip64.so").
// Only entry points whose signatures are stable across ROCm 5-6 are used; device attributes
// (whose enum numbering changed in ROCm 6) are left out, so properties() gives the name only.
#include "DriverLibrary.h"

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"

#include <memory>

namespace trex::runtime {

namespace {

using hipError_t = int;
using hipDevice_t = int;
using hipModule_t = void *;
using hipFunction_t = void *;
using hipStream_t = void *;
using hipEvent_t = void *;
using hipGraph_t = void *;
using hipGraphExec_t = void *;

constexpr hipError_t kSuccess = 0;
constexpr hipError_t kErrorNoDevice = 100;
constexpr int kFuncAttributeMaxThreadsPerBlock = 0;
constexpr int kFuncAttributeSharedSizeBytes = 1;
constexpr int kFuncAttributeLocalSizeBytes = 3;
constexpr int kFuncAttributeNumRegs = 4;
constexpr unsigned kStreamNonBlocking = 1;
constexpr int kStreamCaptureModeThreadLocal = 1;

struct HipEntryPoints {
  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipDriverGetVersion)(int *);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipDeviceGet)(hipDevice_t *, int);
  hipError_t (*hipDeviceGetName)(char *, int, hipDevice_t);
  hipError_t (*hipStreamCreateWithFlags)(hipStream_t *, unsigned);
  hipError_t (*hipStreamDestroy)(hipStream_t);
  hipError_t (*hipStreamSynchronize)(hipStream_t);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t, const char *);
  hipError_t (*hipFuncGetAttribute)(int *, int, hipFunction_t);
  hipError_t (*hipMalloc)(void **, std::size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoDAsync)(void *, const void *, std::size_t, hipStream_t);
  hipError_t (*hipMemcpyDtoHAsync)(void *, void *, std::size_t, hipStream_t);
  hipError_t (*hipMemsetD8Async)(void *, unsigned char, std::size_t, hipStream_t);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, hipStream_t, void **,
                                      void **);
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  hipError_t (*hipStreamBeginCapture)(hipStream_t, int);
  hipError_t (*hipStreamEndCapture)(hipStream_t, hipGraph_t *);
  hipError_t (*hipGraphInstantiateWithFlags)(hipGraphExec_t *, hipGraph_t, unsigned long long);
  hipError_t (*hipGraphLaunch)(hipGraphExec_t, hipStream_t);
  hipError_t (*hipGraphExecDestroy)(hipGraphExec_t);
  hipError_t (*hipGraphDestroy)(hipGraph_t);
};

struct CapturedGraph {
  hipGraph_t graph = nullptr;
  hipGraphExec_t executable = nullptr;
};

void *devicePointer(DevicePointer pointer) {
  return reinterpret_cast<void *>(static_cast<std::uintptr_t>(pointer));
}

class HipDriver final : public Driver {
public:
  explicit HipDriver(DriverLibrary library) : library_(std::move(library)) {
    resolveEntryPoints();
    hipError_t initialized = api_.hipInit(0);
    if (initialized == kErrorNoDevice)
      throw NoDriverError("no HIP device found (hipInit: " + describe(initialized) + ")");
    check(initialized, "hipInit");
    int count = 0;
    check(api_.hipGetDeviceCount(&count), "hipGetDeviceCount");
    if (count == 0)
      throw NoDriverError("no HIP device found");
    check(api_.hipSetDevice(0), "hipSetDevice");
    check(api_.hipDeviceGet(&device_, 0), "hipDeviceGet");
    check(api_.hipStreamCreateWithFlags(&stream_, kStreamNonBlocking), "hipStreamCreateWithFlags");
  }
  ~HipDriver() override {
    if (stream_)
      api_.hipStreamDestroy(stream_);
  }

  Backend backend() const override { return Backend::HIP; }

  DeviceProperties properties() override {
    DeviceProperties properties;
    char name[256] = {};
    check(api_.hipDeviceGetName(name, sizeof(name) - 1, device_), "hipDeviceGetName");
    properties.name = name;
    check(api_.hipDriverGetVersion(&properties.driverVersion), "hipDriverGetVersion");
    return properties;
  }

  ModuleHandle loadModule(const std::string &image) override {
    hipModule_t module = nullptr;
    check(api_.hipModuleLoadData(&module, image.data()), "hipModuleLoadData");
    return module;
  }
  void unloadModule(ModuleHandle module) override {
    check(api_.hipModuleUnload(module), "hipModuleUnload");
  }
  FunctionHandle getFunction(ModuleHandle module, const std::string &name) override {
    hipFunction_t function = nullptr;
    check(api_.hipModuleGetFunction(&function, module, name.c_str()),
          "hipModuleGetFunction(" + name + ")");
    return function;
  }
  FunctionAttributes functionAttributes(FunctionHandle function) override {
    FunctionAttributes attributes;
    auto get = [&](int attribute, int &value) {
      check(api_.hipFuncGetAttribute(&value, attribute, function), "hipFuncGetAttribute");
    };
    get(kFuncAttributeNumRegs, attributes.registers);
    get(kFuncAttributeLocalSizeBytes, attributes.localBytes);
    get(kFuncAttributeSharedSizeBytes, attributes.staticSharedBytes);
    get(kFuncAttributeMaxThreadsPerBlock, attributes.maxThreadsPerBlock);
    return attributes;
  }
  // AMD GPUs give every kernel the full LDS (64 KB) without an opt-in.
  void setMaxDynamicShared(FunctionHandle, int) override {}

  DevicePointer allocate(std::size_t bytes) override {
    void *pointer = nullptr;
    check(api_.hipMalloc(&pointer, bytes), "hipMalloc(" + std::to_string(bytes) + " bytes)");
    return reinterpret_cast<std::uintptr_t>(pointer);
  }
  void free(DevicePointer pointer) override { check(api_.hipFree(devicePointer(pointer)), "hipFree"); }
  void copyToDevice(DevicePointer destination, const void *source, std::size_t bytes) override {
    check(api_.hipMemcpyHtoDAsync(devicePointer(destination), source, bytes, stream_),
          "hipMemcpyHtoDAsync");
    synchronize();
  }
  void copyToHost(void *destination, DevicePointer source, std::size_t bytes) override {
    check(api_.hipMemcpyDtoHAsync(destination, devicePointer(source), bytes, stream_),
          "hipMemcpyDtoHAsync");
    synchronize();
  }
  void fill(DevicePointer destination, std::uint8_t value, std::size_t bytes) override {
    check(api_.hipMemsetD8Async(devicePointer(destination), value, bytes, stream_),
          "hipMemsetD8Async");
  }

  void launch(FunctionHandle function, const LaunchDimensions &dimensions,
              void **parameters) override {
    if (dimensions.clusterX > 1)
      throw Error("HIP has no cluster launch; the kernel was compiled with num_ctas=" +
                  std::to_string(dimensions.clusterX));
    if (dimensions.cooperative)
      throw Error("trex does not launch HIP kernels cooperatively (launch_cooperative_grid)");
    check(api_.hipModuleLaunchKernel(function, dimensions.gridX, dimensions.gridY,
                                     dimensions.gridZ, dimensions.blockX, 1, 1,
                                     dimensions.sharedBytes, stream_, parameters, nullptr),
          "hipModuleLaunchKernel");
  }
  void synchronize() override {
    check(api_.hipStreamSynchronize(stream_), "hipStreamSynchronize");
  }

  EventHandle createEvent() override {
    hipEvent_t event = nullptr;
    check(api_.hipEventCreate(&event), "hipEventCreate");
    return event;
  }
  void destroyEvent(EventHandle event) override {
    check(api_.hipEventDestroy(event), "hipEventDestroy");
  }
  void recordEvent(EventHandle event) override {
    check(api_.hipEventRecord(event, stream_), "hipEventRecord");
  }
  float elapsedMilliseconds(EventHandle start, EventHandle end) override {
    check(api_.hipEventSynchronize(end), "hipEventSynchronize");
    float milliseconds = 0;
    check(api_.hipEventElapsedTime(&milliseconds, start, end), "hipEventElapsedTime");
    return milliseconds;
  }

  bool supportsGraphs() const override { return api_.hipStreamBeginCapture != nullptr; }
  void beginCapture() override {
    check(api_.hipStreamBeginCapture(stream_, kStreamCaptureModeThreadLocal),
          "hipStreamBeginCapture");
  }
  GraphHandle endCapture() override {
    auto captured = std::make_unique<CapturedGraph>();
    check(api_.hipStreamEndCapture(stream_, &captured->graph), "hipStreamEndCapture");
    hipError_t result = api_.hipGraphInstantiateWithFlags(&captured->executable, captured->graph, 0);
    if (result != kSuccess) {
      api_.hipGraphDestroy(captured->graph);
      check(result, "hipGraphInstantiateWithFlags");
    }
    return captured.release();
  }
  void launchGraph(GraphHandle graph) override {
    check(api_.hipGraphLaunch(static_cast<CapturedGraph *>(graph)->executable, stream_),
          "hipGraphLaunch");
  }
  void destroyGraph(GraphHandle graph) override {
    std::unique_ptr<CapturedGraph> captured(static_cast<CapturedGraph *>(graph));
    check(api_.hipGraphExecDestroy(captured->executable), "hipGraphExecDestroy");
    check(api_.hipGraphDestroy(captured->graph), "hipGraphDestroy");
  }

private:
  void resolveEntryPoints() {
    library_.resolve(api_.hipInit, "hipInit");
    library_.resolve(api_.hipDriverGetVersion, "hipDriverGetVersion");
    library_.resolve(api_.hipGetErrorName, "hipGetErrorName");
    library_.resolve(api_.hipGetErrorString, "hipGetErrorString");
    library_.resolve(api_.hipGetDeviceCount, "hipGetDeviceCount");
    library_.resolve(api_.hipSetDevice, "hipSetDevice");
    library_.resolve(api_.hipDeviceGet, "hipDeviceGet");
    library_.resolve(api_.hipDeviceGetName, "hipDeviceGetName");
    library_.resolve(api_.hipStreamCreateWithFlags, "hipStreamCreateWithFlags");
    library_.resolve(api_.hipStreamDestroy, "hipStreamDestroy");
    library_.resolve(api_.hipStreamSynchronize, "hipStreamSynchronize");
    library_.resolve(api_.hipModuleLoadData, "hipModuleLoadData");
    library_.resolve(api_.hipModuleUnload, "hipModuleUnload");
    library_.resolve(api_.hipModuleGetFunction, "hipModuleGetFunction");
    library_.resolve(api_.hipFuncGetAttribute, "hipFuncGetAttribute");
    library_.resolve(api_.hipMalloc, "hipMalloc");
    library_.resolve(api_.hipFree, "hipFree");
    library_.resolve(api_.hipMemcpyHtoDAsync, "hipMemcpyHtoDAsync");
    library_.resolve(api_.hipMemcpyDtoHAsync, "hipMemcpyDtoHAsync");
    library_.resolve(api_.hipMemsetD8Async, "hipMemsetD8Async");
    library_.resolve(api_.hipModuleLaunchKernel, "hipModuleLaunchKernel");
    library_.resolve(api_.hipEventCreate, "hipEventCreate");
    library_.resolve(api_.hipEventDestroy, "hipEventDestroy");
    library_.resolve(api_.hipEventRecord, "hipEventRecord");
    library_.resolve(api_.hipEventSynchronize, "hipEventSynchronize");
    library_.resolve(api_.hipEventElapsedTime, "hipEventElapsedTime");
    bool graphs =
        library_.resolveOptional(api_.hipStreamBeginCapture, "hipStreamBeginCapture") &&
        library_.resolveOptional(api_.hipStreamEndCapture, "hipStreamEndCapture") &&
        library_.resolveOptional(api_.hipGraphInstantiateWithFlags,
                                 "hipGraphInstantiateWithFlags") &&
        library_.resolveOptional(api_.hipGraphLaunch, "hipGraphLaunch") &&
        library_.resolveOptional(api_.hipGraphExecDestroy, "hipGraphExecDestroy") &&
        library_.resolveOptional(api_.hipGraphDestroy, "hipGraphDestroy");
    if (!graphs)
      api_.hipStreamBeginCapture = nullptr;
  }

  std::string describe(hipError_t result) const {
    const char *name = api_.hipGetErrorName(result);
    const char *text = api_.hipGetErrorString(result);
    std::string message = name ? name : "HIP error " + std::to_string(result);
    if (text)
      message += std::string(" (") + text + ")";
    return message;
  }
  void check(hipError_t result, const std::string &call) const {
    if (result != kSuccess)
      throw DriverError(call, result, describe(result));
  }

  DriverLibrary library_;
  HipEntryPoints api_ = {};
  hipDevice_t device_ = 0;
  hipStream_t stream_ = nullptr;
};

} // namespace

std::unique_ptr<Driver> openHipDriver(DriverLibrary library) {
  return std::make_unique<HipDriver>(std::move(library));
}

} // namespace trex::runtime
