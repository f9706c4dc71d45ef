# Coverage: tl.sigmoid and tl.softmax (over the last axis, keep_dims, ieee_rounding) as
# calls of the standard library; checked after inlining.
# RUN: trex compile %s --kernel activations --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel activations --signature "*fp32:16, *fp32:16" --emit ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @activations(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: [[S:%[^ ]+]] = tt.call @triton.language.standard.sigmoid__fp32S4_32S__(%{{.*}}) : (tensor<4x32xf32>) -> tensor<4x32xf32>
# CHECK-NEXT: [[P:%[^ ]+]] = tt.call @"triton.language.standard.softmax__fp32S4_32S__(1,)cNone_(2,)cconstexpr_False__(3,)cconstexpr_False_"(%{{.*}}) : (tensor<4x32xf32>) -> tensor<4x32xf32>
# CHECK-NEXT: [[Q:%[^ ]+]] = tt.call @"triton.language.standard.softmax__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True_"(%{{.*}}) : (tensor<4x32xf32>) -> tensor<4x32xf32>
# CHECK: [[V:%[^ ]+]] = arith.addf [[S]], [[P]] : tensor<4x32xf32>
# CHECK-NEXT: arith.addf [[V]], [[Q]] : tensor<4x32xf32>
# CHECK-LABEL: tt.func private @triton.language.standard.sigmoid__fp32S4_32S__(
# CHECK: [[V:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : tensor<4x32xf32>
# CHECK-NEXT: [[V2:%[^ ]+]] = math.exp [[V]] : tensor<4x32xf32>
# CHECK: [[V3:%[^ ]+]] = arith.addf %{{.*}}, [[V2]] : tensor<4x32xf32>
# CHECK: arith.divf %{{.*}}, [[V3]] : tensor<4x32xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.softmax__fp32S4_32S__(1,)cNone_(2,)cconstexpr_False__(3,)cconstexpr_False_"(
# CHECK-NEXT: tt.call @"triton.language.standard.max__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(%{{.*}}) : (tensor<4x32xf32>) -> tensor<32xf32>
# CHECK: [[Z:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : tensor<4x32xf32>
# CHECK-NEXT: [[NUM:%[^ ]+]] = math.exp [[Z]] : tensor<4x32xf32>
# CHECK-NEXT: tt.call @"triton.language.standard.sum__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"([[NUM]]) : (tensor<4x32xf32>) -> tensor<32xf32>
# CHECK: arith.divf [[NUM]], %{{.*}} : tensor<4x32xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# CHECK: tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @triton.language.standard._elementwise_max__fp32_fp32__(
# CHECK-LABEL: tt.func private @"triton.language.standard.sum__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(
# CHECK: tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @triton.language.standard._sum_combine__fp32_fp32__(
# CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
# CHECK-LABEL: tt.func private @"triton.language.standard.softmax__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cconstexpr_True_"(
# CHECK-NEXT: tt.call @"triton.language.standard.max__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_True_"(%{{.*}}) : (tensor<4x32xf32>) -> tensor<1x32xf32>
# CHECK: [[Z:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : tensor<4x32xf32>
# CHECK-NEXT: [[NUM:%[^ ]+]] = math.exp [[Z]] : tensor<4x32xf32>
# CHECK-NEXT: tt.call @"triton.language.standard.sum__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"([[NUM]]) : (tensor<4x32xf32>) -> tensor<1x32xf32>
# CHECK: arith.divf [[NUM]], %{{.*}} : tensor<4x32xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_True_"(
# CHECK: tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @"triton.language.standard.sum__fp32S4_32S__(1,)cconstexpr_0__(2,)cconstexpr_True__(3,)cNone"(
# CHECK: tt.call @triton.language.standard._sum_combine__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# TTIR-LABEL: tt.func public @activations(
# TTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR: [[S:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : tensor<4x32xf32>
# TTIR-NEXT: [[S2:%[^ ]+]] = math.exp [[S]] : tensor<4x32xf32>
# TTIR-NEXT: [[S3:%[^ ]+]] = arith.addf [[S2]], %{{.*}} : tensor<4x32xf32>
# TTIR-NEXT: [[S4:%[^ ]+]] = arith.divf %{{.*}}, [[S3]] : tensor<4x32xf32>
# TTIR-NEXT: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# TTIR: arith.maxnumf %{{.*}}, %{{.*}} : f32
# TTIR: [[Z:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : tensor<4x32xf32>
# TTIR-NEXT: [[NUM:%[^ ]+]] = math.exp [[Z]] : tensor<4x32xf32>
# TTIR-NEXT: "tt.reduce"([[NUM]]) <{axis = 0 : i32}> ({
# TTIR: arith.addf %{{.*}}, %{{.*}} : f32
# TTIR: [[P:%[^ ]+]] = arith.divf [[NUM]], %{{.*}} : tensor<4x32xf32>
# TTIR: [[V:%[^ ]+]] = arith.addf [[S4]], [[P]] : tensor<4x32xf32>
# TTIR-NEXT: arith.addf [[V]], [[P]] : tensor<4x32xf32>
@triton.jit
def activations(X, Y):
    offs = tl.arange(0, 4)[:, None] * 32 + tl.arange(0, 32)[None, :]
    x = tl.load(X + offs)
    s = tl.sigmoid(x)
    p = tl.softmax(x)
    q = tl.softmax(x, dim=0, keep_dims=True, ieee_rounding=True)
    tl.store(Y + offs, s + p + q)
