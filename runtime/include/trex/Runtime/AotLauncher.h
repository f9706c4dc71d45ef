// AotLauncher: the C source of an ahead-of-time launcher for one compiled CUDA kernel
// (`trex compile --emit launcher`). NAME.h declares load / launch / unload, the scratch
// allocator hooks and the metadata as constants; NAME.c embeds the cubin and launches it with
// the driver API, passing the user's arguments and then the two hidden scratch pointers in the
// order PackedArguments packs them, the buffers sized by scratchBytes() for each launch's grid.
// The C needs only <cuda.h> and the C99 standard headers; docs/aot-launcher.md is its manual.
#ifndef TREX_RUNTIME_AOTLAUNCHER_H
#define TREX_RUNTIME_AOTLAUNCHER_H

#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Signature.h"

#include <string>
#include <vector>

namespace trex::runtime {

struct AotLauncherRequest {
  // The compiled kernel's metadata (its name is the function the cubin exports).
  KernelInfo info;
  // The specialization: its passed entries become the launch function's parameters.
  Signature signature;
  // The passed parameters' names (empty: arg0, arg1, ...), renamed where C needs it (see
  // launcherParameterNames).
  std::vector<std::string> parameterNames;
  // The cubin, embedded as bytes.
  std::string cubin;
  // Prefix of every C name and name of the two files; empty: the kernel's name.
  std::string launcherName;
};

struct AotLauncherSources {
  std::string name;   // the prefix; the files are name.h and name.c
  std::string header; // name.h
  std::string source; // name.c
};

// Throws Error for a HIP kernel, a cubin that is not an ELF image, a launcher name that is no
// C identifier, or a cubin whose kernel takes other parameters than the signature passes plus
// the two scratch pointers.
AotLauncherSources generateAotLauncher(const AotLauncherRequest &request);

// The C parameter names the launch function of the launcher `launcherName` gets for `names`
// (see AotLauncherRequest): a name that is no C identifier becomes argI; one that is a C or
// C++ keyword, a launch parameter's, or starts like the launcher's own names ("trex_",
// "NAME_") or the driver's ("cuX", "CU") gets a trailing '_'; duplicates get more.
std::vector<std::string> launcherParameterNames(const std::vector<std::string> &names,
                                                std::size_t count,
                                                const std::string &launcherName = "");

} // namespace trex::runtime

#endif // TREX_RUNTIME_AOTLAUNCHER_H
