// CompileResult: what a compilation gives back (stage texts, a record per pass, diagnostics, the
// kernel's metadata) as plain C++ values. No MLIR or LLVM header is included here, so code that
// must not see them (the explorer's Qt models) holds these types directly; the calls that
// produce them are in Compilation.h.
#ifndef TREX_COMPILER_COMPILERESULT_H
#define TREX_COMPILER_COMPILERESULT_H

#include "trex/Compiler/Stage.h"
#include "trex/Compiler/Target.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex {

// The pipelines of a compilation, in the order they run: make_ttir, make_ttgir, the MLIR half
// of make_llir (ttgir to the LLVM dialect), LLVM's optimizer, and the back end's steps
// (translation, code generation, the assembler). A snapshot names the one that ran it, so its
// IR can re-enter the compilation there (compileFrom).
enum class Pipeline { TTIR, TTGIR, LLVMLowering, LLVMOptimizer, Backend };

// A record of one pass a compilation ran: its name, how long it took, whether it changed the IR,
// and (when asked) the IR after it (PassSnapshots.h records them).
struct PassSnapshot {
  // What the pass works on: MLIR (ttir, ttgir, LLVM dialect), LLVM IR (the optimizer), or
  // neither (a back-end step such as translation, code generation or ptxas).
  enum class IRKind { MLIR, LLVM, None };
  IRKind kind = IRKind::MLIR;
  // The pass's name ("TritonCombineOps") and command-line argument ("triton-combine").
  std::string name;
  std::string argument;
  // The operation it ran on ("builtin.module", "tt.func @kernel").
  std::string anchor;
  double milliseconds = 0;
  bool changed = false;
  // The whole module after the pass, printed like Triton's stage files;
  // empty unless IR capture was requested.
  std::string ir;
  // The pipeline that ran the pass and the pass's position in it (0-based, counting the passes
  // the pipeline was built from). A pass that ran inside another one (the inliner runs
  // canonicalize) carries its enclosing pass's position and `nested`.
  Pipeline pipeline = Pipeline::TTIR;
  int step = -1;
  bool nested = false;
};

// One buffer in a program's slice of global scratch.
struct ScratchAllocation {
  int64_t offset = 0;
  int64_t size = 0;
  int64_t align = 1;
  std::string what;   // "TMA descriptor (tl.make_tensor_descriptor)", "the scratch of @f", ...
  std::string source; // "kernel.py:12:10", or empty
};

// A kernel's host tensor-descriptor parameter: what the launcher needs to encode its
// CUtensorMap (an entry of Triton's "tensordesc_meta", in parameter order).
struct TensorDescriptorMetadata {
  // CUtensorMapSwizzle: 0 none, 1 32-byte, 2 64-byte, 3 128-byte.
  int swizzle = 0;
  // Bytes of one element.
  int elementSize = 0;
  // The TMA element type as the device numbers it (the launcher translates to the host's).
  int elementType = 0;
  // The box one TMA copy moves, outermost dimension first.
  std::vector<int64_t> blockSize;
  bool fp4Padded = false;
};

// What a launcher needs to know about a compiled kernel (Metadata.h reads it from the IR and
// writes Triton's JSON).
struct KernelMetadata {
  std::string name;
  Target target;
  // Triton's debug option (@triton.jit(debug=True)): asserts and overflow checks compiled in.
  bool debug = false;
  // Triton's launch_cooperative_grid: launched cooperatively (every program resident).
  bool launchCooperativeGrid = false;
  int numWarps = 4;
  int numCTAs = 1;
  int numStages = 3;
  // Bytes of shared memory a program needs (dynamic shared memory at launch).
  int64_t shared = 0;
  // The hidden scratch buffers: bytes per program and alignment. The launcher allocates
  // size x number of programs for each and passes the two pointers after the user's
  // arguments.
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  int64_t profileScratchSize = 0;
  int64_t profileScratchAlign = 1;
  // The profiling scopes of an instrumented kernel by id (trex's "trex_profile_scopes" key,
  // set by convert-proton-to-protongpu): what the profile decoder names the records with.
  std::vector<std::string> profileScopes;
  // What the global scratch holds (trex's "trex_global_scratch" key; empty when nothing).
  std::vector<ScratchAllocation> globalScratch;
  // Host tensor-descriptor parameters, in order (Triton's "tensordesc_meta").
  std::vector<TensorDescriptorMetadata> tensorDescriptors;
  // From the assembler's info log, where it was read (NVIDIA): Triton's n_regs, and n_spills
  // as Triton's launcher computes it (the kernel's local memory per thread / 4: ptxas' stack
  // frame, which holds the spills).
  std::optional<int> registers;
  std::optional<int> spills;
};

struct CompileDiagnostic {
  enum class Severity { Error, Warning, Note, Remark };
  Severity severity = Severity::Error;
  // "kernel.py:9:28" (empty when the diagnostic has no file location).
  std::string location;
  std::string message;
  // `location: severity: message` followed by the source line and a caret,
  // ready to show to a user.
  std::string rendered;
  // A pass's remark (an explanation, such as why a dot does not use wgmma), as opposed to
  // what the kernel itself prints at compile time (tl.static_print).
  bool passRemark = false;
};

// One triton.Config of a Python kernel's @triton.autotune, its values folded at compile time.
struct AutotuneConfig {
  // Its position in `configs=` (trex's --config N).
  int index = 0;
  // Meta-parameter name -> value as Python's repr writes it ("128", "True", "'fp16'").
  std::vector<std::pair<std::string, std::string>> metaParameters;
  // triton.Config's launch options, with its defaults where the config does not set them.
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  std::optional<int> maxRegisters; // maxnreg

  // "BLOCK_SIZE=128, GROUP=8; num_warps=8, num_stages=3" (what --list-configs prints).
  std::string describe() const;
};

struct CompilationResult {
  bool succeeded = false;
  // The kernel compiled with Triton's debug option (a Python kernel's decorator), for the
  // metadata.
  bool debug = false;
  // The kernel's name (the public tt.func), used to name stage files.
  std::string kernelName;
  // For a Triton-Python kernel: the names of the parameters a launch passes (those the
  // specialization did not make constants), in order.
  std::vector<std::string> passedParameterNames;
  // The Python files a kernel file's imports read (a cache must check them too).
  std::vector<std::string> importedFiles;
  // For a Python kernel: the @triton.autotune configs of the kernel, in order (empty without
  // them, or when one cannot be folded), whichever config the compilation used.
  std::vector<AutotuneConfig> autotuneConfigs;
  // The signature trex proposed for a Python kernel compiled without one (see the remark).
  std::optional<std::string> proposedSignature;
  // The launch options the compilation used: the options', or the autotune config's.
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  // Each produced stage's text, printed as Triton writes its cache files.
  std::map<Stage, std::string> stages;
  std::vector<PassSnapshot> passes;
  std::vector<CompileDiagnostic> diagnostics;
  // Known once the kernel is lowered to LLVM (shared memory and scratch are allocated then).
  std::optional<KernelMetadata> metadata;
  // What ptxas printed (registers, spills, shared memory per kernel) when it ran.
  std::string assemblerLog;

  // All diagnostics rendered, one after another (the passes' remarks only where asked).
  std::string renderDiagnostics(bool remarks = true) const;
};

} // namespace trex

#endif // TREX_COMPILER_COMPILERESULT_H
