// Writing stage files and pass snapshots; each file is written to a temporary
// name and renamed, so a reader never sees half a file.
#include "trex/Compiler/StageFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

#include <string>
#include <utility>
#include <vector>

namespace trex {

// Refuses to write through a symbolic link (the link's target, perhaps far from the output
// folder, would be replaced) or over `protectedPath` (the compile's input file).
static llvm::Error checkWritable(llvm::StringRef path, llvm::StringRef protectedPath) {
  bool isLink = false;
  if (!llvm::sys::fs::is_symlink_file(path, isLink) && isLink)
    return llvm::createStringError("'" + path.str() +
                                   "' is a symbolic link; trex does not write through links "
                                   "(remove it or choose another output folder)");
  bool same = false;
  if (!protectedPath.empty() && llvm::sys::fs::exists(path) &&
      !llvm::sys::fs::equivalent(path, protectedPath, same) && same)
    return llvm::createStringError("'" + path.str() +
                                   "' is the input file; writing the stages there would replace "
                                   "it (choose another output folder)");
  return llvm::Error::success();
}

static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents, bool binary = false,
                             llvm::StringRef protectedPath = {}) {
  if (llvm::Error refused = checkWritable(path, protectedPath))
    return refused;
  std::error_code error;
  llvm::ToolOutputFile file(path, error, binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
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
                            llvm::StringRef directory, llvm::StringRef inputPath) {
  if (llvm::Error error = makeDirectory(directory))
    return error;
  std::string kernel = result.kernelName.empty() ? "kernel" : result.kernelName;
  // Every path is checked before the first is written: a refusal leaves the folder as it was.
  std::vector<std::pair<std::string, Stage>> outputs;
  for (Stage stage : stages) {
    if (!result.stages.count(stage))
      continue;
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, kernel + "." + stageName(stage).str());
    if (llvm::Error refused = checkWritable(path, inputPath))
      return refused;
    outputs.emplace_back(path.str().str(), stage);
  }
  for (const auto &[path, stage] : outputs)
    if (llvm::Error error =
            writeFile(path, result.stages.at(stage), isBinaryStage(stage), inputPath))
      return error;
  return llvm::Error::success();
}

// How a snapshot's file is named and commented: MLIR or LLVM IR.
static llvm::StringRef snapshotExtension(const PassSnapshot &snapshot) {
  return snapshot.kind == PassSnapshot::IRKind::LLVM ? "ll" : "mlir";
}
static llvm::StringRef commentPrefix(const PassSnapshot &snapshot) {
  return snapshot.kind == PassSnapshot::IRKind::LLVM ? ";" : "//";
}

llvm::Error writePassSnapshots(const CompilationResult &result, llvm::StringRef directory) {
  if (llvm::Error error = makeDirectory(directory))
    return error;
  // passes.txt lists every step, also those without IR (code generation, ptxas) or whose IR
  // was not kept; the numbered files hold the IR after each pass that has it.
  std::string index;
  for (auto [position, snapshot] : llvm::enumerate(result.passes)) {
    std::string argument = snapshot.argument.empty() ? snapshot.name : snapshot.argument;
    std::string fileName;
    if (!snapshot.ir.empty())
      fileName =
          llvm::formatv("{0:D3}-{1}.{2}", position + 1, argument, snapshotExtension(snapshot)).str();
    index += llvm::formatv("{0,3} {1,10:F3} ms  {2,-9}  {3} ({4}) on {5}{6}\n", position + 1,
                           snapshot.milliseconds, snapshot.changed ? "changed" : "unchanged",
                           snapshot.name, argument, snapshot.anchor,
                           fileName.empty() ? "" : "  -> " + fileName)
                 .str();
    if (fileName.empty())
      continue;
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, fileName);
    std::string header = llvm::formatv("{0} {1} ({2}) on {3}: {4:F3} ms, {5}\n",
                                       commentPrefix(snapshot), snapshot.name, snapshot.argument,
                                       snapshot.anchor, snapshot.milliseconds,
                                       snapshot.changed ? "changed" : "unchanged")
                             .str();
    if (llvm::Error error = writeFile(path, header + snapshot.ir))
      return error;
  }
  llvm::SmallString<256> indexPath(directory);
  llvm::sys::path::append(indexPath, "passes.txt");
  return writeFile(indexPath, index);
}

} // namespace trex
