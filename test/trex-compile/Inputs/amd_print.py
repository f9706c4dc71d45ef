import triton
import triton.language as tl


@triton.jit
def print_values(X, N):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs, mask=offs < N)
    tl.device_print("x", x)
    y = tl.math.exp(x)
    tl.store(X + offs, y, mask=offs < N)
