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

PackedArguments::PackedArguments(const std::vector<ArgumentValue> &userArguments,
                                 DevicePointer globalScratch, DevicePointer profileScratch) {
  for (const ArgumentValue &argument : userArguments) {
    if (argument.isPointer)
      append(&argument.pointer, sizeof(argument.pointer));
    else
      append(&argument.scalar.bits, scalarTypeSize(argument.scalar.type));
  }
  append(&globalScratch, sizeof(globalScratch));
  append(&profileScratch, sizeof(profileScratch));
  // Pointers into the storage are taken once it has stopped growing.
  for (std::size_t offset : offsets_)
    pointers_.push_back(storage_.data() + offset);
}

void PackedArguments::append(const void *value, std::size_t size) {
  std::size_t offset = (storage_.size() + size - 1) / size * size;
  storage_.resize(offset + size);
  // Little-endian host: the low `size` bytes of the 64-bit holder are the value.
  std::memcpy(storage_.data() + offset, value, size);
  offsets_.push_back(offset);
  sizes_.push_back(size);
}

} // namespace trex::runtime
