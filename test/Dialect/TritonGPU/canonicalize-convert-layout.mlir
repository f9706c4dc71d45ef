// RUN: trex-opt %s -split-input-file --canonicalize | FileCheck %s
// ttg.convert_layout canonicalization: conversions that the producing op can
// absorb, and chains of conversions, fold away.

#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @chain
  tt.func @chain(%x: tensor<1024xf32, #a>) -> tensor<1024xf32, #c> {
    // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<1024xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
    // CHECK-NEXT: tt.return %[[C]]
    %0 = ttg.convert_layout %x : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    %1 = ttg.convert_layout %0 : tensor<1024xf32, #b> -> tensor<1024xf32, #c>
    tt.return %1 : tensor<1024xf32, #c>
  }

  // Splats, ranges and splat constants are produced in the new layout.
  // CHECK-LABEL: tt.func @free_producers
  tt.func @free_producers(%s: i32) -> (tensor<1024xi32, #b>, tensor<1024xi32, #b>, tensor<1024xi32, #b>) {
    // CHECK-DAG: arith.constant dense<7> : tensor<1024xi32, #[[B:.*]]>
    // CHECK-DAG: tt.splat %arg0 : i32 -> tensor<1024xi32, #[[B]]>
    // CHECK-DAG: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[B]]>
    // CHECK-NOT: ttg.convert_layout
    %0 = tt.splat %s : i32 -> tensor<1024xi32, #a>
    %1 = ttg.convert_layout %0 : tensor<1024xi32, #a> -> tensor<1024xi32, #b>
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
    %3 = ttg.convert_layout %2 : tensor<1024xi32, #a> -> tensor<1024xi32, #b>
    %4 = arith.constant dense<7> : tensor<1024xi32, #a>
    %5 = ttg.convert_layout %4 : tensor<1024xi32, #a> -> tensor<1024xi32, #b>
    tt.return %1, %3, %5 : tensor<1024xi32, #b>, tensor<1024xi32, #b>, tensor<1024xi32, #b>
  }

  // A conversion to the same layout is its operand.
  // CHECK-LABEL: tt.func @identity
  tt.func @identity(%x: tensor<1024xf32, #a>) -> tensor<1024xf32, #a> {
    // CHECK-NEXT: tt.return %arg0
    %0 = ttg.convert_layout %x : tensor<1024xf32, #a> -> tensor<1024xf32, #a>
    tt.return %0 : tensor<1024xf32, #a>
  }
}

// -----

// Shared memory can be read into any layout, and stored from any.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @shared_memory
  tt.func @shared_memory(%x: tensor<32x32xf32, #a>, %buf: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>) -> (tensor<32x32xf32, #b>, !ttg.memdesc<32x32xf32, #shared, #smem>) {
    // CHECK: ttg.local_alloc %arg0 : (tensor<32x32xf32, #[[A:.*]]>)
    // CHECK: ttg.local_store %arg0, %arg1 : tensor<32x32xf32, #[[A]]>
    // CHECK: %[[L:.*]] = ttg.local_load %arg1 : {{.*}} -> tensor<32x32xf32, #[[B:.*]]>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[L]]
    %0 = ttg.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %1 = ttg.local_alloc %0 : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    ttg.local_store %0, %buf : tensor<32x32xf32, #b> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %2 = ttg.local_load %buf : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #a>
    %3 = ttg.convert_layout %2 : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    tt.return %3, %1 : tensor<32x32xf32, #b>, !ttg.memdesc<32x32xf32, #shared, #smem>
  }
}
