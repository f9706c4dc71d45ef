# Coverage: tl.sort (ascending, descending), tl.topk, tl.flip and tl.gather, checked after
# inlining.
# RUN: trex compile %s --kernel sorting --signature "*fp32:16, *i32:16" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel sorting --signature "*fp32:16, *i32:16" --emit source | FileCheck %s --check-prefix=SOURCE
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @sorting(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<4x16xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<4x16x!tt.ptr<f32>>
# CHECK-NEXT: tt.store %{{.*}}, %{{.*}} : tensor<4x16x!tt.ptr<i32>>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<4x4x!tt.ptr<f32>>
# SOURCE-LABEL: tt.func public @sorting(
# SOURCE-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# SOURCE-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# SOURCE: tt.call @"triton.language.standard.sort__fp32S4_16S__(1,)cNone_(2,)cconstexpr_0_"(%{{.*}}) : (tensor<4x16xf32>) -> tensor<4x16xf32>
# SOURCE-NEXT: tt.call @"triton.language.standard.sort__fp32S4_16S__(1,)cNone_(2,)cconstexpr_True_"(%{{.*}}) : (tensor<4x16xf32>) -> tensor<4x16xf32>
# SOURCE-NEXT: tt.call @"triton.language.standard.topk__fp32S4_16S__(1,)cconstexpr_4__(2,)cNone"(%{{.*}}) : (tensor<4x16xf32>) -> tensor<4x4xf32>
# SOURCE-NEXT: tt.call @"triton.language.standard.flip__i32S4_16S__(1,)cconstexpr_1_"(%{{.*}}) : (tensor<4x16xi32>) -> tensor<4x16xi32>
# SOURCE-NEXT: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<4x16xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>
@triton.jit
def sorting(X, I):
    offs = tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    up = tl.sort(x)
    down = tl.sort(x, descending=True)
    top = tl.topk(x, 4)
    rev = tl.flip(i, 1)
    picked = tl.gather(x, i, axis=1)
    tl.store(X + offs, up + down + picked)
    tl.store(I + offs, rev)
    tl.store(X + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :], top)
