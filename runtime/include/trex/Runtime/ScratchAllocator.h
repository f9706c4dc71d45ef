// ScratchAllocator: where the hidden scratch buffers come from. By default the runtime
// allocates them on the device itself; like `triton.set_allocator` and
// `triton.set_profile_allocator`, a program can register its own (a pool, a pre-zeroed arena).
#ifndef TREX_RUNTIME_SCRATCHALLOCATOR_H
#define TREX_RUNTIME_SCRATCHALLOCATOR_H

#include "trex/Runtime/Driver.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace trex::runtime {

// Returns a device pointer to at least `bytes` bytes aligned to `alignment`; `release` is
// called with it once the launch (or the benchmark) is done with it.
struct ScratchAllocator {
  std::function<DevicePointer(std::size_t bytes, std::size_t alignment)> allocate;
  std::function<void(DevicePointer)> release;
};

// The process-wide hooks; an empty allocator (the default) means "the runtime's own".
void setScratchAllocator(ScratchAllocator allocator);
void setProfileScratchAllocator(ScratchAllocator allocator);
const ScratchAllocator &scratchAllocator();
const ScratchAllocator &profileScratchAllocator();

// The scratch of one launch configuration: allocated through the hook or the driver, freed on
// destruction. A zero size gives a null pointer, as Triton passes.
class ScratchBuffer {
public:
  ScratchBuffer(Driver &driver, const ScratchAllocator &hook, std::size_t bytes,
                std::size_t alignment);
  ~ScratchBuffer();
  ScratchBuffer(const ScratchBuffer &) = delete;
  ScratchBuffer &operator=(const ScratchBuffer &) = delete;

  DevicePointer pointer() const { return aligned_; }
  std::size_t bytes() const { return bytes_; }

private:
  Driver &driver_;
  ScratchAllocator hook_;
  std::size_t bytes_ = 0;
  DevicePointer raw_ = 0;
  DevicePointer aligned_ = 0;
};

} // namespace trex::runtime

#endif // TREX_RUNTIME_SCRATCHALLOCATOR_H
