import triton
import triton.language as tl


@triton.jit
def fma_dot(A, B, C, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A matmul whose tl.dot stays on the FMA path (--mma fma, or IEEE fp32 inputs).
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    ks = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(A + rows[:, None] * K + k + ks[None, :])
        b = tl.load(B + (k + ks)[:, None] * BN + cols[None, :])
        acc += tl.dot(a, b, input_precision="ieee")
    tl.store(C + rows[:, None] * BN + cols[None, :], acc)
