// RUN: trex-opt %s -split-input-file --tritonamdgpu-accelerate-matmul | FileCheck %s
// On CDNA3 a tt.dot_scaled with one scaled operand becomes an MFMA dot in the compute type
// (Triton 3.6's ScaledBlockedToMFMA): both operands go to MFMA dot operands (kWidth 4), fp8 is
// upcast there, the scaled operand is multiplied by its scales with amdg.upcast_mxfp (scales
// one row per lane: [32, 2] lanes, warps along the rows), and the warps split the scaled
// operand's rows (A: [4, 1]; B: [1, 4]) so that its K stays in one warp.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: #[[SCALES:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @lhs_scaled
  // CHECK: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
  // CHECK: %[[AU:.*]] = tt.fp_to_fp %[[A]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
  // CHECK: %[[S:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<64x2xi8, #[[SCALES]]>
  // CHECK: %[[AS:.*]] = amdg.upcast_mxfp %[[AU]], %[[S]] fp_type = e5m2 {fastMath = false} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>, tensor<64x2xi8, #[[SCALES]]> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %arg2 {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
  // CHECK: tt.dot %[[AS]], %[[B]], %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
  // CHECK-NOT: tt.dot_scaled
  tt.func @lhs_scaled(%a: tensor<64x64xf8E5M2, #blocked>, %sa: tensor<64x2xi8, #s>, %b: tensor<64x64xbf16, #blocked>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b, %acc lhs = e5m2 rhs = bf16 {fastMath = false} : tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #s> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// With an fp16 lhs the compute type is f16; the scaled e2m1 rhs is unpacked by upcast_mxfp
// (kWidth 4 -> 8, K doubled), the lhs taking kWidth 8.
// CHECK-DAG: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @rhs_e2m1
  // CHECK: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 8}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
  // CHECK: %[[BS:.*]] = amdg.upcast_mxfp %[[B]], %{{.*}} fp_type = e2m1 {fastMath = true} : tensor<32x64xi8, {{.*}}>, tensor<64x2xi8, {{.*}}> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 8}>>
  // CHECK: tt.dot %[[A]], %[[BS]]
  tt.func @rhs_e2m1(%a: tensor<64x64xf16, #blocked>, %b: tensor<32x64xi8, #blocked>, %sb: tensor<64x2xi8, #s>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a, %b scale %sb, %acc lhs = fp16 rhs = e2m1 {fastMath = true} : tensor<64x64xf16, #blocked> * tensor<32x64xi8, #blocked>, tensor<64x2xi8, #s> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// Both operands scaled (which Triton 3.6 does not compile on gfx942): the generic
// decomposition, then an ordinary MFMA dot in bf16.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @both_scaled
  // CHECK-NOT: amdg.upcast_mxfp
  // CHECK: arith.mulf
  // CHECK: arith.mulf
  // CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #{{.*}}>
  // CHECK-NOT: tt.dot_scaled
  tt.func @both_scaled(%a: tensor<64x64xf8E4M3FN, #blocked>, %sa: tensor<64x2xi8, #s>, %b: tensor<64x64xf8E4M3FN, #blocked>, %sb: tensor<64x2xi8, #s>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %acc lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<64x64xf8E4M3FN, #blocked>, tensor<64x2xi8, #s> * tensor<64x64xf8E4M3FN, #blocked>, tensor<64x2xi8, #s> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
