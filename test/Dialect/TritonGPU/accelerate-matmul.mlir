// RUN: trex-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritongpu-accelerate-matmul="max-mma-version=2 mma-v2-types=f16,bf16" | FileCheck %s --check-prefix=TREX
// RUN: trex-opt %s -split-input-file --tritongpu-accelerate-matmul="max-mma-version=2 mma-v2-types=f16,bf16" 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// tritongpu-accelerate-matmul gives dots NVIDIA tensor-core layouts chosen as
// Triton 3.6 chooses them: mma.sync (v2) on sm_80, wgmma (v3) on sm_90.
// The TREX and WARN prefixes check the options trex compile uses: no wgmma,
// and mma.sync only for the types named (others on FMA, with a warning).

// sm_80, 4 warps, 128x128 f16: warps balance the 16x8 repetitions (8 x 16
// -> [2, 2]); operands pack 32 bits of K (kWidth 2).
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sm80_f16
// TREX-LABEL: tt.func @sm80_f16
// TREX: tt.dot {{.*}} -> tensor<128x128xf32, #mma>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #{{.*}}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_f16(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x128xf32, #blocked1>) -> tensor<128x128xf32, #blocked1> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x128xf32, #blocked1>
    tt.return %d : tensor<128x128xf32, #blocked1>
  }
}

// -----

// sm_80, 8 warps, 128x256: repetitions 8 x 32 -> warps [2, 4].
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sm80_wide
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_wide(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// An operand upcast from fp8 keeps the 8-bit packing (kWidth 4); fp8 has no
// mma.sync before sm_89, so the fp8 operands are widened to f16 after the
// layout is chosen.
// CHECK-LABEL: tt.func @sm80_fp8
// CHECK-DAG: ttg.convert_layout %arg0 : {{.*}} -> tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:.*]], kWidth = 4}>>
// CHECK-DAG: ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.fp_to_fp %{{.*}} : tensor<64x32xf8E4M3FN, {{.*}}> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.fp_to_fp %{{.*}} : tensor<32x64xf8E4M3FN, {{.*}}> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} : tensor<64x32xf16, {{.*}}> * tensor<32x64xf16, {{.*}}> -> tensor<64x64xf32, #[[MMA]]>
// Kept on FMA for want of an fp8 mma.sync lowering, the dot multiplies its fp8
// operands as they are (the FMA lowering widens them).
// TREX-LABEL: tt.func @sm80_fp8
// TREX-NOT: nvidia_mma
// TREX-NOT: tt.fp_to_fp
// TREX: tt.dot %arg0, %arg1, %arg2 {{.*}} -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_fp8(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // WARN: accelerate-matmul.mlir:[[@LINE+1]]:10: warning: tl.dot with f8E4M3FN x f8E4M3FN -> f32 has no tensor-core path on sm_80 yet; using FMA
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f32 operands without tf32 stay on the FMA path.
// CHECK-LABEL: tt.func @sm80_ieee_f32
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot %arg0, %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_ieee_f32(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// sm_90, 8 warps, 128x256 f16: wgmma with N = 256, warps [8, 1]; both
// operands are copied to shared memory (128-byte swizzle) from the tensors
// the conversions read.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @sm90_f16
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[SHARED]], #smem>
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<64x256xf16, #{{.*}}>) -> !ttg.memdesc<64x256xf16, #[[SHARED]], #smem>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 {{.*}} -> tensor<128x256xf32, #[[MMA]]>
// CHECK: ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #[[SHARED]], #smem> * !ttg.memdesc<64x256xf16, #[[SHARED]], #smem> -> tensor<128x256xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm90_f16(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x256xf16, #blocked1>, %c: tensor<128x256xf32, #blocked2>) -> tensor<128x256xf32, #blocked2> {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xf16, #blocked1> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x256xf32, #blocked2>
    tt.return %d : tensor<128x256xf32, #blocked2>
  }
}

// -----

// sm_90, 4 warps, 128x128: N = 128, warps [4, 1].
// CHECK: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-LABEL: tt.func @sm90_square
// CHECK: ttng.warp_group_dot
// TREX: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// TREX-LABEL: tt.func @sm90_square
// TREX-NOT: ttng.warp_group_dot
// TREX: tt.dot {{.*}} -> tensor<128x128xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm90_square(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked1>) -> tensor<128x128xf32, #blocked1> {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x128xf32, #blocked1>
    tt.return %d : tensor<128x128xf32, #blocked1>
  }
}

// -----

// sm_90 with a 32-row tile: wgmma needs multiples of 64 rows, so the dot
// falls back to mma.sync with a remark.
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sm90_small_tile
// CHECK-NOT: ttng.warp_group_dot
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm90_small_tile(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// AMD targets are left to tritonamdgpu-accelerate-matmul.
// CHECK-LABEL: tt.func @hip_untouched
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot %arg0, %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @hip_untouched(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f32 operands in tf32 precision: mma.sync with one element per 32 bits
// (kWidth 1); trex keeps them on FMA where tf32 is not among mma-v2-types.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2
// CHECK-LABEL: tt.func @sm80_tf32
// CHECK: tt.dot {{.*}} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// TREX-LABEL: tt.func @sm80_tf32
// TREX-NOT: nvidia_mma
// TREX: tt.dot %arg0, %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_tf32(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // WARN-NOT: warning
    // WARN: accelerate-matmul.mlir:[[@LINE+1]]:10: warning: tl.dot with f32 x f32 -> f32 (tf32) has no tensor-core path on sm_80 yet; using FMA
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// sm_90: an A operand computed in registers (here scaled after its load) stays there, as a dot
// operand of the new wgmma layout (kWidth 2 for 16 bits), as Triton's accelerate-matmul
// decides; a loaded one (B, and A in the cases above) is copied to shared memory.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-LABEL: tt.func @sm90_computed_a
// CHECK: %[[SCALED:.*]] = arith.mulf
// CHECK: %[[B:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[A]], %[[B]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm90_computed_a(%pa: tensor<64x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x64x!tt.ptr<f16>, #blocked>, %c: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked1> {
    %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
    %two = arith.constant dense<2.0> : tensor<64x64xf16, #blocked>
    %scaled = arith.mulf %a, %two : tensor<64x64xf16, #blocked>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
    %a1 = ttg.convert_layout %scaled : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<64x64xf32, #blocked1>
    tt.return %d : tensor<64x64xf32, #blocked1>
  }
}
