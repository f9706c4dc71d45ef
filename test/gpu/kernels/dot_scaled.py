# tl.dot_scaled on the GPU, for gpu_check.py (test/gpu/dot_operands.json): operands arrive as
# fp16/fp32/u8 buffers (the formats gpu_check.py generates) and are narrowed in the kernel;
# scale bytes become 126..129 (2^-1..2^2), so no product overflows or vanishes and the only
# difference between two correct kernels is the order of the f32 sums.
import triton
import triton.language as tl


@triton.jit
def scaled_e4m3_e5m2(A, SA, B, SB, C):
    rows = tl.arange(0, 64)
    a = tl.load(A + rows[:, None] * 64 + rows[None, :]).to(tl.float8e4nv)
    b = tl.load(B + rows[:, None] * 64 + rows[None, :]).to(tl.float8e5)
    sa = (tl.load(SA + rows[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    sb = (tl.load(SB + rows[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    c = tl.dot_scaled(a, sa, "e4m3", b, sb, "e5m2")
    tl.store(C + rows[:, None] * 64 + rows[None, :], c)


@triton.jit
def scaled_e5m2_bf16(A, SA, B, C):
    rows = tl.arange(0, 64)
    a = tl.load(A + rows[:, None] * 64 + rows[None, :]).to(tl.float8e5)
    b = tl.load(B + rows[:, None] * 64 + rows[None, :]).to(tl.bfloat16)
    sa = (tl.load(SA + rows[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    c = tl.dot_scaled(a, sa, "e5m2", b, None, "bf16")
    tl.store(C + rows[:, None] * 64 + rows[None, :], c)


@triton.jit
def scaled_fp16_e5m2(A, B, SB, C):
    rows = tl.arange(0, 64)
    cols = tl.arange(0, 128)
    a = tl.load(A + rows[:, None] * 64 + rows[None, :])
    b = tl.load(B + rows[:, None] * 128 + cols[None, :]).to(tl.float8e5)
    sb = (tl.load(SB + cols[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    c = tl.dot_scaled(a, None, "fp16", b, sb, "e5m2")
    tl.store(C + rows[:, None] * 128 + cols[None, :], c)


@triton.jit
def scaled_e2m1(A, SA, B, SB, C):
    # Packed e2m1 pairs: every byte is two valid codes (e2m1 has no NaN or infinity).
    rows = tl.arange(0, 64)
    half = tl.arange(0, 32)
    a = tl.load(A + rows[:, None] * 32 + half[None, :])
    b = tl.load(B + half[:, None] * 64 + rows[None, :])
    sa = (tl.load(SA + rows[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    sb = (tl.load(SB + rows[:, None] * 2 + tl.arange(0, 2)[None, :]) % 4 + 126).to(tl.uint8)
    c = tl.dot_scaled(a, sa, "e2m1", b, sb, "e2m1")
    tl.store(C + rows[:, None] * 64 + rows[None, :], c)


@triton.jit
def scaled_fast_loop(A, SA, B, SB, C, K):
    # The coverage file's e5m2 x e2m1 fast-math loop: both loads that feed the dot are
    # pipelined (the e2m1 bytes through an unswizzled buffer read back for fp4_to_fp).
    rows = tl.arange(0, 128)
    acc = tl.zeros((128, 128), dtype=tl.float32)
    for k in range(0, K, 128):
        a = tl.load(A + rows[:, None] * K + k + rows[None, :]).to(tl.float8e5)
        sa = (tl.load(SA + rows[:, None] * (K // 32) + k // 32 + tl.arange(0, 4)[None, :]) % 4 + 126).to(tl.uint8)
        b = tl.load(B + (k // 2 + tl.arange(0, 64))[:, None] * 128 + rows[None, :])
        sb = (tl.load(SB + rows[:, None] * (K // 32) + k // 32 + tl.arange(0, 4)[None, :]) % 4 + 126).to(tl.uint8)
        acc = tl.dot_scaled(a, sa, "e5m2", b, sb, "e2m1", acc, fast_math=True)
    tl.store(C + rows[:, None] * 128 + rows[None, :], acc)


@triton.jit
def scaled_e2m1_fp16_loop(A, SA, B, C, K_BLOCKS):
    # Packed e2m1 A upcast in registers times fp16 B read from shared memory, over a K loop
    # pipelined 3 deep: on sm_90 the wgmma with A in registers is split along K into 8 dots of
    # K = 16 reading 16-row parts of B's buffer (Triton 3.6's splitRSDot).
    rows = tl.arange(0, 128)
    cols = tl.arange(0, 64)
    a_ptrs = A + rows[:, None] * (K_BLOCKS * 64) + tl.arange(0, 64)[None, :]
    s_ptrs = SA + rows[:, None] * (K_BLOCKS * 4) + tl.arange(0, 4)[None, :]
    b_ptrs = B + tl.arange(0, 128)[:, None] * 64 + cols[None, :]
    acc = tl.zeros((128, 64), dtype=tl.float32)
    for k in tl.range(0, K_BLOCKS, num_stages=3):
        a = tl.load(a_ptrs)
        s = (tl.load(s_ptrs) % 4 + 126).to(tl.uint8)
        b = tl.load(b_ptrs)
        acc = tl.dot_scaled(a, s, "e2m1", b, None, "fp16", acc)
        a_ptrs += 64
        s_ptrs += 4
        b_ptrs += 128 * 64
    tl.store(C + rows[:, None] * 64 + cols[None, :], acc)
