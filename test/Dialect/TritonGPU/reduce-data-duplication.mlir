// RUN: trex-opt %s -split-input-file --tritongpu-reduce-data-duplication | FileCheck %s
// tritongpu-reduce-data-duplication turns conversions to dot operands that
// cross warps into a store to shared memory and a read in the operand
// layout.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[S:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @through_shared_memory
  tt.func @through_shared_memory(%b: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #[[S]], #smem>
    // CHECK: %[[L:.*]] = ttg.local_load %[[A]] : !ttg.memdesc<32x64xf32, #[[S]], #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[L]]
    %c = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    tt.return %c : tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
  }
}

// -----

// From the dot's own layout, without lanes or warps along K, each thread
// already holds its K elements: the conversion stays.
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @register_shortcut
  tt.func @register_shortcut(%a: tensor<128x16xf32, #acc>) -> tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> {
    // CHECK-NOT: ttg.local_alloc
    // CHECK: ttg.convert_layout %arg0
    %c = ttg.convert_layout %a : tensor<128x16xf32, #acc> -> tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    tt.return %c : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
  }
}

// -----

// Conversions to other layouts are none of this pass's business.
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @blocked_to_blocked
  tt.func @blocked_to_blocked(%x: tensor<1024xf32, #a>) -> tensor<1024xf32, #b> {
    // CHECK: ttg.convert_layout
    %c = ttg.convert_layout %x : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    tt.return %c : tensor<1024xf32, #b>
  }
}

// -----

// MFMA operands (gfx942): a K-contiguous A operand is stored with the
// ds_read swizzle (vec = kWidth 4; 64 f16 per 32 banks -> perPhase 1;
// maxPhase min(16, 64 / 4) = 16); an N-contiguous B operand is not swizzled.
// CHECK-DAG: #[[SA:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @mfma_operands
// CHECK: ttg.local_alloc %arg0 : {{.*}} -> !ttg.memdesc<128x64xf16, #[[SA]], #smem>
// CHECK: ttg.local_alloc %arg1 : {{.*}} -> !ttg.memdesc<64x128xf16, #[[SB]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mfma_operands(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>) -> (tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %a1, %b1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}

// -----

// A conversion that stays within each warp still goes through shared memory when registers
// and lanes trade more than one bit (Triton's warp-shuffle rule): here the packed e2m1 A of
// a wgmma, 16 consecutive bytes per thread becoming a Hopper A fragment, swizzled for bytes
// (rows of 32 bytes: 4 per 1024-bit line; vectors of 4).
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK: #[[S:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 2, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @within_warps_through_shared
  tt.func @within_warps_through_shared(%a: tensor<64x32xi8, #blocked>) -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<64x32xi8, #{{.*}}>) -> !ttg.memdesc<64x32xi8, #[[S]], #smem>
    // CHECK: ttg.local_load %[[A]]
    // CHECK-NOT: ttg.convert_layout
    %b = ttg.convert_layout %a : tensor<64x32xi8, #blocked> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %b : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// A 3-D operand is stored in its memory order, as Triton does: a blocked tensor whose
// registers repeat along the batch dimension before the rows (order = [2, 0, 1]) keeps
// that order in shared memory; the batch dimension is not moved last.
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [4, 1, 8], warpsPerCTA = [1, 1, 1], order = [2, 0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
// CHECK: #[[S3:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @batch_operand
  // CHECK: ttg.local_alloc %arg0 : (tensor<8x32x64xf16, #blocked>) -> !ttg.memdesc<8x32x64xf16, #[[S3]], #smem>
  tt.func @batch_operand(%a: tensor<8x32x64xf16, #blocked>) -> tensor<8x32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c = ttg.convert_layout %a : tensor<8x32x64xf16, #blocked> -> tensor<8x32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %c : tensor<8x32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
