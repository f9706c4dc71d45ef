// CompileSnapshot: one compilation's outcome as the explorer holds it. The compiler's own result
// types (trex/Compiler/CompileResult.h, which includes no MLIR or LLVM header) plus what only
// the explorer keeps: stages read from Triton's cache, edited passes, timing, the resume point.
#pragma once

#include "trex/Compiler/CompileResult.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex::explorer {

// The compiler's result types, by their names here.
using trex::AutotuneConfig;
using trex::CompileDiagnostic;
using trex::KernelMetadata;
using trex::PassSnapshot;
using trex::Pipeline;

// Where edited IR re-enters the compilation ("re-run from here"): the passes of `pipeline` from
// position `firstStep` on, then every later pipeline. The compile bridge finds the point for a
// stage or a pass (resumeAfterStage, resumeAfterPass).
struct ResumeRequest {
  Pipeline pipeline = Pipeline::LLVMLowering;
  int firstStep = 0;
  // False when the point only approximates where the text came from: after a pass of LLVM's
  // optimizer (it runs again in full) or after a pass nested in another.
  bool exact = true;
  // The edited text's name in diagnostics ("edited.ttgir"): errors in it are located there.
  std::string bufferName;
};

// What the explorer asks the compiler for. `fileName` decides how `text` is read (.py, .ttir,
// .ttgir); `target` is spelled as Triton spells it ("cuda:90", "hip:gfx942").
struct CompileRequest {
  std::string fileName;
  std::string text;
  std::string target = "cuda:90";
  int numWarps = 4;
  int numStages = 3;
  std::string kernelName;
  std::string signature;
  // The IR after every pass costs one print per pass; the timeline needs it.
  bool capturePasses = true;
  // Instrument triton.profiler.language scopes (the run panel's "Profile scopes").
  bool profileScopes = false;
  // Set: `text` is edited IR compiled from this point on (fileName and kernel are not used).
  std::optional<ResumeRequest> resume;
};

// A stage's text as the explorer shows it: the compiler's text stages, SASS, or a stage read
// from Triton's cache.
struct StageText {
  // "source", "ttir", "ttgir", "llir", "ptx", "amdgcn" (the file extension).
  std::string name;
  std::string text;
  // Where the text came from: "trex", or "triton" for a stage read from Triton's cache.
  std::string origin = "trex";
};

// A pass as the compiler recorded it, and whether the user edited its IR.
struct PassRecord : PassSnapshot {
  // The user edited `ir` and re-ran from here; `compiledIR` is what the compiler printed.
  bool edited = false;
  std::string compiledIR;
};

struct CompileSnapshot {
  bool succeeded = false;
  std::string kernelName;
  std::vector<StageText> stages;
  std::vector<PassRecord> passes;
  std::vector<CompileDiagnostic> diagnostics;
  std::optional<KernelMetadata> metadata;
  std::string assemblerLog;
  // The metadata JSON trex wrote (Triton's keys), for comparisons; empty without one.
  std::string metadataJson;
  // The signature trex proposed for a kernel compiled without one (empty otherwise).
  std::string proposedSignature;
  // Wall time of the compile call, for the status bar.
  double milliseconds = 0;
  // The resume point of a compile from edited IR; its stages and passes are only those from
  // that point on.
  std::optional<ResumeRequest> resumedFrom;
  // The @triton.autotune configs of the kernel compiled from Python (none without them, and none
  // for a compile from edited IR): the compilation's own (CompilationResult::autotuneConfigs).
  std::vector<AutotuneConfig> autotuneConfigs;
};

} // namespace trex::explorer
