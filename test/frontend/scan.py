# Coverage: tl.cumsum, tl.cumprod and tl.associative_scan with a user combine function,
# forwards and in reverse, on one tensor and on a tuple.
# RUN: trex compile %s --kernel prefix_sums --signature "*fp32:16, *i8:16, *i32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel scan_combine --signature "*fp32:16, *i32:16" --emit source | FileCheck %s --check-prefix=SCAN
import triton
import triton.language as tl


@triton.jit
def add_pairs(a, i, b, j):
    return a + b, i + j


@triton.jit
def max_combine(a, b):
    return tl.maximum(a, b)


# CHECK-LABEL: tt.func public @prefix_sums(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %B: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK: [[V:%[^ ]+]] = tt.call @"triton.language.standard.cumsum__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<128xf32>) -> tensor<128xf32>
# CHECK-NEXT: [[V2:%[^ ]+]] = tt.call @"triton.language.standard.cumprod__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_True_"(%{{.*}}) : (tensor<128xf32>) -> tensor<128xf32>
# CHECK-NEXT: arith.addf [[V]], [[V2]] : tensor<128xf32>
# CHECK: tt.call @"triton.language.standard.cumsum__i8S128S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<128xi8>) -> tensor<128xi32>
# CHECK: tt.call @"triton.language.standard.cumsum__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"(%{{.*}}) : (tensor<128xf32>) -> tensor<128xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.cumsum__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(
# CHECK-NEXT: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = false}> ({
# CHECK: [[V:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.scan.return [[V]] : f32
# CHECK-LABEL: tt.func private @triton.language.standard._sum_combine__fp32_fp32__(
# CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
# CHECK-LABEL: tt.func private @"triton.language.standard.cumprod__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_True_"(
# CHECK-NEXT: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
# CHECK: [[V:%[^ ]+]] = tt.call @triton.language.standard._prod_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.scan.return [[V]] : f32
# CHECK-LABEL: tt.func private @triton.language.standard._prod_combine__fp32_fp32__(
# CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK-LABEL: tt.func private @"triton.language.standard.cumsum__i8S128S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(
# CHECK-NEXT: [[INPUT:%[^ ]+]] = arith.extsi %{{.*}} : tensor<128xi8> to tensor<128xi32>
# CHECK-NEXT: "tt.scan"([[INPUT]]) <{axis = 0 : i32, reverse = false}> ({
# CHECK: [[V:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# CHECK-NEXT: tt.scan.return [[V]] : i32
# CHECK-LABEL: tt.func private @triton.language.standard._sum_combine__i32_i32__(
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.cumsum__fp32S128S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"(
# CHECK-NEXT: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
# CHECK: [[V:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: tt.scan.return [[V]] : f32
@triton.jit
def prefix_sums(X, B, I):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    b = tl.load(B + offs)
    tl.store(X + offs, tl.cumsum(x, 0) + tl.cumprod(x, axis=0, reverse=True))
    tl.store(I + offs, tl.cumsum(b))
    tl.store(I + offs, x.cumsum(reverse=True).to(tl.int32))


# SCAN-LABEL: tt.func public @scan_combine(
# SCAN-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# SCAN-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# SCAN: [[RUNNING_MAX:%[^ ]+]] = "tt.scan"(%{{.*}}) <{axis = 1 : i32, reverse = true}> ({
# SCAN: [[RUNNING_MAX2:%[^ ]+]] = tt.call @scan.max_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# SCAN-NEXT: tt.scan.return [[RUNNING_MAX2]] : f32
# SCAN: [[V:%[^ ]+]]:2 = "tt.scan"(%{{.*}}, %{{.*}}) <{axis = 0 : i32, reverse = false}> ({
# SCAN: [[V2:%[^ ]+]]:2 = tt.call @scan.add_pairs__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# SCAN-NEXT: tt.scan.return [[V2]]#0, [[V2]]#1 : f32, i32
# SCAN: arith.addf [[RUNNING_MAX]], [[V]]#0 : tensor<8x16xf32>
# SCAN-LABEL: tt.func private @scan.max_combine__fp32_fp32__(
# SCAN-NEXT: arith.maxnumf %{{.*}}, %{{.*}} : f32
# SCAN-LABEL: tt.func private @scan.add_pairs__fp32_i32_fp32_i32__(
# SCAN-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
# SCAN: arith.addi %{{.*}}, %{{.*}} : i32
@triton.jit
def scan_combine(X, I):
    offs = tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    running_max = tl.associative_scan(x, 1, max_combine, reverse=True)
    sums, counts = tl.associative_scan((x, i), axis=0, combine_fn=add_pairs)
    tl.store(X + offs, running_max + sums)
    tl.store(I + offs, counts)
