import triton
import triton.language as tl


@triton.jit
def transcendental(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.sin(x) + tl.erf(x)
    tl.store(y_ptr + offsets, y, mask=mask)
