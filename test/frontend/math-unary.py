# Coverage: the one-argument math functions (exp, exp2, log, log2, sin, cos, sqrt, sqrt_rn,
# rsqrt, abs, floor, ceil, erf) as tl.*, tl.math.* and tensor methods.
# RUN: trex compile %s --kernel unary_f32 --signature "*fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel unary_f64_and_abs --signature "*fp64:16, *i32:16, *u8:16, *fp16:16" --emit source | FileCheck %s --check-prefix=ABS
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @unary_f32(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: math.exp %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.exp2 %{{.*}} : tensor<32xf32>
# CHECK: math.log %{{.*}} : tensor<32xf32>
# CHECK: math.log2 %{{.*}} : tensor<32xf32>
# CHECK: math.sin %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.cos %{{.*}} : tensor<32xf32>
# CHECK: math.sqrt %{{.*}} : tensor<32xf32>
# CHECK: tt.precise_sqrt %{{.*}} : tensor<32xf32>
# CHECK: math.rsqrt %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.absf %{{.*}} : tensor<32xf32>
# CHECK: math.floor %{{.*}} : tensor<32xf32>
# CHECK: math.ceil %{{.*}} : tensor<32xf32>
# CHECK: math.erf %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.exp %{{.*}} : tensor<32xf32>
# CHECK: math.log %{{.*}} : tensor<32xf32>
@triton.jit
def unary_f32(X):
    offs = tl.arange(0, 32)
    x = tl.load(X + offs)
    y = tl.exp(x) + tl.exp2(x) + tl.log(x) + tl.log2(x)
    y += tl.sin(x) + tl.cos(x) + tl.sqrt(x) + tl.sqrt_rn(x)
    y += tl.rsqrt(x) + tl.abs(x) + tl.floor(x) + tl.ceil(x)
    y += tl.math.erf(x) + x.exp() + tl.math.log(x)
    tl.store(X + offs, y)


# ABS-LABEL: tt.func public @unary_f64_and_abs(
# ABS-SAME: %D: !tt.ptr<f64> {tt.divisibility = 16 : i32}
# ABS-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# ABS-SAME: %U: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# ABS-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# ABS: math.exp %{{.*}} : tensor<32xf64>
# ABS-NEXT: math.sqrt %{{.*}} : tensor<32xf64>
# ABS: math.floor %{{.*}} : tensor<32xf64>
# ABS: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<f64>>
# ABS: [[V:%[^ ]+]] = math.absi %{{.*}} : tensor<32xi32>
# ABS-NEXT: tt.store %{{.*}}, [[V]] : tensor<32x!tt.ptr<i32>>
# ABS: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i8>>
# ABS: [[V2:%[^ ]+]] = math.absf %{{.*}} : tensor<32xf16>
# ABS-NEXT: tt.store %{{.*}}, [[V2]] : tensor<32x!tt.ptr<f16>>
@triton.jit
def unary_f64_and_abs(D, I, U, H):
    offs = tl.arange(0, 32)
    d = tl.load(D + offs)
    tl.store(D + offs, tl.exp(d) + tl.sqrt(d) + tl.floor(d))
    tl.store(I + offs, tl.abs(tl.load(I + offs)))
    tl.store(U + offs, tl.abs(tl.load(U + offs)))
    tl.store(H + offs, tl.abs(tl.load(H + offs)))
