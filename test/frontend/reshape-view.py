# Coverage: tl.reshape (shape as a tuple and as arguments, can_reorder), tl.view, tl.ravel
# and the tensor-method spellings.
# RUN: trex compile %s --kernel reshapes --signature "*fp32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @reshapes(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: tt.reshape %{{.*}} : tensor<64xf32> -> tensor<8x8xf32>
# CHECK-NEXT: tt.reshape %{{.*}} allow_reorder : tensor<64xf32> -> tensor<8x8xf32>
# CHECK-NEXT: [[C:%[^ ]+]] = tt.reshape %{{.*}} : tensor<64xf32> -> tensor<4x16xf32>
# CHECK-NEXT: tt.reshape %{{.*}} allow_reorder : tensor<64xf32> -> tensor<8x8xf32>
# CHECK: tt.call @"triton.language.standard.ravel__fp32S8_8S__(1,)cconstexpr_False_"(%{{.*}}) : (tensor<8x8xf32>) -> tensor<64xf32>
# CHECK: tt.reshape [[C]] : tensor<4x16xf32> -> tensor<64xf32>
# CHECK-LABEL: tt.func private @"triton.language.standard.ravel__fp32S8_8S__(1,)cconstexpr_False_"(
# CHECK-NEXT: tt.reshape %{{.*}} : tensor<8x8xf32> -> tensor<64xf32>
@triton.jit
def reshapes(X):
    x = tl.load(X + tl.arange(0, 64))
    a = tl.reshape(x, (8, 8))
    b = tl.reshape(x, 8, 8, can_reorder=True)
    c = x.reshape([4, 16])
    d = tl.view(x, (8, 8))
    e = tl.ravel(a + b + d)
    tl.store(X + tl.arange(0, 64), e + tl.reshape(c, 64))
