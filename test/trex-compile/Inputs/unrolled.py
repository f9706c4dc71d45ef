import triton
import triton.language as tl


@triton.jit
def unrolled(X, N: tl.constexpr):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in tl.static_range(N):
        acc += i
    tl.store(X + tl.arange(0, 16), acc)


@triton.jit
def nested(X, N: tl.constexpr):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in tl.static_range(N):
        for j in tl.static_range(N):
            acc += i * j
    tl.store(X + tl.arange(0, 16), acc)
