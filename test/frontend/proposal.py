# A kernel compiled without --signature gets one proposed (and said in a remark): literal
# constexprs of a launch in the file, the first autotune config, defaults and annotations, then
# the kernel's own use of each parameter (load/store bases are pointers, loaded values used as
# offsets or bit patterns make integer pointers, arange extents powers of two).
# RUN: trex compile %s --kernel scale_rows --emit source 2>&1 | FileCheck %s
# RUN: trex compile %s --kernel gather_rows --emit source 2>&1 | FileCheck %s --check-prefix=GATHER
# RUN: trex compile %s --kernel tuned_copy --emit source 2>&1 | FileCheck %s --check-prefix=TUNED
import torch
import triton
import triton.language as tl


# CHECK: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, i32, i32, fp32, 256, False" --num-warps 8 (from a launch in the file)
# CHECK-LABEL: tt.func public @scale_rows(
# CHECK: tt.make_range {end = 256 : i32, start = 0 : i32}
@triton.jit
def scale_rows(X, Y, stride, n_cols, eps, BLOCK: tl.constexpr, HAS_BIAS: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + row * stride + offs, mask=offs < n_cols)
    if HAS_BIAS:
        x += 1.0
    tl.store(Y + row * stride + offs, x / (tl.sum(x * x) + eps), mask=offs < n_cols)


def scale(x):
    y = torch.empty_like(x)
    scale_rows[(x.shape[0],)](x, y, x.stride(0), x.shape[1], 1e-6, BLOCK=256, HAS_BIAS=False,
                              num_warps=8)
    return y


# GATHER: remark: no --signature given; trex proposes --signature "*fp32:16, *i32:16, *fp32:16, i32, 128"
@triton.jit
def gather_rows(X, Index, Out, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.arange(0, BLOCK_SIZE)
    rows = tl.load(Index + offs, mask=offs < n)
    tl.store(Out + offs, tl.load(X + rows, mask=offs < n), mask=offs < n)


# TUNED: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, i32" --config 0 (from autotune config 0)
# TUNED: remark: using autotune config 0: BLOCK=64; num_warps=2, num_stages=3
@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=b // 32) for b in (64, 128)],
                 key=["n"])
@triton.jit
def tuned_copy(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs, mask=offs < n), mask=offs < n)


# A parameter the kernel loads through as a tensor descriptor is one: its block's dimensions
# are the constexprs the access offsets are multiples of (BLOCK_M from the autotune config,
# BLOCK_K from the `+=` that advances the offset), else the host descriptor's literal block
# shape, else 64. Without this it was proposed as i32 and `desc.load` failed.
# RUN: trex compile %s --kernel tile_matmul --emit ttgir 2>&1 | FileCheck %s --check-prefix=DESC
# DESC: remark: no --signature given; trex proposes --signature "tensordesc<fp16[128,32]>, tensordesc<fp16[64,32]>, *fp32:16, i32, i32, 32, 8" --config 0 (from autotune config 0, a launch in the file)
# DESC: tt.func public @tile_matmul(%a_desc: !tt.tensordesc<tensor<128x32xf16, {{.*}} %b_desc: !tt.tensordesc<tensor<64x32xf16,
@triton.autotune(configs=[triton.Config({"BLOCK_M": 128, "BLOCK_N": 64}, num_warps=4)], key=["K"])
@triton.jit
def tile_matmul(a_desc, b_desc, C, stride_cm, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                BLOCK_K: tl.constexpr, GROUP: tl.constexpr):
    pid_m = tl.program_id(0) % GROUP
    pid_n = tl.program_id(1)
    row = pid_m * BLOCK_M
    col = pid_n * BLOCK_N
    k = 0
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for _ in range(0, K, BLOCK_K):
        acc = tl.dot(a_desc.load([row, k]), b_desc.load([col, k]).T, acc)
        k += BLOCK_K
    rows = row + tl.arange(0, BLOCK_M)
    cols = col + tl.arange(0, BLOCK_N)
    tl.store(C + rows[:, None] * stride_cm + cols[None, :], acc)


