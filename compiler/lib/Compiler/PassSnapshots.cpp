// Recording each pass of a compilation: time, whether it changed the IR, and
// optionally the IR after it.
#include "trex/Compiler/PassSnapshots.h"

#include "trex/Compiler/IRText.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace trex {

uint64_t irFingerprint(mlir::Operation *top) {
  // A multiply-xorshift mix per word: a few cycles each (llvm::hash_combine costs tens, and
  // this runs twice per pass over the whole module), and ample to tell whether a pass changed
  // anything.
  uint64_t hash = 0x243f6a8885a308d3ull;
  auto mix = [&](uint64_t word) {
    hash = (hash ^ word) * 0x9e3779b97f4a7c15ull;
    hash ^= hash >> 31;
  };
  auto add = [&](const void *pointer) { mix(reinterpret_cast<uintptr_t>(pointer)); };
  add(top);
  top->walk([&](mlir::Operation *op) {
    add(op);
    add(op->getParentOp());
    add(op->getName().getAsOpaquePointer());
    add(op->getRawDictionaryAttrs().getAsOpaquePointer());
    mix(static_cast<uint64_t>(static_cast<size_t>(op->hashProperties())));
    add(op->getLoc().getAsOpaquePointer());
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region) {
        add(&block);
        for (mlir::BlockArgument argument : block.getArguments()) {
          add(argument.getAsOpaquePointer());
          add(argument.getType().getAsOpaquePointer());
        }
      }
    for (mlir::Value operand : op->getOperands())
      add(operand.getAsOpaquePointer());
    for (mlir::Block *successor : op->getSuccessors())
      add(successor);
    for (mlir::Type type : op->getResultTypes())
      add(type.getAsOpaquePointer());
  });
  return hash;
}

void PassSnapshotRecorder::runBeforePass(mlir::Pass *pass, mlir::Operation *op) {
  PassSnapshot snapshot;
  snapshot.name = pass->getName().str();
  snapshot.argument = pass->getArgument().str();
  snapshot.anchor = op->getName().getStringRef().str();
  if (auto symbol = op->getAttrOfType<mlir::StringAttr>("sym_name"))
    snapshot.anchor += " @" + symbol.getValue().str();
  snapshot.pipeline = pipeline;
  // Only a pass that starts while no other pass runs is one the pipeline was built from.
  snapshot.nested = !running.empty();
  snapshot.step = snapshot.nested ? snapshots[running.front().slot].step : nextStep++;
  bool nested = snapshot.nested;
  snapshots.push_back(std::move(snapshot));
  uint64_t before = !nested && op == lastFinishedOn ? lastFingerprint : irFingerprint(op);
  lastFinishedOn = nullptr;
  running.push_back({pass, snapshots.size() - 1, std::chrono::steady_clock::now(), before});
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
  uint64_t after = irFingerprint(op);
  snapshot.changed = after != entry.fingerprintBefore;
  // Only a pipeline pass (none enclosing it): the pass around a nested one may change the IR
  // before the next nested pass starts.
  lastFinishedOn = running.empty() ? op : nullptr;
  lastFingerprint = after;
  if (captureIR) {
    mlir::Operation *top = op;
    while (top->getParentOp())
      top = top->getParentOp();
    snapshot.ir = printIRLikeTriton(top);
  }
}

namespace {

// Passes that only run other passes or manage analyses.
bool isPassContainer(llvm::StringRef className) {
  return className.contains("PassManager") || className.contains("PassAdaptor") ||
         className.contains("AnalysisManagerProxy") || className.starts_with("RequireAnalysisPass") ||
         className.starts_with("InvalidateAnalysisPass") || className == "VerifierPass";
}

// The unit an LLVM pass runs on, and its module.
std::string describeUnit(llvm::Any ir) {
  if (llvm::any_cast<const llvm::Module *>(&ir))
    return "module";
  if (const auto *function = llvm::any_cast<const llvm::Function *>(&ir))
    return ("function @" + (*function)->getName()).str();
  if (const auto *loop = llvm::any_cast<const llvm::Loop *>(&ir))
    return ("loop " + (*loop)->getName() + " in @" +
            (*loop)->getHeader()->getParent()->getName())
        .str();
  if (llvm::any_cast<const llvm::LazyCallGraph::SCC *>(&ir))
    return "call graph SCC";
  return "";
}

const llvm::Module *moduleOf(llvm::Any ir) {
  if (const auto *module = llvm::any_cast<const llvm::Module *>(&ir))
    return *module;
  if (const auto *function = llvm::any_cast<const llvm::Function *>(&ir))
    return (*function)->getParent();
  if (const auto *loop = llvm::any_cast<const llvm::Loop *>(&ir))
    return (*loop)->getHeader()->getModule();
  if (const auto *scc = llvm::any_cast<const llvm::LazyCallGraph::SCC *>(&ir))
    return (*scc)->begin()->getFunction().getParent();
  return nullptr;
}

} // namespace

void LLVMPassSnapshotRecorder::registerCallbacks(llvm::PassInstrumentationCallbacks &callbacks) {
  callbacks.registerBeforeNonSkippedPassCallback(
      [this, &callbacks](llvm::StringRef className, llvm::Any ir) {
        if (isPassContainer(className))
          return;
        PassSnapshot snapshot;
        snapshot.kind = PassSnapshot::IRKind::LLVM;
        snapshot.pipeline = Pipeline::LLVMOptimizer;
        snapshot.name = className.str();
        snapshot.argument = callbacks.getPassNameForClassName(className).str();
        snapshot.anchor = describeUnit(ir);
        snapshots.push_back(std::move(snapshot));
        running.push_back({snapshots.size() - 1, std::chrono::steady_clock::now()});
      });
  callbacks.registerAfterPassCallback(
      [this](llvm::StringRef className, llvm::Any ir, const llvm::PreservedAnalyses &preserved) {
        if (!isPassContainer(className))
          finish(ir, !preserved.areAllPreserved());
      });
  callbacks.registerAfterPassInvalidatedCallback(
      [this](llvm::StringRef className, const llvm::PreservedAnalyses &) {
        if (!isPassContainer(className))
          finish(llvm::Any(), /*changed=*/true);
      });
}

void LLVMPassSnapshotRecorder::finish(llvm::Any ir, bool changed) {
  if (running.empty())
    return;
  Running entry = running.back();
  running.pop_back();
  PassSnapshot &snapshot = snapshots[entry.slot];
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - entry.start)
          .count();
  snapshot.changed = changed;
  if (captureIR)
    if (const llvm::Module *module = moduleOf(ir)) {
      llvm::raw_string_ostream stream(snapshot.ir);
      module->print(stream, nullptr);
    }
}

} // namespace trex
