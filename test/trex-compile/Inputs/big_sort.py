import triton
import triton.language as tl


@triton.jit
def sort_block(X, BLOCK: tl.constexpr):
    # One program sorts BLOCK elements: a bitonic network of log2(BLOCK)^2 / 2 steps over
    # BLOCK / threads elements in each thread.
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, tl.sort(tl.load(X + offs)))
