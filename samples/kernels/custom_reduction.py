# A reduction with a user-defined combine function: the element of largest magnitude in
# each row, keeping its sign and its column. tl.reduce applies `pick_larger` as a tree over
# (value, index) pairs; ties go to the smaller index, so the result does not depend on the
# order the hardware combines in.
import triton
import triton.language as tl


@triton.jit
def pick_larger(value_a, index_a, value_b, index_b):
    a_wins = (tl.abs(value_a) > tl.abs(value_b)) | ((tl.abs(value_a) == tl.abs(value_b)) & (index_a < index_b))
    return tl.where(a_wins, value_a, value_b), tl.where(a_wins, index_a, index_b)


@triton.jit
def max_magnitude_kernel(x_ptr, value_ptr, index_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    value, index = tl.reduce((x, cols), 0, pick_larger)
    tl.store(value_ptr + row, value)
    tl.store(index_ptr + row, index)
