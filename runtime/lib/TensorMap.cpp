// TensorMap: the arguments of cuTensorMapEncodeTiled for a host tensor descriptor.
#include "trex/Runtime/TensorMap.h"

#include "trex/Runtime/Error.h"

#include <limits>
#include <string>

namespace trex::runtime {

int hostTensorMapDataType(int deviceElementType) {
  switch (deviceElementType) {
  case 8: // f32.ftz
    return 10;
  case 9: // f64
    return 8;
  case 10: // bf16
    return 9;
  default:
    return deviceElementType;
  }
}

TensorMapEncoding encodeTensorMapArguments(const DescriptorTensor &tensor,
                                           const TensorDescriptorLayout &layout) {
  std::size_t rank = layout.blockSize.size();
  if (tensor.shape.size() != rank || tensor.strides.size() != rank)
    throw Error("the descriptor's tensor has " + std::to_string(tensor.shape.size()) +
                " dimensions (" + std::to_string(tensor.strides.size()) +
                " strides) but its block has " + std::to_string(rank));
  if (tensor.strides.back() != 1)
    throw Error("the descriptor's last stride is " + std::to_string(tensor.strides.back()) +
                ", not 1 (TMA reads the innermost dimension contiguously)");
  if (tensor.base % 16 != 0)
    throw Error("the descriptor's base address is not 16-byte aligned, as TMA requires");
  std::int64_t elementSize = layout.elementSize;
  TensorMapEncoding encoding;
  encoding.dataType = hostTensorMapDataType(layout.elementType);
  encoding.rank = static_cast<std::uint32_t>(rank);
  encoding.globalAddress = tensor.base;
  encoding.swizzle = layout.swizzle;
  encoding.oobFill = tensor.paddingNan ? 1 : 0;
  for (std::size_t i = rank; i-- > 0;) {
    std::int64_t extent = tensor.shape[i];
    // A packed fp4 tensor is described as twice as many 4-bit elements.
    if (layout.fp4Padded && i + 1 == rank)
      extent *= 2;
    if (extent <= 0 || extent > (std::int64_t{1} << 32))
      throw Error("descriptor dimension " + std::to_string(i) + " is " +
                  std::to_string(tensor.shape[i]) + "; TMA takes 1 to 2^32");
    encoding.globalDim.push_back(static_cast<std::uint64_t>(extent));
    encoding.boxDim.push_back(static_cast<std::uint32_t>(layout.blockSize[i]));
    encoding.elementStrides.push_back(1);
  }
  for (std::size_t i = rank - 1; i-- > 0;) {
    std::int64_t stride = tensor.strides[i];
    if (stride <= 0 || stride > std::numeric_limits<std::int64_t>::max() / elementSize)
      throw Error("descriptor stride " + std::to_string(i) + " is " + std::to_string(stride) +
                  "; strides are positive");
    std::int64_t bytes = stride * elementSize;
    if (bytes % 16 != 0 || bytes >= (std::int64_t{1} << 40))
      throw Error("descriptor stride " + std::to_string(i) + " is " + std::to_string(bytes) +
                  " bytes; TMA needs a multiple of 16 below 2^40");
    encoding.globalStrides.push_back(static_cast<std::uint64_t>(bytes));
  }
  return encoding;
}

DescriptorScalars descriptorScalars(const DescriptorTensor &tensor) {
  DescriptorScalars scalars;
  for (std::int64_t extent : tensor.shape) {
    if (extent < 0 || extent > std::numeric_limits<std::int32_t>::max())
      throw Error("descriptor dimension " + std::to_string(extent) +
                  " does not fit the kernel's i32 shape parameter");
    scalars.shape.push_back(static_cast<std::int32_t>(extent));
  }
  scalars.strides = tensor.strides;
  return scalars;
}

} // namespace trex::runtime
