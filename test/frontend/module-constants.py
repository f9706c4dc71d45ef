# Coverage: module-level constants (X = tl.constexpr(...)), constexpr arithmetic and
# comparison folded at compile time, and constexpr locals.
# RUN: trex compile %s --kernel uses_globals --signature "*fp32:16, 4" --emit source | FileCheck %s
import triton
import triton.language as tl

BLOCK = tl.constexpr(64)
SCALE = tl.constexpr(0.5)
USE_BIAS = tl.constexpr(True)
OUT_TYPE = tl.float16


# CHECK-LABEL: tt.func public @uses_globals(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-NEXT: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
# CHECK: arith.constant 5.000000e-01 : f32
# CHECK-NEXT: arith.constant 5.000000e-01 : f32
# CHECK: [[X:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<128xf32>
# CHECK: arith.constant 6.400000e+01 : f32
# CHECK: [[X2:%[^ ]+]] = arith.addf [[X]], %{{.*}} : tensor<128xf32>
# CHECK: [[V:%[^ ]+]] = arith.truncf [[X2]] : tensor<128xf32> to tensor<128xf16>
# CHECK-NEXT: arith.extf [[V]] : tensor<128xf16> to tensor<128xf32>
@triton.jit
def uses_globals(X, WIDTH: tl.constexpr):
    SIZE: tl.constexpr = BLOCK * WIDTH // 2
    HALF: tl.constexpr = SIZE // 2
    offs = tl.arange(0, SIZE)
    x = tl.load(X + offs) * SCALE
    if USE_BIAS:
        x += HALF
    tl.static_assert(SIZE == 128 and HALF == 64)
    tl.store(X + offs, x.to(OUT_TYPE).to(tl.float32))
