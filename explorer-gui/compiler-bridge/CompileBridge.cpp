// CompileBridge: CompileOptions in, CompilationResult converted to CompileSnapshot out.
#include "CompileBridge.h"

#include "trex/Compiler/Compilation.h"

#include <chrono>

namespace trex::explorer {

namespace {

DiagnosticRecord::Severity convert(CompileDiagnostic::Severity severity) {
  switch (severity) {
  case CompileDiagnostic::Severity::Error:
    return DiagnosticRecord::Severity::Error;
  case CompileDiagnostic::Severity::Warning:
    return DiagnosticRecord::Severity::Warning;
  case CompileDiagnostic::Severity::Note:
    return DiagnosticRecord::Severity::Note;
  case CompileDiagnostic::Severity::Remark:
    return DiagnosticRecord::Severity::Remark;
  }
  return DiagnosticRecord::Severity::Error;
}

PassRecord::Kind convert(PassSnapshot::IRKind kind) {
  switch (kind) {
  case PassSnapshot::IRKind::MLIR:
    return PassRecord::Kind::MLIR;
  case PassSnapshot::IRKind::LLVM:
    return PassRecord::Kind::LLVM;
  case PassSnapshot::IRKind::None:
    return PassRecord::Kind::None;
  }
  return PassRecord::Kind::None;
}

CompileSnapshot failure(const std::string &message) {
  CompileSnapshot snapshot;
  snapshot.diagnostics.push_back({DiagnosticRecord::Severity::Error, "", message, "error: " + message});
  return snapshot;
}

} // namespace

CompileSnapshot compileKernel(const CompileRequest &request) {
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<Target> target = Target::parse(request.target);
  if (!target)
    return failure(llvm::toString(target.takeError()));

  CompileOptions options;
  options.target = *target;
  options.numWarps = request.numWarps;
  options.numStages = request.numStages;
  options.numWarpsGiven = true;
  options.numStagesGiven = true;
  options.kernelName = request.kernelName;
  options.signature = request.signature;
  options.lastStage = target->isCUDA() ? Stage::PTX : Stage::AMDGCN;
  options.captureIRAfterEachPass = request.capturePasses;

  CompilationResult result;
  try {
    result = compileText(request.text, request.fileName, options);
  } catch (const std::exception &error) {
    return failure(std::string("the compiler failed: ") + error.what());
  }

  CompileSnapshot snapshot;
  snapshot.succeeded = result.succeeded;
  snapshot.kernelName = result.kernelName;
  for (const auto &[stage, text] : result.stages) {
    if (isBinaryStage(stage) || stage == Stage::Metadata)
      continue;
    snapshot.stages.push_back({stageName(stage).str(), text, "trex"});
  }
  for (PassSnapshot &pass : result.passes)
    snapshot.passes.push_back({convert(pass.kind), pass.name, pass.argument, pass.anchor,
                               pass.milliseconds, pass.changed, std::move(pass.ir)});
  for (const CompileDiagnostic &diagnostic : result.diagnostics)
    snapshot.diagnostics.push_back(
        {convert(diagnostic.severity), diagnostic.location, diagnostic.message, diagnostic.rendered});
  if (result.metadata) {
    const KernelMetadata &metadata = *result.metadata;
    KernelFacts facts;
    facts.name = metadata.name;
    facts.target = metadata.target.str();
    facts.warpSize = metadata.target.warpSize;
    facts.numWarps = metadata.numWarps;
    facts.numCTAs = metadata.numCTAs;
    facts.numStages = metadata.numStages;
    facts.shared = metadata.shared;
    facts.globalScratchSize = metadata.globalScratchSize;
    facts.globalScratchAlign = metadata.globalScratchAlign;
    facts.profileScratchSize = metadata.profileScratchSize;
    facts.profileScratchAlign = metadata.profileScratchAlign;
    snapshot.metadata = facts;
  }
  snapshot.assemblerLog = result.assemblerLog;
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return snapshot;
}

} // namespace trex::explorer
