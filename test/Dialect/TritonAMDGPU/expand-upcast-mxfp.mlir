// RUN: trex-opt %s -split-input-file --tritonamdgpu-expand-upcast-mxfp | FileCheck %s
// Before the lowering to LLVM, amdg.upcast_mxfp becomes the generic scaled-dot ops in the
// operand's MFMA layout: the e8m0 scales as 2^(s - 127) in bf16 (extui, shl 7, bitcast),
// repeated 32 times along K through the default blocked layout of [rows, K/32, 1], converted
// to the operand layout and multiplied in, NaN where a scale is 0xFF unless fastMath. A
// packed e2m1 operand is unpacked first (ttg.fp4_to_fp: kWidth 4 -> 8).

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @fp8
  // CHECK-NOT: amdg.upcast_mxfp
  // CHECK: %[[W:.*]] = arith.extui %arg1 : tensor<64x2xi8, #{{.*}}> to tensor<64x2xi16
  // CHECK: %[[P:.*]] = arith.shli %[[W]]
  // CHECK: tt.bitcast %[[P]] : {{.*}} -> tensor<64x2xbf16
  // CHECK: tt.reshape {{.*}} : tensor<64x2x32xbf16, #{{.*}}> -> tensor<64x64xbf16
  // CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>>
  // CHECK: %[[X:.*]] = arith.mulf %arg0, %[[S]]
  // CHECK: arith.cmpi eq, %arg1
  // CHECK: %[[Y:.*]] = arith.select %{{.*}}, %{{.*}}, %[[X]]
  // CHECK: tt.return %[[Y]]
  tt.func @fp8(%a: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %sa: tensor<64x2xi8, #s>) -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %r = amdg.upcast_mxfp %a, %sa fp_type = e5m2 {fastMath = false} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x2xi8, #s> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %r : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // A scaled e2m1 B: unpacked along K (dim 0), its [N, K/32] scales transposed first; fast
  // math: no NaN select.
  // CHECK-LABEL: tt.func @e2m1_rhs
  // CHECK: %[[B:.*]] = ttg.fp4_to_fp %arg0 {axis = 0 : i32} : tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 4}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 8}>>
  // CHECK: tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<64x2xi8
  // CHECK: arith.truncf
  // CHECK: %[[X:.*]] = arith.mulf %[[B]]
  // CHECK-NOT: arith.select
  // CHECK: tt.return %[[X]]
  tt.func @e2m1_rhs(%b: tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %sb: tensor<64x2xi8, #s>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> {
    %r = amdg.upcast_mxfp %b, %sb fp_type = e2m1 {fastMath = true} : tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, tensor<64x2xi8, #s> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    tt.return %r : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
  }
}
