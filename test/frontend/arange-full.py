# Coverage: tl.arange, tl.full, tl.zeros and tl.zeros_like.
# RUN: trex compile %s --kernel arange_offset --signature "*i32:16" --emit source | FileCheck %s --check-prefix=ARANGE
# RUN: trex compile %s --kernel full_values --signature "*fp32:16, *i32:16, *fp16:16" --emit source | FileCheck %s --check-prefix=FULL
# RUN: trex compile %s --kernel zeros_like_2d --signature "*fp16:16, 32, 16" --emit ttir | FileCheck %s --check-prefix=ZEROS
import triton
import triton.language as tl


# ARANGE-LABEL: tt.func public @arange_offset(
# ARANGE-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# ARANGE-NEXT: [[OFFS:%[^ ]+]] = tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>
# ARANGE: tt.store %{{.*}}, [[OFFS]] : tensor<32x!tt.ptr<i32>>
@triton.jit
def arange_offset(Out):
    offs = tl.arange(16, 48)
    tl.store(Out + offs, offs)


# FULL-LABEL: tt.func public @full_values(
# FULL-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# FULL-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# FULL-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# FULL: arith.constant 1.500000e+00 : f32
# FULL-NEXT: [[CST:%[^ ]+]] = arith.constant dense<1.500000e+00> : tensor<64xf32>
# FULL-NEXT: tt.store %{{.*}}, [[CST]] : tensor<64x!tt.ptr<f32>>
# FULL: arith.constant -7 : i32
# FULL-NEXT: [[CST2:%[^ ]+]] = arith.constant dense<-7> : tensor<64xi32>
# FULL-NEXT: tt.store %{{.*}}, [[CST2]] : tensor<64x!tt.ptr<i32>>
# FULL: arith.constant 2.000000e+00 : f16
# FULL-NEXT: [[CST3:%[^ ]+]] = arith.constant dense<2.000000e+00> : tensor<64xf16>
# FULL-NEXT: tt.store %{{.*}}, [[CST3]] : tensor<64x!tt.ptr<f16>>
@triton.jit
def full_values(F, I, H):
    offs = tl.arange(0, 64)
    tl.store(F + offs, tl.full((64, ), 1.5, tl.float32))
    tl.store(I + offs, tl.full([64], -7, dtype=tl.int32))
    tl.store(H + offs, tl.full((64, ), 2, tl.float16))


# ZEROS-LABEL: tt.func public @zeros_like_2d(
# ZEROS-SAME: %X: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# ZEROS-NEXT: [[CST:%[^ ]+]] = arith.constant dense<0.000000e+00> : tensor<32x16xf16>
# ZEROS: tt.store %{{.*}}, [[CST]] : tensor<32x16x!tt.ptr<f16>>
@triton.jit
def zeros_like_2d(X, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(X + offs)
    z = tl.zeros_like(x)
    w = tl.zeros((M, N), dtype=tl.float16)
    tl.store(X + offs, z + w)
