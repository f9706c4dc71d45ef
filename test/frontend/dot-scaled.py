# Coverage: tl.dot_scaled with e4m3 and e2m1 operands and e8m0 scales.
# RUN: trex compile %s --kernel scaled_e4m3 --signature "*fp8e4nv:16, *u8:16, *fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel scaled_e2m1 --signature "*u8:16, *u8:16, *fp32:16" --emit source | FileCheck %s --check-prefix=E2M1
# RUN: trex compile %s --kernel scaled_e5m2_bf16 --signature "*fp8e5:16, *u8:16, *bf16:16, *fp32:16" --emit source | FileCheck %s --check-prefix=MIXED
# RUN: trex compile %s --kernel scaled_rhs_fp16 --signature "*fp16:16, *fp8e5:16, *u8:16, *fp32:16" --emit source | FileCheck %s --check-prefix=RHS
# RUN: trex compile %s --kernel scaled_fast_loop --signature "*fp8e5:16, *u8:16, *u8:16, *u8:16, *fp32:16, i32:16" --num-warps 8 --emit source | FileCheck %s --check-prefix=LOOP
# RUN: trex compile %s --kernel scaled_e2m1_bf16_pipelined --signature "*u8:16, *u8:16, *bf16:16, *bf16:16, i32:16" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=PIPELINED
# UNSUPPORTED-TARGET: scaled_e4m3 cuda:80: fp8e4nv needs sm_89 or newer (Triton rejects it on sm_80 too)
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @scaled_e4m3(
# CHECK-SAME: %A: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}
# CHECK-SAME: %S: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# CHECK-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: [[C:%[^ ]+]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x64xf8E4M3FN> -> tensor<64x64xf8E4M3FN>
# CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, [[C]] scale %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x64xf8E4M3FN>, tensor<64x2xi8> -> tensor<64x64xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.zeros____(0, 0)cconstexpr_64__(0, 1)cconstexpr_64__(1,)cconstexpr_fp32_"(
@triton.jit
def scaled_e4m3(A, S, C):
    offs = tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :]
    a = tl.load(A + offs)
    s = tl.load(S + tl.arange(0, 64)[:, None] * 2 + tl.arange(0, 2)[None, :])
    acc = tl.zeros((64, 64), dtype=tl.float32)
    c = tl.dot_scaled(a, s, "e4m3", a.T, s, "e4m3", acc)
    tl.store(C + offs, c)


# E2M1-LABEL: tt.func public @scaled_e2m1(
# E2M1-SAME: %A: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# E2M1-SAME: %S: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# E2M1-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# E2M1: arith.constant 0.000000e+00 : f32
# E2M1-NEXT: [[C:%[^ ]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
# E2M1-NEXT: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, [[C]] lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<32x64xi8> -> tensor<64x64xf32>
@triton.jit
def scaled_e2m1(A, S, C):
    a = tl.load(A + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
    s = tl.load(S + tl.arange(0, 64)[:, None] * 2 + tl.arange(0, 2)[None, :])
    b = tl.load(A + tl.arange(0, 32)[:, None] * 64 + tl.arange(0, 64)[None, :])
    c = tl.dot_scaled(a, s, "e2m1", b, None, "e2m1", out_dtype=tl.float32)
    tl.store(C + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :], c)


# A scaled e5m2 lhs times an unscaled bf16 rhs (bf16 compute).
# MIXED-LABEL: tt.func public @scaled_e5m2_bf16(
# MIXED: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e5m2 rhs = bf16 {fastMath = false} : tensor<64x64xf8E5M2>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
@triton.jit
def scaled_e5m2_bf16(A, S, B, C):
    a = tl.load(A + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :])
    s = tl.load(S + tl.arange(0, 64)[:, None] * 2 + tl.arange(0, 2)[None, :])
    b = tl.load(B + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :])
    c = tl.dot_scaled(a, s, "e5m2", b, None, "bf16")
    tl.store(C + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :], c)


# Only the rhs scaled (Triton swaps the operands so that the scaled one is the lhs), with an
# fp16 lhs (fp16 compute).
# RHS-LABEL: tt.func public @scaled_rhs_fp16(
# RHS: tt.dot_scaled %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = fp16 rhs = e5m2 {fastMath = false} : tensor<64x64xf16> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<64x128xf32>
@triton.jit
def scaled_rhs_fp16(A, B, S, C):
    a = tl.load(A + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :])
    b = tl.load(B + tl.arange(0, 64)[:, None] * 128 + tl.arange(0, 128)[None, :])
    s = tl.load(S + tl.arange(0, 128)[:, None] * 2 + tl.arange(0, 2)[None, :])
    c = tl.dot_scaled(a, None, "fp16", b, s, "e5m2")
    tl.store(C + tl.arange(0, 64)[:, None] * 128 + tl.arange(0, 128)[None, :], c)


