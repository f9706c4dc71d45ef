# Coverage: conditional expressions on constexpr conditions (folded) and runtime conditions
# (scf.if yielding one value).
# RUN: trex compile %s --kernel ternaries --signature "*fp32:16, i32, 8" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @ternaries(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[A:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# CHECK: [[B:%[^ ]+]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[B2:%[^ ]+]] = scf.if [[B]] -> (f32) {
# CHECK: [[B3:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: scf.yield [[B3]] : f32
# CHECK-NEXT: } else {
# CHECK: [[B4:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: scf.yield [[B4]] : f32
# CHECK: [[V:%[^ ]+]] = arith.addf [[A]], [[B2]] : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : !tt.ptr<f32>
@triton.jit
def ternaries(X, N, C: tl.constexpr):
    x = tl.load(X)
    a = x + 1.0 if C > 4 else x - 1.0
    b = x * 2.0 if N > 0 else x * 3.0
    tl.store(X, a + b)
