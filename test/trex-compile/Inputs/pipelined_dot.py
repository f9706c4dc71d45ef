import triton
import triton.language as tl


@triton.jit
def pipelined_dot(x_ptr, y_ptr, out_ptr, K, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    x_tile = x_ptr + rows[:, None] * K + cols[None, :]
    y_tile = y_ptr + rows[:, None] * BLOCK + cols[None, :]
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for k in range(0, K, BLOCK):
        acc = tl.dot(tl.load(x_tile), tl.load(y_tile), acc)
        x_tile += BLOCK
        y_tile += BLOCK * BLOCK
    tl.store(out_ptr + rows[:, None] * BLOCK + cols[None, :], acc)
