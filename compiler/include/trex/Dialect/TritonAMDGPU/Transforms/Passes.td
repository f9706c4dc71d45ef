// The AMD-specific passes of Triton's HIP make_ttgir: placement of layout
// conversions and loads, and the rewrite of global accesses to buffer ops.
#ifndef TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD
#define TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonAMDGPUAccelerateMatmul : Pass<"tritonamdgpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "run tt.dot on AMD CDNA matrix cores (MFMA layouts)";
  let description = [{
    On a CDNA target (`ttg.target` "hip:gfx908/gfx90a/gfx94x/gfx950", MFMA
    generations 1-4) each dot with a blocked result gets the
    `#ttg.amd_mfma` layout of the MFMA instruction Triton 3.6 picks:
    32x32 tiles when M and N both reach 32, 16x16 from 16, the largest K
    per instruction of the generation that divides the dot's K (fp8 in the
    OCP formats is computed as f16 before gfx950; tf32 uses the xf32
    instructions of gfx942; f32 at bf16x3/bf16x6 precision runs as 3/6
    bf16 dots of the operands' bf16 parts, split in the operand layouts).
    Warps double along M while M has at least
    twice N's instruction tiles per warp; the first dot of an attention
    chain keeps all warps on M. The result is transposed (consecutive
    columns per lane, so stores vectorize) except for plain fp8 dots.
    Operands become `#ttg.dot_op` with kWidth = the K elements of one
    instruction per lane (times `kpack`); the accumulator is f32 (i32 for
    integers) with casts around the dot when the result type differs.
    Dots no instruction fits, and other targets, are left on the FMA path;
    so are, with a warning, dots whose instruction's operand type is not in
    `mfma-types` when that list is given (trex's compile path names the
    types its MFMA lowering takes).

    Scaled dots come first: on CDNA3 one with a single scaled operand becomes
    an MFMA dot in bf16 (f16 with an fp16 operand), its operands converted to
    the MFMA operand layouts, fp8 upcast there and the scaled one multiplied
    by its scales with `amdg.upcast_mxfp` (Triton 3.6's ScaledBlockedToMFMA,
    warps along the scaled operand's rows); other scaled dots take the
    generic decomposition (tritongpu-decompose-scaled-dot) and then the
    ordinary path.

    Example (gfx942, 8 warps, 128x256x64 f16):
    `#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>`
    with operands `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>`.
  }];
  let options = [
    Option<"matrixInstructionSize", "matrix-instruction-size", "int", "0",
           "force MFMA tiles of this M = N (16 or 32); 0 chooses from the dot's shape">,
    Option<"kPack", "kpack", "int", "1",
           "instructions' worth of K each lane reads from shared memory at once (1 or 2)">,
    ListOption<"mfmaTypes", "mfma-types", "std::string",
               "operand types of the MFMA instructions dots may get: f16 (also fp8 computed as "
               "f16), bf16, f32, tf32 (f32 at tf32 precision, xf32), i8, fp8, f64; empty: any "
               "Triton takes">
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect", "::trex::amdg::AMDGDialect",
                           "::mlir::arith::ArithDialect"];
}

def TritonAMDGPUOptimizeEpilogue : Pass<"tritonamdgpu-optimize-epilogue", "mlir::ModuleOp"> {
  let summary = "store tiles computed in an MFMA layout from that layout";
  let description = [{
    A `tt.store` of a value converted from an `#ttg.amd_mfma` layout to a
    blocked one (possibly through single-use, one-operand element-wise ops
    such as `arith.truncf`) stores from the MFMA layout instead: the casts
    take the MFMA layout and the store's pointers and mask are converted to
    it, so that the conversion of the tile (an LDS round trip) goes away and
    remove-layout-conversions can compute the pointers in the MFMA layout.
    As in Triton 3.6, except that gfx950's 32x32 transposed f16/bf16 tiles,
    which Triton stores through a layout of 8 consecutive elements per lane,
    are left as they are.

    Example: `tt.store %p, (ttg.convert_layout (arith.truncf %acc : #mma) : #mma -> #blocked)`
    becomes `tt.store (ttg.convert_layout %p : #blocked -> #mma), (arith.truncf %acc : #mma)`.
  }];
}

