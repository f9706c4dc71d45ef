// StagePrinter: the stages' texts printed on a second thread while the compile goes on.
#ifndef TREX_LIB_COMPILER_STAGEPRINTER_H
#define TREX_LIB_COMPILER_STAGEPRINTER_H

#include "trex/Compiler/Compilation.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/FunctionExtras.h"

#include <list>
#include <string>
#include <thread>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace trex::driver {

// Printing the source, ttir, ttgir and llir stages is 8% of a small kernel's compile and
// nothing later needs the text. A stage's module is copied when the stage ends (a fraction of
// a print) and printed on a worker thread once the compile has left that module's context:
// the MLIR copies once the LLVM-dialect module is translated (the MLIR context is idle from
// there on), the LLVM module after its code generation, while ptxas or ld.lld runs. A context
// has one user at a time, the compile or the worker: the compile calls the start functions
// only where it stops using the context, and join() before using it again.
class StagePrinter {
public:
  // Printing overlaps only compiles that go on to LLVM IR (options.lastStage); otherwise the
  // stages are printed where they end, as there is nothing to overlap the printing with.
  StagePrinter(CompilationResult &result, const CompileOptions &options)
      : result(result), overlap(options.lastStage > Stage::TTGIR) {}
  ~StagePrinter() { join(); }
  StagePrinter(const StagePrinter &) = delete;
  StagePrinter &operator=(const StagePrinter &) = delete;

  // Keeps a copy of `module` to print as `stage` (or prints it now, without overlap).
  void keep(Stage stage, mlir::ModuleOp module);
  // The compile is done with the MLIR context: the kept copies get printed.
  void startMLIR();
  // The compile is done with `module`'s LLVM context until join(): it gets printed as llir.
  void startLLVM(const llvm::Module &module);
  // Waits for the workers and puts the texts into the result (also prints what was kept but
  // never started). False when a worker crashed, now or at an earlier join (the error is in
  // the result).
  bool join();

private:
  // One worker's output, merged into the result by join().
  struct Job {
    std::vector<std::pair<Stage, std::string>> texts;
    std::string failure; // what crashed, if anything did
    std::thread thread;
  };
  void start(llvm::unique_function<void(Job &)> work);

  CompilationResult &result;
  bool overlap;
  bool clean = true;
  std::vector<std::pair<Stage, mlir::OwningOpRef<mlir::ModuleOp>>> kept;
  std::list<Job> jobs;
};

} // namespace trex::driver

#endif // TREX_LIB_COMPILER_STAGEPRINTER_H
