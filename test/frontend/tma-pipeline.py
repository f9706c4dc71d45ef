# Software-pipelined TMA descriptor loads on sm_90, as Triton 3.6 pipelines tt.descriptor_load:
# the copies run num_stages - 1 iterations ahead into that many buffers (one more where a
# warp-group dot reads the tile in place), completing on one mbarrier per buffer; loads issued
# together share it (one barrier_expect for their bytes), a load issued after a reader of the
# previous one gets its own ring. The matmul's pipeline is checked in host-descriptors.py.
# test/gpu/tma_pipeline_check.py runs these kernels beside Triton on the GPU machine.
# NO-TRITON-LAYOUTS: host-descriptor kernels (tma_pipeline_check.py compares their ttgir with Triton's)
# RUN: trex compile %s --kernel attention_fwd_tma --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, tensordesc<fp16[128, 64]>, fp32, i32:16, 64, 128, 64" --target cuda:90 --num-stages 3 --emit ttgir | FileCheck %s --check-prefix=ATTN
# RUN: trex compile %s --kernel attention_fwd_tma --signature "tensordesc<fp16[128, 128]>, tensordesc<fp16[128, 128]>, tensordesc<fp16[128, 128]>, tensordesc<fp16[128, 128]>, fp32, i32:16, 128, 128, 128" --target cuda:90 --num-stages 3 --num-warps 8 --emit json | FileCheck %s --check-prefix=ATTN-META
# RUN: trex compile %s --kernel persistent_tma_matmul --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --target cuda:90 --num-stages 4 --emit ttgir | FileCheck %s --check-prefix=PERSISTENT
# RUN: trex compile %s --kernel persistent_tma_matmul --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --target cuda:90 --num-stages 4 --emit json | FileCheck %s --check-prefix=PERSISTENT-META
import triton
import triton.language as tl


# The tile loop and the K loop are fused (tl.range(flatten=True)) and pipelined across tiles
# as Triton 3.6 does (tma-pipeline-triton.test compares the whole ttgir): 4 buffers and barriers
# at num_stages 4, the prologue copies three steps, each at its own tile's offsets; the fused
# loop first starts the tile three steps ahead, then waits, multiplies and copies, and last
# stores a finished tile through one buffer made before the loop (waiting for the previous
# tile's store first).
# PERSISTENT-LABEL: tt.func public @persistent_tma_matmul(
# PERSISTENT: scf.if
# PERSISTENT: } else {
# PERSISTENT: ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
# PERSISTENT: ttg.local_alloc : () -> !ttg.memdesc<4x64x128xf16, #shared, #smem, mutable>
# PERSISTENT: ttg.local_alloc : () -> !ttg.memdesc<4x1xi64, #shared1, #smem, mutable>
# PERSISTENT-COUNT-3: ttng.barrier_expect %{{.*}}, 32768
# PERSISTENT: %[[C:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
# PERSISTENT-NEXT: scf.for
# PERSISTENT-NOT: scf.for
# PERSISTENT: scf.if
# PERSISTENT: ttng.wait_barrier
# PERSISTENT: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
# PERSISTENT: ttng.barrier_expect %{{.*}}, 32768
# PERSISTENT: scf.if
# PERSISTENT: ttng.async_tma_store_wait {pendings = 0 : i32}
# PERSISTENT-NEXT: ttg.local_store %{{.*}}, %[[C]]
# PERSISTENT: scf.yield
# PERSISTENT: ttng.async_tma_store_wait {pendings = 0 : i32}
# PERSISTENT-NEXT: ttg.local_dealloc %[[C]]
# PERSISTENT-COUNT-4: ttng.inval_barrier
# Triton 3.6's shared memory for this config: A and B 4 x 16 KiB each, C 32 KiB, 4 barriers.
# PERSISTENT-META: "shared": 163872
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


