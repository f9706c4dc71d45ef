// Recording each pass of a compilation: time, whether it changed the IR, and
// optionally the IR after it.
#include "trex/Compiler/PassSnapshots.h"

#include "trex/Compiler/IRText.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace trex {

void PassSnapshotRecorder::runBeforePass(mlir::Pass *pass, mlir::Operation *op) {
  PassSnapshot snapshot;
  snapshot.name = pass->getName().str();
  snapshot.argument = pass->getArgument().str();
  snapshot.anchor = op->getName().getStringRef().str();
  if (auto symbol = op->getAttrOfType<mlir::StringAttr>("sym_name"))
    snapshot.anchor += " @" + symbol.getValue().str();
  snapshots.push_back(std::move(snapshot));
  running.push_back({pass, snapshots.size() - 1, std::chrono::steady_clock::now(),
                     mlir::OperationFingerPrint(op)});
}

void PassSnapshotRecorder::runAfterPass(mlir::Pass *pass, mlir::Operation *op) { finish(pass, op); }

void PassSnapshotRecorder::runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) {
  finish(pass, op);
}

// Passes nest (the inliner runs canonicalize inside itself), so the pass that
// finishes is the innermost one still running.
void PassSnapshotRecorder::finish(mlir::Pass *pass, mlir::Operation *op) {
  auto it = std::find_if(running.rbegin(), running.rend(),
                         [&](const Running &entry) { return entry.pass == pass; });
  if (it == running.rend())
    return;
  Running entry = *it;
  running.erase(std::next(it).base());

  PassSnapshot &snapshot = snapshots[entry.slot];
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - entry.start)
          .count();
  snapshot.changed = mlir::OperationFingerPrint(op) != entry.fingerprintBefore;
  if (captureIR) {
    mlir::Operation *top = op;
    while (top->getParentOp())
      top = top->getParentOp();
    snapshot.ir = printIRLikeTriton(top);
  }
}

} // namespace trex
