# Coverage: tl.dot with and without an accumulator, input_precision, out_dtype,
# max_num_imprecise_acc, integer and fp8 operands, and 3-D batched operands.
# RUN: trex compile %s --kernel dot_f16 --signature "*fp16:16, *fp16:16, *fp32:16" --emit source | FileCheck %s --check-prefix=F16
# RUN: trex compile %s --kernel dot_f32_precisions --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s --check-prefix=F32
# RUN: trex compile %s --kernel dot_f32_precisions --signature "*fp32:16, *fp32:16" --target hip:gfx942 --emit source | FileCheck %s --check-prefix=HIP
# RUN: trex compile %s --kernel dot_out_f16 --signature "*fp16:16, *fp16:16" --emit source | FileCheck %s --check-prefix=OUT16
# RUN: trex compile %s --kernel dot_i8 --signature "*i8:16, *i32:16" --emit source | FileCheck %s --check-prefix=I8
# RUN: trex compile %s --kernel dot_batched --signature "*fp16:16, *fp32:16" --emit source | FileCheck %s --check-prefix=BATCH
# RUN: trex compile %s --kernel dot_fp8 --signature "*fp8e5:16, *fp32:16" --emit source | FileCheck %s --check-prefix=FP8
# The layouts real Triton 3.6 defines for two gfx942 dots (seen on the GPU machine with
# test/gpu/triton_layouts.py): bf16x3 runs on bf16 MFMA from f32 buffers swizzled for 32-bit
# elements; OCP fp8 (computed as f16) keeps fp8 in its buffer, swizzled for 8-bit elements.
# RUN: trex compile %s --kernel dot_f32_precisions --signature "*fp32:16, *fp32:16" --target hip:gfx942 --emit ttgir | FileCheck %s --check-prefix=HIPGIR
# RUN: trex compile %s --kernel dot_fp8 --signature "*fp8e5:16, *fp32:16" --target hip:gfx942 --emit ttgir | FileCheck %s --check-prefix=FP8GIR
# HIPGIR-DAG: = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
# HIPGIR-DAG: = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
# HIPGIR-COUNT-3: tt.dot %{{.*}} : tensor<16x16xbf16
# FP8GIR: #shared = #ttg.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 4, order = [1, 0]}>
# FP8GIR: ttg.local_alloc %{{.*}} : (tensor<32x32xf8E5M2, #blocked>)
# FP8GIR: tt.fp_to_fp %{{.*}} : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0
# On sm_90 (no wgmma for 32 rows) Triton runs it on mma.sync widened to f16, with these buffers:
# RUN: trex compile %s --kernel dot_fp8 --signature "*fp8e5:16, *fp32:16" --target cuda:90 --emit ttgir 2>/dev/null | FileCheck %s --check-prefix=FP8SM90
# FP8SM90-DAG: = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
# FP8SM90-DAG: = #ttg.swizzled_shared<{vec = 16, perPhase = 4, maxPhase = 2, order = [1, 0]}>
# FP8SM90-DAG: = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 4, order = [1, 0]}>
# Into f16 (out_dtype) too, on the f16-accumulating mma.sync, as Triton 3.6 (not FMA).
# RUN: trex compile %s --kernel dot_fp8_f16 --signature "*fp8e5:16, *fp16:16" --target cuda:90 --emit ttgir 2>&1 | FileCheck %s --check-prefix=FP8F16
# FP8F16-NOT: warning
# FP8F16: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
# FP8F16-COUNT-2: tt.fp_to_fp %{{.*}} : tensor<32x32xf8E5M2, #ttg.dot_op<{{.*}}kWidth = 4}>> -> tensor<32x32xf16,
# FP8F16: tt.dot {{.*}} -> tensor<32x32xf16, #[[MMA]]>
# f64 on sm_90 takes mma.sync too (the m8n8k4 f64 instruction; wgmma has no f64), with one
# element per register (kWidth 1), as Triton 3.6.
# RUN: trex compile %s --kernel dot_f64 --signature "*fp64:16, *fp64:16" --target cuda:90 --emit ttgir,ptx 2>&1 | FileCheck %s --check-prefix=F64
# F64-NOT: warning
# F64: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
# F64: tt.dot {{.*}} : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<32x32xf64, #[[MMA]]>
# F64-COUNT-32: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
# F64-NOT: mma.sync
import triton
import triton.language as tl


