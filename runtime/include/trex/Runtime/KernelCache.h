// KernelCache: compiled kernels on disk, so `trex run` compiles a kernel once per source,
// specialization, options and compiler build.
//
// Layout (Triton's per-kernel layout): <root>/<key>/<kernel>.<ext> — .json, .cubin or .hsaco,
// the IR stages — plus `__trex_manifest.json` with a SHA-256 per file. The root is
// $TREX_CACHE_DIR, else ~/.cache/trex. An entry is built in a temporary directory and renamed
// into place, so readers see a whole entry or none; an entry whose manifest is missing or
// whose files do not match their checksums is corrupt, removed, and reported as a miss.
#ifndef TREX_RUNTIME_KERNELCACHE_H
#define TREX_RUNTIME_KERNELCACHE_H

#include <map>
#include <optional>
#include <string>

namespace trex::runtime {

// What a compilation depends on. Each field goes into the key length-prefixed, so no two
// different inputs can produce the same byte stream.
struct CacheKeyInputs {
  std::string source;
  std::string sourceName;
  std::string kernel;
  std::string signature;
  // The compile options, spelled stably ("target=cuda:90 num_warps=4 ...").
  std::string options;
  // Identifies the compiler build; a new build must not reuse an old build's output.
  std::string compilerVersion;
};

std::string cacheKey(const CacheKeyInputs &inputs);

// $TREX_CACHE_DIR, else $HOME/.cache/trex; throws Error when neither can be determined.
std::string defaultCacheDirectory();

class KernelCache {
public:
  explicit KernelCache(std::string root);

  const std::string &root() const { return root_; }
  std::string entryDirectory(const std::string &key) const;

  // The entry's directory when present and intact. A corrupt entry is removed; `problem`
  // (if given) then says what was wrong.
  std::optional<std::string> lookup(const std::string &key, std::string *problem = nullptr) const;

  // Writes `files` (file name -> contents) as the entry for `key` and returns its directory.
  // Throws Error when the cache directory cannot be written.
  std::string store(const std::string &key, const std::map<std::string, std::string> &files) const;
  // Removes the entry of `key`, if there is one (an entry whose inputs changed).
  void remove(const std::string &key) const;

  static constexpr const char *kManifestName = "__trex_manifest.json";

private:
  std::string root_;
};

} // namespace trex::runtime

#endif // TREX_RUNTIME_KERNELCACHE_H
