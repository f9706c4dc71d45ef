# Coverage: tl.dot whose A operand is computed after its load (scaled, converted): on sm_90 the
# wgmma takes it from registers, as Triton's accelerate-matmul decides for any A operand that
# is not loaded; the conversion moves up to the load (the scaling is done in the operand
# layout) and goes through a swizzled buffer read like Ampere's operands; B, loaded, goes
# through shared memory in wgmma's layout.
# RUN: trex compile %s --kernel computed_a --signature "*fp16:16, *fp16:16, *fp32:16" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=SM90
# RUN: trex compile %s --kernel converted_a --signature "*fp32:16, *fp16:16, *fp32:16" --num-warps 8 --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=CONVERTED
import triton
import triton.language as tl


# SM90: #[[MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
# SM90: #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
# SM90-LABEL: tt.func public @computed_a(
# SM90: ttg.local_load %{{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
# SM90: arith.mulf %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
# SM90: ttng.warp_group_dot %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * !ttg.memdesc<64x64xf16
@triton.jit
def computed_a(A, B, C):
    rows = tl.arange(0, 64)
    a = tl.load(A + rows[:, None] * 64 + rows[None, :])
    b = tl.load(B + rows[:, None] * 64 + rows[None, :])
    c = tl.dot((a * 2.0).to(tl.float16), b)
    tl.store(C + rows[:, None] * 64 + rows[None, :], c)


# The f32 load is buffered as f32 (32-bit words with kWidth 2: a 4-phase swizzle) and narrowed
# to f16 in the operand layout, as Triton does.
# CONVERTED: #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
# CONVERTED-LABEL: tt.func public @converted_a(
# CONVERTED: ttg.local_alloc %{{.*}} : (tensor<128x64xf32, #{{.*}}>) -> !ttg.memdesc<128x64xf32
# CONVERTED: arith.truncf %{{.*}} : tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>> to tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>>
# CONVERTED: ttng.warp_group_dot %{{.*}} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>> * !ttg.memdesc<64x128xf16
@triton.jit
def converted_a(A, B, C):
    rows = tl.arange(0, 128)
    k = tl.arange(0, 64)
    a = tl.load(A + rows[:, None] * 64 + k[None, :]).to(tl.float16)
    b = tl.load(B + k[:, None] * 128 + rows[None, :])
    c = tl.dot(a, b)
    tl.store(C + rows[:, None] * 128 + rows[None, :], c)
