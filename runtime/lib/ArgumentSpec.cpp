// ArgumentSpec: --arg parsing, buffer generation and assigning values to parameters.
#include "trex/Runtime/ArgumentSpec.h"

#include "trex/Runtime/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace trex::runtime {

namespace {

const std::pair<const char *, BufferSpec::Fill> kFills[] = {
    {"rand", BufferSpec::Fill::Rand},   {"randn", BufferSpec::Fill::Randn},
    {"zeros", BufferSpec::Fill::Zeros}, {"ones", BufferSpec::Fill::Ones},
    {"arange", BufferSpec::Fill::Arange}};

// splitmix64: a tiny, fully specified generator, so data is the same everywhere.
class Random {
public:
  explicit Random(std::uint64_t seed) : state_(seed * 0x9e3779b97f4a7c15ull + 0x7265787274657800ull) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Box-Muller; one of the pair is dropped for simplicity.
  double normal() {
    double u1 = uniform();
    double u2 = uniform();
    return std::sqrt(-2.0 * std::log1p(-u1)) * std::cos(2.0 * M_PI * u2);
  }

private:
  std::uint64_t state_;
};

} // namespace

std::string fillName(BufferSpec::Fill fill) {
  for (const auto &[name, candidate] : kFills)
    if (candidate == fill)
      return name;
  return "?";
}

BufferSpec parseBufferSpec(const std::string &text) {
  BufferSpec spec;
  std::string countText = text;
  std::size_t colon = text.find(':');
  // A bare number for a pointer is more likely a mistaken scalar than a buffer of that many
  // zeros: the fill must be said.
  if (colon == std::string::npos)
    throw Error("'" + text +
                "' is not a buffer spec: a pointer argument takes FILL:COUNT with FILL one of "
                "rand, randn, zeros, ones or arange (e.g. zeros:" +
                (text.empty() ? std::string("1024") : text) + ")");
  {
    std::string fill = text.substr(0, colon);
    countText = text.substr(colon + 1);
    bool known = false;
    for (const auto &[name, candidate] : kFills)
      if (fill == name) {
        spec.fill = candidate;
        known = true;
      }
    if (!known)
      throw Error("unknown buffer fill '" + fill +
                  "' (expected rand, randn, zeros, ones or arange, as in rand:1024)");
  }
  char *end = nullptr;
  errno = 0;
  if (countText.empty() || countText[0] == '-')
    throw Error("'" + text + "' is not a buffer spec (expected FILL:COUNT, e.g. rand:1024)");
  unsigned long long count = std::strtoull(countText.c_str(), &end, 0);
  if (*end != '\0' || errno == ERANGE || count == 0)
    throw Error("'" + text + "': the element count must be a positive integer");
  // 2^40 elements is beyond any GPU's memory; refuse before trying to allocate it on the host.
  if (count > (1ull << 40))
    throw Error("'" + text + "': element count too large");
  spec.count = count;
  return spec;
}

std::vector<std::uint8_t> generateBuffer(const BufferSpec &spec, ScalarType type,
                                         std::uint64_t seed) {
  std::size_t elementSize = scalarTypeSize(type);
  std::vector<std::uint8_t> bytes(spec.count * elementSize, 0);
  if (spec.fill == BufferSpec::Fill::Zeros)
    return bytes;
  Random random(seed);
  bool integer = !isFloatingPoint(type);
  for (std::uint64_t index = 0; index < spec.count; ++index) {
    double value = 0;
    switch (spec.fill) {
    case BufferSpec::Fill::Rand:
      value = integer ? std::floor(random.uniform() * (type == ScalarType::I1 ? 2 : 100))
                      : random.uniform();
      break;
    case BufferSpec::Fill::Randn:
      value = integer ? std::nearbyint(random.normal() * 10) : random.normal();
      if (integer && isUnsigned(type))
        value = std::fabs(value);
      break;
    case BufferSpec::Fill::Ones:
      value = 1;
      break;
    case BufferSpec::Fill::Arange:
      value = static_cast<double>(index);
      break;
    case BufferSpec::Fill::Zeros:
      break;
    }
    storeElement(encodeScalar(type, value), bytes.data() + index * elementSize);
  }
  return bytes;
}

namespace {

// "512x256" -> {512, 256}; `what` names the part in errors.
std::vector<std::int64_t> parseExtents(const std::string &text, const std::string &spec,
                                       const char *what) {
  std::vector<std::int64_t> extents;
  std::size_t start = 0;
  while (true) {
    std::size_t cross = text.find('x', start);
    std::string part =
        text.substr(start, cross == std::string::npos ? std::string::npos : cross - start);
    char *end = nullptr;
    errno = 0;
    long long value = part.empty() || part[0] == '-' ? 0 : std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || part[0] == '-' || *end != '\0' || errno == ERANGE || value <= 0 ||
        value > (1ll << 31) - 1)
      throw Error("'" + spec + "': the " + what + " '" + text +
                  "' is not positive integers below 2^31 joined by 'x' (e.g. 512x256)");
    extents.push_back(value);
    if (cross == std::string::npos)
      break;
    start = cross + 1;
  }
  if (extents.size() > 5)
    throw Error("'" + spec + "': a descriptor has 1 to 5 dimensions, the " + what + " has " +
                std::to_string(extents.size()));
  return extents;
}

} // namespace

