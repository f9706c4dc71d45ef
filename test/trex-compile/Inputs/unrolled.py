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


@triton.jit
def range_hints(X, N, UNROLL: tl.constexpr, STAGES: tl.constexpr):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in tl.range(0, N, 1, num_stages=STAGES, loop_unroll_factor=UNROLL):
        acc += tl.load(X + i * 16 + tl.arange(0, 16))
    tl.store(X + tl.arange(0, 16), acc)


@triton.jit
def plain_loop(X, N):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in range(0, N):
        acc += tl.load(X + i * 16 + tl.arange(0, 16))
    tl.store(X + tl.arange(0, 16), acc)
