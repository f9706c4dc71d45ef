# Coverage: tl.device_print (scalars, tensors, hex), print, tl.device_assert, assert
# statements and tl.debug_barrier.
# RUN: trex compile %s --kernel debugging --signature "*fp32:16, *i32:16, i32" --emit source | FileCheck %s
# UNSUPPORTED-TARGET: debugging hip:gfx942 without rocm-device-libs: tl.device_print calls ockl's printf (ROCm device libraries)
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @debugging(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %{{.*}} : tensor<16xf32>
# CHECK-NEXT: tt.print " pid and i: " {hex = true, isSigned = array<i32: 1, 1>} : %{{.*}}, %{{.*}} : i32, tensor<16xi32>
# CHECK-NEXT: tt.print " n: " {hex = false, isSigned = array<i32: 1>} : %{{.*}} : i32
# CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: gpu.barrier
@triton.jit
def debugging(X, I, N):
    pid = tl.program_id(0)
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    tl.device_print("x", x)
    tl.device_print("pid and i: ", pid, i, hex=True)
    print("n", N)
    tl.device_assert(x > 0, "x must be positive")
    assert N > 0, "N must be positive"
    tl.debug_barrier()
    tl.store(X + offs, x)
