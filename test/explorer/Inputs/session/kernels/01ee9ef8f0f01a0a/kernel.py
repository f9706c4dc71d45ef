# Captured by trex_triton: rejected_by_triton_kernel (*fp32:16)

import triton
import triton.language as tl


@triton.jit
def rejected_by_triton_kernel(x_ptr):
    tl.store(x_ptr, 1.0)
