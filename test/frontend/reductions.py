# Coverage: tl.sum, tl.max and tl.min over an axis, over everything, with keep_dims and
# return_indices, on floats, bf16 and narrow integers; tensor-method spellings.
# RUN: trex compile %s --kernel sum_axes --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s --check-prefix=SUM
# RUN: trex compile %s --kernel max_min_indices --signature "*fp32:16, *fp32:16, *i32:16" --emit source | FileCheck %s --check-prefix=IDX
# RUN: trex compile %s --kernel narrow_types --signature "*i8:16, *bf16:16, *i32:16, *fp32:16" --emit source | FileCheck %s --check-prefix=NARROW
# RUN: trex compile %s --kernel sum_axes --signature "*fp32:16, *fp32:16" --emit ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


# SUM-LABEL: tt.func public @sum_axes(
# SUM-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# SUM-SAME: %Out: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# SUM: [[ROWS:%[^ ]+]] = tt.call @"triton.language.standard.sum__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<32x16xf32>) -> tensor<32xf32>
# SUM-NEXT: tt.call @"triton.language.standard.sum__fp32S32_16S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"(%{{.*}}) : (tensor<32x16xf32>) -> tensor<1x16xf32>
# SUM-NEXT: tt.call @"triton.language.standard.sum__fp32S32_16S__(1,)cNone_(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<32x16xf32>) -> f32
# SUM: arith.addf [[ROWS]], %{{.*}} : tensor<32xf32>
# SUM-LABEL: tt.func private @"triton.language.standard.sum__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cNone"(
# SUM-NEXT: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
# SUM: [[V:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# SUM-NEXT: tt.reduce.return [[V]] : f32
# SUM-LABEL: tt.func private @triton.language.standard._sum_combine__fp32_fp32__(
# SUM-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
# SUM-LABEL: tt.func private @"triton.language.standard.sum__fp32S32_16S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"(
# SUM-NEXT: [[V:%[^ ]+]] = "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# SUM: [[V2:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# SUM-NEXT: tt.reduce.return [[V2]] : f32
# SUM: tt.expand_dims [[V]] {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# SUM-LABEL: tt.func private @"triton.language.standard.sum__fp32S32_16S__(1,)cNone_(2,)cconstexpr_False__(3,)cNone"(
# SUM-NEXT: [[V:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<32x16xf32> -> tensor<512xf32>
# SUM-NEXT: "tt.reduce"([[V]]) <{axis = 0 : i32}> ({
# SUM: [[V2:%[^ ]+]] = tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# SUM-NEXT: tt.reduce.return [[V2]] : f32
# TTIR-LABEL: tt.func public @sum_axes(
# TTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %Out: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR: [[ROWS:%[^ ]+]] = "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
# TTIR: [[ROWS2:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[ROWS2]] : f32
# TTIR: [[COLS:%[^ ]+]] = "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# TTIR: [[COLS2:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[COLS2]] : f32
# TTIR: [[COLS3:%[^ ]+]] = tt.expand_dims [[COLS]] {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# TTIR-NEXT: [[EVERYTHING:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<32x16xf32> -> tensor<512xf32>
# TTIR-NEXT: "tt.reduce"([[EVERYTHING]]) <{axis = 0 : i32}> ({
# TTIR: [[EVERYTHING2:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: tt.reduce.return [[EVERYTHING2]] : f32
# TTIR: [[V:%[^ ]+]] = arith.addf [[ROWS]], %{{.*}} : tensor<32xf32>
# TTIR-NEXT: tt.store %{{.*}}, [[V]] : tensor<32x!tt.ptr<f32>>
# TTIR: tt.store %{{.*}}, [[COLS3]] : tensor<1x16x!tt.ptr<f32>>
@triton.jit
def sum_axes(X, Out):
    offs = tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    rows = tl.sum(x, axis=1)
    cols = x.sum(0, keep_dims=True)
    everything = tl.sum(x)
    tl.store(Out + tl.arange(0, 32), rows + everything)
    tl.store(Out + tl.arange(0, 16)[None, :], cols)


