# tl.dot with M (or N) below one mma.sync tile, as split-K and decode kernels have it (Triton 3.6
# accepts M, N >= 1, K >= 16): the #ttg.nvidia_mma v2 layout is Triton's (recorded with real
# Triton 3.6 on the H200 by test/gpu/small_dot_check.py, which also checks both outputs against
# a reference) and broadcasts over the rows or columns the tensor lacks; the lowering reads the
# fragments through that broadcast, one mma.sync per 16x8 tile and K step. sm_90 falls back to
# mma.sync too (wgmma needs M a multiple of 64).
# RUN: trex compile %s --kernel split_k_dot --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 1, 64, 32, tl.float32" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=M1
# RUN: trex compile %s --kernel split_k_dot --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 1, 64, 32, tl.float32" --target cuda:90 --emit ptx | FileCheck %s --check-prefix=PTX4
# RUN: trex compile %s --kernel split_k_dot --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 4, 64, 32, tl.float32" --target cuda:80 --emit ptx | FileCheck %s --check-prefix=PTX4
# RUN: trex compile %s --kernel split_k_dot --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 8, 128, 64, tl.float32" --target cuda:80 --emit ttgir | FileCheck %s --check-prefix=M8
# RUN: trex compile %s --kernel split_k_dot --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, 8, 4, 32, tl.float32" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=N4
# RUN: trex compile %s --kernel split_k_dot --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, 8, 4, 32, tl.float32" --target cuda:90 --emit ptx | FileCheck %s --check-prefix=PTXN4
# RUN: trex compile %s --kernel split_k_dot --signature "*i8:16, *i8:16, *i32:16, i32:16, 2, 64, 32, tl.int32" --target cuda:80 --emit ptx | FileCheck %s --check-prefix=I8
# RUN: trex compile %s --kernel split_k_dot --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, 4, 32, 16, tl.float32" --target cuda:90 --emit ptx | FileCheck %s --check-prefix=TF32
import triton
import triton.language as tl


# M1: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
# M1: tt.dot {{.*}} : tensor<1x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>> -> tensor<1x64xf32, #[[MMA]]>
# M8: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
# M8: tt.dot {{.*}} -> tensor<8x128xf32, #[[MMA]]>
# N4: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
# N4: tt.dot {{.*}} -> tensor<8x4xf32, #[[MMA]]>

# A 1x64 result over 4 warps of 16 columns: 2 tiles of 16x8 per warp, 2 K steps of 16.
# PTX4-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# PTX4-NOT: mma.sync
# One tile (the 8x4 result broadcast over the 16x8 tile), 2 K steps.
# PTXN4-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# PTXN4-NOT: mma.sync
# I8-COUNT-2: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
# I8-NOT: mma.sync
# TF32-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32-NOT: mma.sync
@triton.jit
def split_k_dot(a_ptr, b_ptr, c_ptr, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                BLOCK_K: tl.constexpr, OUT: tl.constexpr):
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=OUT)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * K + (k + ks)[None, :])
        b = tl.load(b_ptr + (k + ks)[:, None] * BLOCK_N + cols[None, :])
        acc = tl.dot(a, b, acc, out_dtype=OUT)
    tl.store(c_ptr + rows[:, None] * BLOCK_N + cols[None, :], acc)