# F16-LABEL: tt.func public @dot_f16(
# F16-SAME: %A: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# F16-SAME: %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# F16-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# F16: [[C:%[^ ]+]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
# F16-NEXT: [[C2:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[C]], inputPrecision = tf32 : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
# F16: tt.dot %{{.*}}, %{{.*}}, [[C2]], inputPrecision = tf32 : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
@triton.jit
def dot_f16(A, B, C):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    c = tl.dot(a, b)
    c = tl.dot(a, b, c)
    tl.store(C + offs, c)


# F32-LABEL: tt.func public @dot_f32_precisions(
# F32-SAME: %A: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# F32-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# F32: [[ACC:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# F32: [[ACC2:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[ACC]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# F32: [[ACC3:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[ACC2]], inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# F32: tt.dot %{{.*}}, %{{.*}}, [[ACC3]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# HIP-LABEL: tt.func public @dot_f32_precisions(
# HIP-SAME: %A: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# HIP-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# HIP: [[ACC:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# HIP: [[ACC2:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[ACC]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# HIP: [[ACC3:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[ACC2]], inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# HIP: tt.dot %{{.*}}, %{{.*}}, [[ACC3]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
@triton.jit
def dot_f32_precisions(A, C):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    a = tl.load(A + offs)
    acc = tl.dot(a, a)
    acc = tl.dot(a, a, acc, input_precision="ieee")
    acc = tl.dot(a, a, acc=acc, input_precision="bf16x3")
    acc = tl.dot(a, a, acc, allow_tf32=False)
    tl.store(C + offs, acc)


# OUT16-LABEL: tt.func public @dot_out_f16(
# OUT16-SAME: %A: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# OUT16-SAME: %C: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# OUT16: [[C:%[^ ]+]] = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
# OUT16-NEXT: [[C2:%[^ ]+]] = tt.dot %{{.*}}, %{{.*}}, [[C]], inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
# OUT16: tt.dot %{{.*}}, %{{.*}}, [[C2]], inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
@triton.jit
def dot_out_f16(A, C):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    a = tl.load(A + offs)
    c = tl.dot(a, a, out_dtype=tl.float16)
    c = tl.dot(a, a, c, out_dtype=tl.float16, max_num_imprecise_acc=0)
    tl.store(C + offs, c)


# I8-LABEL: tt.func public @dot_i8(
# I8-SAME: %A: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# I8-SAME: %C: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# I8: [[CST:%[^ ]+]] = arith.constant dense<0> : tensor<32x32xi32>
# I8-NEXT: tt.dot %{{.*}}, %{{.*}}, [[CST]], inputPrecision = tf32 : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
@triton.jit
def dot_i8(A, C):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    a = tl.load(A + offs)
    tl.store(C + offs, tl.dot(a, a))


# BATCH-LABEL: tt.func public @dot_batched(
# BATCH-SAME: %A: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# BATCH-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# BATCH: [[ACC:%[^ ]+]] = tt.call @"triton.language.standard.zeros____(0, 0)cconstexpr_2__(0, 1)cconstexpr_16__(0, 2)cconstexpr_16__(1,)cconstexpr_fp32_"() : () -> tensor<2x16x16xf32>
# BATCH: tt.dot %{{.*}}, %{{.*}}, [[ACC]], inputPrecision = tf32 : tensor<2x16x16xf16> * tensor<2x16x16xf16> -> tensor<2x16x16xf32>
# BATCH-LABEL: tt.func private @"triton.language.standard.zeros____(0, 0)cconstexpr_2__(0, 1)cconstexpr_16__(0, 2)cconstexpr_16__(1,)cconstexpr_fp32_"(
@triton.jit
def dot_batched(A, C):
    i = tl.arange(0, 2)[:, None, None] * 256 + tl.arange(0, 16)[None, :, None] * 16 + tl.arange(0, 16)[None, None, :]
    a = tl.load(A + i)
    acc = tl.zeros((2, 16, 16), dtype=tl.float32)
    acc = tl.dot(a, a, acc)
    tl.store(C + i, acc)


# FP8-LABEL: tt.func public @dot_fp8(
# FP8-SAME: %A: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}
# FP8-SAME: %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# FP8: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<32x32xf8E5M2> * tensor<32x32xf8E5M2> -> tensor<32x32xf32>
@triton.jit
def dot_fp8(A, C):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    a = tl.load(A + offs)
    tl.store(C + offs, tl.dot(a, a))


@triton.jit
def dot_fp8_f16(A, C):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    a = tl.load(A + offs)
    tl.store(C + offs, tl.dot(a, a, out_dtype=tl.float16))


@triton.jit
def dot_f64(A, C):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    a = tl.load(A + offs)
    tl.store(C + offs, tl.dot(a, a))
