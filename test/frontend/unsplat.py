# Coverage: one-element tensors made scalars as Triton 3.6 makes them: one tt.unsplat (for
# .item(), a split of a 2-element tensor and a one-element condition; earlier Tritons reduced
# with _take_first), and tl.sort / tl.topk of a single element leave it where it is (its
# hypercube has one dimension of 1, not rank 0, so nothing is unsplat and splat back).
# RUN: trex compile %s --kernel one_element --signature "*fp32:16, *i32:16" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel sort_one --signature "*fp32:16" --emit ttir | FileCheck %s --check-prefix=SORT
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @one_element(
# CHECK-NOT: tt.reduce
# CHECK: tt.unsplat %{{.*}} : tensor<1xf32> loc(
# CHECK: tt.unsplat %{{.*}} : tensor<1x1xi1> loc(
# CHECK: tt.split %{{.*}} : tensor<1x2xf32> -> tensor<1xf32>
# CHECK-COUNT-2: tt.unsplat %{{.*}} : tensor<1xf32> loc(
# CHECK-NOT: tt.reduce
# CHECK: tt.return
@triton.jit
def one_element(X, I):
    x = tl.load(X + tl.arange(0, 1))
    first = x.item()
    flag = tl.load(I + tl.arange(0, 1)[:, None])
    if flag > 0:
        tl.store(X, first)
    lo, hi = tl.split(tl.load(X + tl.arange(0, 2)))
    tl.store(X + 1, lo + hi)


# SORT-LABEL: tt.func public @sort_one(
# SORT-NOT: tt.unsplat
# SORT-NOT: tt.splat %{{.*}} : f32
# SORT: tt.return
@triton.jit
def sort_one(X):
    offs = tl.arange(0, 1)[:, None] + tl.arange(0, 1)[None, :]
    x = tl.load(X + offs)
    tl.store(X + offs, tl.sort(x, descending=True))
