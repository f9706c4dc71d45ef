# Software-pipelined TMA descriptor loads on sm_90 (Triton 3.6's pipeliner for tt.descriptor_load):
# each load of the loop gets num_stages buffers (one more where a warp-group dot reads it from
# shared memory), one mbarrier per buffer (loads issued together and read by the same op share
# it), barrier_expect + the TMA copies num_stages - 1 iterations ahead, and a wait on the
# barrier with the phase before the buffer is read. The warp-group dots read the buffers.
# test/gpu/tma_pipeline_check.py runs these kernels beside Triton on the GPU machine.
# NO-TRITON-LAYOUTS: host-descriptor kernels (Triton's ttgir for them is compared by test/gpu/tma_pipeline_check.py)
import triton
import triton.language as tl


@triton.jit
def persistent_tma_matmul(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr):
    first = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    steps_k = tl.cdiv(K, BLOCK_K)
    tiles = tiles_m * tiles_n
    per_group = GROUP_M * tiles_n
    for tile in tl.range(first, tiles, NUM_SMS, flatten=True):
        group = tile // per_group
        group_first_m = group * GROUP_M
        group_rows = min(tiles_m - group_first_m, GROUP_M)
        tile_m = group_first_m + (tile % group_rows)
        tile_n = (tile % per_group) // group_rows
        off_m = tile_m * BLOCK_M
        off_n = tile_n * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for step in range(steps_k):
            off_k = step * BLOCK_K
            a = a_desc.load([off_m, off_k])
            b = b_desc.load([off_k, off_n])
            acc = tl.dot(a, b, acc)
        c_desc.store([off_m, off_n], acc.to(tl.float16))


@triton.jit
def attention_fwd_tma(q_desc, k_desc, v_desc, o_desc, scale, seq_len, HEAD_DIM: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    row0 = head * seq_len
    q = q_desc.load([row0 + start_m * BLOCK_M, 0])
    m_i = tl.full((BLOCK_M, ), float("-inf"), tl.float32)
    l_i = tl.full((BLOCK_M, ), 1.0, tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    qk_scale = scale * 1.44269504
    for start_n in range(0, seq_len, BLOCK_N):
        k = k_desc.load([row0 + start_n, 0])
        qk = tl.dot(q, k.T)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = v_desc.load([row0 + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    o_desc.store([row0 + start_m * BLOCK_M, 0], acc.to(tl.float16))
