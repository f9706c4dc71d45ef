// KernelInfo: what the launcher reads from a compiled kernel's `<kernel>.json` (Triton 3.6's
// metadata keys) and where the binary next to it is.
//
// Triton's JSON does not carry the kernel's signature; trex adds two optional keys when it
// writes a kernel to its cache: "trex_signature" (the AOT form) and "trex_param_names" (the
// names of the passed parameters, in order). Files from elsewhere (real Triton's cache,
// `trex compile -o`) lack them; the caller then supplies the signature and arguments go by
// position.
#ifndef TREX_RUNTIME_KERNELINFO_H
#define TREX_RUNTIME_KERNELINFO_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::runtime {

enum class Backend { CUDA, HIP };

// One buffer in a program's slice of global scratch (trex's "trex_global_scratch" key).
struct ScratchRegion {
  std::int64_t offset = 0;
  std::int64_t size = 0;
  std::int64_t align = 1;
  std::string what;
  std::string source;
};

// A host tensor-descriptor parameter as the compiler laid it out (an entry of Triton's
// "tensordesc_meta", in parameter order): what encoding its CUtensorMap needs.
struct TensorDescriptorLayout {
  // CUtensorMapSwizzle: 0 none, 1 32-byte, 2 64-byte, 3 128-byte.
  int swizzle = 0;
  int elementSize = 0;
  // The TMA element type as the device numbers it (tensormap.replace's .elemtype).
  int elementType = 0;
  // The box of one TMA copy, outermost dimension first.
  std::vector<std::int64_t> blockSize;
  bool fp4Padded = false;
};

struct KernelInfo {
  std::string name;
  Backend backend = Backend::CUDA;
  // "sm90" / "gfx942" (the metadata's `arch`), and for CUDA the compute capability (90).
  std::string arch;
  int computeCapability = 0;
  int warpSize = 32;
  int numWarps = 4;
  int numCTAs = 1;
  int numStages = 3;
  // Triton's launch_cooperative_grid: launched cooperatively (every program resident at once).
  bool launchCooperativeGrid = false;
  // Dynamic shared memory per program, bytes.
  std::int64_t shared = 0;
  std::int64_t globalScratchSize = 0;
  std::int64_t globalScratchAlign = 1;
  std::int64_t profileScratchSize = 0;
  std::int64_t profileScratchAlign = 1;
  // trex's own keys, when present.
  std::optional<std::string> signature;
  std::vector<std::string> parameterNames;
  std::vector<ScratchRegion> globalScratch;
  // Triton's "tensordesc_meta": one entry per host tensor-descriptor parameter.
  std::vector<TensorDescriptorLayout> tensorDescriptors;
  // The profiling scopes of an instrumented kernel, by id ("trex_profile_scopes").
  std::vector<std::string> profileScopes;

  int threadsPerProgram() const { return numWarps * warpSize; }
};

// Parses the metadata JSON text; `origin` names it in errors. Throws Error on malformed JSON,
// a missing `name`, or a field of the wrong type.
KernelInfo parseKernelInfo(const std::string &jsonText, const std::string &origin);

// The metadata text with trex's "trex_signature" and "trex_param_names" keys set.
std::string annotateKernelInfo(const std::string &jsonText, const std::string &signature,
                               const std::vector<std::string> &parameterNames);

// A compiled kernel on disk: its metadata and the binary the backend loads.
struct KernelArtifacts {
  std::string metadataPath;
  KernelInfo info;
  // The binary: .cubin preferred over .ptx (driver JIT) for CUDA; .hsaco for HIP.
  std::string binaryPath;
  enum class BinaryKind { Cubin, PTX, HSACO } binaryKind = BinaryKind::Cubin;
};

// The metadata file `path` names: `path` itself, or the one `.json` of a directory (files
// starting with '_' such as the cache manifest are not kernels). Throws Error otherwise.
std::string findMetadataFile(const std::string &path);

// `path` is a `<kernel>.json` or a directory holding exactly one `.json` (a trex cache entry
// or a `trex compile -o` directory). Throws Error when the JSON is missing or unreadable or no
// binary for its backend lies next to it.
KernelArtifacts findKernelArtifacts(const std::string &path);

// The whole file, binary-safe; throws Error naming the path when it cannot be read.
std::string readFileBytes(const std::string &path);

} // namespace trex::runtime

#endif // TREX_RUNTIME_KERNELINFO_H
