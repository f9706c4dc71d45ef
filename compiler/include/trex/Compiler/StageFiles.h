// Writing a compilation's results to disk with Triton's cache naming:
// DIR/<kernel>.<stage> per stage, and one numbered file per pass snapshot.
#ifndef TREX_COMPILER_STAGEFILES_H
#define TREX_COMPILER_STAGEFILES_H

#include "trex/Compiler/Compilation.h"

#include "llvm/Support/Error.h"

namespace trex {

// Writes the given stages of `result` to `directory` (created if missing), each through a
// temporary file renamed into place. An output path that is a symbolic link, or the same file
// as `inputPath`, is refused with an error before anything is written.
llvm::Error writeStageFiles(const CompilationResult &result, llvm::ArrayRef<Stage> stages,
                            llvm::StringRef directory, llvm::StringRef inputPath = {});

// Writes `NNN-<pass argument>.mlir` (`.ll` for LLVM passes) for every snapshot that holds IR,
// and `passes.txt`, one line per pass or back-end step: time, changed or not, its file.
llvm::Error writePassSnapshots(const CompilationResult &result, llvm::StringRef directory);

} // namespace trex

#endif // TREX_COMPILER_STAGEFILES_H
