// Writing stage files and pass snapshots; each file is written to a temporary
// name and renamed, so a reader never sees half a file.
#include "trex/Compiler/StageFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>
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

llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef contents) {
  // A device or pipe (-o /dev/null) is written as it is: renaming over it would replace it.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) && llvm::sys::fs::exists(status) &&
      !llvm::sys::fs::is_regular_file(status)) {
    std::error_code error;
    llvm::raw_fd_ostream out(path, error);
    if (error)
      return llvm::createStringError(error,
                                     "cannot write '" + path.str() + "': " + error.message());
    out << contents;
    out.close();
    if (out.has_error()) {
      std::error_code written = out.error();
      out.clear_error();
      return llvm::createStringError(written,
                                     "cannot write '" + path.str() + "': " + written.message());
    }
    return llvm::Error::success();
  }
  // The temporary file sits beside the real one (a rename within one folder is atomic) and is
  // removed if trex is interrupted before the rename.
  llvm::Expected<llvm::sys::fs::TempFile> temporary =
      llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%");
  if (!temporary)
    return llvm::createStringError("cannot write '" + path.str() +
                                   "': " + llvm::toString(temporary.takeError()));
  std::error_code written;
  {
    llvm::raw_fd_ostream out(temporary->FD, /*shouldClose=*/false);
    out << contents;
    out.flush();
    if (out.has_error()) {
      written = out.error();
      out.clear_error();
    }
  }
  if (written) {
    llvm::consumeError(temporary->discard());
    return llvm::createStringError(written,
                                   "cannot write '" + path.str() + "': " + written.message());
  }
  if (llvm::Error kept = temporary->keep(path))
    return llvm::createStringError("cannot write '" + path.str() +
                                   "': " + llvm::toString(std::move(kept)));
  return llvm::Error::success();
}

static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents,
                             llvm::StringRef protectedPath = {}) {
  if (llvm::Error refused = checkWritable(path, protectedPath))
    return refused;
  return writeFileAtomically(path, contents);
}

static llvm::Error makeDirectory(llvm::StringRef directory) {
  if (std::error_code error = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(error, "cannot create directory '" + directory.str() +
                                              "': " + error.message());
  return llvm::Error::success();
}

llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                            llvm::StringRef inputPath) {
  return writeFile(path, contents, inputPath);
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
    if (llvm::Error error = writeFile(path, result.stages.at(stage), inputPath))
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

// Whether `fileName` is a pass snapshot's name: NNN-<pass>.mlir or NNN-<pass>.ll.
static bool isSnapshotFileName(llvm::StringRef fileName) {
  if (fileName.size() < 5 || !llvm::all_of(fileName.take_front(3), llvm::isDigit) ||
      fileName[3] != '-')
    return false;
  return fileName.ends_with(".mlir") || fileName.ends_with(".ll");
}

// The snapshot files an older dump left in `directory` (passes.txt aside).
static std::vector<std::string> olderSnapshotFiles(llvm::StringRef directory) {
  std::vector<std::string> files;
  std::error_code error;
  for (llvm::sys::fs::directory_iterator entry(directory, error), end; entry != end && !error;
       entry.increment(error))
    if (isSnapshotFileName(llvm::sys::path::filename(entry->path())))
      files.push_back(entry->path());
  std::sort(files.begin(), files.end());
  return files;
}

llvm::Error writePassSnapshots(const CompilationResult &result, llvm::StringRef directory,
                               llvm::StringRef inputPath, llvm::raw_ostream *notes) {
  if (llvm::Error error = makeDirectory(directory))
    return error;
  llvm::SmallString<256> indexPath(directory);
  llvm::sys::path::append(indexPath, "passes.txt");
  std::vector<std::string> older = olderSnapshotFiles(directory);
  bool replacing = llvm::sys::fs::exists(indexPath) || !older.empty();

  // passes.txt lists every step, also those without IR (code generation, ptxas) or whose IR
  // was not kept; the numbered files hold the IR after each pass that has it.
  std::string index;
  std::vector<std::pair<std::string, std::string>> files;
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
    files.emplace_back(path.str().str(), header + snapshot.ir);
  }
  files.emplace_back(indexPath.str().str(), std::move(index));

  // Every path is checked before the first is written: a refusal leaves the folder as it was.
  // The older dump's files this one does not rewrite would read as this compile's passes; they
  // go, unless one is the input itself. Nothing else in the folder is touched.
  std::set<std::string> written;
  for (const auto &file : files) {
    if (llvm::Error refused = checkWritable(file.first, inputPath))
      return refused;
    written.insert(file.first);
  }
  std::vector<std::string> stale;
  for (const std::string &path : older) {
    bool isInput = false;
    if (!inputPath.empty() && !llvm::sys::fs::equivalent(path, inputPath, isInput) && isInput)
      continue;
    if (!written.count(path))
      stale.push_back(path);
  }
  if (replacing && notes)
    *notes << "note: replacing the dump of an earlier compile in " << directory
           << " (passes.txt and " << older.size() << " numbered file"
           << (older.size() == 1 ? "" : "s")
           << (stale.empty() ? ""
                             : ", " + std::to_string(stale.size()) +
                                   " of them not rewritten by this dump and removed")
           << "; other files are left alone)\n";
  for (const auto &[path, contents] : files)
    if (llvm::Error error = writeFile(path, contents, inputPath))
      return error;
  for (const std::string &path : stale)
    if (std::error_code error = llvm::sys::fs::remove(path))
      return llvm::createStringError(error, "cannot remove the older dump's '" + path +
                                                "': " + error.message());
  return llvm::Error::success();
}

} // namespace trex
