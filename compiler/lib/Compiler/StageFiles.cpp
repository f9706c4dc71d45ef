// Writing stage files and pass snapshots; each file is written to a temporary
// name and renamed, so a reader never sees half a file.
#include "trex/Compiler/StageFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

namespace trex {

static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code error;
  llvm::ToolOutputFile file(path, error, llvm::sys::fs::OF_Text);
  if (error)
    return llvm::createStringError(error, "cannot write '" + path.str() + "': " + error.message());
  file.os() << contents;
  file.os().flush();
  if (file.os().has_error())
    return llvm::createStringError("cannot write '" + path.str() + "'");
  file.keep();
  return llvm::Error::success();
}

static llvm::Error makeDirectory(llvm::StringRef directory) {
  if (std::error_code error = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(error, "cannot create directory '" + directory.str() +
                                              "': " + error.message());
  return llvm::Error::success();
}

llvm::Error writeStageFiles(const CompilationResult &result, llvm::ArrayRef<Stage> stages,
                            llvm::StringRef directory) {
  if (llvm::Error error = makeDirectory(directory))
    return error;
  std::string kernel = result.kernelName.empty() ? "kernel" : result.kernelName;
  for (Stage stage : stages) {
    auto text = result.stages.find(stage);
    if (text == result.stages.end())
      continue;
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, kernel + "." + stageName(stage).str());
    if (llvm::Error error = writeFile(path, text->second))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error writePassSnapshots(const CompilationResult &result, llvm::StringRef directory) {
  if (llvm::Error error = makeDirectory(directory))
    return error;
  for (auto [index, snapshot] : llvm::enumerate(result.passes)) {
    if (snapshot.ir.empty())
      continue;
    llvm::SmallString<256> path(directory);
    std::string argument = snapshot.argument.empty() ? snapshot.name : snapshot.argument;
    llvm::sys::path::append(path, llvm::formatv("{0:D3}-{1}.mlir", index + 1, argument).str());
    std::string header = llvm::formatv("// {0} ({1}) on {2}: {3:F3} ms, {4}\n", snapshot.name,
                                       snapshot.argument, snapshot.anchor, snapshot.milliseconds,
                                       snapshot.changed ? "changed" : "unchanged")
                             .str();
    if (llvm::Error error = writeFile(path, header + snapshot.ir))
      return error;
  }
  return llvm::Error::success();
}

} // namespace trex
