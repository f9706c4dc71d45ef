# Captured by trex_triton: copy_rows (*fp32:16, *fp32:16, i32:16)

import triton
import triton.language as tl

WIDTH = tl.constexpr(64)


@triton.jit
def copy_rows(src_ptr, dst_ptr, stride):
    row = tl.program_id(0)
    cols = tl.arange(0, WIDTH)
    tl.store(dst_ptr + row * stride + cols, tl.load(src_ptr + row * stride + cols))
