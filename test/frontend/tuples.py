# Coverage: tuple unpacking, functions returning tuples, tuple arguments, indexing and len.
# RUN: trex compile %s --kernel tuple_kernel --signature "*fp32:16, *fp32:16, i32" --emit source | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def min_max(x):
    return tl.min(x, 0), tl.max(x, 0)


@triton.jit
def total(pair):
    return pair[0] + pair[1]


# CHECK-LABEL: tt.func public @tuple_kernel(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: tt.call @tuples.min_max__fp32S64S__(%{{.*}}) : (tensor<64xf32>) -> (f32, f32)
# CHECK: [[V:%[^ ]+]] = tt.call @tuples.total__fp32S64S_fp32S64S__(%{{.*}}, %{{.*}}) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
# CHECK: [[V2:%[^ ]+]] = arith.addf [[V]], %{{.*}} : tensor<64xf32>
# CHECK: [[V3:%[^ ]+]] = arith.addf [[V2]], %{{.*}} : tensor<64xf32>
# CHECK-NEXT: arith.sitofp %{{.*}} : i32 to f32
# CHECK: [[V4:%[^ ]+]] = arith.addf [[V3]], %{{.*}} : tensor<64xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V4]] : tensor<64x!tt.ptr<f32>>
# CHECK: [[V5:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V5]] : tensor<64x!tt.ptr<f32>>
# CHECK-LABEL: tt.func private @tuples.min_max__fp32S64S__(
# CHECK-NEXT: tt.call @"triton.language.standard.min__fp32S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<64xf32>) -> f32
# CHECK-NEXT: tt.call @"triton.language.standard.max__fp32S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<64xf32>) -> f32
# CHECK-LABEL: tt.func private @"triton.language.standard.min__fp32S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# CHECK-NEXT: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: tt.call @triton.language.standard._elementwise_min__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @triton.language.standard._elementwise_min__fp32_fp32__(
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp32S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# CHECK-NEXT: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @triton.language.standard._elementwise_max__fp32_fp32__(
# CHECK-LABEL: tt.func private @tuples.total__fp32S64S_fp32S64S__(
# CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : tensor<64xf32>
@triton.jit
def tuple_kernel(X, Y, N):
    offs = tl.arange(0, 64)
    x, y = tl.load(X + offs), tl.load(Y + offs)
    lo, hi = min_max(x)
    pair = (x, y)
    tl.static_assert(len(pair) == 2)
    a, b, c = N, lo, hi
    tl.store(X + offs, total(pair) + b + c + a)
    tl.store(Y + offs, pair[1] * pair[-1])
