import triton
import triton.language as tl


@triton.jit
def widen(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs).to(Y.dtype.element_ty))


@triton.jit
def narrow(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs).to(tl.float8e4b15))


@triton.jit
def absolute(X, Y):
    offs = tl.arange(0, 256)
    tl.store(Y + offs, tl.abs(tl.load(X + offs)))


@triton.jit
def double(X, Y):
    offs = tl.arange(0, 256)
    x = tl.load(X + offs)
    tl.store(Y + offs, x + x)