# IDX-LABEL: tt.func public @max_min_indices(
# IDX-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# IDX-SAME: %V: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# IDX-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# IDX: tt.call @"triton.language.standard.max__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<32x16xf32>) -> (tensor<32xf32>, tensor<32xi32>)
# IDX-NEXT: tt.call @"triton.language.standard.min__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<32x16xf32>) -> (tensor<32xf32>, tensor<32xi32>)
# IDX-NEXT: tt.call @"triton.language.standard.max__fp32S32_16S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_True_"(%{{.*}}) : (tensor<32x16xf32>) -> tensor<1x16xf32>
# IDX-LABEL: tt.func private @"triton.language.standard.max__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# IDX: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# IDX: [[V:%[^ ]+]]:2 = tt.call @triton.language.standard._argmax_combine_tie_break_left__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# IDX-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# IDX-LABEL: tt.func private @triton.language.standard._argmax_combine_tie_break_left__fp32_i32_fp32_i32__(
# IDX-NEXT: tt.call @"triton.language.standard._argmax_combine__fp32_i32_fp32_i32__(4,)cconstexpr_True_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# IDX-LABEL: tt.func private @"triton.language.standard._argmax_combine__fp32_i32_fp32_i32__(4,)cconstexpr_True_"(
# IDX-NEXT: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
# IDX: [[GT:%[^ ]+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
# IDX-NEXT: [[GT2:%[^ ]+]] = arith.ori [[GT]], %{{.*}} : i1
# IDX-NEXT: arith.select [[GT2]], %{{.*}}, %{{.*}} : f32
# IDX-NEXT: arith.select [[GT2]], %{{.*}}, %{{.*}} : i32
# IDX-LABEL: tt.func private @"triton.language.standard.min__fp32S32_16S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False__(4,)cconstexpr_False_"(
# IDX: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# IDX: [[V:%[^ ]+]]:2 = tt.call @triton.language.standard._argmin_combine_tie_break_fast__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# IDX-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# IDX-LABEL: tt.func private @triton.language.standard._argmin_combine_tie_break_fast__fp32_i32_fp32_i32__(
# IDX-NEXT: tt.call @"triton.language.standard._argmin_combine__fp32_i32_fp32_i32__(4,)cconstexpr_False_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# IDX-LABEL: tt.func private @"triton.language.standard._argmin_combine__fp32_i32_fp32_i32__(4,)cconstexpr_False_"(
# IDX: [[LT:%[^ ]+]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
# IDX-NEXT: [[LT2:%[^ ]+]] = arith.ori [[LT]], %{{.*}} : i1
# IDX-NEXT: arith.select [[LT2]], %{{.*}}, %{{.*}} : f32
# IDX-NEXT: arith.select [[LT2]], %{{.*}}, %{{.*}} : i32
# IDX-LABEL: tt.func private @"triton.language.standard.max__fp32S32_16S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_True_"(
# IDX-NEXT: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# IDX: [[V:%[^ ]+]] = tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# IDX-NEXT: tt.reduce.return [[V]] : f32
# IDX-LABEL: tt.func private @triton.language.standard._elementwise_max__fp32_fp32__(
@triton.jit
def max_min_indices(X, V, I):
    offs = tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    mx, imx = tl.max(x, axis=1, return_indices=True)
    mn, imn = tl.min(x, 1, return_indices=True, return_indices_tie_break_left=False)
    row_max = x.max(axis=0, keep_dims=True)
    tl.store(V + tl.arange(0, 32), mx + mn)
    tl.store(I + tl.arange(0, 32), imx + imn)
    tl.store(V + tl.arange(0, 16)[None, :], row_max)


