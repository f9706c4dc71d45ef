import triton
import triton.language as tl


@triton.jit
def gathered_rows_dot(out_ptr, x_ptr, y_ptr, rows_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    row_ptrs = rows_ptr + offsets
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for start in range(0, n, BLOCK):
        rows = tl.load(row_ptrs)
        x = tl.load(x_ptr + rows[:, None] * BLOCK + offsets[None, :])
        y = tl.load(y_ptr + rows[:, None] * BLOCK + offsets[None, :])
        acc = tl.dot(x.T, y, acc)
        row_ptrs += BLOCK
    tl.store(out_ptr + offsets[:, None] * BLOCK + offsets[None, :], acc)
