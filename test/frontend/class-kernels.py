# Kernels defined in a class (`@staticmethod @triton.jit`, launched as `Ops.forward[grid](...)`)
# are kernels of the file, as Triton compiles any JITFunction: --kernel takes the function's
# name or Class.name, the proposal reads the launches through the class, and a helper in
# the class called from a kernel stays a helper.
# NO-TRITON-LAYOUTS: a test of kernel discovery (Class.kernel names); its element-wise kernels' layouts are covered elsewhere
# RUN: trex compile %s --kernel Rows.scale --signature "*fp32:16, *fp32:16, i32, fp32, 64" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel scale --signature "*fp32:16, *fp32:16, i32, fp32, 64" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel Rows.Inner.shift --emit ttir 2>&1 | FileCheck %s --check-prefix=INNER
# RUN: not trex compile %s --kernel Rows.missing --emit ttir 2>&1 | FileCheck %s --check-prefix=MISSING
import triton
import triton.language as tl


class Rows:
    @staticmethod
    @triton.jit
    def times(x, alpha):
        return x * alpha

    # CHECK-LABEL: tt.func public @scale(
    # CHECK: arith.mulf
    @staticmethod
    @triton.jit
    def scale(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n)
        tl.store(y_ptr + offs, Rows.times(x, alpha), mask=offs < n)

    class Inner:
        # INNER: remark: no --signature given; trex proposes --signature "*fp32:16, i32, 256" (from a launch in the file)
        # INNER: tt.func public @shift(
        @staticmethod
        @triton.jit
        def shift(x_ptr, n, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)


def launch(x, y):
    Rows.scale[(4,)](x, y, x.numel(), 2.0, BLOCK=64)
    Rows.Inner.shift[(1,)](x, x.numel(), BLOCK=256)

# MISSING: error: no @triton.jit function named 'Rows.missing' in this file; it has: {{.*}}scale
