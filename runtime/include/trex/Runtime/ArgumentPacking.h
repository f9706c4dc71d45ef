// ArgumentPacking: the kernel's parameter block — the user's arguments in signature order
// (a host tensor descriptor as its 128-byte CUtensorMap, 64-byte aligned, then its shape and
// strides), then the two hidden pointers every Triton 3.6 kernel takes (global scratch,
// profile scratch) — and the scratch sizes for a grid.
#ifndef TREX_RUNTIME_ARGUMENTPACKING_H
#define TREX_RUNTIME_ARGUMENTPACKING_H

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/ScalarValue.h"
#include "trex/Runtime/TensorMap.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace trex::runtime {

struct Grid {
  std::uint32_t x = 1, y = 1, z = 1;
  std::uint64_t programs() const { return std::uint64_t{x} * y * z; }
};

// Parses "X", "X,Y" or "X,Y,Z" (positive integers below 2^31); throws Error otherwise.
Grid parseGrid(const std::string &text);

// Bytes of a hidden scratch buffer: perProgram x gridX x gridY x gridZ x numCTAs, as Triton's
// launcher allocates it. Throws Error on overflow.
std::uint64_t scratchBytes(std::int64_t perProgram, const Grid &grid, int numCTAs);

// One passed parameter: a device pointer, a scalar or a CUtensorMap passed by value.
struct ArgumentValue {
  enum class Kind { Pointer, Scalar, TensorMap };
  Kind kind = Kind::Scalar;
  DevicePointer pointer = 0;
  ScalarValue scalar;
  TensorMapBytes tensorMap;

  bool isPointer() const { return kind == Kind::Pointer; }
  static ArgumentValue ofPointer(DevicePointer pointer);
  static ArgumentValue ofScalar(ScalarValue scalar);
  static ArgumentValue ofTensorMap(const TensorMapBytes &tensorMap);
};

// The parameters a host descriptor passes, in order: its CUtensorMap, its shape (i32 each),
// its strides (i64 each), as Triton 3.6's launcher expands a TensorDescriptor.
std::vector<ArgumentValue> descriptorArguments(const TensorMapBytes &tensorMap,
                                               const DescriptorScalars &scalars);

// The parameter block: each value at an offset aligned to its size (a CUtensorMap to 64, as
// PTX declares it: `.param .align 64 .b8 name[128]`), as a C struct would lay them out, and
// `pointers()` for the driver's kernelParams.
class PackedArguments {
public:
  PackedArguments(const std::vector<ArgumentValue> &userArguments, DevicePointer globalScratch,
                  DevicePointer profileScratch);
  PackedArguments(const PackedArguments &) = delete;
  PackedArguments &operator=(const PackedArguments &) = delete;

  std::size_t count() const { return offsets_.size(); }
  std::size_t offset(std::size_t index) const { return offsets_[index]; }
  std::size_t size(std::size_t index) const { return sizes_[index]; }
  const std::uint8_t *bytes() const { return storage_.data(); }
  std::size_t totalBytes() const { return storage_.size(); }
  void **pointers() { return pointers_.data(); }

private:
  void append(const void *value, std::size_t size, std::size_t alignment);

  std::vector<std::uint8_t> storage_;
  std::vector<std::size_t> offsets_;
  std::vector<std::size_t> sizes_;
  std::vector<void *> pointers_;
};

} // namespace trex::runtime

#endif // TREX_RUNTIME_ARGUMENTPACKING_H
