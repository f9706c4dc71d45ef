// The compilation API: one call turns a kernel (a Triton-Python file or IR at
// any stage) into every later stage, and returns each stage's text, a snapshot
// per pass, the metadata and the diagnostics (CompilationResult, CompileResult.h).
// The CLI and the explorer both sit on this.
#ifndef TREX_COMPILER_COMPILATION_H
#define TREX_COMPILER_COMPILATION_H

#include "trex/Compiler/CompileResult.h"
#include "trex/Compiler/Metadata.h"
#include "trex/Compiler/PassSnapshots.h"
#include "trex/Compiler/Stage.h"
#include "trex/Compiler/Target.h"
#include "trex/Frontend/CodeGen/KernelConfigs.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace trex {

// Triton's num_stages when the user gives none: 3 on NVIDIA (CUDAOptions), 2 on AMD
// (HIPOptions).
int defaultNumStages(const Target &target);

// The most CTAs a thread-block cluster can have on sm_90 (16 with the non-portable cluster
// size; trex's runtime and Triton's launcher launch num_ctas CTAs per cluster).
constexpr int kMaxNumCTAs = 16;

struct CompileOptions {
  Target target;
  int numWarps = 4;
  int numStages = 3;
  // CTAs per thread-block cluster (Triton's num_ctas): a power of two up to
  // kMaxNumCTAs, above 1 only on NVIDIA sm_90 and later.
  int numCTAs = 1;
  // For a Triton-Python input: the kernel to compile and its specialization in
  // Triton's AOT signature form ("*fp32:16, i32, 1024").
  std::string kernelName;
  std::string signature;
  // Folders searched for the kernel file's imports after its own folder (--python-path).
  std::vector<std::string> pythonPath;
  // For a Triton-Python kernel with @triton.autotune: compile with config N of its list (see
  // frontend::KernelRequest). The config's num_warps and num_stages replace numWarps and
  // numStages unless the caller marks them as given.
  std::optional<int> autotuneConfig;
  // Whether the caller chose numWarps / numStages / numCTAs; where not, an autotune config's
  // values replace them. (The command line passes defaultNumStages(target) when --num-stages
  // is left out.)
  bool numWarpsGiven = false;
  bool numStagesGiven = false;
  bool numCTAsGiven = false;
  // Whether the caller chose `target`. A ttgir input is compiled for its module's ttg.target:
  // a chosen target that differs is an error, one not chosen yields to the module's.
  bool targetGiven = false;
  // Which unit multiplies tt.dot. Default: wgmma on sm_90 (warp-group dots, the types
  // Triton puts there: f16, bf16, tf32, fp8, i8); mma.sync on sm_80..sm_89, and for the dots
  // wgmma does not take, for f16, bf16 and tf32 into f32 and i8 into i32 (f16 accumulators and
  // fp8 operands, which Triton would put on tensor cores, stay on FMA with a warning); MFMA on
  // CDNA3 (gfx940-gfx942) for f16, bf16, f32 (also at tf32 precision) and i8 (fp8 and f64 dots
  // stay on FMA with a warning; not checked on an AMD GPU yet); FMA elsewhere. MmaV2: mma.sync
  // on any sm_80+ target (sm_90 runs it too, so it can be measured there); MFMA as by default
  // on AMD. MmaV3: wgmma on sm_90 (as Default there). FMA: never tensor cores.
  enum class MatmulUnit { Default, MmaV2, MmaV3, FMA };
  MatmulUnit matmulUnit = MatmulUnit::Default;
  // Software-pipeline the loads feeding dots, as Triton does: tritongpu-pipeline (cp.async,
  // num_stages - 1 iterations ahead) on sm_80+ NVIDIA targets, tritonamdgpu-stream-pipeline
  // (num_stages - 1 shared buffers) on AMD ones.
  bool pipeline = true;
  // What turns PTX into a cubin. JitLink: ptxas inside this process through libnvJitLink
  // (cuda::assembleInProcess), about 10 ms less per kernel than starting the executable; it
  // compiles the PTX as relocatable code and schedules differently (the 4096x8192 layer norm
  // runs 1.2x faster on an H200, the other benchmark kernels the same); falls back to the
  // executable, with a warning, where nvJitLink does not load. PtxasExecutable: the ptxas
  // executable, as Triton. Default: $TREX_ASSEMBLER ("ptxas" or "nvjitlink") where set, else
  // nvJitLink where it loads and the executable where it does not, silently.
  enum class Assembler { Default, PtxasExecutable, JitLink };
  Assembler assembler = Assembler::Default;
  // Triton's debug option for the whole compile (as @triton.jit(debug=True), TRITON_DEBUG=1 or
  // a launch's debug=True): device_assert and the overflow checks compiled in.
  bool debug = false;
  // Triton's launch_cooperative_grid: the kernel is launched cooperatively (all programs
  // resident at once, so that they may wait for one another, a grid-wide barrier); the code
  // is the same, the metadata says so and launchers launch it that way.
  bool launchCooperativeGrid = false;
  // Profiling scopes (triton.profiler.language's enter_scope / exit_scope / scope): compiled
  // to proton.record and instrumented as Proton's instrumentation backend does (a
  // shared-memory circular buffer written to the profile scratch). Off: they compile to
  // nothing, as in Triton without that backend.
  bool profileScopes = false;
  // Scopes around the top-level loops and the epilogue of a kernel that has none
  // (proton-instrument-loops, first in the LLVM lowering), instrumented as profileScopes.
  bool instrumentLoops = false;
  // The last stage to produce; earlier ones are produced on the way.
  Stage lastStage = Stage::TTIR;
  // Keep the IR after every pass in the snapshots (costs a print per pass).
  bool captureIRAfterEachPass = false;
};