# Q, loaded once before the loop, is read by the first dot in its TMA buffer. K and V get a
# barrier ring each (V is loaded after the dot that reads K); V's wait stays where V was loaded,
# after the softmax. The second dot's result is read in the next iteration only after the first
# dot's wait {pendings = 0}, which therefore also completes it (the accumulator is threaded
# through that wait); the last one is waited for after the loop.
# ATTN-LABEL: tt.func public @attention_fwd_tma(
# ATTN: %[[Q:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
# ATTN: ttng.async_tma_copy_global_to_local %q_desc[%{{.*}}, %c0_i32] %[[Q]],
# ATTN: %[[K:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
# ATTN-NEXT: %[[V:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
# ATTN-NEXT: %[[KBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
# ATTN-COUNT-3: ttng.init_barrier
# ATTN-NEXT: %[[VBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
# ATTN-COUNT-3: ttng.init_barrier
# ATTN: ttng.barrier_expect %{{.*}}, 8192
# ATTN-NEXT: ttg.memdesc_index %[[K]][%c0_i32]
# ATTN-NEXT: ttng.async_tma_copy_global_to_local %k_desc
# ATTN-NEXT: ttng.barrier_expect %{{.*}}, 8192
# ATTN-NEXT: ttg.memdesc_index %[[V]][%c0_i32]
# ATTN-NEXT: ttng.async_tma_copy_global_to_local %v_desc
# ATTN: scf.for %{{.*}} = %c0_i32 to %seq_len step %c64_i32 iter_args(%{{.*}}, %{{.*}}, %[[ACC:[^ ]*]] = %{{.*}}, %{{.*}} = %c1_i32, %{{.*}} = %c-1_i32, %[[PHASE:.*]] = %c0_i32)
# ATTN: %[[PH:.*]] = arith.select %{{.*}}, %{{.*}}, %[[PHASE]]
# ATTN-NEXT: %[[KBAR:.*]] = ttg.memdesc_index %[[KBARS]][%[[READ:.*]]]
# ATTN-NEXT: ttng.wait_barrier %[[KBAR]], %[[PH]]
# ATTN-NEXT: %[[KT:.*]] = ttg.memdesc_index %[[K]][%[[READ]]]
# ATTN-NEXT: %[[KTT:.*]] = ttg.memdesc_trans %[[KT]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
# ATTN-NEXT: %[[QK:.*]] = ttng.warp_group_dot %[[Q]], %[[KTT]], %cst{{.*}} {inputPrecision = 0 : i32, isAsync = true}
# ATTN-NEXT: %[[QKW:.*]]:4 = ttng.warp_group_dot_wait %[[QK]], %[[Q]], %[[KTT]], %[[ACC]] {pendings = 0 : i32}
# ATTN: arith.mulf %[[QKW]]#3,
# ATTN-NEXT: %[[VBAR:.*]] = ttg.memdesc_index %[[VBARS]][%[[READ]]]
# ATTN-NEXT: ttng.wait_barrier %[[VBAR]], %[[PH]]
# ATTN-NEXT: %[[VT:.*]] = ttg.memdesc_index %[[V]][%[[READ]]]
# ATTN: ttng.warp_group_dot %{{.*}}, %[[VT]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
# ATTN-NOT: ttng.warp_group_dot_wait
# ATTN: ttng.barrier_expect %{{.*}}, 8192
# ATTN: ttng.async_tma_copy_global_to_local %k_desc
# ATTN: ttng.barrier_expect %{{.*}}, 8192
# ATTN: ttng.async_tma_copy_global_to_local %v_desc
# ATTN: scf.yield
# ATTN: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
# ATTN-COUNT-3: ttng.inval_barrier
# ATTN-NEXT: ttg.local_dealloc %[[VBARS]]
# ATTN-COUNT-3: ttng.inval_barrier
# ATTN-NEXT: ttg.local_dealloc %[[KBARS]]
# ATTN-NEXT: ttg.local_dealloc %[[V]]
# ATTN-NEXT: ttg.local_dealloc %[[K]]
# ATTN-NOT: ttg.local_load
# Triton 3.6's shared memory for this config: Q 32 KiB, K and V 3 x 32 KiB each, 7 barriers.
# ATTN-META: "shared": 229432
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
