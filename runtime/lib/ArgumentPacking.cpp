// ArgumentPacking: grid parsing, scratch sizing and the kernel parameter block.
#include "trex/Runtime/ArgumentPacking.h"

#include "trex/Runtime/Error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace trex::runtime {

Grid parseGrid(const std::string &text) {
  std::vector<std::uint32_t> dimensions;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    char *end = nullptr;
    errno = 0;
    long long value = part.empty() ? 0 : std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || *end != '\0' || errno == ERANGE || value <= 0 || value >= (1ll << 31))
      throw Error("bad --grid '" + text + "': expected X[,Y[,Z]] with positive integers");
    dimensions.push_back(static_cast<std::uint32_t>(value));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (dimensions.size() > 3)
    throw Error("bad --grid '" + text + "': at most three dimensions");
  Grid grid;
  grid.x = dimensions[0];
  if (dimensions.size() > 1)
    grid.y = dimensions[1];
  if (dimensions.size() > 2)
    grid.z = dimensions[2];
  if (grid.y > 65535 || grid.z > 65535)
    throw Error("bad --grid '" + text + "': Y and Z are at most 65535");
  return grid;
}

std::uint64_t scratchBytes(std::int64_t perProgram, const Grid &grid, int numCTAs) {
  if (perProgram <= 0)
    return 0;
  unsigned __int128 bytes = static_cast<unsigned __int128>(perProgram) * grid.x * grid.y *
                            grid.z * static_cast<unsigned>(numCTAs);
  if (bytes > std::numeric_limits<std::uint64_t>::max() / 2)
    throw Error("scratch memory for this grid overflows");
  return static_cast<std::uint64_t>(bytes);
}

ArgumentValue ArgumentValue::ofPointer(DevicePointer pointer) {
  ArgumentValue value;
  value.kind = Kind::Pointer;
  value.pointer = pointer;
  return value;
}

ArgumentValue ArgumentValue::ofScalar(ScalarValue scalar) {
  ArgumentValue value;
  value.kind = Kind::Scalar;
  value.scalar = scalar;
  return value;
}

ArgumentValue ArgumentValue::ofTensorMap(const TensorMapBytes &tensorMap) {
  ArgumentValue value;
  value.kind = Kind::TensorMap;
  value.tensorMap = tensorMap;
  return value;
}

std::vector<ArgumentValue> descriptorArguments(const TensorMapBytes &tensorMap,
                                               const DescriptorScalars &scalars) {
  std::vector<ArgumentValue> values{ArgumentValue::ofTensorMap(tensorMap)};
  for (std::int32_t extent : scalars.shape)
    values.push_back(
        ArgumentValue::ofScalar({ScalarType::I32, static_cast<std::uint32_t>(extent)}));
  for (std::int64_t stride : scalars.strides)
    values.push_back(
        ArgumentValue::ofScalar({ScalarType::I64, static_cast<std::uint64_t>(stride)}));
  return values;
}

PackedArguments::PackedArguments(const std::vector<ArgumentValue> &userArguments,
                                 DevicePointer globalScratch, DevicePointer profileScratch) {
  for (const ArgumentValue &argument : userArguments) {
    switch (argument.kind) {
    case ArgumentValue::Kind::Pointer:
      append(&argument.pointer, sizeof(argument.pointer), sizeof(argument.pointer));
      break;
    case ArgumentValue::Kind::Scalar: {
      std::size_t size = scalarTypeSize(argument.scalar.type);
      append(&argument.scalar.bits, size, size);
      break;
    }
    case ArgumentValue::Kind::TensorMap:
      append(argument.tensorMap.bytes.data(), kTensorMapBytes, kTensorMapAlignment);
      break;
    }
  }
  append(&globalScratch, sizeof(globalScratch), sizeof(globalScratch));
  append(&profileScratch, sizeof(profileScratch), sizeof(profileScratch));
  // Pointers into the storage are taken once it has stopped growing.
  for (std::size_t offset : offsets_)
    pointers_.push_back(storage_.data() + offset);
}

void PackedArguments::append(const void *value, std::size_t size, std::size_t alignment) {
  std::size_t offset = (storage_.size() + alignment - 1) / alignment * alignment;
  storage_.resize(offset + size);
  // Little-endian host: the low `size` bytes of a scalar's 64-bit holder are the value.
  std::memcpy(storage_.data() + offset, value, size);
  offsets_.push_back(offset);
  sizes_.push_back(size);
}

} // namespace trex::runtime
