# Coverage: tl.range with num_stages, loop_unroll_factor, disallow_acc_multi_buffer, flatten,
# warp_specialize and disable_licm (loop attributes), and tl.static_range unrolling.
# RUN: trex compile %s --kernel pipelined --signature "*fp32:16, i32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel unrolled --signature "*fp32:16, 4" --emit source | FileCheck %s --check-prefix=STATIC
import triton
import triton.language as tl


# CHECK: #loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
# CHECK: #loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
# CHECK-LABEL: tt.func public @pipelined(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[ACC:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<32xf32>)  : i32 {
# CHECK: } {tt.num_stages = 3 : i32}
# CHECK: [[ACC2:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC]]) -> (tensor<32xf32>)  : i32 {
# CHECK: } {tt.loop_unroll_factor = 2 : i32}
# CHECK: [[ACC3:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC2]]) -> (tensor<32xf32>)  : i32 {
# CHECK: } {tt.disallow_acc_multi_buffer, tt.flatten}
# CHECK: [[ACC4:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC3]]) -> (tensor<32xf32>)  : i32 {
# CHECK: } {tt.loop_unroll_factor = 4 : i32, tt.num_stages = 2 : i32}
# CHECK: [[ACC5:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC4]]) -> (tensor<32xf32>)  : i32 {
# CHECK: } {llvm.loop_annotation = #loop_annotation}
# CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC5]]) -> (tensor<32xf32>)  : i32 {
# CHECK: } {tt.warp_specialize}
# CHECK-LABEL: tt.func private @"triton.language.standard.zeros____(0, 0)cconstexpr_32__(1,)cconstexpr_fp32_"(
@triton.jit
def pipelined(X, N):
    acc = tl.zeros((32, ), dtype=tl.float32)
    for i in tl.range(0, N, 1, num_stages=3):
        acc += tl.load(X + i + tl.arange(0, 32))
    for i in tl.range(N, loop_unroll_factor=2):
        acc += 1.0
    for i in tl.range(0, N, 2, disallow_acc_multi_buffer=True, flatten=True):
        acc *= 0.5
    for i in tl.range(0, N, 1, 2, 4):
        acc -= 1.0
    for i in tl.range(0, N, disable_licm=True):
        acc += 2.0
    for i in tl.range(0, N, warp_specialize=True):
        acc += 3.0
    tl.store(X + tl.arange(0, 32), acc)


# STATIC-LABEL: tt.func public @unrolled(
# STATIC-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# STATIC: arith.constant 0 : i32
# STATIC-NEXT: [[ACC:%[^ ]+]] = arith.constant 0.000000e+00 : f32
# STATIC-NEXT: [[ACC2:%[^ ]+]] = arith.addf %{{.*}}, [[ACC]] : f32
# STATIC-NEXT: arith.constant 1 : i32
# STATIC-NEXT: [[ACC3:%[^ ]+]] = arith.constant 1.000000e+00 : f32
# STATIC-NEXT: [[ACC4:%[^ ]+]] = arith.addf [[ACC2]], [[ACC3]] : f32
# STATIC-NEXT: arith.constant 2 : i32
# STATIC-NEXT: [[ACC5:%[^ ]+]] = arith.constant 2.000000e+00 : f32
# STATIC-NEXT: [[ACC6:%[^ ]+]] = arith.addf [[ACC4]], [[ACC5]] : f32
# STATIC-NEXT: arith.constant 3 : i32
# STATIC-NEXT: [[ACC7:%[^ ]+]] = arith.constant 3.000000e+00 : f32
# STATIC-NEXT: [[ACC8:%[^ ]+]] = arith.addf [[ACC6]], [[ACC7]] : f32
# STATIC-NEXT: arith.constant 1 : i32
# STATIC-NEXT: [[ACC9:%[^ ]+]] = arith.constant 1.000000e+00 : f32
# STATIC-NEXT: [[ACC10:%[^ ]+]] = arith.mulf [[ACC8]], [[ACC9]] : f32
# STATIC-NEXT: arith.constant 4 : i32
# STATIC-NEXT: [[ACC11:%[^ ]+]] = arith.constant 4.000000e+00 : f32
# STATIC-NEXT: [[ACC12:%[^ ]+]] = arith.mulf [[ACC10]], [[ACC11]] : f32
# STATIC-NEXT: arith.constant 7 : i32
# STATIC-NEXT: [[ACC13:%[^ ]+]] = arith.constant 7.000000e+00 : f32
# STATIC-NEXT: [[ACC14:%[^ ]+]] = arith.mulf [[ACC12]], [[ACC13]] : f32
# STATIC-NEXT: tt.store %{{.*}}, [[ACC14]] : !tt.ptr<f32>
@triton.jit
def unrolled(X, STEPS: tl.constexpr):
    acc = tl.load(X)
    for i in tl.static_range(STEPS):
        acc += i
    for i in tl.static_range(1, 8, 3):
        acc *= i
    tl.store(X, acc)