# DESC2: remark: no --signature given; trex proposes --signature "tensordesc<fp16[16,64]>, *fp32:16, i32, 16" (from a launch in the file)
# DESC2: tt.func public @copy_rows(%src: !tt.tensordesc<tensor<16x64xf16,
# RUN: trex compile %s --kernel copy_rows --emit ttgir 2>&1 | FileCheck %s --check-prefix=DESC2
@triton.jit
def copy_rows(src, dst, stride, ROWS: tl.constexpr):
    first = tl.program_id(0) * ROWS
    tile = src.load([first, 0])
    offs = first + tl.arange(0, ROWS)
    tl.store(dst + offs[:, None] * stride + tl.arange(0, 64)[None, :], tile)


def launch_tiles(a, b, c, x, y):
    from triton.tools.tensor_descriptor import TensorDescriptor
    a_desc = TensorDescriptor.from_tensor(a, [1, 1])  # the autotune config's pre_hook sets it
    b_desc = TensorDescriptor.from_tensor(b, block_shape=[1, 1])
    tile_matmul[(8, 8)](a_desc, b_desc, c, c.stride(0), a.shape[1], BLOCK_K=32, GROUP=8)
    source = TensorDescriptor(x, x.shape, x.stride(), [16, 64])
    copy_rows[(4,)](source, y, y.stride(0), ROWS=16)


# Guessed block sizes are made smaller where their product makes tensors far larger than a
# program's blocks (128 x 128 x 32 elements here: minutes of LLVM and ptxas for one guess): the
# largest size keeping every tensor within 128 x 128 elements.
# RUN: trex compile %s --kernel box_sums --emit ttir 2>&1 | FileCheck %s --check-prefix=SHRINK
# SHRINK: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, 128, 128, 32" (from a launch in the file)
# SHRINK: remark: trex proposes --signature "*fp32:16, *fp32:16, 16, 16, 32" instead (blocks of 16: with 128 the kernel's tensors exceed 16384 elements)
# SHRINK: tt.load {{.*}} : tensor<16x16x32x!tt.ptr<f32>>
@triton.jit
def box_sums(X, Out, BLOCK_H: tl.constexpr, BLOCK_S: tl.constexpr, BLOCK_D: tl.constexpr):
    h = tl.arange(0, BLOCK_H)[:, None, None]
    s = tl.arange(0, BLOCK_S)[None, :, None]
    d = tl.arange(0, BLOCK_D)[None, None, :]
    x = tl.load(X + (h * BLOCK_S + s) * BLOCK_D + d)
    tl.store(Out + tl.arange(0, BLOCK_H), tl.sum(tl.sum(x, axis=2), axis=1))


def launch_box_sums(x, out):
    box_sums[(1,)](x, out, BLOCK_D=32)


# What a jit helper does with a parameter counts for the argument the kernel passes it: both
# pointers are loaded from only inside `gather_pair` (before: proposed i32, and repairing found
# one of the two only), the mode is compared with strings only inside `activate` (proposed 1:
# no branch ran and `out` was undefined), and a constexpr tested `is None` is proposed None.
# RUN: trex compile %s --kernel through_helpers --emit ttir 2>&1 | FileCheck %s --check-prefix=HELPERS
# HELPERS: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, *fp32:16, i32, 'gelu', None, 128" (from the kernel's parameters and their use)
# HELPERS-NOT: refuses
# HELPERS: tt.func public @through_helpers
@triton.jit
def gather_pair(first, second, offs, mask):
    return tl.load(first + offs, mask=mask), tl.load(second + offs, mask=mask)


@triton.jit
def activate(x, kind: tl.constexpr):
    if kind == "gelu":
        out = x * tl.sigmoid(1.702 * x)
    elif kind == "relu":
        out = tl.maximum(x, 0.0)
    return out


