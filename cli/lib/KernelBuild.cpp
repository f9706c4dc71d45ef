// KernelBuild: compile-through-the-cache for `trex run` / `trex bench`.
#include "trex/Tools/KernelBuild.h"

#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelCache.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Signature.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace trex::tools {

namespace {

// Identifies this compiler build: the executable's size and modification time change with
// every rebuild, so a new compiler never reuses an old one's output.
std::string compilerVersion() {
  struct stat status {};
  if (::stat("/proc/self/exe", &status) != 0)
    return "trex-unknown-build";
  return "trex size=" + std::to_string(status.st_size) +
         " mtime=" + std::to_string(status.st_mtim.tv_sec) + "." +
         std::to_string(status.st_mtim.tv_nsec);
}

std::string optionsKey(const CompileOptions &options) {
  return "target=" + options.target.str() + " num_warps=" + std::to_string(options.numWarps) +
         (options.numWarpsGiven ? "!" : "") + " num_stages=" + std::to_string(options.numStages) +
         (options.numStagesGiven ? "!" : "") + " num_ctas=" + std::to_string(options.numCTAs) +
         (options.numCTAsGiven ? "!" : "") +
         " config=" + (options.autotuneConfig ? std::to_string(*options.autotuneConfig) : "-") +
         (options.profileScopes ? " profile_scopes" : "");
}

} // namespace

KernelBuild buildKernel(const KernelBuildRequest &request) {
  std::string source = runtime::readFileBytes(request.path);
  runtime::KernelCache cache(request.cacheDirectory.empty() ? runtime::defaultCacheDirectory()
                                                            : request.cacheDirectory);
  std::string modulePath;
  for (const std::string &folder : request.options.pythonPath)
    modulePath += folder + ":";
  if (const char *environment = std::getenv("TREX_PYTHONPATH"))
    modulePath += environment;
  std::string sourceKey = runtime::cacheKey(
      {source, request.path, request.options.kernelName, request.options.signature,
       optionsKey(request.options) + " path=" + modulePath, compilerVersion()});
  // A kernel file's imports are part of what it compiles to: the entry lists the files they
  // read with a hash of each, and a file that changed since makes the entry stale.
  auto contentHash = [](const std::string &file) -> std::optional<std::string> {
    std::ifstream in(file, std::ios::binary);
    if (!in)
      return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return runtime::cacheKey({text.str(), "", "", "", "", ""});
  };
  KernelBuild build;
  if (std::optional<std::string> directory = cache.lookup(sourceKey, &build.rebuildReason)) {
    std::ifstream in(*directory + "/imports.txt");
    bool current = true;
    for (std::string line; current && std::getline(in, line);) {
      size_t space = line.find(' ');
      if (space == std::string::npos)
        continue;
      std::optional<std::string> hash = contentHash(line.substr(space + 1));
      current = hash && *hash == line.substr(0, space);
    }
    if (current) {
      build.directory = *directory;
      build.cacheHit = true;
      return build;
    }
    build.rebuildReason = "a file the kernel's module imports changed";
    cache.remove(sourceKey);
  }

  CompileOptions options = request.options;
  options.lastStage = Stage::Metadata;
  // The file's own path, so that its imports resolve against its folder.
  CompilationResult result = compileText(source, request.path, options);
  build.diagnostics = result.renderDiagnostics();
  if (!result.succeeded)
    throw runtime::Error("compilation failed\n" + build.diagnostics);
  auto metadata = result.stages.find(Stage::Metadata);
  if (metadata == result.stages.end())
    throw runtime::Error("the compiler produced no metadata for '" + request.path + "'");
  bool isCUDA = options.target.isCUDA();
  Stage binaryStage = isCUDA ? Stage::CUBIN : Stage::HSACO;
  if (!result.stages.count(binaryStage) && !(isCUDA && result.stages.count(Stage::PTX)))
    throw runtime::Error("the compiler produced no loadable binary\n" + build.diagnostics);

  // The compile result says which parameters a launch passes (the file is not parsed again).
  const std::vector<std::string> &names = result.passedParameterNames;
  std::map<std::string, std::string> files;
  std::string kernel = result.kernelName.empty() ? "kernel" : result.kernelName;
  for (const auto &[stage, text] : result.stages) {
    std::string extension = stageName(stage).str();
    files[kernel + "." + extension] =
        stage == Stage::Metadata
            ? runtime::annotateKernelInfo(text, request.options.signature, names)
            : text;
  }
  std::string listing;
  for (const std::string &file : result.importedFiles) {
    std::optional<std::string> hash = contentHash(file);
    if (!hash)
      throw runtime::Error("'" + file + "', which '" + request.path +
                           "' imports, could not be read");
    listing += *hash + " " + file + "\n";
  }
  files["imports.txt"] = listing;
  build.directory = cache.store(sourceKey, files);
  return build;
}

} // namespace trex::tools