def TritonAMDGPUStreamPipeline : Pass<"tritonamdgpu-stream-pipeline", "mlir::ModuleOp"> {
  let summary = "software-pipeline the global loads that feed tt.dot through shared memory";
  let description = [{
    The tiles a loop loads for its dots stream through num_stages - 1 shared
    buffers per operand, so that each iteration's global loads are in flight
    while the previous tiles are multiplied: a prologue loads the first
    num_stages - 1 iterations' tiles into the buffers (`ttg.local_store`);
    iteration k reads buffer k % (num_stages - 1) with `ttg.local_load`,
    loads iteration k + num_stages - 1's tiles into registers (masked off
    past the end), and after its dot stores them into the buffer it read.
    A loop qualifies when the loads' only users convert them to dot operand
    layouts and the ops computing their pointers and masks feed nothing
    else. A loop's `tt.num_stages` overrides the option; fewer than 2 stages
    leave it alone. Simplified from Triton 3.6's AMD stream pipeliner (no
    epilogue peeling, no separate local-store stage).

    Example (num_stages = 4, the 128x128x64 matmul): two
    `!ttg.memdesc<3x128x64xf16, ...>`-sized buffers, 98304 bytes of shared
    memory as Triton's.
  }];
  let options = [
    Option<"numStages", "num_stages", "int", "2",
           "stages of the pipeline (num_stages - 1 buffers per operand)">
  ];
  let dependentDialects = ["::trex::ttg::TTGDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TritonAMDGPUHoistLayoutConversions
    : Pass<"tritonamdgpu-hoist-layout-conversions", "mlir::ModuleOp"> {
  let summary = "convert loop-invariant dot operands once, before the loop";
  let description = [{
    A `ttg.convert_layout` to a `#ttg.dot_op` layout inside a loop whose
    operand is defined outside it converts the same tensor every iteration
    (the Q tile of attention kernels). It moves right after the operand's
    definition, so the converted operand stays in registers across the loop.
  }];
}

def TritonAMDGPUSinkLayoutConversions
    : Pass<"tritonamdgpu-sink-layout-conversions", "mlir::ModuleOp"> {
  let summary = "move conversions below shared-memory deallocations";
  let description = [{
    A conversion through shared memory needs scratch space; placed after the
    `ttg.local_dealloc`s that precede its first use, it can reuse what they
    free. Conversions move down within their block, never past their first
    use.
  }];
}

def TritonAMDGPUInThreadTranspose
    : Pass<"tritonamdgpu-in-thread-transpose", "mlir::ModuleOp"> {
  let summary = "store MFMA operands loaded along M/N to LDS K-contiguous, transposed in registers";
  let description = [{
    For a `ttg.local_load` of an MFMA dot operand whose buffers are written
    from global loads that are contiguous along M or N (B row-major, A
    column-major), as gfx942's Triton does: the loads are widened along K
    (sizePerThread[K] = the rows the lanes and warps leave, at most 64 bits'
    worth), each write stores `amdg.in_thread_transpose` of the data (the
    thread's tile renumbered K-first, a `#ttg.linear` layout), and every view
    of the buffers becomes `#ttg.amd_rotating_shared` in K-major order with
    the swizzle of an MFMA operand read. Views the rewrite cannot follow
    (transposed views, copies straight to LDS) and loads of different types
    leave the operand alone. Run remove-layout-conversions after it.

    Example (gfx942, 4 warps, B of 64x128 f16): loads in
    `#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], ...}>`
    become `sizePerThread = [4, 8]`; the buffer becomes
    `#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>`.
  }];
  let dependentDialects = ["::trex::amdg::AMDGDialect"];
}

def TritonAMDGPUMoveUpPrologueLoads
    : Pass<"tritonamdgpu-move-up-prologue-loads", "mlir::ModuleOp"> {
  let summary = "issue the prologue loads of pipelined loops as early as possible";
  let description = [{
    The AMD software pipeliner marks the global loads it peels into a loop's
    prologue with `amd.pipeliner_part`. Issuing them earlier hides more
    latency: each marked load, with the ops of its block it depends on,
    moves up to just after the definition of its pointer, stopping at
    atomics, barriers and loops (whose memory effects it must not cross).
    Loads without the attribute stay.
  }];
}

def TritonAMDGPUCanonicalizePointers
    : Pass<"tritonamdgpu-canonicalize-pointers", "mlir::ModuleOp"> {
  let summary = "fold uniform offsets into the scalar base of pointer tensors";
  let description = [{
    Buffer instructions address memory as one scalar base (held in scalar
    registers) plus per-lane 32-bit offsets. `tt.addptr(tt.splat(%base),
    splat(%s) + %offsets)` is rewritten to
    `tt.addptr(tt.splat(tt.addptr(%base, %s)), %offsets)` so that the
    uniform part of the address moves into the base and convert-buffer-ops
    sees per-lane offsets only. As in Triton, the rewrite applies to bases
    that are kernel arguments marked `tt.pointer_range = 32` (buffers known
    to be smaller than 4 GiB), where the reassociation cannot overflow.
  }];
}

def TritonAMDGPUConvertToBufferOps : Pass<"tritonamdgpu-convert-buffer-ops", "mlir::ModuleOp"> {
  let summary = "turn global loads and stores into buffer loads and stores";
  let description = [{
    `tt.load`/`tt.store` on `tt.addptr(tt.splat(%base), %offsets)` become
    `amdg.buffer_load`/`amdg.buffer_store` on `%base[%offsets]` when the
    offsets are i32 and provably non-negative: integer range analysis
    (ranges of `tt.make_range`, program ids, loop bounds, constants, and
    arith's overflow-aware rules) must show every offset is >= 0, since a
    buffer access treats offsets as unsigned. A base argument marked
    `tt.pointer_range = 32` needs no proof. Buffer accesses are bounds-
    checked in hardware, so masked-off lanes need no branch.

    Example: `tt.load (tt.addptr (tt.splat %p), %r), %m, %o` with
    `%r = tt.make_range {start = 0, end = 1024}` becomes
    `amdg.buffer_load %p[%r], %m, %o`.
  }];
  let dependentDialects = ["::trex::amdg::AMDGDialect"];
}

def TritonAMDGPUFoldTrueCmpI : Pass<"tritonamdgpu-fold-true-cmpi", "mlir::ModuleOp"> {
  let summary = "replace comparisons that integer range analysis proves true";
  let description = [{
    Bounds checks the range analysis can decide (an offset compared with a
    bound it never reaches) become the constant `true`, so masks and
    branches built on them fold away.

    Example: `arith.cmpi slt, %r, %c1024` with `%r` in [0, 1023] becomes
    `arith.constant true` (a splat of true for tensors).
  }];
}

def TritonAMDGPUExpandUpcastMXFP : Pass<"tritonamdgpu-expand-upcast-mxfp", "mlir::ModuleOp"> {
  let summary = "write amdg.upcast_mxfp as ttgir ops that lower on any target";
  let description = [{
    Before the lowering to LLVM (ahead of shared-memory allocation): each
    amdg.upcast_mxfp becomes the e2m1 unpacking (ttg.fp4_to_fp) of its
    operand and the scale multiplication of Triton's generic scaled-dot
    decomposition in the operand's MFMA layout: the e8m0 scales as
    2^(s - 127) in bf16/f16, repeated 32 times along K and converted to that
    layout, a multiplication, and NaN where a scale is 0xFF unless fastMath.
    The ttgir stage keeps Triton's op; only the code below it differs from
    Triton's lane-shuffling lowering.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::trex::ttg::TTGDialect"];
}

#endif // TREX_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD
