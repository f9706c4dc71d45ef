# Coverage: tl.where, tl.maximum, tl.minimum (with and without NaN propagation), tl.clamp,
# and Python's min/max on tensors.
# RUN: trex compile %s --kernel select_and_clamp --signature "*fp32:16, *i32:16, *bf16:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @select_and_clamp(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %H: !tt.ptr<bf16> {tt.divisibility = 16 : i32}
# CHECK: arith.sitofp %{{.*}} : i32 to f32
# CHECK: [[Y:%[^ ]+]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xi1>, tensor<64xf32>
# CHECK: [[Y2:%[^ ]+]] = arith.sitofp %{{.*}} : tensor<64xi32> to tensor<64xf32>
# CHECK-NEXT: [[Y3:%[^ ]+]] = arith.select %{{.*}}, [[Y]], [[Y2]] : tensor<64xi1>, tensor<64xf32>
# CHECK: [[Y4:%[^ ]+]] = arith.maxnumf [[Y3]], %{{.*}} : tensor<64xf32>
# CHECK-NEXT: [[Y5:%[^ ]+]] = arith.minimumf [[Y4]], %{{.*}} : tensor<64xf32>
# CHECK: [[Y6:%[^ ]+]] = tt.clampf [[Y5]], %{{.*}}, %{{.*}}, propagateNan = none : tensor<64xf32>
# CHECK: [[J:%[^ ]+]] = arith.maxsi %{{.*}}, %{{.*}} : tensor<64xi32>
# CHECK-NEXT: [[J2:%[^ ]+]] = arith.minsi [[J]], %{{.*}} : tensor<64xi32>
# CHECK-NEXT: [[K:%[^ ]+]] = arith.extf %{{.*}} : tensor<64xbf16> to tensor<64xf32>
# CHECK-NEXT: [[K2:%[^ ]+]] = arith.extf %{{.*}} : tensor<64xbf16> to tensor<64xf32>
# CHECK-NEXT: [[K3:%[^ ]+]] = arith.minnumf [[K]], [[K2]] : tensor<64xf32>
# CHECK: tt.store %{{.*}}, [[Y6]] : tensor<64x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, [[J2]] : tensor<64x!tt.ptr<i32>>
# CHECK: [[V:%[^ ]+]] = arith.truncf [[K3]] : tensor<64xf32> to tensor<64xbf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : tensor<64x!tt.ptr<bf16>>
@triton.jit
def select_and_clamp(X, I, H):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    h = tl.load(H + offs)
    y = tl.where(x > 0, x, 0.0)
    y = tl.where(i < 3, y, i)
    y = tl.maximum(y, 1.0)
    y = tl.minimum(y, x, propagate_nan=tl.PropagateNan.ALL)
    y = tl.clamp(y, -2.0, 2.0)
    j = tl.maximum(i, 7)
    j = min(j, i)
    k = tl.minimum(h, h)
    tl.store(X + offs, y)
    tl.store(I + offs, j)
    tl.store(H + offs, k)
