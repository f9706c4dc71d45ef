import triton
import triton.language as tl


@triton.jit
def checked_max(a, b):
    tl.device_assert(a == a, "NaN in the reduction")
    return tl.maximum(a, b)


@triton.jit(debug=True)
def debugged(X, Y, N):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    tl.device_assert(x >= 0, "negative input")
    tl.store(Y, tl.reduce(x + N, 0, checked_max))


@triton.jit
def undebugged(X, Y, N):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    tl.device_assert(x >= 0, "negative input")
    tl.store(Y, tl.reduce(x + N, 0, checked_max))


@triton.jit(debug=False)
def explicitly_undebugged(X, Y, N):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    tl.device_assert(x >= 0, "negative input")
    tl.store(Y, tl.reduce(x + N, 0, checked_max))