# Both scaled, e5m2 times packed e2m1, fast math (no NaN masking), a 128x128 tile over a K loop.
# LOOP-LABEL: tt.func public @scaled_fast_loop(
# LOOP: scf.for
# LOOP: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e5m2 rhs = e2m1 {fastMath = true} : tensor<128x128xf8E5M2>, tensor<128x4xi8> * tensor<64x128xi8>, tensor<128x4xi8> -> tensor<128x128xf32>
@triton.jit
def scaled_fast_loop(A, SA, B, SB, C, K):
    acc = tl.zeros((128, 128), dtype=tl.float32)
    for k in range(0, K, 128):
        a = tl.load(A + tl.arange(0, 128)[:, None] * K + k + tl.arange(0, 128)[None, :])
        sa = tl.load(SA + tl.arange(0, 128)[:, None] * (K // 32) + k // 32 + tl.arange(0, 4)[None, :])
        b = tl.load(B + (k // 2 + tl.arange(0, 64))[:, None] * 128 + tl.arange(0, 128)[None, :])
        sb = tl.load(SB + tl.arange(0, 128)[:, None] * (K // 32) + k // 32 + tl.arange(0, 4)[None, :])
        acc = tl.dot_scaled(a, sa, "e5m2", b, sb, "e2m1", acc, fast_math=True)
    tl.store(C + tl.arange(0, 128)[:, None] * 128 + tl.arange(0, 128)[None, :], acc)


# Packed e2m1 (A, two values a byte) with e8m0 scales times bf16 on sm_90, in a loop pipelined
# 3 deep: A and its scales are upcast in registers (fp4_to_fp, the scale multiplied in), B is
# read by the warp-group dot from shared memory. A's and the scales' tiles get 2 buffers, B's 3
# (each depth a ring of its own indices, as Triton's lowerLoads groups loads), and the dot with
# A in registers is split along K into 8 dots of K = 16 that each let the other 7 run on
# (Triton 3.6's splitRSDot), as Triton compiles test_pipeliner.py's mxfp matmul.
# PIPELINED-LABEL: tt.func public @scaled_e2m1_bf16_pipelined(
# PIPELINED-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xi8,
# PIPELINED-DAG: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xbf16,
# PIPELINED-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x128x4xi8,
# PIPELINED: scf.for {{.*}} iter_args({{.*}} = %c1_i32, {{.*}} = %c-1_i32, {{.*}} = %c1_i32, {{.*}} = %c-1_i32,
# PIPELINED: arith.cmpi sge, %{{.*}}, %c3_i32
# PIPELINED: arith.cmpi sge, %{{.*}}, %c2_i32
# PIPELINED: ttg.async_wait {{.*}} {num = 3 : i32}
# PIPELINED: ttg.fp4_to_fp
# PIPELINED: tt.reshape %{{.*}} : tensor<128x128xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<128x2x2x2x16xbf16,
# PIPELINED-NEXT: tt.trans %{{.*}} {order = array<i32: 0, 4, 3, 2, 1>}
# PIPELINED-COUNT-7: tt.split
# PIPELINED-COUNT-8: ttg.convert_layout %{{.*}} -> tensor<128x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
# PIPELINED-COUNT-8: ttg.memdesc_subslice
# PIPELINED-COUNT-8: ttng.warp_group_dot_wait {{.*}} {pendings = 7 : i32}
# PIPELINED: arith.cmpi sge, %{{.*}}, %c3_i32
# PIPELINED: arith.cmpi sge, %{{.*}}, %c2_i32
# PIPELINED: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
@triton.jit
def scaled_e2m1_bf16_pipelined(A, S, B, C, K_BLOCKS):
    rows = tl.arange(0, 128)
    a_ptrs = A + rows[:, None] * (K_BLOCKS * 64) + tl.arange(0, 64)[None, :]
    s_ptrs = S + rows[:, None] * (K_BLOCKS * 4) + tl.arange(0, 4)[None, :]
    b_ptrs = B + tl.arange(0, 128)[:, None] * 64 + tl.arange(0, 64)[None, :]
    acc = tl.zeros((128, 64), dtype=tl.float32)
    for k in tl.range(0, K_BLOCKS, num_stages=3):
        a = tl.load(a_ptrs)
        s = tl.load(s_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot_scaled(a, s, "e2m1", b, None, "bf16", acc)
        a_ptrs += 64
        s_ptrs += 4
        b_ptrs += 128 * 64
    tl.store(C + rows[:, None] * 64 + tl.arange(0, 64)[None, :], acc.to(tl.bfloat16))
