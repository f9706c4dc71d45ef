// CompileSnapshot: one compilation's outcome as plain C++ values, so the Qt models never see MLIR.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::explorer {

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
};

struct CompileSnapshot {
  bool succeeded = false;
  std::string kernelName;
  std::vector<StageText> stages;
  std::vector<PassRecord> passes;
  std::vector<DiagnosticRecord> diagnostics;
  std::optional<KernelFacts> metadata;
  std::string assemblerLog;
  // Wall time of the compile call, for the status bar.
  double milliseconds = 0;
};

} // namespace trex::explorer
