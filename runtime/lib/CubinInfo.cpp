// CubinInfo: the ELF walk over a cubin's sections and its .nv.info attribute records.
#include "trex/Runtime/CubinInfo.h"

#include "trex/Runtime/Error.h"

#include <cstring>

namespace trex::runtime {

namespace {

// .nv.info records: a format byte, an attribute byte, then a value whose shape the format
// gives (EIFMT_NVAL none, BVAL one byte, HVAL two bytes, SVAL a 2-byte size and that many bytes).
constexpr std::uint8_t kFormatNone = 0x01;
constexpr std::uint8_t kFormatByte = 0x02;
constexpr std::uint8_t kFormatHalf = 0x03;
constexpr std::uint8_t kFormatSized = 0x04;
constexpr std::uint8_t kAttributeParamCBank = 0x0a;
constexpr std::uint8_t kAttributeFrameSize = 0x11;
constexpr std::uint8_t kAttributeKParamInfo = 0x17;
constexpr std::uint8_t kAttributeCBankParamSize = 0x19;
constexpr std::uint8_t kAttributeMaxStackSize = 0x23;
constexpr std::uint8_t kAttributeRegCount = 0x2f;

struct Section {
  std::string name;
  std::uint32_t type = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint32_t link = 0;
  std::uint32_t info = 0;
};

class ElfReader {
public:
  explicit ElfReader(const std::string &image) : image_(image) {}

