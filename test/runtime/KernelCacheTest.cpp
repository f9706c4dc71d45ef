// Kernel cache: keying, atomic store, lookup, and corrupt entries detected and rebuilt.
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelCache.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Sha256.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace trex::runtime;
namespace fs = std::filesystem;

namespace {

fs::path freshCache(const std::string &name) {
  fs::path root = fs::path(::testing::TempDir()) / ("trex-cache-" + name);
  fs::remove_all(root);
  return root;
}

CacheKeyInputs baseInputs() {
  return {"@triton.jit\ndef k(x): pass\n", "k.py", "k", "*fp32:16", "target=cuda:90", "v1"};
}

} // namespace

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(KernelCache, KeyDependsOnEveryInput) {
  std::string base = cacheKey(baseInputs());
  EXPECT_EQ(base.size(), 64u);
  EXPECT_EQ(base, cacheKey(baseInputs()));
  for (int field = 0; field < 6; ++field) {
    CacheKeyInputs changed = baseInputs();
    std::string *fields[] = {&changed.source, &changed.sourceName, &changed.kernel,
                             &changed.signature, &changed.options, &changed.compilerVersion};
    *fields[field] += "x";
    EXPECT_NE(cacheKey(changed), base) << field;
  }
  // Length prefixes: moving a character between fields changes the key.
  CacheKeyInputs shifted = baseInputs();
  shifted.kernel = "k*";
  shifted.signature = "fp32:16";
  EXPECT_NE(cacheKey(shifted), base);
}

TEST(KernelCache, StoreThenLookup) {
  KernelCache cache(freshCache("store").string());
  std::string key = cacheKey(baseInputs());
  EXPECT_FALSE(cache.lookup(key).has_value());
  std::string directory = cache.store(key, {{"k.json", "{\"name\": \"k\"}"}, {"k.cubin", "\x7f" "ELF"}});
  EXPECT_EQ(directory, cache.entryDirectory(key));
  std::optional<std::string> found = cache.lookup(key);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(readFileBytes((fs::path(*found) / "k.cubin").string()), "\x7f" "ELF");
  EXPECT_TRUE(fs::exists(fs::path(*found) / KernelCache::kManifestName));
  // No staging directories are left behind.
  for (const auto &entry : fs::directory_iterator(cache.root()))
    EXPECT_EQ(entry.path().filename().string().rfind(".tmp-", 0), std::string::npos);
  // Storing again (a concurrent writer) keeps one intact entry.
  EXPECT_EQ(cache.store(key, {{"k.json", "{}"}}), directory);
  EXPECT_TRUE(cache.lookup(key).has_value());
}

TEST(KernelCache, CorruptEntriesAreDetectedAndRemoved) {
  KernelCache cache(freshCache("corrupt").string());
  std::string key = cacheKey(baseInputs());
  auto store = [&] { return fs::path(cache.store(key, {{"k.json", "{}"}, {"k.cubin", "binary"}})); };

  fs::path directory = store();
  std::ofstream(directory / "k.cubin", std::ios::trunc) << "truncated";
  std::string problem;
  EXPECT_FALSE(cache.lookup(key, &problem).has_value());
  EXPECT_EQ(problem, "checksum mismatch in k.cubin");
  EXPECT_FALSE(fs::exists(directory));

  directory = store();
  fs::remove(directory / "k.json");
  EXPECT_FALSE(cache.lookup(key, &problem).has_value());
  EXPECT_EQ(problem, "missing file k.json");

  directory = store();
  fs::remove(directory / KernelCache::kManifestName);
  EXPECT_FALSE(cache.lookup(key, &problem).has_value());
  EXPECT_EQ(problem, "no manifest");

  directory = store();
  std::ofstream(directory / KernelCache::kManifestName, std::ios::trunc) << "{not json";
  EXPECT_FALSE(cache.lookup(key, &problem).has_value());
  EXPECT_EQ(problem, "unreadable manifest");

  // A corrupt entry in the way of a store is replaced.
  fs::create_directories(cache.entryDirectory(key));
  std::ofstream(fs::path(cache.entryDirectory(key)) / "junk") << "x";
  store();
  EXPECT_TRUE(cache.lookup(key).has_value());
}

TEST(KernelCache, DefaultDirectoryFollowsTheEnvironment) {
  ::setenv("TREX_CACHE_DIR", "/some/where", 1);
  EXPECT_EQ(defaultCacheDirectory(), "/some/where");
  ::unsetenv("TREX_CACHE_DIR");
  const char *home = std::getenv("HOME");
  std::string savedHome = home ? home : "";
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  std::string savedXdg = xdg ? xdg : "";
  ::unsetenv("XDG_CACHE_HOME");
  fs::path folder = fs::temp_directory_path() / "trex-cache-home-test";
  fs::create_directories(folder);
  ::setenv("HOME", folder.c_str(), 1);
  EXPECT_EQ(defaultCacheDirectory(), (folder / ".cache" / "trex").string());
  // XDG_CACHE_HOME wins over HOME.
  ::setenv("XDG_CACHE_HOME", folder.c_str(), 1);
  EXPECT_EQ(defaultCacheDirectory(), (folder / "trex").string());
  ::unsetenv("XDG_CACHE_HOME");
  // A HOME that does not exist gets no cache made inside it: an error that says so.
  ::setenv("HOME", "/nonexistent/home/user", 1);
  try {
    defaultCacheDirectory();
    ADD_FAILURE() << "a cache under a missing HOME was accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("is not a folder"), std::string::npos);
  }
  ::setenv("HOME", savedHome.c_str(), 1);
  if (!savedXdg.empty())
    ::setenv("XDG_CACHE_HOME", savedXdg.c_str(), 1);
  fs::remove_all(folder);
}