DescriptorSpec parseDescriptorSpec(const std::string &text) {
  const char *form = " (expected desc:FILL:SHAPE[:BLOCK], e.g. desc:rand:512x256:64x32)";
  if (text.rfind("desc:", 0) != 0)
    throw Error("'" + text + "' is not a descriptor spec: a tensor-descriptor argument takes " +
                "desc:FILL:SHAPE[:BLOCK], e.g. desc:rand:512x256:64x32");
  std::vector<std::string> parts;
  std::size_t start = 5;
  while (true) {
    std::size_t colon = text.find(':', start);
    parts.push_back(
        text.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
    if (colon == std::string::npos)
      break;
    start = colon + 1;
  }
  if (parts.size() < 2 || parts.size() > 3)
    throw Error("'" + text + "' has " + std::to_string(parts.size()) + " field" +
                (parts.size() == 1 ? "" : "s") + " after desc:" + form);
  DescriptorSpec spec;
  bool known = false;
  for (const auto &[name, candidate] : kFills)
    if (parts[0] == name) {
      spec.fill = candidate;
      known = true;
    }
  if (!known)
    throw Error("'" + text + "': unknown fill '" + parts[0] +
                "' (expected rand, randn, zeros, ones or arange)" + form);
  spec.shape = parseExtents(parts[1], text, "shape");
  if (parts.size() == 3) {
    spec.blockShape = parseExtents(parts[2], text, "block shape");
    if (spec.blockShape.size() != spec.shape.size())
      throw Error("'" + text + "': the shape has " + std::to_string(spec.shape.size()) +
                  " dimensions but the block shape " + std::to_string(spec.blockShape.size()));
  }
  unsigned __int128 count = 1;
  for (std::int64_t extent : spec.shape)
    count *= static_cast<unsigned __int128>(extent);
  if (count > (static_cast<unsigned __int128>(1) << 40))
    throw Error("'" + text + "': element count too large");
  return spec;
}

BufferSpec DescriptorSpec::buffer() const {
  BufferSpec spec;
  spec.fill = fill;
  spec.count = 1;
  for (std::int64_t extent : shape)
    spec.count *= static_cast<std::uint64_t>(extent);
  return spec;
}

std::vector<std::int64_t> DescriptorSpec::strides() const {
  std::vector<std::int64_t> result(shape.size(), 1);
  for (std::size_t i = shape.size(); i-- > 1;)
    result[i - 1] = result[i] * shape[i];
  return result;
}

NamedArgument splitNamedArgument(const std::string &text) {
  std::size_t equals = text.find('=');
  if (equals == std::string::npos)
    return {"", text};
  std::string name = text.substr(0, equals);
  if (name.empty())
    throw Error("--arg '" + text + "' has an empty name (expected NAME=VALUE or VALUE)");
  return {name, text.substr(equals + 1)};
}

std::vector<std::string> assignArguments(const std::vector<NamedArgument> &arguments,
                                         const std::vector<std::string> &names,
                                         std::size_t parameterCount) {
  if (!names.empty() && names.size() != parameterCount)
    throw Error("--names lists " + std::to_string(names.size()) + " name" +
                (names.size() == 1 ? "" : "s") + " but the kernel takes " +
                std::to_string(parameterCount) + " argument" + (parameterCount == 1 ? "" : "s") +
                " (one name per passed argument, in order)");
  std::vector<std::string> values(parameterCount);
  std::vector<bool> given(parameterCount, false);
  auto nameOf = [&](std::size_t index) {
    return index < names.size() ? names[index] : "arg" + std::to_string(index);
  };
  auto indexOf = [&](const std::string &name) -> std::size_t {
    for (std::size_t index = 0; index < parameterCount; ++index)
      if (nameOf(index) == name || "arg" + std::to_string(index) == name)
        return index;
    std::string known;
    for (std::size_t index = 0; index < parameterCount; ++index)
      known += (index ? ", " : "") + nameOf(index);
    throw Error("unknown argument '" + name + "' (the kernel's arguments: " +
                (known.empty() ? "none" : known) + ")");
  };
  std::size_t nextPositional = 0;
  for (const NamedArgument &argument : arguments) {
    std::size_t index;
    if (argument.name.empty()) {
      while (nextPositional < parameterCount && given[nextPositional])
        ++nextPositional;
      if (nextPositional == parameterCount)
        throw Error("too many arguments: the kernel takes " + std::to_string(parameterCount) +
                    " (got '" + argument.value + "' after all were given)");
      index = nextPositional;
    } else {
      index = indexOf(argument.name);
    }
    if (given[index])
      throw Error("argument '" + nameOf(index) + "' is given twice");
    given[index] = true;
    values[index] = argument.value;
  }
  std::string missing;
  for (std::size_t index = 0; index < parameterCount; ++index)
    if (!given[index])
      missing += (missing.empty() ? "" : ", ") + nameOf(index);
  if (!missing.empty())
    throw Error("missing argument" + std::string(missing.find(',') == std::string::npos ? "" : "s") +
                ": " + missing + " (give each with --arg NAME=VALUE)");
  return values;
}

} // namespace trex::runtime