// Compiles `text`, whose kind comes from `fileName`'s extension: .py (Triton
// Python), .source/.ttir (ttir before or after its pipeline), .ttgir.
CompilationResult compileText(llvm::StringRef text, llvm::StringRef fileName,
                              const CompileOptions &options);

// Where edited IR re-enters a compilation (the explorer's "re-run from here"): the passes of
// `pipeline` from position `firstStep` on run on it, then every later pipeline.
struct ResumePoint {
  Pipeline pipeline = Pipeline::TTGIR;
  int firstStep = 0;
  // False when the point only approximates the place the text came from (see afterPass).
  bool exact = true;

  // After a stage's text: source -> the ttir pipeline, ttir -> ttgir, ttgir -> the LLVM
  // lowering, llir -> code generation (llir is already optimized, as in Triton's make_ptx).
  // None for the stages nothing is compiled from (ptx, amdgcn, binaries, metadata).
  static std::optional<ResumePoint> afterStage(Stage stage);
  // After a pass's snapshot: the rest of its pipeline. LLVM's optimizer cannot be entered in
  // the middle, so after one of its passes it runs again in full; after a pass nested in
  // another (canonicalize inside the inliner) the passes after the enclosing one run. Both
  // are not `exact`. None for a back-end step (it prints no IR).
  static std::optional<ResumePoint> afterPass(const PassSnapshot &pass);
  // Whether the text at this point is LLVM IR rather than MLIR.
  bool takesLLVMIR() const;
};

// Compiles edited IR from `point` on. `text` is MLIR (ttir, ttgir, the LLVM dialect) or LLVM
// IR, as the point takes; `bufferName` names it in diagnostics, so errors in it are located at
// its lines. The result has the stages the resumed pipelines produce (the metadata only when
// the LLVM lowering ran: it is read from the LLVM-dialect module).
CompilationResult compileFrom(llvm::StringRef text, llvm::StringRef bufferName,
                              const ResumePoint &point, const CompileOptions &options);

// The allocator settings every compile runs under (the first compile makes them, once per
// process). A tool that times one part of a compile on its own calls it to measure under the
// same conditions.
void keepFreedMemoryForReuse();

// Reads `path` and compiles it; a missing or unreadable file is a diagnostic.
CompilationResult compileFile(llvm::StringRef path, const CompileOptions &options);

// The @triton.autotune configs and @triton.heuristics of the kernel `kernelName` (the only
// one when empty) of a Triton-Python file; a missing or unreadable file is a diagnostic.
frontend::KernelConfigs readKernelConfigsFile(llvm::StringRef path, const std::string &kernelName,
                                              const std::vector<std::string> &pythonPath = {});

} // namespace trex

#endif // TREX_COMPILER_COMPILATION_H
