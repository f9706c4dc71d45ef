# Coverage: tl.join, tl.split, tl.interleave and tl.cat.
# RUN: trex compile %s --kernel join_split --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel interleave_cat --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s --check-prefix=INTER
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @join_split(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: [[J:%[^ ]+]] = tt.join %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<32x2xf32>
# CHECK-NEXT: %{{.*}}, %{{.*}} = tt.split [[J]] : tensor<32x2xf32> -> tensor<32xf32>
@triton.jit
def join_split(X, Y):
    offs = tl.arange(0, 32)
    a = tl.load(X + offs)
    b = tl.load(Y + offs)
    j = tl.join(a, b)
    lo, hi = tl.split(j)
    tl.store(X + offs, lo * hi)


# INTER-LABEL: tt.func public @interleave_cat(
# INTER-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# INTER-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# INTER: tt.call @triton.language.standard.interleave__fp32S32S_fp32S32S__(%{{.*}}, %{{.*}}) : (tensor<32xf32>, tensor<32xf32>) -> tensor<64xf32>
# INTER-NEXT: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<64xf32>
# INTER-LABEL: tt.func private @triton.language.standard.interleave__fp32S32S_fp32S32S__(
# INTER-NEXT: [[C:%[^ ]+]] = tt.join %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<32x2xf32>
# INTER-NEXT: tt.reshape [[C]] : tensor<32x2xf32> -> tensor<64xf32>
@triton.jit
def interleave_cat(X, Y):
    offs = tl.arange(0, 32)
    a = tl.load(X + offs)
    b = tl.load(Y + offs)
    i = tl.interleave(a, b)
    c = tl.cat(a, b, can_reorder=True)
    tl.store(X + tl.arange(0, 64), i + c)
