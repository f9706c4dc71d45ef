# Coverage: tl.atomic_max and tl.atomic_min on floats, which Triton expands into integer
# atomics on the bit pattern split by sign.
# RUN: trex compile %s --kernel float_max --signature "*fp32:16, *fp32:16, i32" --emit source | FileCheck %s --check-prefix=MAX
# RUN: trex compile %s --kernel float_min --signature "*fp64:16, *fp64:16" --emit source | FileCheck %s --check-prefix=MIN
import triton
import triton.language as tl


# MAX-LABEL: tt.func public @float_max(
# MAX-SAME: %P: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# MAX-SAME: %V: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# MAX-SAME: %N: i32{{( loc|,|\))}}
# MAX: [[V:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
# MAX-NEXT: [[V2:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64x!tt.ptr<f32>> -> tensor<64x!tt.ptr<i32>>
# MAX-NEXT: [[V3:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
# MAX-NEXT: [[V4:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64x!tt.ptr<f32>> -> tensor<64x!tt.ptr<i32>>
# MAX-NEXT: [[V5:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
# MAX: [[V6:%[^ ]+]] = arith.shrui [[V5]], %{{.*}} : tensor<64xi32>
# MAX: [[V7:%[^ ]+]] = arith.cmpi ne, [[V6]], %{{.*}} : tensor<64xi32>
# MAX: [[V8:%[^ ]+]] = arith.xori [[V7]], %{{.*}} : tensor<64xi1>
# MAX: [[V9:%[^ ]+]] = tt.atomic_rmw max, acq_rel, gpu, [[V2]], [[V]], %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# MAX: [[V10:%[^ ]+]] = tt.atomic_rmw umin, acq_rel, gpu, [[V4]], [[V3]], %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# MAX-NEXT: [[V11:%[^ ]+]] = arith.bitcast [[V9]] : tensor<64xi32> to tensor<64xi32>
# MAX-NEXT: [[V12:%[^ ]+]] = arith.select [[V8]], [[V11]], [[V10]] : tensor<64xi1>, tensor<64xi32>
# MAX-NEXT: tt.bitcast [[V12]] : tensor<64xi32> -> tensor<64xf32>
@triton.jit
def float_max(P, V, N):
    offs = tl.arange(0, 64)
    v = tl.load(V + offs)
    tl.atomic_max(P + offs, v, mask=offs < N)


# MIN-LABEL: tt.func public @float_min(
# MIN-SAME: %P: !tt.ptr<f64> {tt.divisibility = 16 : i32}
# MIN-SAME: %V: !tt.ptr<f64> {tt.divisibility = 16 : i32}
# MIN: [[V:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf64> -> tensor<64xi64>
# MIN-NEXT: [[V2:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64x!tt.ptr<f64>> -> tensor<64x!tt.ptr<i64>>
# MIN-NEXT: [[V3:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf64> -> tensor<64xi64>
# MIN-NEXT: [[V4:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64x!tt.ptr<f64>> -> tensor<64x!tt.ptr<i64>>
# MIN-NEXT: [[V5:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<64xf64> -> tensor<64xi64>
# MIN: [[V6:%[^ ]+]] = arith.shrui [[V5]], %{{.*}} : tensor<64xi64>
# MIN: [[V7:%[^ ]+]] = arith.cmpi ne, [[V6]], %{{.*}} : tensor<64xi64>
# MIN: [[V8:%[^ ]+]] = arith.xori [[V7]], %{{.*}} : tensor<64xi1>
# MIN: [[V9:%[^ ]+]] = tt.atomic_rmw min, acq_rel, gpu, [[V2]], [[V]], %{{.*}} : (tensor<64x!tt.ptr<i64>>, tensor<64xi64>, tensor<64xi1>) -> tensor<64xi64>
# MIN: [[V10:%[^ ]+]] = tt.atomic_rmw umax, acq_rel, gpu, [[V4]], [[V3]], %{{.*}} : (tensor<64x!tt.ptr<i64>>, tensor<64xi64>, tensor<64xi1>) -> tensor<64xi64>
# MIN-NEXT: [[V11:%[^ ]+]] = arith.select [[V8]], [[V9]], [[V10]] : tensor<64xi1>, tensor<64xi64>
# MIN-NEXT: tt.bitcast [[V11]] : tensor<64xi64> -> tensor<64xf64>
@triton.jit
def float_min(P, V):
    offs = tl.arange(0, 64)
    v = tl.load(V + offs)
    tl.atomic_min(P + offs, v)
