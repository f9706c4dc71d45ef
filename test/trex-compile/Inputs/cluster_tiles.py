# A tile matmul with autotune configs that set num_ctas, for num-ctas.test.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"TILE_M": 128, "TILE_N": 64, "TILE_K": 32}, num_warps=4, num_ctas=2),
        triton.Config({"TILE_M": 64, "TILE_N": 64, "TILE_K": 32}, num_warps=4),
        triton.Config({"TILE_M": 64, "TILE_N": 64, "TILE_K": 32}, num_warps=4, num_ctas=3),
    ],
    key=["rows"],
)
@triton.jit
def tile_product(lhs, rhs, out, rows, cols, depth, TILE_M: tl.constexpr, TILE_N: tl.constexpr,
                 TILE_K: tl.constexpr):
    which = tl.program_id(0)
    blocks_m = tl.cdiv(rows, TILE_M)
    row0 = (which % blocks_m) * TILE_M
    col0 = (which // blocks_m) * TILE_N
    r = row0 + tl.arange(0, TILE_M)
    c = col0 + tl.arange(0, TILE_N)
    k = tl.arange(0, TILE_K)
    total = tl.zeros((TILE_M, TILE_N), dtype=tl.float32)
    for step in range(0, depth, TILE_K):
        a = tl.load(lhs + r[:, None] * depth + (step + k)[None, :])
        b = tl.load(rhs + (step + k)[:, None] * cols + c[None, :])
        total += tl.dot(a, b)
    tl.store(out + r[:, None] * cols + c[None, :], total.to(tl.float16))
