# Captured by trex_triton: pair_kernel

import triton
import triton.language as tl


@triton.jit
def pair_kernel(x_ptr, pair):
    tl.store(x_ptr, pair[0] + pair[1])
