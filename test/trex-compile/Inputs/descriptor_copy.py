import triton
import triton.language as tl


@triton.jit
def descriptor_copy(src, dst, ROWS: tl.constexpr, COLS: tl.constexpr):
    source = tl.make_tensor_descriptor(src, shape=[ROWS, COLS], strides=[COLS, 1],
                                       block_shape=[ROWS, COLS])
    target = tl.make_tensor_descriptor(dst, shape=[ROWS * COLS], strides=[1],
                                       block_shape=[ROWS * COLS])
    tile = source.load([0, 0])
    target.store([0], tile.reshape([ROWS * COLS]))
