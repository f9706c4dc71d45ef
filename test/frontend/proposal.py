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
