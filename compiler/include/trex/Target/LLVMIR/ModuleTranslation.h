// ModuleTranslation: from the LLVM dialect to LLVM IR, LLVM's optimizer, and code emission;
// the part of the back end the NVIDIA and AMD targets share.
#ifndef TREX_TARGET_LLVMIR_MODULETRANSLATION_H
#define TREX_TARGET_LLVMIR_MODULETRANSLATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class PassInstrumentationCallbacks;
class TargetMachine;
} // namespace llvm

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace trex::llvmir {

// Translates an LLVM-dialect module (with NVVM or ROCDL ops) into LLVM IR in `context`.
// Fails with the translator's diagnostics on the module's context.
std::unique_ptr<llvm::Module> translateModule(mlir::ModuleOp module, llvm::LLVMContext &context);

// The target machine for `triple`/`cpu`/`features`, with Triton's floating-point options
// (contraction into FMA allowed when `fpFusion`). Built once per thread and kept (building
// one costs about 1% of a small kernel's compile; code generation only reads it), so it
// lives until the thread ends and serves one compile at a time.
llvm::Expected<llvm::TargetMachine *> targetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                                                    llvm::StringRef features, bool fpFusion);

// Runs LLVM's O3 pipeline for `machine`. `callbacks`, when given, observe every pass (the
// compiler records them as pass snapshots).
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    llvm::PassInstrumentationCallbacks *callbacks);

// Assembly text or an object file of `module` for `machine`.
llvm::Expected<std::string> emitCode(llvm::Module &module, llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType);

// The module as LLVM prints it (`.llir`).
std::string printModule(const llvm::Module &module);

// The first of: the file named by environment variable `environmentVariable`, one of
// `names` on PATH, one of `fallbackPaths` that exists. None when nothing is found, and when
// the variable is set to a file that does not exist (the user asked for that one).
std::optional<std::string> findTool(llvm::StringRef environmentVariable,
                                    llvm::ArrayRef<llvm::StringRef> names,
                                    llvm::ArrayRef<llvm::StringRef> fallbackPaths);

// Runs `program` with `arguments` (without argv[0]) and returns what it printed
// (stdout and stderr together); fails when it cannot start or exits nonzero, with its
// output in the error.
llvm::Expected<std::string> runTool(llvm::StringRef program,
                                    llvm::ArrayRef<std::string> arguments);

// A temporary file path ending in `suffix` that is removed when the object goes away.
class TemporaryFile {
public:
  static llvm::Expected<TemporaryFile> create(llvm::StringRef prefix, llvm::StringRef suffix);
  TemporaryFile(TemporaryFile &&other) noexcept;
  TemporaryFile &operator=(TemporaryFile &&) = delete;
  ~TemporaryFile();
  const std::string &path() const { return filePath; }

private:
  explicit TemporaryFile(std::string path) : filePath(std::move(path)) {}
  std::string filePath;
};

} // namespace trex::llvmir

#endif // TREX_TARGET_LLVMIR_MODULETRANSLATION_H
