# Coverage: tl.static_assert and tl.static_print on compile-time values; they add no IR.
# RUN: trex compile %s --kernel static_checks --signature "*fp32:16, 64" --emit source | FileCheck %s
# RUN: trex compile %s --kernel static_checks --signature "*fp32:16, 64" -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
import triton
import triton.language as tl

# PRINT: remark: static_print: block 64


# CHECK-LABEL: tt.func public @static_checks(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-NEXT: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
@triton.jit
def static_checks(X, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0)
    tl.static_assert(BLOCK >= 16, "BLOCK is too small")
    offs = tl.arange(0, BLOCK)
    tl.static_print("block", BLOCK, offs.shape)
    tl.static_assert(offs.shape[0] == BLOCK)
    tl.store(X + offs, 0.0)
