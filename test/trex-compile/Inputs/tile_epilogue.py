import triton
import triton.language as tl


@triton.jit
def tile_epilogue(x_ptr, y_ptr, out_ptr, steps, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for step in range(0, steps):
        x = tl.load(x_ptr + step * BLOCK + rows[:, None] * BLOCK + cols[None, :])
        y = tl.load(y_ptr + rows[:, None] * BLOCK + cols[None, :])
        acc = tl.dot(x, y, acc)
        if step % 4 == 3:
            tile = step // 4
            tl.store(out_ptr + tile * BLOCK * BLOCK + rows[:, None] * BLOCK + cols[None, :], acc.to(tl.float16))
            acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
