# Coverage: specialization from the signature: ":16" puts tt.divisibility on the argument,
# ":1" and literal entries become constants that disappear from the signature, and constexpr
# parameters may take defaults.
# RUN: trex compile %s --kernel specialized --signature "*fp32:16, i32:16, i32:1, i32, 128" --emit source | FileCheck %s
# RUN: trex compile %s --kernel specialized --signature "*fp32, i32, i32, i32:16" --emit source | FileCheck %s --check-prefix=DEFAULT
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @specialized(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %stride: i32 {tt.divisibility = 16 : i32}
# CHECK-SAME: %n: i32{{( loc|,|\))}}
# CHECK: arith.muli %{{.*}}, %{{.*}} : tensor<128xi64>
# CHECK: [[V:%[^ ]+]] = arith.muli %{{.*}}, %{{.*}} : tensor<128xi32>
# CHECK-NEXT: arith.constant 1 : i32
# CHECK-NEXT: arith.constant 1 : i32
# CHECK-NEXT: [[CST:%[^ ]+]] = arith.constant dense<1> : tensor<128xi32>
# CHECK: arith.muli %{{.*}}, %{{.*}} : tensor<128xi64>
# CHECK: arith.muli [[V]], [[CST]] : tensor<128xi32>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
# DEFAULT-LABEL: tt.func public @specialized(
# DEFAULT-SAME: %X: !tt.ptr<f32>{{( loc|,|\))}}
# DEFAULT-SAME: %stride: i32{{( loc|,|\))}}
# DEFAULT-SAME: %unit: i32{{( loc|,|\))}}
# DEFAULT-SAME: %n: i32 {tt.divisibility = 16 : i32}
# DEFAULT-NEXT: [[OFFS:%[^ ]+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
# DEFAULT: arith.muli %{{.*}}, %{{.*}} : tensor<32xi64>
# DEFAULT: [[V:%[^ ]+]] = arith.muli [[OFFS]], %{{.*}} : tensor<32xi32>
# DEFAULT: arith.muli %{{.*}}, %{{.*}} : tensor<32xi64>
# DEFAULT: arith.muli [[V]], %{{.*}} : tensor<32xi32>
# DEFAULT: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<f32>>
@triton.jit
def specialized(X, stride, unit, n, BLOCK: tl.constexpr = 32):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs * stride * unit, n)
