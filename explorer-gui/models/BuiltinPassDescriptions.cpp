// BuiltinPassDescriptions: one or two sentences each for the passes no Passes.td describes —
// MLIR conversions outside MLIR's Transforms/Passes.td, LLVM's optimizer passes (the -O3
// pipeline Triton's make_llir runs) and the back end's steps — written for a reader learning
// what a GPU kernel compiler does.
#include "PassDescriptions.h"

namespace trex::explorer {

namespace {

std::vector<PassDescription> table(std::initializer_list<std::pair<const char *, const char *>> rows) {
  std::vector<PassDescription> result;
  for (const auto &[argument, summary] : rows)
    result.push_back({QString::fromLatin1(argument), QString::fromUtf8(summary), QString()});
  return result;
}

} // namespace

const std::vector<PassDescription> &builtinMLIRPassDescriptions() {
  static const std::vector<PassDescription> rows = table({
      {"convert-scf-to-cf",
       "Turns structured loops and ifs (scf.for, scf.if, scf.while) into basic blocks and branches, "
       "the only control flow the LLVM dialect has"},
      {"reconcile-unrealized-casts",
       "Removes the placeholder casts a partial conversion leaves between converted and not yet "
       "converted values; any left over means a type was never converted"},
      {"ensure-debug-info-scope-on-llvm-func",
       "Gives every LLVM function a debug scope, so the source locations survive into LLVM IR as "
       "line tables (PTX .loc lines)"},
  });
  return rows;
}

const std::vector<PassDescription> &builtinLLVMPassDescriptions() {
  static const std::vector<PassDescription> rows = table({
      {"instcombine", "Peephole simplification of instruction sequences (x*2 -> x<<1, folding "
                      "casts and compares); LLVM's workhorse cleanup, run many times"},
      {"aggressive-instcombine", "Rarer, costlier instruction combines (truncation of whole "
                                 "expression trees, popcount and funnel-shift idioms)"},
      {"instsimplify", "Folds instructions to existing values or constants without creating new "
                       "instructions"},
      {"simplifycfg", "Merges, removes and straightens basic blocks; turns small if/else diamonds "
                      "into selects"},
      {"sroa", "Scalar replacement of aggregates: splits stack allocations into SSA values, so "
               "they live in registers"},
      {"mem2reg", "Promotes stack slots that are only loaded and stored to SSA registers"},
      {"early-cse", "Fast common-subexpression elimination in dominator order, early in the "
                    "pipeline"},
      {"gvn", "Global value numbering: removes redundant computations and loads across blocks"},
      {"sccp", "Sparse conditional constant propagation: finds values that are constant and "
               "branches that are never taken"},
      {"ipsccp", "Constant propagation across functions (arguments that are always the same "
                 "constant)"},
      {"licm", "Loop-invariant code motion: hoists computations that do not change inside a loop "
               "out of it"},
      {"loop-simplify", "Puts loops into the canonical form other loop passes expect (a "
                        "preheader, one backedge, dedicated exits)"},
      {"lcssa", "Loop-closed SSA: values used after a loop pass through phi nodes at its exits, "
                "which keeps loop transformations local"},
      {"loop-unroll", "Unrolls loops with small or known trip counts, trading code size for fewer "
                      "branches and more independent instructions"},
      {"loop-vectorize", "Turns loops over scalars into loops over vectors; GPU kernels are "
                         "usually already vectorized per thread"},
      {"slp-vectorizer", "Packs independent neighbouring scalar operations into vector "
                         "operations (superword-level parallelism)"},
      {"vector-combine", "Simplifies vector shuffles, inserts and extracts"},
      {"loop-load-elim", "Forwards values stored in one loop iteration to loads of a later one"},
      {"loop-distribute", "Splits a loop so its vectorizable part can be vectorized"},
      {"loop-sink", "Moves instructions from a loop preheader into the colder loop blocks that "
                    "use them"},
      {"mldst-motion", "Merges identical loads and stores on both sides of an if/else"},
      {"memcpyopt", "Optimizes memcpy/memset calls and turns store sequences into them"},
      {"dse", "Dead store elimination: removes stores whose value is overwritten before it is "
              "read"},
      {"adce", "Aggressive dead code elimination: assumes code dead until shown live"},
      {"bdce", "Bit-tracking dead code elimination: removes computations of bits nobody reads"},
      {"reassociate", "Reorders associative expressions so constants and common terms meet"},
      {"correlated-propagation", "Uses facts from branch conditions (x > 0 on this path) to "
                                 "simplify compares and arithmetic"},
      {"constraint-elimination", "Removes compares that follow from earlier conditions (bounds "
                                 "checks implied by a loop's guard)"},
      {"jump-threading", "Skips branches whose outcome is already known on an incoming edge"},
      {"tailcallelim", "Turns self-recursive tail calls into loops"},
      {"speculative-execution", "Hoists cheap instructions above branches so the branches can "
                                "become selects (helps GPUs avoid divergence)"},
      {"div-rem-pairs", "Computes a division and the matching remainder together"},
      {"float2int", "Does floating-point arithmetic on small integers in integer instructions"},
      {"infer-alignment", "Raises the known alignment of loads and stores from pointer "
                          "arithmetic, enabling wider accesses"},
      {"alignment-from-assumptions", "Uses llvm.assume alignment facts to widen memory accesses"},
      {"inline", "Inlines calls (here mostly the device library's math functions)"},
      {"always-inline", "Inlines functions marked alwaysinline"},
      {"function-attrs", "Infers function attributes (readnone, nocapture, ...) that let other "
                         "passes move calls"},
      {"rpo-function-attrs", "Infers function attributes top-down in the call graph"},
      {"inferattrs", "Adds known attributes to library function declarations"},
      {"forceattrs", "Applies attributes forced on the command line (none in a normal compile)"},
      {"globalopt", "Optimizes global variables: constants folded, unused ones removed"},
      {"globaldce", "Removes functions and globals nothing uses (the unused parts of libdevice)"},
      {"constmerge", "Merges identical constant globals"},
      {"deadargelim", "Removes function arguments and return values nobody uses"},
      {"argpromotion", "Passes pointed-to values instead of pointers into internal functions"},
      {"called-value-propagation", "Records the possible targets of indirect calls"},
      {"callsite-splitting", "Duplicates calls on paths where an argument is known"},
      {"elim-avail-extern", "Drops bodies kept only for inlining (available_externally)"},
      {"lower-expect", "Turns __builtin_expect hints into branch weights"},
      {"lower-constant-intrinsics", "Folds is.constant and objectsize intrinsics"},
      {"libcalls-shrinkwrap", "Guards math library calls so their error paths are cold"},
      {"nvvm-reflect", "Resolves __nvvm_reflect queries libdevice makes (flush denormals? which "
                       "GPU?), so its math takes the right branch"},
      {"nvvm-intr-range", "Attaches the known value ranges of thread and block indices, which "
                          "lets compares against them fold"},
      {"chr", "Control height reduction: merges chains of rarely taken branches"},
      {"openmp-opt", "OpenMP-specific optimizations (nothing to do for a Triton kernel)"},
      {"openmp-opt-cgscc", "OpenMP-specific optimizations per call-graph SCC (nothing to do here)"},
      {"coro-early", "Lowers coroutine intrinsics (Triton kernels have none)"},
      {"coro-split", "Splits coroutines into resume functions (none here)"},
      {"coro-elide", "Removes coroutine frame allocations (none here)"},
      {"coro-cleanup", "Removes what is left of coroutine lowering (none here)"},
      {"coro-annotation-elide", "Elides coroutine frames of annotated calls (none here)"},
      {"annotation2metadata", "Turns source annotations into metadata for remarks"},
      {"annotation-remarks", "Emits remarks for annotated instructions (off by default)"},
      {"transform-warning", "Warns about loop hints (unroll, vectorize) that could not be "
                            "honoured"},
      {"rel-lookup-table-converter", "Makes switch lookup tables position-independent"},
      {"cg-profile", "Records call-graph profile data for the linker (none without a profile)"},
      {"recompute-globalsaa", "Refreshes the alias analysis of global variables"},
      {"inject-tli-mappings", "Records which library functions have vector versions"},
      {"ee-instrument", "Inserts function entry/exit instrumentation when asked (not here)"},
      {"move-auto-init", "Moves automatic-variable initialization next to its uses"},
      {"memprof-remove-attributes", "Drops memory-profiling attributes"},
      {"drop-unnecessary-assumes", "Removes llvm.assume calls that no longer help"},
      {"alloc-token", "Tags allocation calls for hardened allocators (nothing on a GPU)"},
      {"inliner-ml-advisor-release", "The module inliner wrapper: runs the inliner and function "
                                     "simplification per call-graph SCC"},
      {"DevirtSCCRepeatedPass", "Reruns the call-graph passes while indirect calls become "
                                "direct"},
  });
  return rows;
}

const std::vector<PassDescription> &builtinBackendStepDescriptions() {
  static const std::vector<PassDescription> rows = table({
      {"TranslateToLLVMIR", "Translates the LLVM-dialect module into LLVM IR proper (NVVM / "
                            "ROCDL ops become intrinsics)"},
      {"NVPTXCodeGen", "LLVM's NVPTX back end: instruction selection and register allocation "
                       "on virtual registers, printed as PTX assembly"},
      {"AMDGPUCodeGen", "LLVM's AMDGPU back end: instruction selection, scheduling and register "
                        "allocation, printed as AMDGCN assembly"},
      {"PTXAS", "NVIDIA's ptxas assembles the PTX into a cubin for the exact GPU, allocating "
                "real registers"},
      {"AMDGPUObjectEmission", "The AMDGPU back end writes the kernel as an ELF object"},
      {"LinkCodeObject", "ld.lld links the object into the hsaco code object the HIP runtime "
                         "loads"},
  });
  return rows;
}

} // namespace trex::explorer
