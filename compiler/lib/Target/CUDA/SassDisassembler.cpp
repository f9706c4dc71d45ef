// SassDisassembler: the tool search and one run of it on a temporary copy of the cubin.
#include "trex/Target/CUDA/SassDisassembler.h"

#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <vector>

namespace trex::cuda {

namespace {

std::vector<std::string> toolkitFolders() {
  std::vector<std::string> folders;
  auto add = [&](std::string root) {
    while (root.size() > 1 && root.back() == '/')
      root.pop_back();
    std::string folder = root + "/bin";
    if (std::find(folders.begin(), folders.end(), folder) == folders.end())
      folders.push_back(std::move(folder));
  };
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(variable); value && *value)
      add(value);
  add("/usr/local/cuda");
  return folders;
}

bool isCuobjdump(llvm::StringRef path) {
  return llvm::sys::path::filename(path).contains("cuobjdump");
}

} // namespace

std::optional<SassTool> findSassTool() {
  if (const char *value = std::getenv("TREX_SASS_TOOL"); value && *value) {
    if (!llvm::sys::fs::can_execute(value))
      return std::nullopt;
    return SassTool{value, isCuobjdump(value)};
  }
  for (const char *name : {"nvdisasm", "cuobjdump"}) {
    for (const std::string &folder : toolkitFolders()) {
      std::string path = folder + "/" + name;
      if (llvm::sys::fs::can_execute(path))
        return SassTool{path, isCuobjdump(path)};
    }
    if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName(name))
      return SassTool{*onPath, isCuobjdump(*onPath)};
  }
  return std::nullopt;
}

std::string sassToolSearchPlaces() {
  if (const char *value = std::getenv("TREX_SASS_TOOL"); value && *value)
    return std::string("TREX_SASS_TOOL=") + value;
  std::string places;
  for (const std::string &folder : toolkitFolders())
    places += folder + ", ";
  return places + "PATH";
}

llvm::Expected<std::string> disassembleCubin(llvm::StringRef cubin, const SassTool &tool) {
  llvm::Expected<llvmir::TemporaryFile> file = llvmir::TemporaryFile::create("trex", "cubin");
  if (!file)
    return file.takeError();
  {
    std::ofstream out(file->path(), std::ios::binary);
    out.write(cubin.data(), static_cast<std::streamsize>(cubin.size()));
    if (!out)
      return llvm::createStringError("cannot write " + file->path());
  }
  std::vector<std::string> arguments = tool.isCuobjdump
                                           ? std::vector<std::string>{"-sass", file->path()}
                                           : std::vector<std::string>{"-c", "-g", file->path()};
  return llvmir::runTool(tool.path, arguments);
}

} // namespace trex::cuda
