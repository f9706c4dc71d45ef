# Coverage: for loops over range (one, two and three arguments, negative constant steps)
# become scf.for with the values the body rebinds as iter_args.
# RUN: trex compile %s --kernel range_loops --signature "*fp32:16, i32, i32" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @range_loops(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK-SAME: %S: i32{{( loc|,|\))}}
# CHECK: [[COUNT:%[^ ]+]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<16xf32>, i32)  : i32 {
# CHECK: [[ACC:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK: [[COUNT2:%[^ ]+]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: scf.yield [[ACC]], [[COUNT2]] : tensor<16xf32>, i32
# CHECK: [[ACC2:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[COUNT]]#0) -> (tensor<16xf32>)  : i32 {
# CHECK: [[ACC3:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK-NEXT: scf.yield [[ACC3]] : tensor<16xf32>
# CHECK: [[ACC4:%[^ ]+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = [[ACC2]]) -> (tensor<16xf32>)  : i32 {
# CHECK-NEXT: [[ACC5:%[^ ]+]] = arith.subi %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[K:%[^ ]+]] = arith.addi [[ACC5]], %{{.*}} : i32
# CHECK-NEXT: arith.sitofp [[K]] : i32 to f32
# CHECK: [[ACC6:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK-NEXT: scf.yield [[ACC6]] : tensor<16xf32>
# CHECK: arith.sitofp [[COUNT]]#1 : i32 to f32
# CHECK: arith.addf [[ACC4]], %{{.*}} : tensor<16xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.zeros____(0, 0)cconstexpr_16__(1,)cconstexpr_fp32_"(
@triton.jit
def range_loops(X, N, S):
    acc = tl.zeros((16, ), dtype=tl.float32)
    count = 0
    for i in range(N):
        acc += tl.load(X + i * 16 + tl.arange(0, 16))
        count += 1
    for j in range(2, N, S):
        acc = acc * 2.0
    for k in range(10, 0, -2):
        acc += k
    tl.store(X + tl.arange(0, 16), acc + count)
