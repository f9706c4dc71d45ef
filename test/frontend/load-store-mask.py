# Coverage: tl.load and tl.store with a mask, an `other` value and scalar pointers.
# RUN: trex compile %s --kernel masked_copy --signature "*fp32:16, *fp32:16, i32, 256" --emit source | FileCheck %s
# RUN: trex compile %s --kernel scalar_copy --signature "*i64, *i64" --emit source | FileCheck %s --check-prefix=SCALAR
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @masked_copy(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[MASK:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<256xi32>
# CHECK: arith.constant -1.000000e+00 : f32
# CHECK-NEXT: [[X:%[^ ]+]] = arith.constant dense<-1.000000e+00> : tensor<256xf32>
# CHECK-NEXT: [[X2:%[^ ]+]] = tt.load %{{.*}}, [[MASK]], [[X]] : tensor<256x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, [[X2]], [[MASK]] : tensor<256x!tt.ptr<f32>>
@triton.jit
def masked_copy(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask, other=-1.0)
    tl.store(Y + offs, x, mask=mask)


# SCALAR-LABEL: tt.func public @scalar_copy(
# SCALAR-SAME: %X: !tt.ptr<i64>{{( loc|,|\))}}
# SCALAR-SAME: %Y: !tt.ptr<i64>{{( loc|,|\))}}
# SCALAR-NEXT: [[V:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i64>
# SCALAR: [[V2:%[^ ]+]] = arith.addi [[V]], %{{.*}} : i64
# SCALAR-NEXT: tt.store %{{.*}}, [[V2]] : !tt.ptr<i64>
@triton.jit
def scalar_copy(X, Y):
    tl.store(Y, tl.load(X) + 1)
