// The Triton-Python front end: a `@triton.jit` kernel and its specialization in, the `tt`
// module Triton 3.6 writes as `<kernel>.source` out (before any pass), or located errors.
//
// The code generator follows Triton's own (python/triton/compiler/code_generator.py) node for
// node: the same evaluation order, the same implicit constants and casts, the same function
// specialization and mangling, and the same locations (file:line:col of the last AST node
// visited, wrapped in the name of the variable being assigned), so the IR matches real
// Triton's after renaming. No Python interpreter is involved.
#ifndef TREX_FRONTEND_CODEGEN_CODEGEN_H
#define TREX_FRONTEND_CODEGEN_CODEGEN_H

#include "trex/Frontend/CodeGen/KernelConfigs.h"
#include "trex/Frontend/Python/Diagnostic.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace trex::frontend {

// The target-dependent options Triton's front end reads (CUDAOptions / HIPOptions).
struct FrontendOptions {
  bool isCUDA = true;
  int computeCapability = 90; // CUDA
  std::string arch;           // HIP: "gfx942"
  int numWarps = 4;
  bool debug = false;            // device_assert and overflow asserts emit tt.assert
  bool sanitizeOverflow = true;  // i32 +, -, * compute the i64 overflow check
  // triton.profiler.language scopes become proton.record ops (else nothing, as in Triton
  // when no instrumentation backend is active).
  bool profileScopes = false;
  std::vector<std::string> allowedDotInputPrecisions;
  std::string defaultDotInputPrecision;
  std::vector<std::string> supportedFP8DTypes;
  std::vector<std::string> deprecatedFP8DotOperandDTypes;
  std::int64_t maxNumImpreciseAccDefault = 0;
  // Folders searched for imported modules after the kernel file's own folder, as sys.path
  // (--python-path, TREX_PYTHONPATH).
  std::vector<std::string> pythonPath;

  static FrontendOptions forCUDA(int computeCapability);
  static FrontendOptions forHIP(std::string arch);
};

struct KernelRequest {
  // The @triton.jit function to compile; empty picks the only one in the file.
  std::string kernelName;
  // Triton's AOT signature: one entry per parameter in order, a type with optional ":16"
  // (divisibility) or ":1" (equal to 1) hint, or a literal for a constexpr:
  // "*fp32:16, *fp32:16, i32:16, fp32, 1024". Parameters at the end with defaults may be
  // left out. So may the parameters the autotune config or the heuristics give: unless the
  // signature has an entry for every parameter, its entries go in order to the others.
  std::string signature;
  // With @triton.autotune: the triton.Config (index in its list) whose meta-parameters give
  // the constexpr parameters by name. @triton.heuristics whose lambdas read only compile-time
  // parameters are folded the same way, config or not.
  std::optional<int> autotuneConfig;
};

struct FrontendResult {
  // The `tt` module, null when `diagnostics` holds an error.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string kernelName;
  // Set when the request had no signature and trex proposed one (Proposal.cpp): the signature
  // used, and the num_warps and num_stages of a launch in the file, if any.
  std::optional<std::string> proposedSignature;
  std::optional<int> proposedNumWarps;
  std::optional<int> proposedNumStages;
  // The Python files the module's imports read (besides the kernel's file), for caches.
  std::vector<std::string> importedFiles;
  // The parameters a launch passes (not made constants by the specialization), in order.
  std::vector<std::string> passedParameterNames;
  // The autotune config applied (KernelRequest::autotuneConfig), for its launch options.
  std::optional<AutotuneConfigInfo> autotuneConfig;
  // Every config of the kernel's @triton.autotune, in order (none without one, or when one
  // cannot be folded: using it reports why).
  std::vector<AutotuneConfig> autotuneConfigs;
  // Errors (each followed by notes giving the call chain), warnings and remarks
  // (`tl.static_print` output), in the order they arose.
  std::vector<python::Diagnostic> diagnostics;
  // Whether the kernel compiled with Triton's debug option (the options' or its decorator's
  // debug=True), which Triton's metadata reports.
  bool debug = false;

  bool succeeded() const { return static_cast<bool>(module); }
};

// Parses `source` (the contents of `fileName`) and generates the kernel's `tt` module in
// `context`, whose registry must hold trex's dialects (trex::registerAllDialects); the ones the
// module uses (tt, arith, math, scf, cf, ub, gpu, llvm) are loaded from it.
FrontendResult generateKernel(mlir::MLIRContext &context, std::string_view source,
                              std::string fileName, const KernelRequest &request,
                              const FrontendOptions &options);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_CODEGEN_H
