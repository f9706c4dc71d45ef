// The ttir passes: the transformations Triton's make_ttir stage runs on a
// kernel between the frontend and the conversion to TritonGPU.
#ifndef TREX_DIALECT_TRITON_TRANSFORMS_PASSES_TD
#define TREX_DIALECT_TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "fuse Triton-specific op combinations (dot + add, select + masked load, ...)";
  let description = [{
    Generic canonicalization cannot see across dialects, so Triton keeps a set
    of peephole rewrites that know both `tt` and `arith`:

    - `addi/addf(d, dot(a, b, 0))` -> `dot(a, b, d)`: the accumulator of a dot
      absorbs a following add (also for `tt.dot_scaled`), so the tensor-core
      accumulator is initialized from `d` instead of zero.
    - `select(c, load(p, splat(c)), o)` -> `load(p, splat(c), o)`.
    - `addptr(addptr(p, a), b)` -> `addptr(p, a + b)` when the sum cannot
      overflow differently from two pointer increments.
    - `sum(x[:, :, None] * y[None, :, :], 1)` -> `dot(x, y)`.
    - a 1-D reshape feeding only reductions or histograms may reorder elements.
    - a reshape that drops leading unit dimensions of a descriptor load is
      folded into the load.

    Example: `%d = tt.dot %a, %b, %zero; %r = arith.addf %c, %d` becomes
    `%r = tt.dot %a, %b, %c`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::trex::tt::TTDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "compute elementwise ops before broadcasts and splats";
  let description = [{
    `f(broadcast(x))` computes `f` on every copy of `x`; `broadcast(f(x))`
    computes it once per distinct element. The pass moves elementwise,
    side-effect-free ops in front of `tt.broadcast` and `tt.splat` (and splat
    constants), and applies the broadcast and expand_dims canonicalizations
    that expose more such chains.

    Example: `arith.addf (tt.splat %a), (tt.splat %b)` becomes
    `tt.splat (arith.addf %a, %b)`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::trex::tt::TTDialect"];
}

def TritonRewriteTensorPointer : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "lower block pointers to tensors of pointers with masks";
  let description = [{
    Block pointers (`tt.make_tensor_ptr`, `tt.advance`, loads and stores with
    `boundaryCheck`/`padding`) describe a tile by base, shape, strides and
    offsets. Targets without hardware for them need explicit addresses: the
    pass replaces each block pointer by its i64 offsets (carried through
    `scf.for` and `scf.if`), and each access by a `tt.load`/`tt.store` on
    `base + sum(offset_i * stride_i)` whose mask checks the requested
    dimensions against the shape and whose `other` implements the padding.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::trex::tt::TTDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "lower tensor descriptors to pointers, shapes and strides";
  let description = [{
    Tensor descriptors (`!tt.tensordesc`) become TMA descriptors on Hopper and
    later; targets without TMA (sm_80, AMD) need plain address arithmetic.
    Each descriptor value of rank r is split into r + r + 1 values (base
    pointer, i64 shape, i64 strides) everywhere it flows: function arguments
    and results, `tt.call`, `scf` control flow and `arith.select`.
    `tt.descriptor_load`/`store`/`gather`/`scatter` become masked
    `tt.load`/`tt.store` on tensors of pointers (masked-off lanes read zero)
    and `tt.descriptor_reduce` becomes a masked `tt.atomic_rmw`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::trex::tt::TTDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "unroll scf.for loops that ask for it with tt.loop_unroll_factor";
  let description = [{
    `for i in tl.range(..., loop_unroll_factor=N)` marks its loop with
    `tt.loop_unroll_factor = N`; only marked loops with N > 1 are unrolled.
    The attribute is removed, and the epilogue loop that handles the leftover
    iterations gets `tt.num_stages = 1` so the software pipeliner leaves it
    alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "hoist loop invariants, loads included, out of loops";
  let description = [{
    MLIR's loop-invariant-code-motion never moves a `tt.load`, because it
    reads memory. In a loop that writes no memory a load of invariant
    addresses reads the same values every iteration, so this pass hoists it
    too, predicating it on the loop running at least once (`lb < ub` is
    folded into its mask); side-effect-free speculatable ops are hoisted as
    usual, innermost loops first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::trex::tt::TTDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges loop-carried values computing the same thing";
  let description = [{
    Plain CSE cannot merge two `scf.for` iteration arguments: their values
    depend on themselves through the loop. Two arguments are equal if they
    start from the same value and their yielded values are equal assuming
    the arguments are; this pass checks that recursively (side-effect-free
    ops without regions, compared structurally), makes equal arguments one,
    and then runs CSE and the scf.for canonicalization to drop what became
    redundant. It matters after loop transformations that duplicate
    induction-like values (pipelining, unrolling).

    Example: two arguments both starting at `%c0` and both incremented by
    `%c1` each iteration become one.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

#endif // TREX_DIALECT_TRITON_TRANSFORMS_PASSES_TD