@triton.jit
def through_helpers(a, b, out_ptr, n, KIND: tl.constexpr, SCALE_DTYPE: tl.constexpr,
                    BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x, y = gather_pair(a, b, offs, offs < n)
    z = activate(x + y, KIND)
    if SCALE_DTYPE is not None:
        z = z.to(SCALE_DTYPE).to(tl.float32)
    tl.store(out_ptr + offs, z, mask=offs < n)


# num_stages of a launch in the file is taken as num_warps is: the loop is not pipelined.
# RUN: trex compile %s --kernel row_dots --emit ttgir 2>&1 | FileCheck %s --check-prefix=STAGES
# STAGES: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, *fp32:16, i32, 64" --num-warps 8 --num-stages 1 (from a launch in the file)
# STAGES-NOT: ttg.async_copy_global_to_local
# STAGES: ttng.warp_group_dot
@triton.jit
def row_dots(A, B, C, K, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), tl.float32)
    for k in range(0, K, BLOCK):
        a = tl.load(A + offs[:, None] * K + k + offs[None, :])
        b = tl.load(B + (k + offs[:, None]) * BLOCK + offs[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(C + offs[:, None] * BLOCK + offs[None, :], acc)


def launch_row_dots(a, b, c):
    row_dots[(1,)](a, b, c, a.shape[1], BLOCK=64, num_warps=8, num_stages=1)


# A 3-D descriptor whose first offset comes from no constexpr: a leading (batch) dimension of 1.
# RUN: trex compile %s --kernel batched_rows --emit ttir 2>&1 | FileCheck %s --check-prefix=BATCH
# BATCH: remark: no --signature given; trex proposes --signature "tensordesc<fp16[1,128,64]>, *fp32:16, 128" (from the kernel's parameters and their use)
# BATCH: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<1x128x64xf16>>
@triton.jit
def batched_rows(src, dst, ROWS: tl.constexpr):
    batch = tl.program_id(1)
    tile = src.load([batch, tl.program_id(0) * ROWS, 0]).reshape(ROWS, 64)
    offs = tl.arange(0, ROWS)
    tl.store(dst + offs[:, None] * 64 + tl.arange(0, 64)[None, :], tile)


# Pointers chosen between by tl.where are pointers (both choices), and a mismatched choice is
# a located error, not IR that does not verify.
# RUN: trex compile %s --kernel pick_rows --emit ttir 2>&1 | FileCheck %s --check-prefix=WHERE
# RUN: not trex compile %s --kernel pick_rows --signature "*fp32:16, i32, *fp32:16, i32, 64" --emit ttir 2>&1 | FileCheck %s --check-prefix=MIXED
# WHERE: remark: no --signature given; trex proposes --signature "*fp32:16, *fp32:16, *fp32:16, i32, 128" (from the kernel's parameters and their use)
# WHERE: tt.func public @pick_rows
# MIXED: proposal.py:[[# @LINE + 4]]:11: error: tl.where cannot choose between pointer<fp32> and int32: both values must have one type
@triton.jit
def pick_rows(upper, lower, out, split, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    src = tl.where(pid < split, upper, lower)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(src + offs))


# Trying smaller blocks generates the kernel again; its specialization's remarks are said once.
# RUN: trex compile %s --kernel tuned_cube --emit ttir 2>&1 | FileCheck %s --check-prefix=ONCE
# ONCE: remark: using autotune config 0
# ONCE-NOT: remark: using autotune config 0
@triton.autotune([triton.Config({"BLOCK_A": 128}, num_warps=4)], key=[])
@triton.jit
def tuned_cube(X, Out, BLOCK_A: tl.constexpr, BLOCK_B: tl.constexpr, BLOCK_C: tl.constexpr):
    a = tl.arange(0, BLOCK_A)[:, None, None]
    b = tl.arange(0, BLOCK_B)[None, :, None]
    c = tl.arange(0, BLOCK_C)[None, None, :]
    x = tl.load(X + (a * BLOCK_B + b) * BLOCK_C + c)
    tl.store(Out + tl.arange(0, BLOCK_A), tl.sum(tl.sum(x, axis=2), axis=1))
