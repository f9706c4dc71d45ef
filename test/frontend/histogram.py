# Coverage: tl.histogram with and without a mask.
# RUN: trex compile %s --kernel histograms --signature "*i32:16, *i32:16, i32" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @histograms(
# CHECK-SAME: %X: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: tt.histogram %{{.*}} : tensor<256xi32> -> tensor<16xi32>
# CHECK: [[M:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<256xi32>
# CHECK-NEXT: tt.histogram %{{.*}}, [[M]] : tensor<256xi32> -> tensor<16xi32>
@triton.jit
def histograms(X, Out, N):
    offs = tl.arange(0, 256)
    x = tl.load(X + offs)
    h = tl.histogram(x, 16)
    m = tl.histogram(x, 16, mask=offs < N)
    tl.store(Out + tl.arange(0, 16), h + m)
