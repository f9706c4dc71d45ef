# Coverage: tl.reduce with a user combine function, on one tensor and on a tuple of tensors,
# over one axis, with keep_dims, and over all axes.
# RUN: trex compile %s --kernel reduce_product --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel reduce_pairs --signature "*fp32:16, *i32:16" --emit source | FileCheck %s --check-prefix=PAIR
# RUN: trex compile %s --kernel reduce_product --signature "*fp32:16, *fp32:16" --emit ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


@triton.jit
def product(a, b):
    return a * b


@triton.jit
def max_with_count(a_value, a_count, b_value, b_count):
    keep_a = a_value >= b_value
    return tl.where(keep_a, a_value, b_value), a_count + b_count


# CHECK-LABEL: tt.func public @reduce_product(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Out: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
# CHECK: [[ROWS:%[^ ]+]] = tt.call @"reduce-combine.product__fp32_fp32__"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.reduce.return [[ROWS]] : f32
# CHECK: [[COLS:%[^ ]+]] = "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: [[COLS2:%[^ ]+]] = tt.call @"reduce-combine.product__fp32_fp32__"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.reduce.return [[COLS2]] : f32
# CHECK: tt.expand_dims [[COLS]] {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
# CHECK-NEXT: [[TOTAL:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<16x8xf32> -> tensor<128xf32>
# CHECK-NEXT: "tt.reduce"([[TOTAL]]) <{axis = 0 : i32}> ({
# CHECK: [[TOTAL2:%[^ ]+]] = tt.call @"reduce-combine.product__fp32_fp32__"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.reduce.return [[TOTAL2]] : f32
# CHECK-LABEL: tt.func private @"reduce-combine.product__fp32_fp32__"(
# CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} : f32
# TTIR-LABEL: tt.func public @reduce_product(
# TTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %Out: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
# TTIR: [[ROWS:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[ROWS]] : f32
# TTIR: [[COLS:%[^ ]+]] = "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# TTIR: [[COLS2:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[COLS2]] : f32
# TTIR: tt.expand_dims [[COLS]] {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
# TTIR-NEXT: [[TOTAL:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<16x8xf32> -> tensor<128xf32>
# TTIR-NEXT: "tt.reduce"([[TOTAL]]) <{axis = 0 : i32}> ({
# TTIR: [[TOTAL2:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[TOTAL2]] : f32
@triton.jit
def reduce_product(X, Out):
    offs = tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :]
    x = tl.load(X + offs)
    rows = tl.reduce(x, 1, product)
    cols = tl.reduce(x, axis=0, combine_fn=product, keep_dims=True)
    total = tl.reduce(x, None, product)
    tl.store(Out + tl.arange(0, 16), rows + total)
    tl.store(Out + tl.arange(0, 8)[None, :], cols)


# PAIR-LABEL: tt.func public @reduce_pairs(
# PAIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# PAIR-SAME: %Count: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# PAIR: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}> ({
# PAIR: [[V:%[^ ]+]]:2 = tt.call @"reduce-combine.max_with_count__fp32_i32_fp32_i32__"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# PAIR-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# PAIR-LABEL: tt.func private @"reduce-combine.max_with_count__fp32_i32_fp32_i32__"(
# PAIR-NEXT: [[KEEP_A:%[^ ]+]] = arith.cmpf oge, %{{.*}}, %{{.*}} : f32
# PAIR-NEXT: arith.select [[KEEP_A]], %{{.*}}, %{{.*}} : f32
# PAIR: arith.addi %{{.*}}, %{{.*}} : i32
@triton.jit
def reduce_pairs(X, Count):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    ones = tl.full((64, ), 1, tl.int32)
    best, count = tl.reduce((x, ones), 0, max_with_count)
    tl.store(X, best)
    tl.store(Count, count)
