import triton
import triton.language as tl


@triton.jit
def polynomial(a0, a1):
    r0 = a0 * 3 + 1
    r1 = a1 * 3 + 1
    r0 = r0 * r0 + 2
    r1 = r1 * r1 + 2
    r0 = r0 * r0 + 3
    r1 = r1 * r1 + 3
    r0 = r0 * r0 + 4
    r1 = r1 * r1 + 4
    r0 = r0 * r0 + 5
    r1 = r1 * r1 + 5
    return r0, r1


@triton.jit
def packed(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    result = tl.map_elementwise(polynomial, tl.load(X + offs), pack=2)
    tl.store(Y + offs, result[0])
