// RUN: trex-opt %s -split-input-file --tritongpu-decompose-scaled-dot="move-scale-to-lhs=true" | FileCheck %s
// On ttgir (scaled dots with layouts, as accelerate-matmul meets them on NVIDIA) the
// decomposition is Triton 3.6's DecomposeScaledBlocked: each operand is upcast to the compute
// type (bf16 here) in its own layout, each e8m0 scale becomes 2^(s - 127) in bf16 (extui,
// shl 7, bitcast), is repeated 32 times along K through the default blocked layout of
// [rows, K/32, 1] (convert to its slice, expand_dims, broadcast, reshape), converted to the
// operand's layout and multiplied in; where the scale byte is 0xFF the product is NaN (the
// same broadcast of the compare); the operands become dot operands of the result's layout.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // e2m1 A (packed along K) with scales, e2m1 B without. A unpacks with sizePerThread
  // doubled along K; B, packed along dim 0, with sizePerThread doubled along it.
  // CHECK-DAG: #[[A2:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-DAG: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
  // CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
  // CHECK-LABEL: tt.func @e2m1
  // CHECK: %[[A:.*]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #{{.*}}> -> tensor<64x64xbf16, #[[A2]]>
  // CHECK: %[[W:.*]] = arith.extui %arg1 : tensor<64x2xi8, #{{.*}}> to tensor<64x2xi16, #{{.*}}>
  // CHECK: %[[P:.*]] = arith.shli %[[W]], %{{.*}} : tensor<64x2xi16
  // CHECK: %[[S:.*]] = tt.bitcast %[[P]] : tensor<64x2xi16, #{{.*}}> -> tensor<64x2xbf16
  // CHECK: %[[SL:.*]] = ttg.convert_layout %[[S]] : {{.*}} -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[E:.*]] = tt.expand_dims %[[SL]] {axis = 2 : i32} {{.*}} -> tensor<64x2x1xbf16, #[[B3]]>
  // CHECK: %[[R:.*]] = tt.broadcast %[[E]] : {{.*}} -> tensor<64x2x32xbf16, #[[B3]]>
  // CHECK: %[[M:.*]] = tt.reshape %[[R]] : tensor<64x2x32xbf16, #[[B3]]> -> tensor<64x64xbf16, #[[L:.*]]>
  // CHECK: %[[MC:.*]] = ttg.convert_layout %[[M]] : tensor<64x64xbf16, #[[L]]> -> tensor<64x64xbf16, #[[A2]]>
  // CHECK: %[[X:.*]] = arith.mulf %[[A]], %[[MC]] : tensor<64x64xbf16, #[[A2]]>
  // CHECK: %[[NAN:.*]] = arith.cmpi eq, %arg1, %{{.*}} : tensor<64x2xi8
  // CHECK: ttg.convert_layout %[[NAN]] : {{.*}} -> tensor<64x2xi1, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[MASK:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xi1, #{{.*}}> -> tensor<64x64xi1, #[[A2]]>
  // CHECK: %[[Y:.*]] = arith.select %[[MASK]], %{{.*}}, %[[X]] : tensor<64x64xi1, #[[A2]]>, tensor<64x64xbf16, #[[A2]]>
  // CHECK: %[[AOP:.*]] = ttg.convert_layout %[[Y]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[C:.*]]}>>
  // CHECK: %[[B:.*]] = ttg.fp4_to_fp %arg2 {axis = 0 : i32} : tensor<32x64xi8, #[[C]]> -> tensor<64x64xbf16, #[[B2]]>
  // CHECK: %[[BOP:.*]] = ttg.convert_layout %[[B]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[C]]}>>
  // CHECK: %[[D:.*]] = tt.dot %[[AOP]], %[[BOP]], %arg3 : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[C]]}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[C]]}>> -> tensor<64x64xf32, #[[C]]>
  // CHECK-NOT: tt.dot_scaled
  tt.func @e2m1(%a: tensor<64x32xi8, #blocked>, %sa: tensor<64x2xi8, #s>, %b: tensor<32x64xi8, #c>, %acc: tensor<64x64xf32, #c>) -> tensor<64x64xf32, #c> {
    %d = tt.dot_scaled %a scale %sa, %b, %acc lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xi8, #blocked>, tensor<64x2xi8, #s> * tensor<32x64xi8, #c> -> tensor<64x64xf32, #c>
    tt.return %d : tensor<64x64xf32, #c>
  }
}

