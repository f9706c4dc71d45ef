# A kernel a function of the file makes when called (projects build kernels lazily so that
# the module imports without Triton): where the kernel is not among the module's, a top-level
# function without required parameters that defines it is called, as the program calls it
# before launching, with a note. The guard before the definitions (`if not available():
# return None`, undecidable here) is taken the way that reaches them: a branch that returns
# skips what follows it.
# NO-TRITON-LAYOUTS: it imports a package that exists nowhere (the guard), which real Triton cannot import
# RUN: trex compile %s --kernel halve_kernel --signature "*fp32:16, 128" --emit ttir 2>&1 | FileCheck %s
# RUN: trex compile %s --kernel build_kernels.halve_kernel --signature "*fp32:16, 128" --emit ttir 2>&1 | FileCheck %s
# RUN: not trex compile %s --kernel absent --emit ttir 2>&1 | FileCheck %s --check-prefix=ABSENT
from accelerator_support import available


# CHECK: kernel-builders.py:[[# @LINE + 4]]:1: note: the @triton.jit function 'halve_kernel' is made by calling build_kernels(); trex called it, as the program does before launching it
# CHECK: kernel-builders.py:[[# @LINE + 4]]:8: remark: {{.*}} it takes the `else` branch (none: it skips the `if`)
# CHECK: tt.func public @halve_kernel
# CHECK: arith.mulf
def build_kernels(scale=0.5):
    if not available():
        return None
    import triton
    import triton.language as tl

    @triton.jit
    def halve_kernel(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 0.5)

    return halve_kernel


_kernel = None


def launch(x):
    global _kernel
    if _kernel is None:
        _kernel = build_kernels()
    _kernel[(1,)](x, BLOCK=128)

# ABSENT: error: no @triton.jit function in this file
