// CompileSnapshot: one compilation's outcome as plain C++ values, so the Qt models never see MLIR.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex::explorer {

// The compilation's pipelines, in the order they run (trex::Pipeline without the MLIR header).
enum class PipelineKind { TTIR, TTGIR, LLVMLowering, LLVMOptimizer, Backend };

// Where edited IR re-enters the compilation ("re-run from here"): the passes of `pipeline` from
// position `firstStep` on, then every later pipeline. The compile bridge finds the point for a
// stage or a pass (resumeAfterStage, resumeAfterPass).
struct ResumeRequest {
  PipelineKind pipeline = PipelineKind::LLVMLowering;
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

struct StageText {
  // "source", "ttir", "ttgir", "llir", "ptx", "amdgcn" (the file extension).
  std::string name;
  std::string text;
  // Where the text came from: "trex", or "triton" for a stage read from Triton's cache.
  std::string origin = "trex";
};

struct PassRecord {
  enum class Kind { MLIR, LLVM, None };
  Kind kind = Kind::MLIR;
  std::string name;
  std::string argument;
  std::string anchor;
  double milliseconds = 0;
  bool changed = false;
  // The module after the pass; empty when it was not captured or the pass has no IR.
  std::string ir;
  // The pipeline that ran it and its position there; a pass run inside another one carries
  // the enclosing pass's position and `nested`.
  PipelineKind pipeline = PipelineKind::TTIR;
  int step = -1;
  bool nested = false;
  // The user edited `ir` and re-ran from here; `compiledIR` is what the compiler printed.
  bool edited = false;
  std::string compiledIR;
};

struct DiagnosticRecord {
  enum class Severity { Error, Warning, Note, Remark };
  Severity severity = Severity::Error;
  // "kernel.py:9:28", empty when the diagnostic has no location.
  std::string location;
  std::string message;
  std::string rendered;
};

// The launch facts of the compiled kernel (Triton's metadata JSON keys).
struct KernelFacts {
  std::string name;
  std::string target;
  int warpSize = 32;
  int numWarps = 4;
  int numCTAs = 1;
  int numStages = 3;
  int64_t shared = 0;
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  int64_t profileScratchSize = 0;
  int64_t profileScratchAlign = 1;
  // What the global scratch holds: "[offset, end) what  at source" per buffer.
  std::vector<std::string> globalScratchBuffers;
  // How each host tensor-descriptor parameter's CUtensorMap is encoded, in parameter order:
  // "box 64x32, 64-byte swizzle, 2-byte elements (TMA type 6)".
  std::vector<std::string> tensorDescriptors;
};

// One @triton.autotune config of a kernel, as the compiler read it.
struct AutotuneRecord {
  int index = 0;
  // "BLOCK_SIZE=128; num_warps=4, num_stages=3".
  std::string description;
  int numWarps = 4;
  int numStages = 3;
  // Meta-parameter name -> value as Python writes it.
  std::vector<std::pair<std::string, std::string>> metaParameters;
};

struct CompileSnapshot {
  bool succeeded = false;
  std::string kernelName;
  std::vector<StageText> stages;
  std::vector<PassRecord> passes;
  std::vector<DiagnosticRecord> diagnostics;
  std::optional<KernelFacts> metadata;
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
  // The @triton.autotune configs of the kernel compiled from Python (none without them).
  std::vector<AutotuneRecord> autotuneConfigs;
};

} // namespace trex::explorer