// -----

#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Both fp8, both scaled, fast math (no NaN masking): tt.fp_to_fp upcasts in the operands'
  // layouts; B's [N, K/32] scales are transposed to [K/32, N] first, and its repeated scales
  // ([K/32, N, 32]) get the 32 moved next to K before the merge.
  // CHECK-LABEL: tt.func @fp8_fast
  // CHECK: tt.fp_to_fp %arg0 : tensor<64x64xf8E4M3FN, #[[C:.*]]> -> tensor<64x64xbf16, #[[C]]>
  // CHECK: tt.fp_to_fp %arg2 : tensor<64x64xf8E5M2, #[[C]]> -> tensor<64x64xbf16, #[[C]]>
  // CHECK: tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x2xi8, #{{.*}}> -> tensor<2x64xi8
  // CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<2x64x32xbf16, #{{.*}}> -> tensor<2x32x64xbf16
  // CHECK: tt.reshape %{{.*}} : tensor<2x32x64xbf16, #{{.*}}> -> tensor<64x64xbf16
  // CHECK-NOT: arith.select
  // CHECK: tt.dot
  tt.func @fp8_fast(%a: tensor<64x64xf8E4M3FN, #c>, %sa: tensor<64x2xi8, #s>, %b: tensor<64x64xf8E5M2, #c>, %sb: tensor<64x2xi8, #s>, %acc: tensor<64x64xf32, #c>) -> tensor<64x64xf32, #c> {
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %acc lhs = e4m3 rhs = e5m2 {fastMath = true} : tensor<64x64xf8E4M3FN, #c>, tensor<64x2xi8, #s> * tensor<64x64xf8E5M2, #c>, tensor<64x2xi8, #s> -> tensor<64x64xf32, #c>
    tt.return %d : tensor<64x64xf32, #c>
  }
}

// -----

#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Only the rhs scaled, with an fp16 lhs: the dot is transposed so that the scaled operand
  // is the lhs (trans(dot(Bᵀ, Aᵀ, Cᵀ))), the transposes taking their inferred layouts; the
  // compute type is f16, the scale made one through f32 (shl 23, bitcast, truncf).
  // CHECK-LABEL: tt.func @rhs_only
  // CHECK-DAG: %[[BT:.*]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<64x64xf8E5M2, #[[C:[^>]*]]> -> tensor<64x64xf8E5M2, #[[T:[^>]*]]>
  // CHECK-DAG: %[[AT:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x64xf16, #[[C]]> -> tensor<64x64xf16, #[[T]]>
  // CHECK-DAG: %[[CT:.*]] = tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x64xf32, #[[C]]> -> tensor<64x64xf32, #[[T]]>
  // CHECK: tt.fp_to_fp %[[BT]] : tensor<64x64xf8E5M2, #[[T]]> -> tensor<64x64xf16, #[[T]]>
  // CHECK: arith.extui %arg2 : tensor<64x2xi8, #{{.*}}> to tensor<64x2xi32
  // CHECK: arith.truncf %{{.*}} : tensor<64x2xf32, #{{.*}}> to tensor<64x2xf16
  // CHECK: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[CT]]
  // CHECK: tt.trans %[[D]] {order = array<i32: 1, 0>} : tensor<64x64xf32, #[[T]]> -> tensor<64x64xf32, #[[C]]>
  tt.func @rhs_only(%a: tensor<64x64xf16, #c>, %b: tensor<64x64xf8E5M2, #c>, %sb: tensor<64x2xi8, #s>, %acc: tensor<64x64xf32, #c>) -> tensor<64x64xf32, #c> {
    %d = tt.dot_scaled %a, %b scale %sb, %acc lhs = fp16 rhs = e5m2 {fastMath = false} : tensor<64x64xf16, #c> * tensor<64x64xf8E5M2, #c>, tensor<64x2xi8, #s> -> tensor<64x64xf32, #c>
    tt.return %d : tensor<64x64xf32, #c>
  }
}
