# Coverage: promotion and broadcasting between scalar arguments, constexprs and tensors:
# i32 + fp32 scalar, i32 + i64, u32 argument + i32 constant, fp16 scalar * fp32 block.
# RUN: trex compile %s --kernel scalars --signature "*fp32:16, i32, i64, fp32, u32, fp16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @scalars(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %n: i32{{( loc|,|\))}}
# CHECK-SAME: %big: i64{{( loc|,|\))}}
# CHECK-SAME: %scale: f32{{( loc|,|\))}}
# CHECK-SAME: %un: i32{{( loc|,|\))}}
# CHECK-SAME: %half: f16{{( loc|,|\))}}
# CHECK: [[V:%[^ ]+]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK-NEXT: [[V2:%[^ ]+]] = arith.addf [[V]], %{{.*}} : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : !tt.ptr<f32>
# CHECK: [[V3:%[^ ]+]] = arith.extsi %{{.*}} : i32 to i64
# CHECK-NEXT: [[V4:%[^ ]+]] = arith.addi [[V3]], %{{.*}} : i64
# CHECK-NEXT: [[V5:%[^ ]+]] = arith.sitofp [[V4]] : i64 to f32
# CHECK-NEXT: tt.store %{{.*}}, [[V5]] : !tt.ptr<f32>
# CHECK: [[V6:%[^ ]+]] = arith.extui %{{.*}} : i32 to i64
# CHECK-NEXT: [[V7:%[^ ]+]] = arith.extui %{{.*}} : i32 to i64
# CHECK-NEXT: arith.addi [[V6]], [[V7]] : i64
# CHECK: [[V8:%[^ ]+]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[V9:%[^ ]+]] = arith.uitofp [[V8]] : i32 to f32
# CHECK-NEXT: tt.store %{{.*}}, [[V9]] : !tt.ptr<f32>
# CHECK: [[V10:%[^ ]+]] = arith.extf %{{.*}} : f16 to f32
# CHECK-NEXT: [[V11:%[^ ]+]] = tt.splat [[V10]] : f32 -> tensor<32xf32>
# CHECK-NEXT: [[V12:%[^ ]+]] = arith.mulf [[V11]], %{{.*}} : tensor<32xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V12]] : tensor<32x!tt.ptr<f32>>
# CHECK: [[V13:%[^ ]+]] = arith.sitofp %{{.*}} : tensor<32xi32> to tensor<32xf32>
# CHECK-NEXT: [[V14:%[^ ]+]] = tt.splat %{{.*}} : f32 -> tensor<32xf32>
# CHECK-NEXT: [[V15:%[^ ]+]] = arith.mulf [[V13]], [[V14]] : tensor<32xf32>
# CHECK-NEXT: [[V16:%[^ ]+]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK-NEXT: [[V17:%[^ ]+]] = tt.splat [[V16]] : f32 -> tensor<32xf32>
# CHECK-NEXT: [[V18:%[^ ]+]] = arith.addf [[V15]], [[V17]] : tensor<32xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V18]] : tensor<32x!tt.ptr<f32>>
@triton.jit
def scalars(X, n, big, scale, un, half):
    offs = tl.arange(0, 32)
    tl.store(X, n + scale)
    tl.store(X + 1, (n + big).to(tl.float32))
    tl.store(X + 2, (un + 1).to(tl.float32))
    tl.store(X + offs, half * tl.load(X + offs))
    tl.store(X + offs, offs * scale + n)
