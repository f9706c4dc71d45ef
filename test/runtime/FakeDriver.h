// FakeDriver: a Driver in host memory with a fake clock, so launch, argument and timing logic
// is tested without a GPU. Every launch advances the clock by `kernelMilliseconds`, every
// fill (the L2 flush) by `fillMilliseconds`; events read the clock when recorded.
#ifndef TREX_TEST_RUNTIME_FAKEDRIVER_H
#define TREX_TEST_RUNTIME_FAKEDRIVER_H

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <vector>

namespace trex::runtime::testing {

class FakeDriver : public Driver {
public:
  struct Launch {
    LaunchDimensions dimensions;
    // Each parameter's bytes, read through the kernelParams pointers at launch time: the
    // first 8 as a word, and all of them.
    std::vector<std::uint64_t> parameterWords;
    std::vector<std::vector<std::uint8_t>> parameterBytes;
  };

  double kernelMilliseconds = 1.0;
  double fillMilliseconds = 0.0;
  std::size_t parameterCount = 0; // how many kernelParams entries a launch reads
  std::vector<std::size_t> parameterSizes;
  std::vector<Launch> launches;
  std::size_t fills = 0;
  std::size_t liveEvents = 0;
  // Runs at each launch with the host memory, to emulate a kernel's effect.
  std::function<void(FakeDriver &, const Launch &)> kernelBody;

  Backend backend() const override { return Backend::CUDA; }
  DeviceProperties properties() override {
    DeviceProperties properties;
    properties.name = "fake device";
    properties.arch = "sm90";
    properties.maxSharedPerBlockOptin = 232448;
    return properties;
  }
  ModuleHandle loadModule(const std::string &image) override {
    if (image.empty())
      throw DriverError("cuModuleLoadDataEx", 200, "CUDA_ERROR_INVALID_IMAGE");
    return reinterpret_cast<ModuleHandle>(0x1);
  }
  void unloadModule(ModuleHandle) override {}
  FunctionHandle getFunction(ModuleHandle, const std::string &) override {
    return reinterpret_cast<FunctionHandle>(0x2);
  }
  FunctionAttributes functionAttributes(FunctionHandle) override { return {42, 0, 0, 1024}; }
  void setMaxDynamicShared(FunctionHandle, int bytes) override { maxDynamicShared = bytes; }

  DevicePointer allocate(std::size_t bytes) override {
    DevicePointer pointer = next_;
    next_ += (bytes + 255) / 256 * 256 + 256;
    memory_[pointer] = std::vector<std::uint8_t>(bytes, 0xcd);
    allocations.push_back(bytes);
    return pointer;
  }
  void free(DevicePointer pointer) override {
    if (!memory_.erase(pointer))
      throw DriverError("cuMemFree", 1, "CUDA_ERROR_INVALID_VALUE");
  }
  void copyToDevice(DevicePointer destination, const void *source, std::size_t bytes) override {
    std::memcpy(at(destination, bytes), source, bytes);
  }
  void copyToHost(void *destination, DevicePointer source, std::size_t bytes) override {
    std::memcpy(destination, at(source, bytes), bytes);
  }
  void fill(DevicePointer destination, std::uint8_t value, std::size_t bytes) override {
    std::memset(at(destination, bytes), value, bytes);
    clock_ += fillMilliseconds;
    ++fills;
  }
  void launch(FunctionHandle, const LaunchDimensions &dimensions, void **parameters) override {
    Launch launch{dimensions, {}, {}};
    for (std::size_t index = 0; index < parameterSizes.size(); ++index) {
      std::uint64_t word = 0;
      std::memcpy(&word, parameters[index], std::min<std::size_t>(parameterSizes[index], 8));
      launch.parameterWords.push_back(word);
      const auto *bytes = static_cast<const std::uint8_t *>(parameters[index]);
      launch.parameterBytes.emplace_back(bytes, bytes + parameterSizes[index]);
    }
    clock_ += kernelMilliseconds;
    if (kernelBody)
      kernelBody(*this, launch);
    launches.push_back(std::move(launch));
  }
  void synchronize() override {}
  // A stand-in CUtensorMap: the global address in its first 8 bytes, the rest 0x7e; the
  // encodings asked for are kept.
  TensorMapBytes encodeTensorMap(const TensorMapEncoding &encoding) override {
    tensorMaps.push_back(encoding);
    TensorMapBytes map;
    map.bytes.fill(0x7e);
    std::memcpy(map.bytes.data(), &encoding.globalAddress, sizeof(encoding.globalAddress));
    return map;
  }
  EventHandle createEvent() override {
    ++liveEvents;
    return new double(0);
  }
  void destroyEvent(EventHandle event) override {
    --liveEvents;
    delete static_cast<double *>(event);
  }
  void recordEvent(EventHandle event) override { *static_cast<double *>(event) = clock_; }
  float elapsedMilliseconds(EventHandle start, EventHandle end) override {
    return static_cast<float>(*static_cast<double *>(end) - *static_cast<double *>(start));
  }

  // The host copy of device memory at `pointer` (which must start an allocation).
  std::vector<std::uint8_t> &memory(DevicePointer pointer) { return memory_.at(pointer); }
  std::size_t liveAllocations() const { return memory_.size(); }

  std::vector<std::size_t> allocations;
  std::vector<TensorMapEncoding> tensorMaps;
  int maxDynamicShared = 0;

private:
  std::uint8_t *at(DevicePointer pointer, std::size_t bytes) {
    auto found = memory_.upper_bound(pointer);
    if (found == memory_.begin())
      throw DriverError("memory", 1, "CUDA_ERROR_INVALID_VALUE");
    --found;
    std::size_t offset = pointer - found->first;
    if (offset + bytes > found->second.size())
      throw DriverError("memory", 1, "CUDA_ERROR_INVALID_VALUE (out of bounds)");
    return found->second.data() + offset;
  }

  double clock_ = 0;
  DevicePointer next_ = 0x10000;
  std::map<DevicePointer, std::vector<std::uint8_t>> memory_;
};

} // namespace trex::runtime::testing

#endif // TREX_TEST_RUNTIME_FAKEDRIVER_H
