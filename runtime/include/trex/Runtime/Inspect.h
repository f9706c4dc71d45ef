// Inspect: a compiled kernel's launch facts without running it — the parameters with the two
// hidden scratch pointers, scratch sizes and alignment (and the bytes a grid needs), shared
// memory, and what the cubin records (registers, stack frame) when there is one.
#ifndef TREX_RUNTIME_INSPECT_H
#define TREX_RUNTIME_INSPECT_H

#include "trex/Runtime/ArgumentPacking.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace trex::runtime {

struct InspectRequest {
  // Empty: the metadata's "trex_signature" if any (otherwise only the hidden parameters are
  // known).
  std::string signature;
  std::optional<Grid> grid;
  bool json = false;
};

// The report for the artifacts at `path` (a .json or a directory holding one); throws Error.
// `binaryDefect` (when given) receives what is wrong with a cubin that cannot be read.
std::string inspectKernel(const std::string &path, const InspectRequest &request,
                          std::string *binaryDefect = nullptr);

// inspectKernel printed to `out`; errors to `err` as "error: ...", exit code 1 (also when the
// cubin is corrupt, after the report).
int inspectCommand(const std::string &path, const InspectRequest &request, std::ostream &out,
                   std::ostream &err);

} // namespace trex::runtime

#endif // TREX_RUNTIME_INSPECT_H
