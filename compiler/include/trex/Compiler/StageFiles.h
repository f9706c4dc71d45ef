// Writing a compilation's results to disk with Triton's cache naming:
// DIR/<kernel>.<stage> per stage, and one numbered file per pass snapshot.
#ifndef TREX_COMPILER_STAGEFILES_H
#define TREX_COMPILER_STAGEFILES_H

#include "trex/Compiler/Compilation.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace trex {

// Writes the given stages of `result` to `directory` (created if missing), each through a
// temporary file renamed into place. An output path that is a symbolic link, or the same file
// as `inputPath`, is refused with an error before anything is written.
llvm::Error writeStageFiles(const CompilationResult &result, llvm::ArrayRef<Stage> stages,
                            llvm::StringRef directory, llvm::StringRef inputPath = {});

// Writes `NNN-<pass argument>.mlir` (`.ll` for LLVM passes) for every snapshot that holds IR,
// and `passes.txt`, one line per pass or back-end step: time, changed or not, its file. Into a
// folder holding an older dump, says so on `notes` and removes the older NNN- files this dump
// does not rewrite; other files are left alone, and `inputPath` is neither written nor removed.
llvm::Error writePassSnapshots(const CompilationResult &result, llvm::StringRef directory,
                               llvm::StringRef inputPath = {}, llvm::raw_ostream *notes = nullptr);

// Writes `contents` to `path` through a temporary file in the same folder renamed into place:
// a failed or interrupted write leaves the older file (or none), never half a file. A path
// that is not a regular file (a device such as /dev/null) is written directly.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef contents);

// writeFileAtomically, after the checks of writeStageFiles (no symbolic link, not `inputPath`):
// for the files a compile writes beside its stages (KERNEL.sass).
llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                            llvm::StringRef inputPath = {});

} // namespace trex

#endif // TREX_COMPILER_STAGEFILES_H
