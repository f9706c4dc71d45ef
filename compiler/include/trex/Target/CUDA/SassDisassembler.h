// SassDisassembler: a cubin's SASS through the CUDA toolkit's disassemblers (nvdisasm, else
// cuobjdump), found as the other toolkit tools are. trex carries no disassembler of its own.
#ifndef TREX_TARGET_CUDA_SASSDISASSEMBLER_H
#define TREX_TARGET_CUDA_SASSDISASSEMBLER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace trex::cuda {

struct SassTool {
  std::string path;
  bool isCuobjdump = false; // else nvdisasm
};

// $TREX_SASS_TOOL (nvdisasm or cuobjdump, told apart by the file name; the only candidate when
// set), else nvdisasm, then cuobjdump, in <CUDA>/bin for $CUDA_HOME, $CUDA_PATH and
// /usr/local/cuda, then on PATH.
std::optional<SassTool> findSassTool();

// Where findSassTool looked, for the note that says it found nothing.
std::string sassToolSearchPlaces();

// `nvdisasm -c -g` (code sections, with `//## File "...", line N` line info) or
// `cuobjdump -sass` on the cubin.
llvm::Expected<std::string> disassembleCubin(llvm::StringRef cubin, const SassTool &tool);

} // namespace trex::cuda

#endif // TREX_TARGET_CUDA_SASSDISASSEMBLER_H
