# Coverage: tl.fma, tl.math.div_rn, tl.fdiv (with and without ieee_rounding) and
# tl.umulhi, with scalar operands promoted to the tensor's type.
# RUN: trex compile %s --kernel binary_math --signature "*fp32:16, *u32:16, *i32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @binary_math(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %U: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK: [[Y:%[^ ]+]] = math.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK-NEXT: [[Y2:%[^ ]+]] = tt.precise_divf [[Y]], %{{.*}} : tensor<64xf32>
# CHECK-NEXT: [[Y3:%[^ ]+]] = arith.divf [[Y2]], %{{.*}} : tensor<64xf32>
# CHECK: arith.divf [[Y3]], %{{.*}} : tensor<64xf32>
# CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
@triton.jit
def binary_math(X, U, I):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    y = tl.fma(x, x, 1.0)
    y = tl.math.div_rn(y, x)
    y = tl.fdiv(y, x)
    y = tl.math.fdiv(y, 3.0, ieee_rounding=True)
    tl.store(X + offs, y)
    u = tl.load(U + offs)
    tl.store(U + offs, tl.umulhi(u, u))
    i = tl.load(I + offs)
    tl.store(I + offs, tl.math.umulhi(i, 12345))
