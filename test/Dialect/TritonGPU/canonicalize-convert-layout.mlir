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

// -----

// A conversion between two spellings of the same layout (a blocked layout
// and the linear layout a reshape or transpose inference gave for it) moves
// nothing: a reshape or transpose reads its source directly. A conversion
// that does move data stays.
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 4, 1], order = [2, 0, 1]}>
#same = #ttg.linear<{register = [[0, 0, 1]], lane = [[0, 0, 2], [0, 0, 4], [0, 0, 8], [1, 0, 0], [0, 1, 0]], warp = [[0, 2, 0], [0, 4, 0]], block = []}>
#other = #ttg.linear<{register = [[0, 0, 1]], lane = [[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0], [1, 0, 0]], warp = [[0, 2, 0], [0, 4, 0]], block = []}>
#flat = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [8, 0], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#flipped = #ttg.linear<{register = [[0, 1, 0]], lane = [[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 1], [1, 0, 0]], warp = [[2, 0, 0], [4, 0, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @equivalent_spellings
  tt.func @equivalent_spellings(%x: tensor<2x8x16xf32, #blocked>) -> (tensor<16x16xf32, #flat>, tensor<16x16xf32, #flat>, tensor<8x16x2xf32, #flipped>) {
    // CHECK: tt.reshape %arg0 : tensor<2x8x16xf32, #{{.*}}> -> tensor<16x16xf32, #[[FLAT:.*]]>
    // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<2x8x16xf32, #{{.*}}> -> tensor<2x8x16xf32, #[[OTHER:.*]]>
    // CHECK: tt.reshape %[[C]] : tensor<2x8x16xf32, #[[OTHER]]> -> tensor<16x16xf32, #[[FLAT]]>
    // CHECK: tt.trans %arg0 {order = array<i32: 1, 2, 0>}
    %0 = ttg.convert_layout %x : tensor<2x8x16xf32, #blocked> -> tensor<2x8x16xf32, #same>
    %1 = tt.reshape %0 : tensor<2x8x16xf32, #same> -> tensor<16x16xf32, #flat>
    %2 = ttg.convert_layout %x : tensor<2x8x16xf32, #blocked> -> tensor<2x8x16xf32, #other>
    %3 = tt.reshape %2 : tensor<2x8x16xf32, #other> -> tensor<16x16xf32, #flat>
    %4 = tt.trans %0 {order = array<i32: 1, 2, 0>} : tensor<2x8x16xf32, #same> -> tensor<8x16x2xf32, #flipped>
    tt.return %1, %3, %4 : tensor<16x16xf32, #flat>, tensor<16x16xf32, #flat>, tensor<8x16x2xf32, #flipped>
  }
}

// -----

// A histogram counts its input in whatever layout the input comes in: a conversion of the input
// folds away, and a mask follows the input into its layout (converted in its place).
#wide = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#narrow = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @masked_histogram
  tt.func @masked_histogram(%x: tensor<1024xi32, #wide>, %keep: tensor<1024xi1, #narrow>) -> tensor<64xi32, #narrow> {
    // CHECK-NEXT: %[[M:.*]] = ttg.convert_layout %arg1 : tensor<1024xi1, #[[NARROW:.*]]> -> tensor<1024xi1, #[[WIDE:.*]]>
    // CHECK-NEXT: %[[H:.*]] = tt.histogram %arg0, %[[M]] : tensor<1024xi32, #[[WIDE]]> -> tensor<64xi32, #[[NARROW]]>
    // CHECK-NEXT: tt.return %[[H]]
    %0 = ttg.convert_layout %x : tensor<1024xi32, #wide> -> tensor<1024xi32, #narrow>
    %1 = tt.histogram %0, %keep : tensor<1024xi32, #narrow> -> tensor<64xi32, #narrow>
    tt.return %1 : tensor<64xi32, #narrow>
  }
}
