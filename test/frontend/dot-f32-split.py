# f32 dots at bf16x3 precision on sm_90, as Triton 3.6 compiles them (tritongpu-F32DotTC splits
# each operand into bf16 hi and mid parts and runs three bf16 dots). On mma.sync (16 rows) each
# operand goes through shared memory once and is split in its operand layout (the conversions
# hoisted to the load); on wgmma (64 rows) A does the same while B is split in the loaded
# layout and each bf16 part is written to shared memory once (hi feeds two dots).
# RUN: trex compile %s --kernel split_dot --signature "*fp32:16, *fp32:16, *fp32:16, 16" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=MMA2
# RUN: trex compile %s --kernel split_dot --signature "*fp32:16, *fp32:16, *fp32:16, 64" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=MMA3
# MMA2: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
# MMA2: %[[A:.*]] = tt.load
# MMA2-NEXT: %[[ABUF:.*]] = ttg.local_alloc %[[A]] : (tensor<16x16xf32, #blocked>)
# MMA2-NEXT: %[[AOP:.*]] = ttg.local_load %[[ABUF]] {{.*}} -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
# MMA2: %[[B:.*]] = tt.load
# MMA2-NEXT: %[[BBUF:.*]] = ttg.local_alloc %[[B]] : (tensor<16x16xf32, #blocked>)
# MMA2-NEXT: %[[BOP:.*]] = ttg.local_load %[[BBUF]] {{.*}} -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
# MMA2-NOT: ttg.local_
# MMA2: arith.truncf %[[AOP]] : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0
# MMA2: arith.truncf %[[BOP]] : tensor<16x16xf32, #ttg.dot_op<{opIdx = 1
# MMA2-COUNT-2: tt.dot {{.*}} : tensor<16x16xbf16
# MMA2: arith.cmpf uno
# MMA2: tt.dot {{.*}} : tensor<16x16xbf16
# MMA2-NOT: ttg.local_
# MMA3: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
# MMA3: #[[NVMMA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
# MMA3: %[[A:.*]] = tt.load
# MMA3-NEXT: %[[ABUF:.*]] = ttg.local_alloc %[[A]] : (tensor<64x64xf32, #blocked>)
# MMA3-NEXT: ttg.local_load %[[ABUF]] {{.*}} -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
# MMA3: %[[B:.*]] = tt.load
# MMA3: %[[BHI:.*]] = arith.truncf %[[B]] : tensor<64x64xf32, #blocked> to tensor<64x64xbf16, #blocked>
# MMA3-NEXT: %[[BHIBUF:.*]] = ttg.local_alloc %[[BHI]] : (tensor<64x64xbf16, #blocked>) -> !ttg.memdesc<64x64xbf16, #[[NVMMA]], #smem>
# MMA3: %[[BMID:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32, #blocked> to tensor<64x64xbf16, #blocked>
# MMA3-NEXT: %[[BMIDBUF:.*]] = ttg.local_alloc %[[BMID]]
# MMA3-NOT: ttg.local_alloc
# MMA3: ttng.warp_group_dot %{{.*}}, %[[BHIBUF]], %cst
# MMA3: ttng.warp_group_dot %{{.*}}, %[[BMIDBUF]],
# MMA3: ttng.warp_group_dot %{{.*}}, %[[BHIBUF]],
import triton
import triton.language as tl


@triton.jit
def split_dot(A, B, C, N: tl.constexpr):
    offs = tl.arange(0, N)[:, None] * N + tl.arange(0, N)[None, :]
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    tl.store(C + offs, tl.dot(a, b, input_precision="bf16x3"))
