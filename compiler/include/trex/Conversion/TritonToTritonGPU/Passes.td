// The conversion from ttir to ttgir: the first pass of Triton's make_ttgir.
#ifndef TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
#define TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "give every tensor a GPU layout and record the launch shape on the module";
  let description = [{
    ttir describes what a program computes on whole tensors; ttgir also says
    which thread holds which element. This pass makes that decision for the
    first time, in the simplest way that is always correct, and leaves the
    optimization of layouts to the passes after it:

    - every tensor gets Triton's default `#ttg.blocked` layout for its shape:
      one element per thread, row-major, lanes and then warps spread over
      the dimensions from the fastest one, whatever remains on the slowest;
    - ops whose result layout follows from their operands keep that link:
      `tt.broadcast` and `tt.trans` keep the operand's layout,
      `tt.reduce` produces a `#ttg.slice` of it, `tt.expand_dims` reads a
      `#ttg.slice` of its result's layout, `tt.join`/`tt.split` add or drop a
      minor dimension of 2 held by each thread;
    - `tt.dot` gets a blocked accumulator (2x2 or 4x4 elements per thread
      when the tile is large enough) and `#ttg.dot_op` operands, the layout
      of the FMA lowering until accelerate-matmul picks tensor cores;
    - wherever an operand does not have the layout an op needs, a
      `ttg.convert_layout` is inserted;
    - the module records `ttg.num-warps`, `ttg.threads-per-warp`,
      `ttg.num-ctas` and `ttg.target`, which every later pass reads.

    Control flow (`scf`, `cf`), functions and calls are retyped so that
    loop-carried tensors and arguments carry layouts too.

    Example: `%r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>`
    becomes `... : tensor<1024xi32, #blocked>` with
    `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>`.
  }];
  let options = [
    Option<"numWarps", "num-warps", "int32_t", "4", "warps per CTA">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", "32",
           "threads per warp (32 on NVIDIA, 64 on CDNA)">,
    Option<"numCTAs", "num-ctas", "int32_t", "1", "CTAs per cluster">,
    Option<"target", "target", "std::string", "\"\"",
           "the target, as Triton spells it: cuda:90, hip:gfx942">,
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

#endif // TREX_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
