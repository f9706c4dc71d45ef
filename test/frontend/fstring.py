# Coverage: f-strings in static_print and device_print: fields are formatted as str() does,
# format specs are ignored (as Triton does), device_print's prefix gains a leading space.
# RUN: trex compile %s --kernel formatted --signature "*fp32:16, 64" --emit source | FileCheck %s
# RUN: trex compile %s --kernel formatted --signature "*fp32:16, 64" -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
# UNSUPPORTED-TARGET: formatted hip:gfx942 without rocm-device-libs: tl.device_print calls ockl's printf (ROCm device libraries)
import triton
import triton.language as tl

# PRINT: remark: static_print: BLOCK=64 hex=64 ratio=21.333333333333332


# CHECK-LABEL: tt.func public @formatted(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: tt.print " block 64: " {hex = false, isSigned = array<i32: 0>} : %{{.*}} : tensor<64xf32>
@triton.jit
def formatted(X, BLOCK: tl.constexpr):
    tl.static_print(f"BLOCK={BLOCK:5d} hex={BLOCK:#x} ratio={BLOCK / 3:.2f}")
    x = tl.load(X + tl.arange(0, BLOCK))
    tl.device_print(f"block {BLOCK:04d}: ", x)
