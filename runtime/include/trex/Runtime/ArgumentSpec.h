// ArgumentSpec: what the user gives for each kernel argument on the command line. A pointer
// takes a buffer description, generated on the host with a fixed seed so runs are
// reproducible (`rand:N`, `randn:N`, `zeros:N`, `ones:N`, `arange:N`, N elements of the
// pointee type); a scalar takes a literal.
#ifndef TREX_RUNTIME_ARGUMENTSPEC_H
#define TREX_RUNTIME_ARGUMENTSPEC_H

#include "trex/Runtime/ScalarValue.h"
#include "trex/Runtime/Signature.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::runtime {

struct BufferSpec {
  // rand: uniform in [0, 1) (integers: [0, 100)); randn: standard normal (integers: rounded
  // normal x 10); zeros; ones; arange: 0, 1, 2, ...
  enum class Fill { Rand, Randn, Zeros, Ones, Arange };
  Fill fill = Fill::Zeros;
  std::uint64_t count = 0;
};

std::string fillName(BufferSpec::Fill fill);

// Parses "rand:1024"; throws Error on anything else (a bare "1024" too: the fill must be said).
BufferSpec parseBufferSpec(const std::string &text);

// The N elements of `type` a buffer spec describes, as bytes. `seed` makes the random fills
// reproducible (the runner seeds argument i with i, so two runs see the same data); the
// generator is specified here (splitmix64 + Box-Muller), not left to the standard library.
std::vector<std::uint8_t> generateBuffer(const BufferSpec &spec, ScalarType type,
                                         std::uint64_t seed);

// A host tensor descriptor's argument, `desc:FILL:SHAPE[:BLOCK]` (e.g. desc:rand:512x256:64x32):
// a tensor of SHAPE elements of the descriptor's type, filled as a buffer spec says, contiguous
// (row-major strides), described with the block shape BLOCK, which must be the signature's
// (left out: the signature's).
struct DescriptorSpec {
  BufferSpec::Fill fill = BufferSpec::Fill::Zeros;
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> blockShape;

  // The buffer behind the tensor and its row-major strides in elements.
  BufferSpec buffer() const;
  std::vector<std::int64_t> strides() const;
};

// Parses "desc:rand:512x256:64x32"; throws Error saying what is wrong otherwise.
DescriptorSpec parseDescriptorSpec(const std::string &text);

// `name=value` or a bare `value` (positional) as given to --arg.
struct NamedArgument {
  std::string name; // empty: positional
  std::string value;
};
NamedArgument splitNamedArgument(const std::string &text);

// Assigns the --arg values to the passed parameters: by name when `names` holds the parameter
// names (also accepted: "argI" for the I-th passed parameter, which always works), by position
// for bare values. Throws Error on an unknown name, a parameter given twice, a missing one, or
// more positional values than parameters. The result has one value text per parameter.
std::vector<std::string> assignArguments(const std::vector<NamedArgument> &arguments,
                                         const std::vector<std::string> &names,
                                         std::size_t parameterCount);

} // namespace trex::runtime

#endif // TREX_RUNTIME_ARGUMENTSPEC_H
