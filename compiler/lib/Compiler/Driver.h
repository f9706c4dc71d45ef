// Driver: the pieces of the compilation driver its files share.
#ifndef TREX_LIB_COMPILER_DRIVER_H
#define TREX_LIB_COMPILER_DRIVER_H

#include "trex/Compiler/Compilation.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace trex::driver {

class StagePrinter;

// A diagnostic that has no source location (a missing tool, an unsupported request).
void addDiagnostic(CompilationResult &result, CompileDiagnostic::Severity severity,
                   std::string message);

// Runs one stage's pipeline on `module`, recording every pass in the result; with
// `firstStep` > 0 only the pipeline's passes from that position on (a resumed compilation).
mlir::LogicalResult runPipeline(mlir::ModuleOp module,
                                llvm::function_ref<void(mlir::OpPassManager &)> build,
                                Pipeline pipeline, const CompileOptions &options,
                                CompilationResult &result, int firstStep = 0);

// Adds the passes of `pipeline` from position `firstStep` on to `into` (PipelineSuffix.cpp).
// Fails, with the reason in `error`, when the position is past the end or a pass cannot be
// rebuilt.
mlir::LogicalResult addPipelineSuffix(mlir::OpPassManager &pipeline, int firstStep,
                                      mlir::OpPassManager &into, std::string &error);

// Takes a ttgir module to the LLVM dialect, LLVM IR (`llir`), the target's assembly
// (`ptx` / `amdgcn`) and binary (`cubin` / `hsaco`), and the metadata, as far as
// options.lastStage asks. False after an error, which is in the result's diagnostics. A
// missing ptxas or ld.lld is a warning: the stages before the binary are still produced.
// `loweringStep`: the position in the LLVM lowering pipeline to start from (a resumed
// compilation). With a `printer`, the stages it keeps and the llir are printed while the
// compile goes on; they are in the result when this returns.
bool produceBackendStages(mlir::ModuleOp module, const CompileOptions &options,
                          CompilationResult &result, int loweringStep = 0,
                          StagePrinter *printer = nullptr);

// The same from LLVM IR text (an edited llir, or the module after one of the optimizer's
// passes): parse errors are located in `bufferName`; `optimize` runs LLVM's optimizer on it
// first. There is no metadata (it is read from the LLVM-dialect module).
bool produceStagesFromLLVMIR(llvm::StringRef text, llvm::StringRef bufferName, bool optimize,
                             const CompileOptions &options, CompilationResult &result);

} // namespace trex::driver

#endif // TREX_LIB_COMPILER_DRIVER_H
