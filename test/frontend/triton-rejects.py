# Kernels Triton 3.6 rejects, rejected by trex with Triton's diagnostic: a dropped result of a
# @triton.must_use_result function, a constexpr parameter listed in do_not_specialize, `not`
# on a tuple.
# RUN: not trex compile %s --kernel evil_cube_kernel --emit ttir 2>&1 | FileCheck %s --check-prefix=UNUSED
# RUN: not trex compile %s --kernel constexpr_not_specialized --signature "5" --emit ttir 2>&1 | FileCheck %s --check-prefix=DNS
# RUN: not trex compile %s --kernel not_tuple --emit ttir 2>&1 | FileCheck %s --check-prefix=NOT
import triton
import triton.language as tl


@triton.must_use_result("These are extra words in the error message.")
@triton.jit
def cube(x):
    return x * x * x


# UNUSED: triton-rejects.py:[[# @LINE + 4]]:5: error: The result of cube is not being used. These are extra words in the error message.
@triton.jit
def evil_cube_kernel():
    a = tl.full((64, 64), 0.0, tl.float32)
    cube(a)


# DNS: triton-rejects.py:[[# @LINE + 2]]:1: error: ValueError: N marked as constexpr and listed in do_not_specialize/do_not_specialize_on_alignment. Remove constexpr designation to skip specialization.
@triton.jit(do_not_specialize=["N"])
def constexpr_not_specialized(N: tl.constexpr):
    pass


# NOT: triton-rejects.py:[[# @LINE + 3]]:5: error: '__not__' is not in list
@triton.jit
def not_tuple():
    not (0, 0)
