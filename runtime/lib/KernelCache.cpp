// KernelCache: keyed, checksummed, atomically written cache entries.
#include "trex/Runtime/KernelCache.h"

#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Sha256.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace trex::runtime {

namespace fs = std::filesystem;

namespace {

void writeWholeFile(const fs::path &path, const std::string &contents) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  stream.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  stream.close();
  if (!stream)
    throw Error("cannot write '" + path.string() + "'");
}

// A name no other writer uses: process id plus a per-process counter.
std::string uniqueSuffix() {
  static std::atomic<unsigned> counter{0};
  return std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

// Why the entry in `directory` is not usable, or empty when it is intact.
std::string checkEntry(const fs::path &directory) {
  fs::path manifestPath = directory / KernelCache::kManifestName;
  std::error_code error;
  if (!fs::exists(manifestPath, error))
    return "no manifest";
  nlohmann::json manifest;
  try {
    manifest = nlohmann::json::parse(readFileBytes(manifestPath.string()));
  } catch (const std::exception &) {
    return "unreadable manifest";
  }
  if (!manifest.is_object() || !manifest.contains("files") || !manifest["files"].is_object())
    return "malformed manifest";
  for (const auto &[name, checksum] : manifest["files"].items()) {
    fs::path file = directory / name;
    if (name.find('/') != std::string::npos || !fs::exists(file, error))
      return "missing file " + name;
    std::string contents;
    try {
      contents = readFileBytes(file.string());
    } catch (const Error &) {
      return "unreadable file " + name;
    }
    if (!checksum.is_string() || sha256Hex(contents) != checksum.get<std::string>())
      return "checksum mismatch in " + name;
  }
  return "";
}

} // namespace

std::string cacheKey(const CacheKeyInputs &inputs) {
  Sha256 hash;
  for (const std::string *field : {&inputs.source, &inputs.sourceName, &inputs.kernel,
                                   &inputs.signature, &inputs.options, &inputs.compilerVersion}) {
    hash.update(std::to_string(field->size()) + ":");
    hash.update(*field);
  }
  return hash.hexDigest();
}

// $TREX_CACHE_DIR, else $XDG_CACHE_HOME/trex, else ~/.cache/trex, each only under a folder that
// exists: the cache is not made inside a HOME (or XDG_CACHE_HOME) that is not there.
std::string defaultCacheDirectory() {
  if (const char *override = std::getenv("TREX_CACHE_DIR"); override && *override)
    return override;
  std::error_code error;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    if (!fs::is_directory(xdg, error))
      throw Error(std::string("cannot locate the kernel cache: XDG_CACHE_HOME (") + xdg +
                  ") is not a folder; set TREX_CACHE_DIR or --cache-dir");
    return (fs::path(xdg) / "trex").string();
  }
  if (const char *home = std::getenv("HOME"); home && *home) {
    if (!fs::is_directory(home, error))
      throw Error(std::string("cannot locate the kernel cache: HOME (") + home +
                  ") is not a folder; set TREX_CACHE_DIR or --cache-dir");
    return (fs::path(home) / ".cache" / "trex").string();
  }
  throw Error("cannot locate the kernel cache: set TREX_CACHE_DIR (HOME is not set)");
}

KernelCache::KernelCache(std::string root) : root_(std::move(root)) {}

std::string KernelCache::entryDirectory(const std::string &key) const {
  return (fs::path(root_) / key).string();
}

std::optional<std::string> KernelCache::lookup(const std::string &key, std::string *problem) const {
  fs::path directory = entryDirectory(key);
  std::error_code error;
  if (!fs::is_directory(directory, error))
    return std::nullopt;
  std::string why = checkEntry(directory);
  if (why.empty())
    return directory.string();
  if (problem)
    *problem = why;
  fs::remove_all(directory, error);
  return std::nullopt;
}

void KernelCache::remove(const std::string &key) const {
  std::error_code error;
  fs::remove_all(entryDirectory(key), error);
}

std::string KernelCache::store(const std::string &key,
                               const std::map<std::string, std::string> &files) const {
  std::error_code error;
  fs::create_directories(root_, error);
  if (error)
    throw Error("cannot create the kernel cache '" + root_ + "': " + error.message());
  fs::path staging = fs::path(root_) / (".tmp-" + key + "-" + uniqueSuffix());
  fs::create_directory(staging, error);
  if (error)
    throw Error("cannot write to the kernel cache '" + root_ + "': " + error.message());
  try {
    nlohmann::json manifest = {{"version", 1}, {"files", nlohmann::json::object()}};
    for (const auto &[name, contents] : files) {
      if (name.empty() || name.find('/') != std::string::npos || name == kManifestName)
        throw Error("bad cache file name '" + name + "'");
      writeWholeFile(staging / name, contents);
      manifest["files"][name] = sha256Hex(contents);
    }
    writeWholeFile(staging / kManifestName, manifest.dump(1));
  } catch (...) {
    fs::remove_all(staging, error);
    throw;
  }
  fs::path target = entryDirectory(key);
  for (int attempt = 0; attempt < 2; ++attempt) {
    fs::rename(staging, target, error);
    if (!error)
      return target.string();
    // Someone else stored the entry first (an intact one wins) or a corrupt one is in the way.
    if (checkEntry(target).empty()) {
      fs::remove_all(staging, error);
      return target.string();
    }
    fs::remove_all(target, error);
  }
  fs::remove_all(staging, error);
  throw Error("cannot move the new entry into the kernel cache at '" + target.string() + "'");
}

} // namespace trex::runtime
