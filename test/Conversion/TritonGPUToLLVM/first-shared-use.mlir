// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The first op of a kernel to use shared memory needs no barrier before writing its scratch
// (no other warp can still be reading it); every later one does, and so does one in a loop,
// whose previous iteration used the scratch. Here: two cross-warp sums in a row.
// CHECK-LABEL: llvm.func @two_sums
// CHECK-NOT: nvvm.barrier0
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// The second sum waits for every warp to have read the first one's result before it stores.
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.bitcast
// CHECK-NEXT: llvm.inline_asm has_side_effects "@$2 st.shared.b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_sums(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    %splat = tt.splat %sum : f32 -> tensor<128xf32, #blocked>
    %y = arith.mulf %x, %splat : tensor<128xf32, #blocked>
    %sum2 = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %out, %sum2 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// In a loop, the sum of one iteration follows the previous iteration's: barrier first.
// CHECK-LABEL: llvm.func @sum_in_loop
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^{{.*}}
// CHECK: ^[[BODY]]:
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK: st.shared.b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum_in_loop(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
      %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<128xf32, #blocked>) -> f32
      %next = arith.addf %acc, %sum : f32
      scf.yield %next : f32
    }
    tt.store %out, %total : !tt.ptr<f32>
    tt.return
  }
}
