// RUN: trex-opt %s -split-input-file --tritonamdgpu-accelerate-matmul | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritonamdgpu-accelerate-matmul="kpack=2" | FileCheck %s --check-prefix=KPACK
// tritonamdgpu-accelerate-matmul gives dots the MFMA layouts Triton 3.6
// chooses on CDNA.

// gfx942, 8 warps, 128x256x64 f16: mfma 32x32x8 (kBase 4), warps [2, 4]
// (M doubles once N has no more than twice its tiles), transposed result.
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @gfx942_f16
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 {{.*}} -> tensor<128x256xf32, #[[MMA]]>
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : {{.*}} -> tensor<128x256xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x256xf32, #[[MMA]]> -> tensor<128x256xf32, #{{.*}}>
// KPACK-LABEL: tt.func @gfx942_f16
// KPACK: #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 8}>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx942_f16(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// 4 warps, 128x128: warps [2, 2].
// CHECK: #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @gfx942_square
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx942_square(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// A 16-row tile takes the 16x16x16 instruction; an f16 accumulator is
// widened to f32 around the dot and narrowed after it.
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @gfx942_small_f16_acc
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 {{.*}} -> tensor<16x64xf16, #[[MMA]]>
// CHECK: %[[C32:.*]] = arith.extf %[[C]] : tensor<16x64xf16, #[[MMA]]> to tensor<16x64xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[C32]] : {{.*}} -> tensor<16x64xf32, #[[MMA]]>
// CHECK: %[[D1:.*]] = ttg.convert_layout %[[D]] : tensor<16x64xf32, #[[MMA]]> -> tensor<16x64xf32, #{{.*}}>
// CHECK: arith.truncf %[[D1]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx942_small_f16_acc(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x64xf16, #blocked>) -> tensor<16x64xf16, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x64xf16, #blocked>
    tt.return %d : tensor<16x64xf16, #blocked>
  }
}

// -----

// K = 4 is not a multiple of the instruction's K (8): FMA is cheaper.
// CHECK-LABEL: tt.func @gfx942_short_k
// CHECK-NOT: amd_mfma
// CHECK: tt.dot %arg0, %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx942_short_k(%a: tensor<64x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// gfx942 fp8 (fnuz) has native instructions (32x32x16, kBase 8); plain fp8
// dots keep the untransposed result.
// CHECK: #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = false}>
// CHECK-LABEL: tt.func @gfx942_fp8
// CHECK: kWidth = 8
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx942_fp8(%a: tensor<64x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// RDNA (WMMA) and NVIDIA targets are left alone.
// CHECK-LABEL: tt.func @rdna_untouched
// CHECK-NOT: amd_mfma
// CHECK: tt.dot %arg0, %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rdna_untouched(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f32 at bf16x3 precision: the operands go to the bf16 instruction's operand layouts as f32
// and are split there (hi = bf16(x), lo = bf16(x - hi)); lo x hi and hi x lo are summed first,
// their NaNs (from infinite inputs) dropped, then hi x hi and the accumulator added. bf16x6
// splits into three parts and takes six products.
// CHECK: #[[BF:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @bf16x3
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[BF]], kWidth = 4}>>
// CHECK: %[[AHI:.*]] = arith.truncf %[[A]] : {{.*}} to tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[BF]], kWidth = 4}>>
// CHECK: %[[AHI32:.*]] = arith.extf %[[AHI]]
// CHECK: %[[AREST:.*]] = arith.subf %[[A]], %[[AHI32]]
// CHECK: %[[ALO:.*]] = arith.truncf %[[AREST]]
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #[[BF]], kWidth = 4}>>
// CHECK: %[[BHI:.*]] = arith.truncf %[[B]]
// CHECK: %[[BLO:.*]] = arith.truncf
// CHECK: %[[P1:.*]] = tt.dot %[[ALO]], %[[BHI]], %{{.*}} : tensor<16x16xbf16
// CHECK: %[[P2:.*]] = tt.dot %[[AHI]], %[[BLO]], %[[P1]] : tensor<16x16xbf16
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[P2]], %[[P2]]
// CHECK: %[[CLEAN:.*]] = arith.select %[[NAN]], %{{.*}}, %[[P2]]
// CHECK: %[[P3:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[CLEAN]] : tensor<16x16xbf16
// CHECK: arith.addf %[[P3]], %{{.*}} : tensor<16x16xf32, #[[BF]]>
// CHECK-LABEL: tt.func @bf16x6
// CHECK-COUNT-6: tt.dot %{{.*}} : tensor<16x16xbf16
// CHECK-NOT: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @bf16x3(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
  tt.func @bf16x6(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}
