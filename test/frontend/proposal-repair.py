# A proposal the kernel refuses is repaired: nearby proposals are tried until one compiles
# (and the remark says what changed); a change that moves the error later in the kernel is kept
# as a step, so that parameters of different types are found one after the other.
# RUN: trex compile %s --kernel shifts --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=SHIFTS
# RUN: trex compile %s --kernel through_helper --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=HELPER
# RUN: trex compile %s --kernel half_dot --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=HALF
# RUN: trex compile %s --kernel fine --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=FINE
# RUN: trex compile %s --kernel offsets_flag --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAG
# RUN: trex compile %s --kernel bf16_tiles --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=BF16
# RUN: trex compile %s --kernel cube_sum --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=NUMEL
# RUN: trex compile %s --kernel weighted_rows --emit ttir 2>&1 >/dev/null | FileCheck %s --check-prefix=PREHOOK
import triton
import triton.language as tl


# A compare-and-swap with integer operands: the pointers hold integers.
# SHIFTS: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, 128"
# SHIFTS: remark: the kernel refuses that proposal; trex proposes --signature "*i32:16, *i32:16, 128" instead (pointers to i32)
@triton.jit
def shifts(flags_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_cas(flags_ptr + offs, tl.full((BLOCK,), 0, tl.int32), tl.full((BLOCK,), 1, tl.int32))
    tl.store(out_ptr + offs, old)


@triton.jit
def row(base, stride, BLOCK: tl.constexpr):
    return base + stride * tl.arange(0, BLOCK)


# The first parameter reaches tl.load only through a helper: a pointer all the same.
# HELPER: remark: no --signature given; trex proposes --signature "i32, *fp32:16, i32, 128"
# HELPER: remark: the kernel refuses that proposal; trex proposes --signature "*fp32:16, *fp32:16, i32, 128" instead (parameter 1: *fp32:16)
@triton.jit
def through_helper(src, out_ptr, stride, BLOCK: tl.constexpr):
    x = tl.load(row(src, stride, BLOCK))
    tl.store(out_ptr + tl.arange(0, BLOCK), x)


# A dot of a loaded tile with a tile cast to fp16: the loaded one is fp16 too.
# HALF: remark: the kernel refuses that proposal; trex proposes --signature "*fp16:16, *fp16:16, *fp16:16, 128" instead (pointers to fp16)
@triton.jit
def half_dot(a_ptr, b_ptr, c_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tile = offs[:, None] * BLOCK + offs[None, :]
    a = tl.load(a_ptr + tile)
    b = tl.load(b_ptr + tile).to(tl.float16)
    tl.store(c_ptr + tile, tl.dot(a, b))


# A stride is an integer whatever it strides over; a parameter that "could be int or a pointer"
# (a constexpr flag decides) becomes an integer where the flag is proposed False.
# FLAG: remark: no --signature given; trex proposes --signature "*fp32:16, *i32:16, *fp32:16, i32, i32, 128, False"
# FLAG: remark: the kernel refuses that proposal; trex proposes --signature "*fp32:16, *i32:16, i32, i32, i32, 128, False" instead (parameter 3: i32)
@triton.jit
def offsets_flag(x_ptr, idx_ptr, OFFSETS, stride_scales, n, BLOCK: tl.constexpr,
                 IS_OFFSETS_TENSOR: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    if IS_OFFSETS_TENSOR:
        rows = rows + tl.load(OFFSETS)
    else:
        rows = rows + OFFSETS
    idx = tl.load(idx_ptr + rows, mask=rows < n)
    tl.store(x_ptr + idx * stride_scales, 1.0)


# A kernel that takes the first proposal has no second remark.
# FINE: remark: no --signature given; trex proposes
# FINE-NOT: refuses
@triton.jit
def fine(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2)


# A descriptor of bf16 blocks: proposed fp16 first, then with the descriptors' (and the
# pointers') element type changed.
# BF16: remark: no --signature given; trex proposes --signature "tensordesc<fp16[128,128]>, *fp32:16, 128"
# BF16: remark: the kernel refuses that proposal; trex proposes --signature "tensordesc<bf16[128,128]>, *bf16:16, 128" instead (descriptors and pointers of bf16)
@triton.jit
def bf16_tiles(desc, out_ptr, BLOCK: tl.constexpr):
    tile = desc.load([tl.program_id(0) * BLOCK, tl.program_id(1) * BLOCK])
    tl.static_assert(tile.dtype == tl.bfloat16)
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs[:, None] * BLOCK + offs[None, :], tile)


# A proposal over Triton's element limit (128 x 128 x 128) is repaired with smaller blocks
# first (the pointer-type variants would use up the attempts' budget before).
# NUMEL: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 128, 128, 128"
# NUMEL: remark: the kernel refuses that proposal; trex proposes --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 64, 64, 64" instead (blocks of 64)
# NUMEL: remark: trex proposes --signature "{{.*}}, 16, 16, 16" instead (blocks of 16: with 64 the kernel's tensors exceed 16384 elements)
@triton.jit
def cube_sum(p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, out, BLOCK_A: tl.constexpr,
             BLOCK_B: tl.constexpr, BLOCK_C: tl.constexpr):
    a = tl.arange(0, BLOCK_A)[:, None, None]
    b = tl.arange(0, BLOCK_B)[None, :, None]
    c = tl.arange(0, BLOCK_C)[None, None, :]
    x = tl.load(p0 + (a * BLOCK_B + b) * BLOCK_C + c)
    for p in tl.static_range(1):
        x += tl.load(p1 + a + b + c) + tl.load(p2 + a) + tl.load(p3 + a) + tl.load(p4 + a)
        x += tl.load(p5 + a) + tl.load(p6 + a) + tl.load(p7 + a) + tl.load(p8 + a)
        x += tl.load(p9 + a) + tl.load(p10 + a)
    tl.store(out + tl.arange(0, BLOCK_A), tl.sum(tl.sum(x, axis=2), axis=1))


# A host descriptor whose block an autotune pre_hook sets from the config (the file's text does
# not show it): its dimensions are tried with the kernel's block sizes until the block agrees
# with the tiles it meets (here the dot's K is BN = 32).
# PREHOOK: remark: no --signature given; trex proposes --signature "tensordesc<fp16[64,64]>, *fp32:16" --config 0 (from autotune config 0)
# PREHOOK: remark: the kernel refuses that proposal; trex proposes --signature "tensordesc<fp16[32,64]>, *fp32:16" instead (parameter 1: tensordesc<fp16[32,64]>)
def set_block(nargs):
    nargs["w_desc"].block_shape = [nargs["BN"], nargs["D"]]


@triton.autotune([triton.Config({"BM": 64, "BN": 32, "D": 64}, pre_hook=set_block)], key=[])
@triton.jit
def weighted_rows(w_desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    p = tl.full([BM, BN], 1.0, tl.float16)
    acc = tl.dot(p, w_desc.load([0, 0]))
    rows = tl.arange(0, BM)
    cols = tl.arange(0, D)
    tl.store(out_ptr + rows[:, None] * D + cols[None, :], acc)
