// RUN: trex-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s
// A warp-group dot whose A operand comes from an earlier warp-group dot (attention's
// probabilities, 64x32 in a 16x32 #mma) reads it from registers: the shared-memory copy
// goes, and A becomes a dot operand of the earlier dot's layout, which leaves every thread
// its elements (no lane or warp moves).

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.func @chained_dots(%arg0: tensor<64x32xf16, #[[SRC:[a-z0-9]+]]>
  // CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf16, #[[SRC]]> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SRC]], kWidth = 2}>>
  // CHECK: ttng.warp_group_dot %[[P]], %arg1, %arg2 {{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SRC]], kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem>
  tt.func @chained_dots(%p: tensor<64x32xf16, #mma1>, %v: !ttg.memdesc<32x64xf16, #shared, #smem>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %p : (tensor<64x32xf16, #mma1>) -> !ttg.memdesc<64x32xf16, #shared2, #smem>
    %d = ttng.warp_group_dot %a, %v, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared2, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A from a load (a #blocked tile) stays in shared memory, and so does an f32 (tf32) A: wgmma
// takes 16-bit register operands only here.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#mma16 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma22 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @loaded_a
  // CHECK: ttg.local_alloc %arg0
  // CHECK: ttng.warp_group_dot %{{.*}} : !ttg.memdesc<64x64xf16
  tt.func @loaded_a(%x: tensor<64x64xf16, #blocked>, %v: !ttg.memdesc<64x64xf16, #shared, #smem>, %acc: tensor<64x64xf32, #mma16>) -> tensor<64x64xf32, #mma16> {
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %v, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma16>
    tt.return %d : tensor<64x64xf32, #mma16>
  }

  // CHECK-LABEL: tt.func @f32_a
  // CHECK: ttg.local_alloc %arg0
  // CHECK: ttng.warp_group_dot %{{.*}} : !ttg.memdesc<64x32xf32
  tt.func @f32_a(%p: tensor<64x32xf32, #mma>, %v: !ttg.memdesc<32x64xf32, #shared32, #smem>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %p : (tensor<64x32xf32, #mma>) -> !ttg.memdesc<64x32xf32, #shared32, #smem>
    %d = ttng.warp_group_dot %a, %v, %acc {inputPrecision = 1 : i32} : !ttg.memdesc<64x32xf32, #shared32, #smem> * !ttg.memdesc<32x64xf32, #shared32, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // The second dot splits its 64 rows over 2 warps and its columns over 2 (warpsPerCTA
  // [2, 2]): the earlier dot's registers do not hold the rows each warp multiplies, so A
  // stays in shared memory.
  // CHECK-LABEL: tt.func @other_warp_split
  // CHECK: ttg.local_alloc %arg0
  // CHECK: ttng.warp_group_dot %{{.*}} : !ttg.memdesc<64x32xf16
  tt.func @other_warp_split(%p: tensor<64x32xf16, #mma16>, %v: !ttg.memdesc<32x64xf16, #shared, #smem>, %acc: tensor<64x64xf32, #mma22>) -> tensor<64x64xf32, #mma22> {
    %a = ttg.local_alloc %p : (tensor<64x32xf16, #mma16>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %v, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma22>
    tt.return %d : tensor<64x64xf32, #mma22>
  }
}

// -----

// A warp-group dot's B copied to shared memory from a transpose in registers is copied as it
// stands ([N, K] row-major: a non-transposed 128B buffer) and read through a transposed view,
// as Triton's FuseTransMMAV3Plus does.
// CHECK-LABEL: tt.func @transposed_b
// CHECK-NOT: tt.trans
// CHECK: %[[COPY:.*]] = ttg.local_alloc %arg1 : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #[[PLAIN:shared[0-9]*]], #smem>
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_trans %[[COPY]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[PLAIN]], #smem> -> !ttg.memdesc<64x64xf16, #[[TRANSPOSED:shared[0-9]*]], #smem>
// CHECK: ttng.warp_group_dot %{{.*}}, %[[VIEW]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed_b(%a: tensor<64x64xf16, #blocked>, %bt: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a_smem = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = tt.trans %bt {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %b_smem = ttg.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %a_smem, %b_smem, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// The same with a column-major source (a transposed A of a scaled dot with a scaled rhs, as
// Triton's decomposition writes it): the copy's layout is still the dot's layout transposed
// back, not one chosen from the source's own order, so the view states how the bytes lie
// (trex once stored it transposed = true and read it as transposed = true: wrong results in
// Triton's test_scaled_dot with col_a and rhs_scale).
// CHECK: #[[PLAIN:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #[[TRANSPOSED:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @transposed_b_column_major_source
// CHECK: %[[COPY:.*]] = ttg.local_alloc %arg1 : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #[[PLAIN]], #smem>
// CHECK-NEXT: ttg.memdesc_trans %[[COPY]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[PLAIN]], #smem> -> !ttg.memdesc<64x64xf16, #[[TRANSPOSED]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed_b_column_major_source(%a: tensor<64x64xf16, #blocked>, %bt: tensor<64x64xf16, #blocked1>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a_smem = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = tt.trans %bt {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked2>
    %b_smem = ttg.local_alloc %b : (tensor<64x64xf16, #blocked2>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %a_smem, %b_smem, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
