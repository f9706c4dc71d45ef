# Coverage: a flash-attention forward (the sample's kernel): two dots per iteration, the
# second with its A operand (the probabilities) computed in registers, an online softmax
# between them. Three specialisations: the sample's 64x32 tile (head dim 64, 4 warps), the
# tutorial's 128x64 tile (8 warps) and bf16 with head dim 128. test/gpu/triton_layouts.py
# compares the layouts trex picks for them with real Triton's on each target.
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 64, 64" --num-warps 8 --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel attention_fwd --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 64, 128" --num-warps 8 --emit ttir | FileCheck %s
# What real Triton 3.6 does with the sample's tile (seen on the GPU machine with
# test/gpu/triton_layouts.py --save and test/gpu/triton_pass_dump.py): on sm_90 the second
# warp-group dot takes P in registers, as a dot operand of its own (the second dot's) layout,
# which accelerate-matmul gives any A operand that is not loaded; on gfx942 P goes from the transposed MFMA
# result through an unswizzled buffer in the result's thread order ([0, 1]). trex's layouts
# and ttg.shared equal Triton's in all nine cases; for this tile Triton's shared memory is
# 32768, 24576 and 12288 bytes on sm_90, sm_80 and gfx942.
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=SM90
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --target hip:gfx942 --emit ttgir | FileCheck %s --check-prefix=GFX942
# SM90: #[[PV:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
# SM90: ttng.warp_group_dot %{{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[PV]], kWidth = 2}>> * !ttg.memdesc<32x64xf16
# GFX942: #[[P:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --target cuda:90 --emit json | FileCheck %s --check-prefix=SHARED90
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --target cuda:80 --emit json | FileCheck %s --check-prefix=SHARED80
# RUN: trex compile %s --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, i32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 32, 64" --target hip:gfx942 --emit json | FileCheck %s --check-prefix=SHAREDGFX
# SHARED90: "shared": 32768,
# SHARED80: "shared": 24576,
# SHAREDGFX: "shared": 12288,
# With AMD's default num_stages (2), K and V get one buffer each, as in Triton's ttgir.
# GFX942: ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16
# GFX942: ttg.local_alloc : () -> !ttg.memdesc<1x32x64xf16
# GFX942: ttg.local_alloc %{{.*}} : (tensor<64x32xf16, #mma{{[0-9]*}}>) -> !ttg.memdesc<64x32xf16, #[[P]], #smem>
# The loop holds both dots, the exp2 of the scores and the row max and sum.
# CHECK: scf.for
# CHECK: tt.dot
# CHECK: "tt.reduce"
# CHECK: math.exp2
# CHECK: tt.dot
# CHECK: scf.yield
import triton
import triton.language as tl


@triton.jit
def attention_fwd(Q, K, V, Out, sm_scale, seq_len,
                  stride_qh, stride_qm, stride_kh, stride_kn, stride_vh, stride_vn, stride_oh, stride_om,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)

    q = tl.load(Q + head * stride_qh + offs_m[:, None] * stride_qm + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float('inf')
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504

    for start_n in range(0, seq_len, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(K + head * stride_kh + cols[None, :] * stride_kn + offs_d[:, None],
                    mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, k) * qk_scale
        qk = tl.where(cols[None, :] < seq_len, qk, -float('inf'))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(V + head * stride_vh + cols[:, None] * stride_vn + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new

    out = acc / l_i[:, None]
    tl.store(Out + head * stride_oh + offs_m[:, None] * stride_om + offs_d[None, :], out.to(Out.dtype.element_ty),
             mask=offs_m[:, None] < seq_len)
