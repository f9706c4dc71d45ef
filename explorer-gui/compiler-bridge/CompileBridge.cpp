// CompileBridge: CompileOptions in, the CompilationResult's values moved into a CompileSnapshot.
#include "CompileBridge.h"

#include "trex/Target/CUDA/SassDisassembler.h"

#include "trex/Compiler/Compilation.h"

#include <chrono>

namespace trex::explorer {

namespace {

std::optional<ResumeRequest> convert(const std::optional<ResumePoint> &point) {
  if (!point)
    return std::nullopt;
  ResumeRequest request;
  request.pipeline = point->pipeline;
  request.firstStep = point->firstStep;
  request.exact = point->exact;
  return request;
}

CompileSnapshot failure(const std::string &message) {
  CompileSnapshot snapshot;
  snapshot.diagnostics.push_back(
      {CompileDiagnostic::Severity::Error, "", message, "error: " + message});
  return snapshot;
}

} // namespace

std::optional<ResumeRequest> resumeAfterStage(const std::string &stageName) {
  std::optional<Stage> stage = parseStageName(stageName);
  if (!stage)
    return std::nullopt;
  return convert(ResumePoint::afterStage(*stage));
}

std::optional<ResumeRequest> resumeAfterPass(const PassRecord &pass) {
  return convert(ResumePoint::afterPass(pass));
}

CompileSnapshot compileKernel(const CompileRequest &request) {
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<Target> target = Target::parse(request.target);
  if (!target)
    return failure(llvm::toString(target.takeError()));

  CompileOptions options;
  options.target = *target;
  options.numWarps = request.numWarps;
  options.numStages = request.numStages;
  options.profileScopes = request.profileScopes;
  options.numWarpsGiven = true;
  options.numStagesGiven = true;
  options.kernelName = request.kernelName;
  options.signature = request.signature;
  // The cubin only where it can be shown, as SASS.
  options.lastStage = !target->isCUDA()      ? Stage::AMDGCN
                      : cuda::findSassTool() ? Stage::CUBIN
                                             : Stage::PTX;
  options.captureIRAfterEachPass = request.capturePasses;

  CompilationResult result;
  try {
    if (request.resume) {
      ResumePoint point{request.resume->pipeline, request.resume->firstStep, request.resume->exact};
      result = compileFrom(request.text, request.resume->bufferName, point, options);
    } else {
      result = compileText(request.text, request.fileName, options);
    }
  } catch (const std::exception &error) {
    return failure(std::string("the compiler failed: ") + error.what());
  }

  CompileSnapshot snapshot;
  snapshot.succeeded = result.succeeded;
  snapshot.kernelName = result.kernelName;
  snapshot.proposedSignature = result.proposedSignature.value_or(std::string());
  for (const auto &[stage, text] : result.stages) {
    if (stage == Stage::Metadata)
      snapshot.metadataJson = text;
    if (isBinaryStage(stage) || stage == Stage::Metadata)
      continue;
    snapshot.stages.push_back({stageName(stage).str(), text, "trex"});
  }
  // SASS where the CUDA toolkit's disassembler is installed (the pane is absent without it).
  if (auto cubin = result.stages.find(Stage::CUBIN); cubin != result.stages.end())
    if (std::optional<cuda::SassTool> tool = cuda::findSassTool()) {
      llvm::Expected<std::string> sass = cuda::disassembleCubin(cubin->second, *tool);
      if (sass)
        snapshot.stages.push_back({"sass", *sass, "trex"});
      else
        llvm::consumeError(sass.takeError());
    }
  snapshot.passes.reserve(result.passes.size());
  for (PassSnapshot &pass : result.passes)
    snapshot.passes.push_back({std::move(pass)});
  snapshot.resumedFrom = request.resume;
  snapshot.diagnostics = std::move(result.diagnostics);
  snapshot.metadata = std::move(result.metadata);
  snapshot.assemblerLog = result.assemblerLog;
  // The tuning form's configs, as the compile of a Python kernel folded them (the file is not
  // read again; a compile from edited IR has none).
  snapshot.autotuneConfigs = std::move(result.autotuneConfigs);
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return snapshot;
}

} // namespace trex::explorer
