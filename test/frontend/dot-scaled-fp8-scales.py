# tl.dot_scaled with fp8 scales (nvfp4: e4m3, one per 16 elements) where the target decomposes
# the scaled dot (sm_90 here): the decomposition takes e8m0 byte scales only, and
# Triton 3.6 fails there too. A located error naming why, not invalid IR.
# RUN: not trex compile %s --kernel fp4_blocks --signature "*u8:16, *fp8e4nv:16, *u8:16, *fp8e4nv:16, *fp32:16, 64, 64, 128" --emit ttgir 2>&1 | FileCheck %s
# CHECK: dot-scaled-fp8-scales.py:[[# @LINE + 15]]:{{[0-9]+}}: error: tl.dot_scaled with fp8e4nv scales (nvfp4's e4m3 scales, one per 16 elements) needs native scaled MMA (NVIDIA sm_100 and newer)
# CHECK-NOT: invalid IR
import triton
import triton.language as tl


@triton.jit
def fp4_blocks(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr):
    m, n = tl.arange(0, M), tl.arange(0, N)
    packed, groups = tl.arange(0, K // 2), tl.arange(0, K // 16)
    a = tl.load(a_ptr + m[:, None] * (K // 2) + packed[None, :])
    b = tl.load(b_ptr + n[:, None] * (K // 2) + packed[None, :])
    a_scale = tl.load(a_scale_ptr + m[:, None] * (K // 16) + groups[None, :])
    b_scale = tl.load(b_scale_ptr + n[:, None] * (K // 16) + groups[None, :])
    out = tl.dot_scaled(a, a_scale, "e2m1", b.T, b_scale, "e2m1")
    tl.store(out_ptr + m[:, None] * N + n[None, :], out)
