// The ttgir passes: the layout optimizations Triton's make_ttgir runs after
// convert-triton-to-tritongpu, shared by the NVIDIA and AMD backends.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUDecomposeScaledDot : Pass<"tritongpu-decompose-scaled-dot", "mlir::ModuleOp"> {
  let summary = "rewrite tt.dot_scaled as upcast operands, scale products and a tt.dot";
  let description = [{
    Microscaled (mx) dots need instructions trex's targets do not have (or
    that trex does not use yet), so, as Triton does on such targets, each
    operand is upcast to Triton's compute type (bf16, f16 with an fp16
    operand), multiplied by its e8m0 scale (2^(s - 127) per 32 elements
    along K; NaN for 255 unless fastMath), and the product is an ordinary
    tt.dot that tensor cores take.
    On ttgir (scaled dots with layouts; accelerate-matmul runs it first, on
    AMD for the dots upcast_mxfp does not take) it is Triton 3.6's
    DecomposeScaledBlocked: tt.fp_to_fp and
    ttg.fp4_to_fp upcasts in the operands' layouts, scales repeated along K
    through a default 3-D blocked layout, dot operands of the result's
    blocked layout. On ttir (a module without layouts) operands are widened
    to f32 by bit placement, scaled and rounded once, in layout-free ops.
    With move-scale-to-lhs (NVIDIA, as Triton's transposeDots), a dot whose
    only scale is the rhs's first becomes trans(dot_scaled(Bᵀ, Aᵀ, Cᵀ)).
  }];
  let options = [
    Option<"moveScaleToLhs", "move-scale-to-lhs", "bool", /*default=*/"false",
           "turn a dot scaled on the rhs only into the transposed dot scaled on the lhs">,
    Option<"fmaLayout", "fma-layout", "bool", /*default=*/"false",
           "give each dot made (on ttgir) the FMA layout convert-triton-to-tritongpu gives a "
           "tt.dot, for pipelines without tensor cores (trex's --mma fma)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::trex::ttg::TTGDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "run f32 dots asked for bf16x3, bf16x6 or tf32x3 precision as several tensor-core dots";
  let description = [{
    An f32 x f32 `tt.dot` with inputPrecision bf16x3 or bf16x6 splits each
    operand into 2 or 3 bf16 parts (hi = bf16(x), mid = bf16(x - hi), lo =
    bf16(x - hi - mid)) and sums the products of the parts that matter at f32
    precision as IEEE bf16 dots, smallest first: bf16x6 adds mid*mid, lo*hi
    and hi*lo before mid*hi and hi*mid; both then replace NaNs of that sum by
    0 (an infinite input makes its lower parts NaN), add hi*hi and finally
    the original accumulator. With `emu-tf32` (sm_80 and later), a tf32x3
    dot splits each operand into big = cvt.rna.tf32(x) (inline PTX) and
    small = x - big, and sums small*big and big*small, zeroes NaNs, adds
    big*big (tf32 dots) and the accumulator. As Triton 3.6's F32DotTC, which
    make_ttgir runs right after coalescing.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "also split tf32x3 dots (into tf32 dots)">
  ];
}

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "give global loads and stores layouts whose accesses coalesce";
  let description = [{
    The default layout puts one element per thread with the last dimension
    fastest, whatever the memory looks like. A warp's accesses coalesce, and
    each thread issues one wide (up to 128-bit) access, when consecutive
    threads hold consecutive addresses and each thread holds a contiguous,
    aligned vector.

    For every load, store and atomic on a tensor of pointers the pass reads
    AxisInfo of the pointer: dimensions are ordered by contiguity, and the
    thread's vector along the most contiguous one is the largest that the
    alignment (divisibility), the contiguity and 128 bits allow -- and, for
    loads, as large as the widest vector of any other access of the same
    shape and order that depends on this one. It never exceeds the elements
    per thread the tensor has. Lanes and warps are then spread from that
    dimension (Triton's shape-based builder). The access is rewritten in the
    new layout with `ttg.convert_layout` around it; remove-layout-conversions
    then propagates the layout and removes the conversions.

    Example: an f32 `tt.load` of 1024 contiguous 16-byte aligned addresses
    with 4 warps gets `#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32],
    warpsPerCTA = [4], order = [0]}>`.
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "choose one layout per value so that few layout conversions remain";
  let description = [{
    A `ttg.convert_layout` that moves elements between threads goes through
    shared memory; the passes before this one insert them freely. This pass
    removes as many as it can:

    1. Forward propagation: layouts of anchors (expensive loads and stores,
       dots, atomics, reordering reshapes, function arguments) flow to their
       users through elementwise ops, reductions, expand_dims, trans,
       join/split and control flow; where several reach a value, blocked
       layouts win for memory ops and MMA layouts elsewhere. Values are then
       rewritten in their chosen layout.
    2. Backward rematerialization: for each remaining conversion, if the
       whole slice of ops that produces its operand can be recomputed in the
       target layout (no expensive loads, dots or atomics in it), the slice
       is cloned in the target layout and the conversion disappears. Loop-
       carried values and `scf.if` results are rematerialized through the
       loop and the branches.
    3. Hoisting: a conversion that cannot be removed moves above a
       broadcast, expand_dims or type extension (it then moves fewer or
       narrower elements), into the single branch of a conditional inside a
       loop that needs it, and conversions to dot operands move next to the
       loads that feed them.
    4. Clean-up: conversion canonicalization, dead loop-carried values.

    Example: after coalescing, `convert(load(convert(ptr)))` with the
    pointer computation in the default layout becomes a load whose pointer
    computation is recomputed in the coalesced layout, with no conversion.
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "keep reductions and gathers inside a thread or warp where possible";
  let description = [{
    Reductions across threads need shuffles and shared memory; reductions
    of elements a thread already holds do not. Three rewrites:

    - A reordering `tt.reshape` (`tl.view`, can_reorder) whose users reduce
      along one axis gets a blocked layout with that axis slowest, so each
      thread holds whole rows of the reduction.
    - A `tt.gather` gets a layout where a warp spans whole columns of the
      gather axis (the gather becomes warp shuffles), marked
      `efficient_layout`.
    - An accumulation `acc += reduce(load(...), axis=last)` in a loop, where
      each thread holds several elements of the reduced axis, accumulates
      the per-thread partial sums in a 3-D tensor inside the loop (a
      reshape with the thread's elements as a new minor dimension, reduced
      locally) and performs the cross-thread reduction once after the loop.
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPUAccelerateMatmul : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "run tt.dot on NVIDIA tensor cores: mma.sync (sm_80) or wgmma (sm_90) layouts";
  let description = [{
    The conversion gives every dot a blocked result and FMA operands, which
    multiply one element per thread per step. On an NVIDIA target
    (`ttg.target` "cuda:<cc>", cc >= 80) each dot whose types and tile the
    tensor cores take gets an MMA result layout instead, chosen as Triton
    3.6 does:

    - sm_80..sm_89 (and sm_100+, whose tcgen05 path trex does not have):
      `#ttg.nvidia_mma` version 2, instrShape [16, 8], warps balancing the
      repetitions along M and N; operands become `#ttg.dot_op` with kWidth
      = 32 bits / the narrowest operand width before upcasts.
    - sm_90: version 3 with instrShape [16, N, 32 bytes of K] (the widest N
      dividing the tile) and warps in groups of 4 along M, when the tile
      is a multiple of 64x8 and the warps of 4; the dot becomes
      `ttng.warp_group_dot` reading both operands from `ttg.local_alloc`
      copies in `#ttg.nvmma_shared` (128/64/32-byte swizzle). Otherwise
      version 2 with a remark.

    The old layouts stay around the new dot as `ttg.convert_layout`s for
    remove-layout-conversions to propagate. Afterwards fp8 operands of
    mma.sync before sm_89 and FMA operands narrower than a float result
    are widened with `tt.fp_to_fp`. Other targets are left unchanged.

    Example (sm_80, 4 warps, 128x128 f16): `tt.dot` gets
    `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>`
    and operands `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`.

    The options narrow Triton's choice to what trex can lower: wgmma is not
    lowered yet (max-mma-version=2 puts sm_90 dots on mma.sync, which sm_90
    runs too), and mma.sync is lowered for some operand types only
    (mma-v2-types; a dot of other types stays on the FMA path with a
    warning). By default the pass chooses as Triton does.
  }];
  let options = [
    Option<"maxMmaVersion", "max-mma-version", "int", "3",
           "the newest MMA generation to choose (2: mma.sync even on sm_90)">,
    ListOption<"mmaV2Types", "mma-v2-types", "std::string",
               "operand types mma.sync may take: f16, bf16 (into f32), tf32 (f32 operands, "
               "tf32 precision, into f32), i8 (into i32), f16acc (f16 into f16), fp8 (e4m3/e5m2 "
               "into f32 or f16, widened to f16 before sm_89 and on sm_90), f64 (into f64, on "
               "m8n8k4); empty: any Triton takes">
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect", "::trex::ttng::TTNGDialect"];
}

def TritonGPUOptimizeDotOperands : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "read transposed dot operands transposed from shared memory";
  let description = [{
    `tt.dot %a, tt.trans(%b)` would convert the transposed tensor to the dot
    operand layout in registers, which for most layouts means a round trip
    through shared memory anyway. The pass makes that round trip explicit
    and free of the transpose: `%b` is stored untransposed
    (`ttg.local_alloc`), the shared-memory view is transposed
    (`ttg.memdesc_trans`, no data moves) and read in the operand layout
    (`ttg.local_load`). The shared layout is the one the operand's reads
    want: unswizzled for FMA operands (a blocked parent), the mma.sync
    swizzle for Ampere operands.

    With `hoist-layout-conversion` (Triton turns it on for AMD and for
    sm_80 and later), a conversion to a dot operand also moves above the
    element-wise ops between it and the load (or constant) its operand comes
    from, when all of them can: `convert(arith.sitofp(load))` becomes
    `arith.sitofp(convert(load))`, so shared memory holds the loaded i8 or
    fp8 rather than the widened f16. Narrowing casts, selects, f32
    extensions into kWidth-1 operands and i1 -> float casts stop it.

    Triton's other rewrites in this pass (wgmma operands in registers,
    Blackwell tensor-memory copies) apply to layouts accelerate-matmul
    introduces.
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool", "false",
           "move conversions to dot operands above the element-wise ops after a load">
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPUFuseNestedLoops : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "flatten loop nests the kernel asked to flatten (tl.range(flatten=True))";
  let description = [{
    As Triton 3.6: a loop marked `tt.flatten` that holds exactly one `scf.for`
    directly in its body (itself holding none) is fused with it into one loop
    of len(outer) * max(1, len(inner)) iterations. The prologue before the
    inner loop runs under `scf.if` on the first iteration of each outer one,
    the epilogue after it on the last; values crossing them are carried. The
    nest is first split on whether the inner loop runs at all (unless an
    llvm.assume says it does), so the fused body needs no condition; inner
    bounds that depend on the outer loop leave the nest alone. The software
    pipeliner then overlaps the next tile's loads with the current tile's
    epilogue. Loops without `tt.flatten` are never touched.
  }];
  let options = [
    Option<"fuse", "fuse", "bool", "true",
           "fuse the nests (off: leave them, where the pipeliner that follows cannot take "
           "a fused loop yet)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
}

def TritonGPUCombineTensorSelectAndIf
    : Pass<"tritongpu-combine-tensor-select-and-if", "mlir::ModuleOp"> {
  let summary = "turn a select on a condition into a result of the scf.if on it";
  let description = [{
    `arith.select %c, %a, %b` next to `scf.if %c` computes both values and
    picks one per element; when the select is dominated by nothing the if
    needs and all its users come after the if, the if can yield `%a` in its
    then branch and `%b` in its else branch instead, and the select goes
    away. The condition must be the same value, the select and the if in
    the same block.

    Example: `%s = arith.select %c, %x, %y; scf.if %c {...}` becomes
    `%s = scf.if %c -> (...) {...; scf.yield %x} else {scf.yield %y}`.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "software-pipeline loops whose dot operands are loaded in the loop (cp.async, TMA)";
  let description = [{
    A simplified form of Triton's assign-latencies, schedule-loops and
    pipeline passes. In an innermost scf.for, every tt.load of a tensor of
    pointers whose result feeds only dot operand conversions (or a
    local_alloc read by local_loads) becomes an async copy
    (`ttg.async_copy_global_to_local`, with the load's mask and other) into
    a num_stages-deep shared buffer, issued num_stages - 1 iterations ahead:
    a prologue copies the first num_stages - 1 iterations, each iteration
    waits for its own group (`ttg.async_wait {num = num_stages - 2}`),
    reads its buffer with `ttg.local_load` and copies iteration
    k + num_stages - 1 (masked off past the end). The ops computing the
    loads' operands, and the iter_args they advance, run ahead with them;
    loops where those values have other users are left alone. A loop's
    `tt.num_stages` attribute (tl.range(num_stages=)) overrides the
    option; fewer than 2 stages leaves the loop alone. A tt.descriptor_load
    (sm_90) of a descriptor made outside the loop that feeds a dot becomes
    `ttng.async_tma_copy_global_to_local`s into buffers in the
    descriptor's layout, completed on one mbarrier per buffer (armed by
    `ttng.barrier_expect`, waited for with the phase the loop carries).
  }];
  let options = [
    Option<"numStages", "num-stages", "int", "3", "pipeline depth (buffers per operand)">
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TritonGPUCoalesceAsyncCopy : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "limit async copies to vectors cp.async can move";
  let description = [{
    `cp.async` moves 4, 8 or 16 bytes per thread, contiguous in both global
    and shared memory. A `ttg.async_copy_global_to_local` whose source
    layout gives a thread a wider vector than that, or than the shared
    layout keeps contiguous, is rewritten to a source layout with the
    thread's vector clipped (its mask and `other` are converted along).
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "read the first K slice of the next iteration's dot operands ahead";
  let description = [{
    In a loop with one mma.sync dot whose operands are local_loads (no async token) of
    loop-carried shared buffers, the dot is split into K slices of 256 bits per row; the
    first slice of the next iteration's operands is loaded at the end of the body (before the
    loop for the first iteration) and carried as iter_args. Loops made by
    tritongpu-pipeline do not have this shape and are left alone, as in Triton 3.6.
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect", "::mlir::scf::SCFDialect"];
}

def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "convert to dot operands through shared memory";
  let description = [{
    A dot operand layout holds each element in several threads (every
    thread of a row of the output needs the row of A). Converting to it
    directly would shuffle every copy; storing the tensor once to shared
    memory (`ttg.local_alloc`) and reading it back in the operand layout
    (`ttg.local_load`) moves each element once. The shared layout keeps the
    source's order (for 3-D tensors the batch dimension goes last).
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

def TritonGPUReorderInstructions : Pass<"tritongpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "move conversions and shared-memory traffic to where they cost least";
  let description = [{
    Op order decides register pressure and shared-memory lifetimes:

    - conversions sink below the shared-memory deallocations that precede
      their first use, so their scratch memory can reuse the freed space;
    - conversions to dot operands and shared-memory reads that are used
      only inside a loop nested deeper than them move to their user;
    - `ttg.local_alloc` of a value moves right after the value's definition,
      and `tt.trans` right after its operand's;
    - for a dot whose operands come from shared memory, operand B is read
      after operand A.
  }];
  let dependentDialects = ["::trex::ttg::TTGDialect"];
}

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
