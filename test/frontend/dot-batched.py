# Coverage: tl.dot on more than three dimensions (the leading ones one batch dimension, as
# Triton 3.6 reshapes them) and tl.trans without dims on N-D tensors (swaps the last two).
# RUN: trex compile %s --kernel batched --signature "*bf16:16, *bf16:16, *fp32:16, 5, True" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel batched --signature "*fp16:16, *fp16:16, *fp32:16, 4, False" --emit ttir | FileCheck %s --check-prefix=RANK4
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @batched(
# CHECK: tt.trans %{{.*}} {order = array<i32: 0, 1, 2, 4, 3>} : tensor<2x2x2x32x32xbf16> -> tensor<2x2x2x32x32xbf16>
# CHECK: tt.reshape %{{.*}} : tensor<8192xbf16> -> tensor<8x32x32xbf16>
# CHECK: tt.dot {{.*}} : tensor<8x32x32xbf16> * tensor<8x32x32xbf16> -> tensor<8x32x32xf32>
# CHECK: tt.reshape %{{.*}} : tensor<8x32x32xf32> -> tensor<8192xf32>
# RANK4-LABEL: tt.func public @batched(
# RANK4: tt.dot {{.*}} : tensor<4x32x32xf16> * tensor<4x32x32xf16> -> tensor<4x32x32xf32>
@triton.jit
def batched(X, Y, Z, RANK: tl.constexpr, TRANS: tl.constexpr):
    x = tl.load(X + tl.arange(0, 256 << RANK)).reshape([2] * (RANK - 2) + [32, 32])
    y = tl.load(Y + tl.arange(0, 256 << RANK)).reshape([2] * (RANK - 2) + [32, 32])
    if TRANS:
        x = tl.trans(x)
    z = tl.dot(x, y)
    tl.store(Z + tl.arange(0, 256 << RANK), z.reshape([256 << RANK]))
