// CompileBridge: CompileOptions in, CompilationResult converted to CompileSnapshot out.
#include "CompileBridge.h"

#include "trex/Target/CUDA/SassDisassembler.h"

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

PipelineKind convert(Pipeline pipeline) {
  switch (pipeline) {
  case Pipeline::TTIR:
    return PipelineKind::TTIR;
  case Pipeline::TTGIR:
    return PipelineKind::TTGIR;
  case Pipeline::LLVMLowering:
    return PipelineKind::LLVMLowering;
  case Pipeline::LLVMOptimizer:
    return PipelineKind::LLVMOptimizer;
  case Pipeline::Backend:
    return PipelineKind::Backend;
  }
  return PipelineKind::Backend;
}

Pipeline convert(PipelineKind pipeline) {
  switch (pipeline) {
  case PipelineKind::TTIR:
    return Pipeline::TTIR;
  case PipelineKind::TTGIR:
    return Pipeline::TTGIR;
  case PipelineKind::LLVMLowering:
    return Pipeline::LLVMLowering;
  case PipelineKind::LLVMOptimizer:
    return Pipeline::LLVMOptimizer;
  case PipelineKind::Backend:
    return Pipeline::Backend;
  }
  return Pipeline::Backend;
}

std::optional<ResumeRequest> convert(const std::optional<ResumePoint> &point) {
  if (!point)
    return std::nullopt;
  ResumeRequest request;
  request.pipeline = convert(point->pipeline);
  request.firstStep = point->firstStep;
  request.exact = point->exact;
  return request;
}

CompileSnapshot failure(const std::string &message) {
  CompileSnapshot snapshot;
  snapshot.diagnostics.push_back({DiagnosticRecord::Severity::Error, "", message, "error: " + message});
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
  PassSnapshot snapshot;
  snapshot.kind = pass.kind == PassRecord::Kind::MLIR   ? PassSnapshot::IRKind::MLIR
                  : pass.kind == PassRecord::Kind::LLVM ? PassSnapshot::IRKind::LLVM
                                                        : PassSnapshot::IRKind::None;
  snapshot.pipeline = convert(pass.pipeline);
  snapshot.step = pass.step;
  snapshot.nested = pass.nested;
  return convert(ResumePoint::afterPass(snapshot));
}

std::vector<AutotuneRecord> readAutotuneConfigs(const std::string &source, const std::string &fileName,
                                                const std::string &kernelName) {
  std::vector<AutotuneRecord> choices;
  frontend::KernelConfigs configs = frontend::readKernelConfigs(source, fileName, kernelName);
  if (!configs.succeeded() || !configs.hasAutotune)
    return choices;
  for (const frontend::AutotuneConfigInfo &config : configs.configs) {
    choices.push_back({config.index, config.describe(), config.numWarps, config.numStages,
                       config.metaParameters});
  }
  return choices;
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
      ResumePoint point{convert(request.resume->pipeline), request.resume->firstStep,
                        request.resume->exact};
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
  for (PassSnapshot &pass : result.passes) {
    PassRecord record{convert(pass.kind), pass.name, pass.argument, pass.anchor,
                      pass.milliseconds, pass.changed, std::move(pass.ir)};
    record.pipeline = convert(pass.pipeline);
    record.step = pass.step;
    record.nested = pass.nested;
    snapshot.passes.push_back(std::move(record));
  }
  snapshot.resumedFrom = request.resume;
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
    for (const ScratchAllocation &buffer : metadata.globalScratch)
      facts.globalScratchBuffers.push_back(
          "[" + std::to_string(buffer.offset) + ", " + std::to_string(buffer.offset + buffer.size) +
          ") " + buffer.what + (buffer.source.empty() ? "" : "  at " + buffer.source));
    for (const TensorDescriptorMetadata &descriptor : metadata.tensorDescriptors) {
      std::string box;
      for (int64_t size : descriptor.blockSize)
        box += (box.empty() ? "" : "x") + std::to_string(size);
      static const char *const swizzles[] = {"no swizzle", "32-byte swizzle", "64-byte swizzle",
                                             "128-byte swizzle"};
      facts.tensorDescriptors.push_back("box " + box + ", " + swizzles[descriptor.swizzle & 3] +
                                        ", " + std::to_string(descriptor.elementSize) +
                                        "-byte elements (TMA type " +
                                        std::to_string(descriptor.elementType) + ")");
    }
    snapshot.metadata = facts;
  }
  snapshot.assemblerLog = result.assemblerLog;
  // The tuning form's configs come with the compile, so the window runs no compiler code.
  if (!request.resume && llvm::StringRef(request.fileName).ends_with(".py"))
    snapshot.autotuneConfigs =
        readAutotuneConfigs(request.text, request.fileName, request.kernelName);
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return snapshot;
}

} // namespace trex::explorer
