# Coverage: tl.trans (default and explicit dims), tl.permute, tensor.T and tensor.permute.
# RUN: trex compile %s --kernel transposes --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @transposes(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x8x16xf32> -> tensor<16x2x8xf32>
# CHECK-NEXT: tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x8x16xf32> -> tensor<16x2x8xf32>
# CHECK-NEXT: tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x8x16xf32> -> tensor<16x2x8xf32>
# CHECK-NEXT: [[M:%[^ ]+]] = tt.reshape %{{.*}} : tensor<2x8x16xf32> -> tensor<16x16xf32>
# CHECK-NEXT: tt.trans [[M]] {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
# CHECK-NEXT: tt.trans [[M]] {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
# CHECK: tt.trans [[M]] {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
@triton.jit
def transposes(X, Y):
    i = tl.arange(0, 2)[:, None, None] * 128 + tl.arange(0, 8)[None, :, None] * 16 + tl.arange(0, 16)[None, None, :]
    x = tl.load(X + i)
    a = tl.permute(x, (2, 0, 1))
    b = tl.trans(x, 2, 0, 1)
    c = x.permute(2, 0, 1)
    m = tl.reshape(x, 16, 16)
    t = tl.trans(m) + m.T + tl.trans(m, (1, 0))
    tl.store(Y + tl.arange(0, 16)[:, None, None] * 16 + tl.arange(0, 2)[None, :, None] * 8 + tl.arange(0, 8)[None, None, :], a + b + c)
    tl.store(Y + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], t)
