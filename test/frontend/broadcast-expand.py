# Coverage: tl.broadcast_to, tl.broadcast, tl.expand_dims (one axis, several, negative) and
# implicit broadcasting of operands of different ranks.
# RUN: trex compile %s --kernel broadcasts --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @broadcasts(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: [[ROW:%[^ ]+]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# CHECK-NEXT: [[COL:%[^ ]+]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
# CHECK-NEXT: [[CUBE:%[^ ]+]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# CHECK-NEXT: [[CUBE2:%[^ ]+]] = tt.expand_dims [[CUBE]] {axis = 2 : i32} : tensor<1x16xf32> -> tensor<1x16x1xf32>
# CHECK-NEXT: tt.broadcast [[ROW]] : tensor<1x16xf32> -> tensor<16x16xf32>
# CHECK-NEXT: tt.broadcast [[ROW]] : tensor<1x16xf32> -> tensor<16x16xf32>
# CHECK-NEXT: tt.broadcast [[ROW]] : tensor<1x16xf32> -> tensor<16x16xf32>
# CHECK-NEXT: tt.broadcast [[COL]] : tensor<16x1xf32> -> tensor<16x16xf32>
# CHECK: tt.broadcast [[ROW]] : tensor<1x16xf32> -> tensor<16x16xf32>
# CHECK: tt.broadcast [[COL]] : tensor<16x1xf32> -> tensor<16x16xf32>
# CHECK: [[TOTAL:%[^ ]+]] = tt.reshape [[CUBE2]] : tensor<1x16x1xf32> -> tensor<16x1xf32>
# CHECK-NEXT: tt.broadcast [[TOTAL]] : tensor<16x1xf32> -> tensor<16x16xf32>
@triton.jit
def broadcasts(X, Y):
    x = tl.load(X + tl.arange(0, 16))
    row = tl.expand_dims(x, 0)
    col = tl.expand_dims(x, axis=-1)
    cube = tl.expand_dims(x, (0, 2))
    full = tl.broadcast_to(row, (16, 16))
    full2 = row.broadcast_to(16, 16)
    lhs, rhs = tl.broadcast(row, col)
    total = full + full2 + lhs + rhs + row + col + tl.reshape(cube, 16, 1)
    tl.store(Y + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], total)