  template <typename T> T read(std::uint64_t offset) const {
    if (offset + sizeof(T) > image_.size() || offset + sizeof(T) < offset)
      throw Error("the cubin is truncated or corrupt (read past its end)");
    T value;
    std::memcpy(&value, image_.data() + offset, sizeof(T));
    return value;
  }
  std::string string(std::uint64_t offset) const {
    if (offset >= image_.size())
      throw Error("the cubin is corrupt (string offset out of range)");
    std::size_t end = image_.find('\0', offset);
    if (end == std::string::npos)
      throw Error("the cubin is corrupt (unterminated string)");
    return image_.substr(offset, end - offset);
  }
  void checkRange(std::uint64_t offset, std::uint64_t size) const {
    if (offset > image_.size() || size > image_.size() - offset)
      throw Error("the cubin is truncated or corrupt (section past its end)");
  }

private:
  const std::string &image_;
};

std::vector<Section> readSections(const ElfReader &elf) {
  std::uint64_t sectionTable = elf.read<std::uint64_t>(0x28);
  std::uint16_t entrySize = elf.read<std::uint16_t>(0x3a);
  std::uint16_t count = elf.read<std::uint16_t>(0x3c);
  std::uint16_t namesIndex = elf.read<std::uint16_t>(0x3e);
  if (entrySize != 64 || namesIndex >= count)
    throw Error("the cubin is corrupt (bad section header table)");
  std::vector<Section> sections(count);
  for (std::uint16_t index = 0; index < count; ++index) {
    std::uint64_t header = sectionTable + std::uint64_t{index} * entrySize;
    Section &section = sections[index];
    section.type = elf.read<std::uint32_t>(header + 4);
    section.offset = elf.read<std::uint64_t>(header + 0x18);
    section.size = elf.read<std::uint64_t>(header + 0x20);
    section.link = elf.read<std::uint32_t>(header + 0x28);
    section.info = elf.read<std::uint32_t>(header + 0x2c);
    section.name = std::to_string(elf.read<std::uint32_t>(header)); // resolved below
  }
  std::uint64_t names = sections[namesIndex].offset;
  for (Section &section : sections)
    section.name = elf.string(names + std::stoull(section.name));
  return sections;
}

// Visits the records of a .nv.info section: (attribute, value offset, value size).
template <typename Visit>
void forEachRecord(const ElfReader &elf, const Section &section, Visit visit) {
  elf.checkRange(section.offset, section.size);
  std::uint64_t position = section.offset;
  std::uint64_t end = section.offset + section.size;
  while (position + 2 <= end) {
    std::uint8_t format = elf.read<std::uint8_t>(position);
    std::uint8_t attribute = elf.read<std::uint8_t>(position + 1);
    if (format == kFormatSized) {
      std::uint16_t size = elf.read<std::uint16_t>(position + 2);
      if (position + 4 + size > end)
        throw Error("the cubin is corrupt (.nv.info record past its section)");
      visit(attribute, position + 4, size);
      position += 4 + size;
    } else if (format == kFormatHalf || format == kFormatByte || format == kFormatNone) {
      visit(attribute, position + 2, format == kFormatHalf ? 2 : format == kFormatByte ? 1 : 0);
      position += 4;
    } else {
      throw Error("the cubin is corrupt (unknown .nv.info record format " +
                  std::to_string(format) + ")");
    }
  }
}

} // namespace

bool looksLikeElf(const std::string &image) {
  return image.size() >= 4 && std::memcmp(image.data(), "\x7f" "ELF", 4) == 0;
}

CubinKernelInfo readCubinKernelInfo(const std::string &image, const std::string &kernelName) {
  if (!looksLikeElf(image) || image.size() < 64)
    throw Error("not a cubin (no ELF header)");
  if (image[4] != 2 || image[5] != 1)
    throw Error("not a cubin (not a 64-bit little-endian ELF)");
  ElfReader elf(image);
  std::vector<Section> sections = readSections(elf);

  // The kernel's symbol index: global .nv.info records name kernels by it.
  std::optional<std::uint32_t> symbolIndex;
  for (const Section &section : sections) {
    if (section.name != ".symtab")
      continue;
    if (section.link >= sections.size())
      throw Error("the cubin is corrupt (symbol table without strings)");
    elf.checkRange(section.offset, section.size);
    std::uint64_t strings = sections[section.link].offset;
    for (std::uint64_t entry = 0; entry + 24 <= section.size; entry += 24)
      if (elf.string(strings + elf.read<std::uint32_t>(section.offset + entry)) == kernelName)
        symbolIndex = static_cast<std::uint32_t>(entry / 24);
  }
  if (!symbolIndex)
    throw Error("the cubin has no kernel named '" + kernelName + "'");

  CubinKernelInfo info;
  info.name = kernelName;
  for (const Section &section : sections) {
    if (section.name == ".nv.info") {
      forEachRecord(elf, section, [&](std::uint8_t attribute, std::uint64_t value, std::uint16_t size) {
        if (size != 8 || elf.read<std::uint32_t>(value) != *symbolIndex)
          return;
        int amount = static_cast<int>(elf.read<std::uint32_t>(value + 4));
        if (attribute == kAttributeRegCount)
          info.registers = amount;
        else if (attribute == kAttributeFrameSize)
          info.frameBytes = amount;
        else if (attribute == kAttributeMaxStackSize)
          info.maxStackBytes = amount;
      });
    } else if (section.name == ".nv.info." + kernelName) {
      // KPARAM_INFO records come last parameter first; each holds the ordinal and, in the
      // top bits of its last word, the size.
      std::vector<std::pair<int, int>> parameters;
      forEachRecord(elf, section, [&](std::uint8_t attribute, std::uint64_t value, std::uint16_t size) {
        if (attribute == kAttributeKParamInfo && size == 12) {
          int ordinal = elf.read<std::uint16_t>(value + 4);
          int bytes = static_cast<int>((elf.read<std::uint32_t>(value + 8) >> 18) & 0x3fff);
          parameters.emplace_back(ordinal, bytes);
        } else if (attribute == kAttributeCBankParamSize && size == 2) {
          info.parameterBlockBytes = elf.read<std::uint16_t>(value);
        } else if (attribute == kAttributeParamCBank) {
          (void)size; // the constant bank's offset: not needed by the launcher
        }
      });
      info.parameterSizes.assign(parameters.size(), 0);
      for (const auto &[ordinal, bytes] : parameters) {
        if (ordinal < 0 || static_cast<std::size_t>(ordinal) >= parameters.size())
          throw Error("the cubin is corrupt (parameter ordinal out of range)");
        info.parameterSizes[ordinal] = bytes;
      }
    } else if (section.name == ".nv.shared." + kernelName) {
      info.staticSharedBytes = static_cast<std::int64_t>(section.size);
    }
  }
  return info;
}

} // namespace trex::runtime
