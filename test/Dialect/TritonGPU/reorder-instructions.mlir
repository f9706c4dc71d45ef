// RUN: trex-opt %s -split-input-file -allow-unregistered-dialect --tritongpu-reorder-instructions | FileCheck %s
// tritongpu-reorder-instructions moves register-hungry reads into the loops
// that use them, allocations next to their values and conversions below
// deallocations.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A conversion to a dot operand used only inside a loop moves into it.
  // CHECK-LABEL: tt.func @sink_into_loop
  tt.func @sink_into_loop(%b: tensor<32x64xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: scf.for
    // CHECK-NEXT: ttg.convert_layout %arg0
    // CHECK-NEXT: "test.use"
    %c = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    scf.for %i = %c0 to %n step %c1 : i32 {
      "test.use"(%c) : (tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> ()
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A local_alloc of a value follows the value's definition; a trans its operand's.
  // CHECK-LABEL: tt.func @allocations_and_transposes
  tt.func @allocations_and_transposes(%x: tensor<32x64xf32, #blocked>) {
    // CHECK: %[[E:.*]] = math.exp %arg0
    // CHECK-NEXT: tt.trans %[[E]]
    // CHECK-NEXT: ttg.local_alloc %[[E]]
    // CHECK-NEXT: "test.other"
    %e = math.exp %x : tensor<32x64xf32, #blocked>
    "test.other"() : () -> ()
    %a = ttg.local_alloc %e : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared, #smem>
    %t = tt.trans %e {order = array<i32: 1, 0>} : tensor<32x64xf32, #blocked> -> tensor<64x32xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A conversion sinks below the deallocation before its first use.
  // CHECK-LABEL: tt.func @sink_below_dealloc
  tt.func @sink_below_dealloc(%x: tensor<1024xf32, #blocked>, %buf: !ttg.memdesc<1024xf32, #shared, #smem, mutable>) {
    // CHECK: ttg.local_dealloc
    // CHECK-NEXT: ttg.convert_layout
    // CHECK-NEXT: "test.use"
    %c = ttg.convert_layout %x : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<1024xf32, #shared, #smem, mutable>
    "test.use"(%c) : (tensor<1024xf32, #blocked1>) -> ()
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A transposed view of shared memory follows the allocation it views, which
  // follows its value: the view does not stay where the dot operand was made.
  // CHECK-LABEL: tt.func @memdesc_trans_follows_alloc
  tt.func @memdesc_trans_follows_alloc(%x: tensor<32x64xf32, #blocked>, %buf: !ttg.memdesc<32x64xf32, #shared, #smem>) {
    // CHECK: %[[E:.*]] = math.exp %arg0
    // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %[[E]]
    // CHECK-NEXT: ttg.memdesc_trans %[[A]]
    // CHECK-NEXT: "test.other"
    // CHECK-NEXT: "test.more"
    // CHECK-NEXT: ttg.memdesc_trans %arg1
    // CHECK-NEXT: "test.use"
    %e = math.exp %x : tensor<32x64xf32, #blocked>
    "test.other"() : () -> ()
    %a = ttg.local_alloc %e : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared, #smem>
    "test.more"() : () -> ()
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf32, #shared, #smem> -> !ttg.memdesc<64x32xf32, #shared1, #smem>
    %u = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf32, #shared, #smem> -> !ttg.memdesc<64x32xf32, #shared1, #smem>
    "test.use"(%t, %u) : (!ttg.memdesc<64x32xf32, #shared1, #smem>, !ttg.memdesc<64x32xf32, #shared1, #smem>) -> ()
    tt.return
  }
}
