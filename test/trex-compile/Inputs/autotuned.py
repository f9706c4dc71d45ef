import triton
import triton.language as tl

BLOCK_BIG = 256


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': 128}, num_warps=4),
        triton.Config({'BLOCK_SIZE': BLOCK_BIG}, num_warps=8, num_stages=4),
        triton.Config({'BLOCK_SIZE': 2 ** 10, 'UNROLL': 2}, num_warps=16, num_stages=2),
    ],
    key=['n_elements'],
)
@triton.heuristics({
    'HALF': lambda args: args['BLOCK_SIZE'] // 2,
    'EVEN': lambda args: args['n_elements'] % args['BLOCK_SIZE'] == 0,
})
@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr, HALF: tl.constexpr,
                 EVEN: tl.constexpr, UNROLL: tl.constexpr = 1):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, HALF * 2)
    if EVEN:
        x = tl.load(x_ptr + offsets)
        tl.store(out_ptr + offsets, x * UNROLL)
    else:
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x * UNROLL, mask=mask)
