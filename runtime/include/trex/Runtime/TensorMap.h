// TensorMap: host tensor descriptors as Triton 3.6's NVIDIA launcher passes them. A kernel
// parameter `tensordesc<T[B0, B1, ...]>` is a 128-byte CUtensorMap, encoded on the host by
// cuTensorMapEncodeTiled and passed by value (64-byte aligned in the parameter buffer),
// followed by the tensor's shape (one i32 a dimension) and strides in elements (one i64 a
// dimension). The encoding's arguments are computed here without a driver, so they can be
// tested anywhere; Driver::encodeTensorMap calls the driver with them.
#ifndef TREX_RUNTIME_TENSORMAP_H
#define TREX_RUNTIME_TENSORMAP_H

#include "trex/Runtime/KernelInfo.h"

#include <array>
#include <cstdint>
#include <vector>

namespace trex::runtime {

using DevicePointer = std::uint64_t;

constexpr std::size_t kTensorMapBytes = 128;
constexpr std::size_t kTensorMapAlignment = 64;

// The encoded descriptor, aligned as the driver and the kernel parameter want it.
struct alignas(64) TensorMapBytes {
  std::array<std::uint8_t, kTensorMapBytes> bytes{};
};

// A tensor in device memory, row-major with any strides: what a host TensorDescriptor holds.
struct DescriptorTensor {
  DevicePointer base = 0;
  // Outermost dimension first, as Python writes them.
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides; // in elements; the last must be 1
  // TensorDescriptor(padding="nan"): out-of-bounds elements read as NaN instead of 0.
  bool paddingNan = false;
};

// cuTensorMapEncodeTiled's arguments, innermost dimension first as the driver takes them.
struct TensorMapEncoding {
  int dataType = 0; // CUtensorMapDataType (the host's numbering)
  std::uint32_t rank = 0;
  DevicePointer globalAddress = 0;
  std::vector<std::uint64_t> globalDim;      // rank entries
  std::vector<std::uint64_t> globalStrides;  // rank - 1 entries, bytes
  std::vector<std::uint32_t> boxDim;         // rank entries
  std::vector<std::uint32_t> elementStrides; // rank entries, all 1
  int interleave = 0;                        // CU_TENSOR_MAP_INTERLEAVE_NONE
  int swizzle = 0;                           // CUtensorMapSwizzle
  int l2Promotion = 2; // CU_TENSOR_MAP_L2_PROMOTION_L2_128B, as Triton's launcher
  int oobFill = 0;     // 0 zeros, 1 NaN (CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
};

// The host's CUtensorMapDataType for the device's TMA element type (tensormap.replace's
// numbering, which the compiler records): they differ for f32.ftz (8 -> 10), f64 (9 -> 8) and
// bf16 (10 -> 9).
int hostTensorMapDataType(int deviceElementType);

// The encoding of `tensor` for a descriptor laid out as `layout` (from the kernel's metadata).
// Throws Error, naming what is wrong, where the driver would refuse it or the kernel would
// read garbage: a rank other than the layout's, a last stride other than 1, a base not
// 16-byte aligned, strides that are not multiples of 16 bytes, a dimension or stride out of
// the driver's range.
TensorMapEncoding encodeTensorMapArguments(const DescriptorTensor &tensor,
                                           const TensorDescriptorLayout &layout);

// The parameters a host descriptor adds after its CUtensorMap, in order: the shape as i32
// values, then the strides as i64 values.
struct DescriptorScalars {
  std::vector<std::int32_t> shape;
  std::vector<std::int64_t> strides;
};
DescriptorScalars descriptorScalars(const DescriptorTensor &tensor);

} // namespace trex::runtime

#endif // TREX_RUNTIME_TENSORMAP_H
