// Driver: the pieces of the compilation driver its files share.
#ifndef TREX_LIB_COMPILER_DRIVER_H
#define TREX_LIB_COMPILER_DRIVER_H

#include "trex/Compiler/Compilation.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace trex::driver {

// A diagnostic that has no source location (a missing tool, an unsupported request).
void addDiagnostic(CompilationResult &result, CompileDiagnostic::Severity severity,
                   std::string message);

// Runs one stage's pipeline on `module`, recording every pass in the result.
mlir::LogicalResult runPipeline(mlir::ModuleOp module,
                                llvm::function_ref<void(mlir::OpPassManager &)> build,
                                const CompileOptions &options, CompilationResult &result);

// Takes a ttgir module to the LLVM dialect, LLVM IR (`llir`), the target's assembly
// (`ptx` / `amdgcn`) and binary (`cubin` / `hsaco`), and the metadata, as far as
// options.lastStage asks. False after an error, which is in the result's diagnostics. A
// missing ptxas or ld.lld is a warning: the stages before the binary are still produced.
bool produceBackendStages(mlir::ModuleOp module, const CompileOptions &options,
                          CompilationResult &result);

} // namespace trex::driver

#endif // TREX_LIB_COMPILER_DRIVER_H
