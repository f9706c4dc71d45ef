// Recording every pass a compilation runs as a PassSnapshot (CompileResult.h): its name, how
// long it took, whether it changed the IR, and (when asked) the IR after it.
#ifndef TREX_COMPILER_PASSSNAPSHOTS_H
#define TREX_COMPILER_PASSSNAPSHOTS_H

#include "trex/Compiler/CompileResult.h"

#include "mlir/IR/Operation.h"
#include "llvm/IR/PassInstrumentation.h"
#include "mlir/Pass/PassInstrumentation.h"
#include <chrono>
#include <string>
#include <vector>

namespace trex {

// A cheap identity of `op` and everything nested in it: each operation's address, parent, name,
// attributes, properties, location, operands, result types, successors and blocks, combined
// with a fast non-cryptographic hash (MLIR's OperationFingerPrint hashes the same with SHA-1,
// which cost about 5% of a small kernel's compile when taken before and after every pass).
// Equal before and after a pass means the pass left the IR as it was.
uint64_t irFingerprint(mlir::Operation *op);

// Pass instrumentation that appends one PassSnapshot per pass run. Requires a
// context without multithreading, so that runs are reported in order.
class PassSnapshotRecorder : public mlir::PassInstrumentation {
public:
  // `firstStep`: the position of the pipeline's first pass when it runs only the passes from
  // there on (a resumed compilation), so positions stay those of the whole pipeline.
  PassSnapshotRecorder(std::vector<PassSnapshot> &snapshots, bool captureIR, Pipeline pipeline,
                       int firstStep = 0)
      : snapshots(snapshots), captureIR(captureIR), pipeline(pipeline), nextStep(firstStep) {}

  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override;

private:
  struct Running {
    mlir::Pass *pass;
    // Snapshots are listed in the order passes start (an enclosing pass
    // before the passes it runs), so each run reserves its slot up front.
    size_t slot;
    std::chrono::steady_clock::time_point start;
    uint64_t fingerprintBefore;
  };
  void finish(mlir::Pass *pass, mlir::Operation *op);

  std::vector<PassSnapshot> &snapshots;
  bool captureIR;
  Pipeline pipeline;
  int nextStep;
  std::vector<Running> running;
  // The IR's fingerprint when the last pipeline pass ended, and the op it ran on: the next
  // pipeline pass on that op starts from that IR (nothing runs between them), which saves one
  // of the two walks per pass.
  mlir::Operation *lastFinishedOn = nullptr;
  uint64_t lastFingerprint = 0;
};

// The same record for LLVM's optimizer (new pass manager): the pass's class name and
// command-line name, the unit it ran on ("module", "function @add_kernel", "loop ..."),
// whether it changed anything (it did not preserve every analysis), and the module after it.
// Pass managers and adaptors, which only run other passes, are left out.
class LLVMPassSnapshotRecorder {
public:
  LLVMPassSnapshotRecorder(std::vector<PassSnapshot> &snapshots, bool captureIR)
      : snapshots(snapshots), captureIR(captureIR) {}

  void registerCallbacks(llvm::PassInstrumentationCallbacks &callbacks);

private:
  struct Running {
    size_t slot;
    std::chrono::steady_clock::time_point start;
  };
  void finish(llvm::Any ir, bool changed);

  std::vector<PassSnapshot> &snapshots;
  bool captureIR;
  std::vector<Running> running;
};

} // namespace trex

#endif // TREX_COMPILER_PASSSNAPSHOTS_H
