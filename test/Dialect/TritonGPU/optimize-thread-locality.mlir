// RUN: trex-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s
// tritongpu-optimize-thread-locality chooses layouts that keep reductions
// and gathers inside a thread or a warp.

// acc += sum(load(...), axis = 1) in a loop, 16 elements of each row per
// thread: the loop accumulates per-thread partial sums in a 3-D view
// [32, 8, 16] (the thread's 16 elements as a new minor dimension) and the
// cross-thread reduction runs once, after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @accumulate_row_sums
  tt.func @accumulate_row_sums(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // CHECK: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32x8xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
    // CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[PARTIAL:.*]] = %[[INIT]])
    // CHECK: %[[V:.*]] = tt.load
    // CHECK: %[[VIEW:.*]] = tt.reshape %[[V]] allow_reorder efficient_layout : tensor<32x128xf32, #[[B]]> -> tensor<32x8x16xf32, #[[B3]]>
    // CHECK: %[[LOCAL:.*]] = "tt.reduce"(%[[VIEW]]) <{axis = 2 : i32}>
    // CHECK: %[[NEXT:.*]] = arith.addf %[[PARTIAL]], %[[LOCAL]] : tensor<32x8xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
    // CHECK: scf.yield %{{.*}}, %[[NEXT]]
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %v = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %a = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %a : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    // CHECK: %[[FINAL:.*]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
    // CHECK: %[[BACK:.*]] = ttg.convert_layout %[[FINAL]] : {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
    // CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BACK]]
    // CHECK: tt.return %[[SUM]]
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// A reordering reshape reduced along axis 1 gets a layout with axis 1
// slowest: each thread holds whole rows.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reshape_for_reduction
  tt.func @reshape_for_reduction(%x: tensor<4096xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>> {
    // CHECK: %[[R:.*]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<4096xf32, #{{.*}}> -> tensor<32x128xf32, #[[ROWS]]>
    // CHECK: %[[C:.*]] = ttg.convert_layout %[[R]]
    // CHECK: "tt.reduce"(%[[C]])
    %v = tt.reshape %x allow_reorder : tensor<4096xf32, #blocked> -> tensor<32x128xf32, #blocked2>
    %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32x128xf32, #blocked2>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    tt.return %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  }
}

// -----

// A gather along axis 0 gets a layout where one warp spans each column of
// 128 rows (32 lanes x 4 elements): the lookup stays in the warp.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[G:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @warp_local_gather
  tt.func @warp_local_gather(%src: tensor<128x16xf32, #blocked>, %idx: tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked> {
    // CHECK: %[[S:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<128x16xf32, #[[G]]>
    // CHECK: %[[I:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<64x16xi32, #[[G]]>
    // CHECK: %[[R:.*]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32, #[[G]]>, tensor<64x16xi32, #[[G]]>) -> tensor<64x16xf32, #[[G]]>
    // CHECK: ttg.convert_layout %[[R]]
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g : tensor<64x16xf32, #blocked>
  }
}

// -----

// A 1-D gather keeps its layout and gets no efficient_layout mark, as in Triton 3.6 (its
// warps have no other dimension to go to).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @gather_1d
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<32xf32, #blocked>, tensor<64xi64, #blocked>) -> tensor<64xf32, #blocked>
  // CHECK-NOT: ttg.convert_layout
  tt.func @gather_1d(%src: tensor<32xf32, #blocked>, %idx: tensor<64xi64, #blocked>) -> tensor<64xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<32xf32, #blocked>, tensor<64xi64, #blocked>) -> tensor<64xf32, #blocked>
    tt.return %g : tensor<64xf32, #blocked>
  }
}
