// ScratchAllocator: the allocator hooks and the scratch buffer of a launch.
#include "trex/Runtime/ScratchAllocator.h"

#include "trex/Runtime/Error.h"

#include <string>

namespace trex::runtime {

namespace {

ScratchAllocator &globalHook() {
  static ScratchAllocator hook;
  return hook;
}
ScratchAllocator &profileHook() {
  static ScratchAllocator hook;
  return hook;
}

} // namespace

void setScratchAllocator(ScratchAllocator allocator) { globalHook() = std::move(allocator); }
void setProfileScratchAllocator(ScratchAllocator allocator) {
  profileHook() = std::move(allocator);
}
const ScratchAllocator &scratchAllocator() { return globalHook(); }
const ScratchAllocator &profileScratchAllocator() { return profileHook(); }

ScratchBuffer::ScratchBuffer(Driver &driver, const ScratchAllocator &hook, std::size_t bytes,
                             std::size_t alignment)
    : driver_(driver), hook_(hook), bytes_(bytes) {
  if (bytes == 0)
    return;
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    throw Error("scratch alignment " + std::to_string(alignment) + " is not a power of two");
  if (hook_.allocate) {
    raw_ = hook_.allocate(bytes, alignment);
    if (raw_ == 0 || raw_ % alignment != 0)
      throw Error("the registered scratch allocator returned " +
                  std::string(raw_ == 0 ? "null" : "a misaligned pointer") + " for " +
                  std::to_string(bytes) + " bytes aligned to " + std::to_string(alignment));
    aligned_ = raw_;
    return;
  }
  // Driver allocations are 256-byte aligned; over-allocate only for stricter alignments.
  std::size_t slack = alignment > 256 ? alignment - 1 : 0;
  raw_ = driver_.allocate(bytes + slack);
  aligned_ = (raw_ + alignment - 1) / alignment * alignment;
}

ScratchBuffer::~ScratchBuffer() {
  if (raw_ == 0)
    return;
  try {
    if (hook_.allocate) {
      if (hook_.release)
        hook_.release(raw_);
    } else {
      driver_.free(raw_);
    }
  } catch (const Error &) {
    // A faulted context refuses frees; the process is ending its use of the device anyway.
  }
}

} // namespace trex::runtime
