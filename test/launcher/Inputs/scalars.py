# A kernel taking a scalar of each type the AOT launcher converts or widens, and enough shared
# memory (a 64 KiB staging buffer through tl.dot's operands) to need the opt-in above 48 KiB.
import triton
import triton.language as tl


@triton.jit
def scalars(out, flag, small, wide, half, brain, single, double, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    value = single + half.to(tl.float32) + brain.to(tl.float32) + double.to(tl.float32)
    value = value + small.to(tl.float32) + wide.to(tl.float32)
    value = tl.where(flag, value, -value)
    tl.store(out + offsets, tl.zeros([BLOCK], tl.float32) + value)


@triton.jit
def big_dot(A, B, C, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    a = tl.load(A + offsets[:, None] * BLOCK + offsets[None, :])
    b = tl.load(B + offsets[:, None] * BLOCK + offsets[None, :])
    tl.store(C + offsets[:, None] * BLOCK + offsets[None, :], tl.dot(a, b))
