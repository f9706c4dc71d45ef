// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The barrier analysis (BarrierAnalysis.h): a CTA barrier goes between two accesses of
// overlapping shared-memory bytes where one writes, unless one already lies between them on
// every path. Each function below stores (llvm.store to !llvm.ptr<3>) and loads (llvm.load
// from !llvm.ptr<3>) 8x32xf32 tiles over 2 warps.

// Straight line: a read after a write, a write after a read and a write after a write of
// one buffer each take a barrier; a write of another live buffer (disjoint bytes) does not,
// nor does the first access of the kernel.
// CHECK-LABEL: llvm.func @raw_war_waw
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @raw_war_waw(%x: tensor<8x32xf32, #blocked>, %y: tensor<8x32xf32, #blocked>) -> tensor<8x32xf32, #blocked> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %r = ttg.local_load %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    ttg.local_store %y, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_store %r, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_store %r, %b : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    tt.return %r : tensor<8x32xf32, #blocked>
  }
}

// -----

// Two layout conversions share one scratch: each stores, waits (its own barrier) and loads;
// the second waits for every warp to have loaded the first's result before it stores.
// A conversion's own barrier orders what came before it: the store to the buffer the first
// load read needs none of its own after the conversions.
// CHECK-LABEL: llvm.func @two_conversions
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load {{.*}} !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-16: llvm.load {{.*}} !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-16: llvm.load {{.*}} !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_conversions(%x: tensor<8x32xf32, #blocked>, %y: tensor<8x32xf32, #blocked>) -> (tensor<8x32xf32, #blocked1>, tensor<8x32xf32, #blocked1>) {
    %a = ttg.local_alloc %x : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %r = ttg.local_load %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    %c0 = ttg.convert_layout %r : tensor<8x32xf32, #blocked> -> tensor<8x32xf32, #blocked1>
    %c1 = ttg.convert_layout %y : tensor<8x32xf32, #blocked> -> tensor<8x32xf32, #blocked1>
    ttg.local_store %y, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    tt.return %c0, %c1 : tensor<8x32xf32, #blocked1>, tensor<8x32xf32, #blocked1>
  }
}

// -----

// A loop that stores a tile and loads it back: the load needs a barrier after the store, and
// the store one before it, since the previous iteration's load of the same bytes may still
// run in other warps (the back edge); the first iteration gets it too (one barrier before the
// store on every path into the body).
// CHECK-LABEL: llvm.func @store_load_loop
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^{{.*}}
// CHECK: ^[[BODY]]:
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.br
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_load_loop(%x: tensor<8x32xf32, #blocked>, %n: i32) -> tensor<8x32xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<8x32xf32, #blocked>) : i32 {
      ttg.local_store %acc, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
      %l = ttg.local_load %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
      %s = arith.addf %l, %x : tensor<8x32xf32, #blocked>
      scf.yield %s : tensor<8x32xf32, #blocked>
    }
    ttg.local_dealloc %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    tt.return %r : tensor<8x32xf32, #blocked>
  }
}

// -----

// A pipelined ring of two stages: the prologue's copy needs no barrier; in the loop the wait
// ends with one (the stage's copies visible to every thread), the load of one stage follows
// it without another, and the copy into the other stage (a dynamic index: the whole buffer
// for the analysis) waits for the load, as it could overwrite what another warp still reads.
// CHECK-LABEL: llvm.func @pipelined_ring
// CHECK-NOT: nvvm.barrier0
// CHECK: cp.async.cg.shared.global
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^{{.*}}
// CHECK: ^[[BODY]]:
// CHECK-NOT: nvvm.barrier0
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: cp.async.cg.shared.global
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: cp.async.cg.shared.global
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.br
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pipelined_ring(%ptrs: tensor<8x32x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<8x32xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<8x32xf32, #blocked>
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %s0 {contiguity = 4 : i32} : tensor<8x32x!tt.ptr<f32>, #blocked> -> <8x32xf32, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8x32xf32, #blocked>) : i32 {
      %w = ttg.async_wait {num = 0 : i32}
      %stage = arith.remsi %i, %c2 : i32
      %view = ttg.memdesc_index %ring[%stage] : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
      %l = ttg.local_load %view token %w : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
      %i1 = arith.addi %i, %c1 : i32
      %next = arith.remsi %i1, %c2 : i32
      %nview = ttg.memdesc_index %ring[%next] : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
      %t = ttg.async_copy_global_to_local %ptrs, %nview {contiguity = 4 : i32} : tensor<8x32x!tt.ptr<f32>, #blocked> -> <8x32xf32, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %t
      %s = arith.addf %acc, %l : tensor<8x32xf32, #blocked>
      scf.yield %s : tensor<8x32xf32, #blocked>
    }
    ttg.local_dealloc %ring : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable>
    tt.return %r : tensor<8x32xf32, #blocked>
  }
}

// -----

// Branches join: a store on one path only still orders a later load of the same buffer (a
// barrier after the join), while a load of another buffer at the join needs none.
// CHECK-LABEL: llvm.func @if_join
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: llvm.cond_br
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.br
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @if_join(%x: tensor<8x32xf32, #blocked>, %y: tensor<8x32xf32, #blocked>, %cond: i1) -> (tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc %y : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %r0 = ttg.local_load %b : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    scf.if %cond {
      ttg.local_store %x, %a : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    }
    %r1 = ttg.local_load %b : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    %r2 = ttg.local_load %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    ttg.local_dealloc %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    tt.return %r0, %r1, %r2 : tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>
  }
}

// -----

// After an async wait (whose lowering ends with a barrier) the loads of what the copies
// wrote need no barrier of their own.
// CHECK-LABEL: llvm.func @wait_then_loads
// CHECK-NOT: nvvm.barrier0
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wait_then_loads(%p: tensor<8x32x!tt.ptr<f32>, #blocked>, %q: tensor<8x32x!tt.ptr<f32>, #blocked>) -> (tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %p, %a {contiguity = 4 : i32} : tensor<8x32x!tt.ptr<f32>, #blocked> -> <8x32xf32, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %q, %b {contiguity = 4 : i32} : tensor<8x32x!tt.ptr<f32>, #blocked> -> <8x32xf32, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t0, %t1
    %w = ttg.async_wait %g {num = 0 : i32}
    %ra = ttg.local_load %a token %w : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    %rb = ttg.local_load %b token %w : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> tensor<8x32xf32, #blocked>
    ttg.local_dealloc %a : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    tt.return %ra, %rb : tensor<8x32xf32, #blocked>, tensor<8x32xf32, #blocked>
  }
}

// -----

// A device function may follow anything its caller did: its first access gets a barrier;
// the kernel's call of it is ordered after the kernel's own accesses (calls touch
// everything), and so is what follows the call.
// CHECK-LABEL: llvm.func internal @device_store
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-LABEL: llvm.func @calls_device
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.call @device_store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load {{.*}} !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device_store(%x: tensor<8x32xf32, #blocked>) {
    %a = ttg.local_alloc %x : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem>
    tt.return
  }
  tt.func public @calls_device(%x: tensor<8x32xf32, #blocked>) -> tensor<8x32xf32, #blocked> {
    %a = ttg.local_alloc %x : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem>
    tt.call @device_store(%x) : (tensor<8x32xf32, #blocked>) -> ()
    %r = ttg.local_load %a : !ttg.memdesc<8x32xf32, #shared, #smem> -> tensor<8x32xf32, #blocked>
    tt.return %r : tensor<8x32xf32, #blocked>
  }
}
