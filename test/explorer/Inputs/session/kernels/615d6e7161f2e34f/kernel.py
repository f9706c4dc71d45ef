# Captured by trex_triton: scale_kernel (*fp32:16, *fp16:16, i32, twice, tl.float16, 256)

import triton
import triton.language as tl

OFFSET = tl.constexpr(2.5)
SCALE = tl.constexpr(3)


@triton.jit
def twice(x):
    return x * 2


@triton.jit(noinline=True)
def clamp_count(n):
    return tl.minimum(n, 4096)


@triton.jit
def shifted(x):
    return x + OFFSET


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, DT: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < clamp_count(n)
    x = tl.load(x_ptr + offs, mask=mask)
    y = shifted(FN(x) * SCALE).to(DT)
    tl.store(out_ptr + offs, y, mask=mask)