# NARROW-LABEL: tt.func public @narrow_types(
# NARROW-SAME: %B: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# NARROW-SAME: %H: !tt.ptr<bf16> {tt.divisibility = 16 : i32}
# NARROW-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# NARROW-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# NARROW: tt.call @"triton.language.standard.sum__i8S64S__(1,)cNone_(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<64xi8>) -> i32
# NARROW: tt.call @"triton.language.standard.max__i8S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<64xi8>) -> i32
# NARROW: tt.call @"triton.language.standard.sum__i8S64S__(1,)cNone_(2,)cconstexpr_False__(3,)cconstexpr_int8_"(%{{.*}}) : (tensor<64xi8>) -> i8
# NARROW: tt.call @"triton.language.standard.min__bf16S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<64xbf16>) -> f32
# NARROW: [[V:%[^ ]+]] = tt.call @"triton.language.standard.sum__bf16S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(%{{.*}}) : (tensor<64xbf16>) -> bf16
# NARROW-NEXT: arith.extf [[V]] : bf16 to f32
# NARROW-LABEL: tt.func private @"triton.language.standard.sum__i8S64S__(1,)cNone_(2,)cconstexpr_False__(3,)cNone"(
# NARROW-NEXT: arith.extsi %{{.*}} : tensor<64xi8> to tensor<64xi32>
# NARROW: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# NARROW: tt.call @triton.language.standard._sum_combine__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# NARROW-LABEL: tt.func private @triton.language.standard._sum_combine__i32_i32__(
# NARROW: arith.addi %{{.*}}, %{{.*}} : i32
# NARROW-LABEL: tt.func private @"triton.language.standard.max__i8S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# NARROW: [[INPUT:%[^ ]+]] = arith.extsi %{{.*}} : tensor<64xi8> to tensor<64xi32>
# NARROW-NEXT: "tt.reduce"([[INPUT]]) <{axis = 0 : i32}> ({
# NARROW: tt.call @triton.language.standard._elementwise_max__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# NARROW-LABEL: tt.func private @triton.language.standard._elementwise_max__i32_i32__(
# NARROW-NEXT: arith.maxsi %{{.*}}, %{{.*}} : i32
# NARROW-LABEL: tt.func private @"triton.language.standard.sum__i8S64S__(1,)cNone_(2,)cconstexpr_False__(3,)cconstexpr_int8_"(
# NARROW: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# NARROW: tt.call @triton.language.standard._sum_combine__i8_i8__(%{{.*}}, %{{.*}}) : (i8, i8) -> i8
# NARROW-LABEL: tt.func private @triton.language.standard._sum_combine__i8_i8__(
# NARROW: arith.addi %{{.*}}, %{{.*}} : i8
# NARROW-LABEL: tt.func private @"triton.language.standard.min__bf16S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# NARROW-NEXT: [[INPUT:%[^ ]+]] = arith.extf %{{.*}} : tensor<64xbf16> to tensor<64xf32>
# NARROW-NEXT: "tt.reduce"([[INPUT]]) <{axis = 0 : i32}> ({
# NARROW: tt.call @triton.language.standard._elementwise_min__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# NARROW-LABEL: tt.func private @triton.language.standard._elementwise_min__fp32_fp32__(
# NARROW-NEXT: arith.minnumf %{{.*}}, %{{.*}} : f32
# NARROW-LABEL: tt.func private @"triton.language.standard.sum__bf16S64S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(
# NARROW-NEXT: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# NARROW: tt.call @triton.language.standard._sum_combine__bf16_bf16__(%{{.*}}, %{{.*}}) : (bf16, bf16) -> bf16
# NARROW-LABEL: tt.func private @triton.language.standard._sum_combine__bf16_bf16__(
# NARROW-NEXT: arith.addf %{{.*}}, %{{.*}} : bf16
@triton.jit
def narrow_types(B, H, I, F):
    offs = tl.arange(0, 64)
    b = tl.load(B + offs)
    h = tl.load(H + offs)
    tl.store(I, tl.sum(b))
    tl.store(I + 1, tl.max(b, 0))
    tl.store(I + 2, tl.sum(b, dtype=tl.int8).to(tl.int32))
    tl.store(F, tl.min(h, 0))
    tl.store(F + 1, tl.sum(h, 0))
