import triton
import triton.language as tl
from triton.language.extra import libdevice

CONST_0 = tl.constexpr(1)


@triton.jit
def jit_helper_0(x, y):
    z = x * 1.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_0)


@triton.jit
def kernel(X, Y, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    x = tl.load(X + offs, mask=offs < M, other=0.0)
    y = jit_helper_0(x, x)
    tl.store(Y + offs, y, mask=offs < M)
