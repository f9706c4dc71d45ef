# Coverage: tl.argmax and tl.argmin, with tie_break_left and keep_dims.
# RUN: trex compile %s --kernel arg_reductions --signature "*fp32:16, *i32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel arg_reductions --signature "*fp32:16, *i32:16" --emit ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @arg_reductions(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK: tt.call @"triton.language.standard.argmax__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False_"(%{{.*}}) : (tensor<8x64xf32>) -> tensor<8xi32>
# CHECK-NEXT: tt.call @"triton.language.standard.argmin__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cconstexpr_False_"(%{{.*}}) : (tensor<8x64xf32>) -> tensor<8xi32>
# CHECK-NEXT: tt.call @"triton.language.standard.argmax__fp32S8_64S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True_"(%{{.*}}) : (tensor<8x64xf32>) -> tensor<1x64xi32>
# CHECK-LABEL: tt.func private @"triton.language.standard.argmax__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False_"(
# CHECK-NEXT: tt.call @"triton.language.standard.max__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xi32>)
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# CHECK: [[V:%[^ ]+]]:2 = tt.call @triton.language.standard._argmax_combine_tie_break_left__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# CHECK-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# CHECK-LABEL: tt.func private @triton.language.standard._argmax_combine_tie_break_left__fp32_i32_fp32_i32__(
# CHECK-NEXT: tt.call @"triton.language.standard._argmax_combine__fp32_i32_fp32_i32__(4,)cconstexpr_True_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# CHECK-LABEL: tt.func private @"triton.language.standard._argmax_combine__fp32_i32_fp32_i32__(4,)cconstexpr_True_"(
# CHECK-NEXT: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
# CHECK: [[GT:%[^ ]+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: [[GT2:%[^ ]+]] = arith.ori [[GT]], %{{.*}} : i1
# CHECK-NEXT: arith.select [[GT2]], %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: arith.select [[GT2]], %{{.*}}, %{{.*}} : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.argmin__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cconstexpr_False_"(
# CHECK-NEXT: tt.call @"triton.language.standard.min__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xi32>)
# CHECK-LABEL: tt.func private @"triton.language.standard.min__fp32S8_64S__(1,)cconstexpr_1__(2,)cconstexpr_True__(3,)cconstexpr_False__(4,)cconstexpr_False_"(
# CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# CHECK: [[V:%[^ ]+]]:2 = tt.call @triton.language.standard._argmin_combine_tie_break_fast__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# CHECK-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# CHECK-LABEL: tt.func private @triton.language.standard._argmin_combine_tie_break_fast__fp32_i32_fp32_i32__(
# CHECK-NEXT: tt.call @"triton.language.standard._argmin_combine__fp32_i32_fp32_i32__(4,)cconstexpr_False_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# CHECK-LABEL: tt.func private @"triton.language.standard._argmin_combine__fp32_i32_fp32_i32__(4,)cconstexpr_False_"(
# CHECK: [[LT:%[^ ]+]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: [[LT2:%[^ ]+]] = arith.ori [[LT]], %{{.*}} : i1
# CHECK-NEXT: arith.select [[LT2]], %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: arith.select [[LT2]], %{{.*}}, %{{.*}} : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.argmax__fp32S8_64S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True_"(
# CHECK-NEXT: tt.call @"triton.language.standard.max__fp32S8_64S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_True_"(%{{.*}}) : (tensor<8x64xf32>) -> (tensor<1x64xf32>, tensor<1x64xi32>)
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp32S8_64S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True__(4,)cconstexpr_True_"(
# CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}> ({
# CHECK: [[V:%[^ ]+]]:2 = tt.call @triton.language.standard._argmax_combine_tie_break_left__fp32_i32_fp32_i32__(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, i32, f32, i32) -> (f32, i32)
# CHECK-NEXT: tt.reduce.return [[V]]#0, [[V]]#1 : f32, i32
# TTIR-LABEL: tt.func public @arg_reductions(
# TTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# TTIR: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# TTIR: [[TIE:%[^ ]+]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[TIE2:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# TTIR-NEXT: [[TIE3:%[^ ]+]] = arith.andi [[TIE]], [[TIE2]] : i1
# TTIR-NEXT: [[GT:%[^ ]+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[GT2:%[^ ]+]] = arith.ori [[GT]], [[TIE3]] : i1
# TTIR-NEXT: [[V_RET:%[^ ]+]] = arith.select [[GT2]], %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[I_RET:%[^ ]+]] = arith.select [[GT2]], %{{.*}}, %{{.*}} : i32
# TTIR-NEXT: tt.reduce.return [[V_RET]], [[I_RET]] : f32, i32
# TTIR: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# TTIR: [[LT:%[^ ]+]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[VALUE_RET:%[^ ]+]] = arith.select [[LT]], %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[INDEX_RET:%[^ ]+]] = arith.select [[LT]], %{{.*}}, %{{.*}} : i32
# TTIR-NEXT: tt.reduce.return [[VALUE_RET]], [[INDEX_RET]] : f32, i32
# TTIR: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}> ({
# TTIR: [[TIE4:%[^ ]+]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[TIE5:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# TTIR-NEXT: [[TIE6:%[^ ]+]] = arith.andi [[TIE4]], [[TIE5]] : i1
# TTIR-NEXT: [[GT3:%[^ ]+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[GT4:%[^ ]+]] = arith.ori [[GT3]], [[TIE6]] : i1
# TTIR-NEXT: [[V_RET2:%[^ ]+]] = arith.select [[GT4]], %{{.*}}, %{{.*}} : f32
# TTIR-NEXT: [[I_RET2:%[^ ]+]] = arith.select [[GT4]], %{{.*}}, %{{.*}} : i32
# TTIR-NEXT: tt.reduce.return [[V_RET2]], [[I_RET2]] : f32, i32
# TTIR: tt.store %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<i32>>
# TTIR: tt.store %{{.*}}, %{{.*}} : tensor<1x64x!tt.ptr<i32>>
@triton.jit
def arg_reductions(X, Out):
    offs = tl.arange(0, 8)[:, None] * 64 + tl.arange(0, 64)[None, :]
    x = tl.load(X + offs)
    first = tl.argmax(x, axis=1)
    fast = tl.argmin(x, 1, tie_break_left=False)
    kept = tl.argmax(x, axis=0, keep_dims=True)
    tl.store(Out + tl.arange(0, 8), first + fast)
    tl.store(Out + tl.arange(0, 64)[None, :], kept)
