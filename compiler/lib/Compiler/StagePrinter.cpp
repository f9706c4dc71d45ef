// StagePrinter: stage texts printed by worker threads (StagePrinter.h says when it is safe).
#include "StagePrinter.h"

#include "Driver.h"
#include "ThreadContext.h"

#include "trex/Compiler/IRText.h"
#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/Support/CrashRecoveryContext.h"

namespace trex::driver {

void StagePrinter::keep(Stage stage, mlir::ModuleOp module) {
  if (overlap)
    kept.emplace_back(stage, mlir::OwningOpRef<mlir::ModuleOp>(module.clone()));
  else
    result.stages[stage] = printIRLikeTriton(module);
}

void StagePrinter::start(llvm::unique_function<void(Job &)> work) {
  Job &job = jobs.emplace_back();
  job.thread = std::thread([&job, work = std::move(work)]() mutable {
    // A crash while printing ends this job, not the process (compileSafely's recovery
    // covers the compile's own thread only).
    llvm::CrashRecoveryContext recovery;
    if (!recovery.RunSafely([&] { work(job); }))
      job.failure = "internal compiler error while printing a stage (please report it with "
                    "this kernel and its options)";
  });
}

void StagePrinter::startMLIR() {
  if (kept.empty())
    return;
  start([copies = std::move(kept)](Job &job) mutable {
    for (auto &[stage, copy] : copies) {
      job.texts.emplace_back(stage, printIRLikeTriton(*copy));
      copy = nullptr; // freed here too, while the context is the worker's
    }
  });
  kept.clear();
}

void StagePrinter::startLLVM(const llvm::Module &module) {
  start([&module](Job &job) { job.texts.emplace_back(Stage::LLIR, llvmir::printModule(module)); });
}

bool StagePrinter::join() {
  for (Job &job : jobs) {
    job.thread.join();
    for (auto &[stage, text] : job.texts)
      result.stages[stage] = std::move(text);
    if (!job.failure.empty()) {
      addDiagnostic(result, CompileDiagnostic::Severity::Error, job.failure);
      // The crash may have left the thread's MLIR context in any state: not for reuse.
      abandonThreadContext();
      clean = false;
    }
  }
  jobs.clear();
  for (auto &[stage, copy] : kept)
    result.stages[stage] = printIRLikeTriton(*copy);
  kept.clear();
  return clean;
}

} // namespace trex::driver
